import { type TProperties, Type } from 'typebox';

/** Every request object is strict: a field the schema does not name is a 400. */
export function Strict<T extends TProperties>(properties: T, description?: string) {
  return Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });
}

export const Limit = Type.Integer({
  minimum: 1,
  maximum: 100,
  default: 20,
  description: 'Page size (1..100).',
});
export const Cursor = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'nextCursor of the previous page.',
});
export const PagingQuery = Strict({ limit: Type.Optional(Limit), cursor: Type.Optional(Cursor) });

export const IsoTime = Type.String({ format: 'date-time' });

/** An Essence amount: a JSON number with at most three decimals. */
export function EssenceAmount(options: { minimum?: number; maximum?: number; description?: string } = {}) {
  return Type.Number({ multipleOf: 0.001, ...options });
}

export const Problem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    code: Type.String(),
    detail: Type.String(),
    requestId: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
  },
  { additionalProperties: true },
);

/** The schema of a 204 (or 304) answer: no body, no content type. */
export const NoContent = Type.Null({ description: 'No content.' });

/** A page of results: `nextCursor` is null on the last page. */
export const NextCursor = Type.Union([Type.String(), Type.Null()], {
  description: 'Pass as `cursor` for the next page; null on the last page.',
});

export const IdParams = Strict({ id: Type.String({ minLength: 1, maxLength: 64 }) });
