import { _, Ajv, type ErrorObject, type SchemaValidateFunction, str, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { FieldError } from './errors.ts';

/**
 * Bodies are validated exactly as sent (no coercion, no stripping: an unknown field is an
 * error). Query strings and path parameters arrive as text, so there numbers and booleans are
 * coerced; their objects are strict too.
 */
function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce,
    removeAdditional: false,
    useDefaults: true,
    strict: false,
  });
  // ajv-formats is CommonJS; its plugin is the module's `default` member under ESM typing.
  formats.default(ajv);
  ajv.addKeyword({
    keyword: TEXT_KEYWORD,
    type: 'string',
    modifying: true,
    errors: true,
    validate: checkText,
  });
  useDecimalMultipleOf(ajv);
  return ajv;
}

/** Replaces Ajv's `multipleOf` with one that judges decimal steps exactly (see `isMultipleOf`). */
export function useDecimalMultipleOf(ajv: Ajv): void {
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    schemaType: 'number',
    errors: false,
    error: {
      message: ({ schemaCode }) => str`must be multiple of ${schemaCode}`,
      params: ({ schemaCode }) => _`{multipleOf: ${schemaCode}}`,
    },
    validate: (step: number, value: number) => isMultipleOf(value, step),
  });
}

/**
 * Ajv's own `multipleOf` divides, which misjudges decimal steps in binary floating point
 * (1.005 / 0.001 is 1004.9999999999999, so 1.005 Essence would be refused). For a step of the
 * form 10^-k a number qualifies when it is the double nearest some k-decimal value.
 */
export function isMultipleOf(value: number, step: number): boolean {
  if (!Number.isFinite(value)) return false;
  const scale = 1 / step;
  if (step < 1 && Number.isInteger(scale)) return Math.round(value * scale) / scale === value;
  return Number.isInteger(value / step);
}

// ---- Text at the door (contract §1) --------------------------------------------------------

/** Marks a string field that may hold several lines (tab and line feed allowed). */
export const MULTILINE = 'x-multiline';
const TEXT_KEYWORD = 'x-text';

/** Lone surrogates: half a character, which no storage or client can represent faithfully. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const CONTROL_LINE = /[\u0000-\u001f\u007f-\u009f]/;
/** Bidi embeddings, overrides and isolates: they make text display other than it reads. */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/** A character that shows: not a space, control, format character, mark or blank filler. */
const VISIBLE = /[^\s\p{Cc}\p{Cf}\p{Z}\p{M}\u115f\u1160\u3164\uffa0\u2800]/u;

/**
 * Every string of every request (body, query, path) passes here once, before the handler:
 * refused with its field named when it holds a lone surrogate, a C0/C1 control (tab and line
 * feed are allowed in fields marked multi-line) or a bidi control, or when a required text
 * (`minLength` ≥ 1) has no visible character; otherwise stored and compared in NFC, so both
 * databases hold the same code points whatever form the client sent.
 */
const checkText: SchemaValidateFunction = (_enabled, data, parentSchema, dataCxt) => {
  const text = data as string;
  const rules = (parentSchema ?? {}) as { minLength?: number; [MULTILINE]?: boolean };
  const fail = (message: string) => {
    checkText.errors = [{ keyword: TEXT_KEYWORD, message, params: {} }];
    return false;
  };
  if (LONE_SURROGATE.test(text)) return fail('must not contain a lone surrogate (half of a character)');
  const multiline = rules[MULTILINE] === true;
  if ((multiline ? CONTROL_MULTILINE : CONTROL_LINE).test(text)) {
    return fail(
      multiline
        ? 'must not contain control characters other than tab and line feed'
        : 'must not contain control characters (tabs and line breaks included)',
    );
  }
  if (BIDI_CONTROL.test(text)) return fail('must not contain bidirectional override or isolate characters');
  if ((rules.minLength ?? 0) >= 1 && !VISIBLE.test(text))
    return fail('must contain at least one visible character');
  const normalized = text.normalize('NFC');
  if (normalized !== text && dataCxt !== undefined) {
    (dataCxt.parentData as Record<string | number, unknown>)[dataCxt.parentDataProperty] = normalized;
  }
  return true;
};

/** A copy of a schema in which every string schema also carries the text keyword. */
function withTextRules(schema: unknown): object {
  if (Array.isArray(schema)) return schema.map(withTextRules);
  if (schema === null || typeof schema !== 'object') return schema as object;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] =
      key === 'enum' || key === 'const' || key === 'default' || key === 'examples'
        ? value
        : withTextRules(value);
  }
  const type = (schema as { type?: unknown }).type;
  if (type === 'string' || (Array.isArray(type) && type.includes('string'))) out[TEXT_KEYWORD] = true;
  return out;
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

export function validatorCompiler({
  schema,
  httpPart,
}: {
  schema: object;
  httpPart?: string;
}): ValidateFunction {
  return (httpPart === 'body' ? bodyAjv : textAjv).compile(withTextRules(schema));
}

const PART_PREFIX: Record<string, string> = {
  body: '',
  querystring: '/query',
  params: '/params',
  headers: '/headers',
};

export function fieldErrors(errors: FastifySchemaValidationError[], part: string | undefined): FieldError[] {
  const prefix = PART_PREFIX[part ?? 'body'] ?? '';
  const out: FieldError[] = [];
  for (const raw of errors as ErrorObject[]) {
    const params = raw.params as Record<string, unknown>;
    if (raw.keyword === 'additionalProperties') {
      out.push({
        path: `${prefix}${raw.instancePath}/${String(params.additionalProperty)}`,
        message: 'is not a known field',
      });
    } else if (raw.keyword === 'required') {
      out.push({
        path: `${prefix}${raw.instancePath}/${String(params.missingProperty)}`,
        message: 'is required',
      });
    } else if (raw.keyword === 'anyOf' || raw.keyword === 'oneOf') {
      // Their branches already reported what is wrong; the umbrella adds nothing.
      if (!out.some((e) => e.path.startsWith(`${prefix}${raw.instancePath}`))) {
        out.push({ path: `${prefix}${raw.instancePath}` || '/', message: 'does not match any allowed form' });
      }
    } else {
      out.push({ path: `${prefix}${raw.instancePath}` || '/', message: raw.message ?? 'is invalid' });
    }
  }
  const seen = new Set<string>();
  return out.filter((e) => {
    const key = `${e.path}\u0000${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function describeFieldErrors(errors: FieldError[]): string {
  const first = errors[0];
  if (!first) return 'The request is invalid.';
  const name =
    first.path === '/' ? 'The body' : `'${first.path.replace(/^\/(query|params|headers)?\/?/, '')}'`;
  const more =
    errors.length > 1 ? ` (and ${errors.length - 1} more problem${errors.length > 2 ? 's' : ''})` : '';
  return `${name} ${first.message}${more}.`;
}
