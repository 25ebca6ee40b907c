import { createHash } from 'node:crypto';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { ObservedResponse } from '../../src/app.ts';
import { useDecimalMultipleOf } from '../../src/http/validation.ts';

/**
 * Checks a response against the OpenAPI document the app serves: the status is documented for
 * the operation, every required header is present and every documented header present matches
 * its schema, and the body has a documented media type and matches its schema. A violation names
 * the route, the status and the schema path in the document.
 */
type Json = Record<string, unknown>;

const DOCUMENT_ID = 'https://orrery.invalid/openapi.json';

function pointer(...segments: string[]): string {
  return segments.map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
}

function mediaType(headers: Readonly<Record<string, unknown>>): string {
  const raw = headers['content-type'];
  return typeof raw === 'string' ? (raw.split(';')[0] ?? '').trim().toLowerCase() : '';
}

function isJson(media: string): boolean {
  return media === 'application/json' || media.endsWith('+json');
}

/** `/api/v1/keys/:id` → `/api/v1/keys/{id}`, as the document names paths. */
function documentPath(route: string): string {
  return route.replace(/:(\w+)/g, '{$1}');
}

export class OpenApiChecker {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: Json) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, validateFormats: true });
    formats.default(this.ajv);
    useDecimalMultipleOf(this.ajv as never);
    this.ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  }

  private resolve(value: unknown): Json {
    let current = value as Json;
    for (let depth = 0; typeof current?.$ref === 'string' && depth < 10; depth++) {
      const ref = current.$ref as string;
      let target: unknown = this.document;
      for (const part of ref.replace(/^#\//, '').split('/')) {
        target = (target as Json)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
      }
      current = target as Json;
    }
    return current;
  }

  private validator(schemaPointer: string): ValidateFunction {
    let validate = this.validators.get(schemaPointer);
    if (validate === undefined) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}#${schemaPointer}` });
      this.validators.set(schemaPointer, validate);
    }
    return validate;
  }

  private static describe(errors: ErrorObject[] | null | undefined, at: string, base: string): string[] {
    return (errors ?? []).slice(0, 5).map((e) => {
      const where = `${at}${e.instancePath}` || at;
      const params = e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : '';
      return `${where} ${e.message ?? 'is invalid'}${params} [schema ${base}${e.schemaPath.replace(/^#/, '')}]`;
    });
  }

  /** Every way this response departs from the document; empty when it conforms. */
  check(response: ObservedResponse): string[] {
    const method = response.method === 'HEAD' ? 'get' : response.method.toLowerCase();
    const media = mediaType(response.headers);
    const label = `${response.method} ${response.route ?? response.url} → ${response.status}`;

    // Preflights, pages and unmatched paths are no operation's. Their errors are problems, or
    // pages for a browser.
    if (response.route === null || response.hidden || response.method === 'OPTIONS') {
      if (response.status < 400 || response.payload === null || media === 'text/html') return [];
      if (media !== 'application/problem+json')
        return [`${label}: an error answered as ${media || 'no media type'}`];
      return this.body(label, response.payload, '/components/schemas/Problem');
    }

    const path = documentPath(response.route);
    const operationPointer = `/${pointer('paths', path, method)}`;
    const operation = ((this.document.paths as Json | undefined)?.[path] as Json | undefined)?.[method] as
      | Json
      | undefined;
    if (operation === undefined)
      return [`${label}: the operation is not in the document (${operationPointer})`];
    const responses = operation.responses as Json;
    const status = String(response.status);
    const key = status in responses ? status : `${status[0]}XX` in responses ? `${status[0]}XX` : 'default';
    if (!(key in responses)) {
      return [
        `${label}: status not documented (documented: ${Object.keys(responses).join(', ')}) [${operationPointer}/responses]`,
      ];
    }
    const documented = this.resolve(responses[key]);
    const responsePointer = `${operationPointer}/responses/${key}`;
    const violations: string[] = [];

    for (const [name, header] of Object.entries((documented.headers ?? {}) as Json)) {
      const spec = this.resolve(header);
      const value = response.headers[name.toLowerCase()];
      if (value === undefined) {
        if (spec.required === true)
          violations.push(
            `${label}: header ${name} is missing [${responsePointer}/headers/${pointer(name)}]`,
          );
        continue;
      }
      const headerPointer = (header as Json).$ref
        ? String((header as Json).$ref).replace(/^#/, '')
        : `${responsePointer}/headers/${pointer(name)}`;
      const validate = this.validator(`${headerPointer}/schema`);
      if (!validate(String(value))) {
        violations.push(
          ...OpenApiChecker.describe(validate.errors, `header ${name}`, `${headerPointer}/schema`).map(
            (m) => `${label}: ${m}`,
          ),
        );
      }
    }

    const content = documented.content as Json | undefined;
    // Fastify never sends a body with a 204, whatever the handler passed.
    const payload = response.status === 204 ? '' : response.payload;
    const empty = payload === null ? false : payload.length === 0;
    if (content === undefined) {
      if (!empty && payload !== null && response.method !== 'HEAD') {
        violations.push(`${label}: a body was sent, the document says none [${responsePointer}]`);
      }
      return violations;
    }
    if (response.method === 'HEAD' || payload === null) return violations;
    const mediaSpec = content[media] as Json | undefined;
    if (mediaSpec === undefined) {
      violations.push(
        `${label}: media type ${media || '(none)'} not documented (${Object.keys(content).join(', ')}) [${responsePointer}/content]`,
      );
      return violations;
    }
    if (mediaSpec.schema === undefined || !isJson(media)) return violations;
    violations.push(...this.body(label, payload, `${responsePointer}/content/${pointer(media)}/schema`));
    return violations;
  }

  private body(label: string, payload: string, schemaPointer: string): string[] {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return [`${label}: the body is not JSON [${schemaPointer}]`];
    }
    const validate = this.validator(schemaPointer);
    if (validate(parsed)) return [];
    return OpenApiChecker.describe(validate.errors, 'body', schemaPointer).map((m) => `${label}: ${m}`);
  }
}

const checkers = new Map<string, OpenApiChecker>();

/** One checker per distinct document in this process (apps built alike share it). */
export function checkerFor(document: unknown): OpenApiChecker {
  const text = JSON.stringify(document);
  const digest = createHash('sha256').update(text).digest('hex');
  let checker = checkers.get(digest);
  if (checker === undefined) {
    checker = new OpenApiChecker(JSON.parse(text) as Json);
    checkers.set(digest, checker);
  }
  return checker;
}
