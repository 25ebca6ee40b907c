import { _, Ajv, type ErrorObject, str, type ValidateFunction } from 'ajv';
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

const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

export function validatorCompiler({
  schema,
  httpPart,
}: {
  schema: object;
  httpPart?: string;
}): ValidateFunction {
  return (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);
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
