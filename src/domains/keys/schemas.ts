import { Type } from 'typebox';
import { EssenceAmount, IsoTime, Strict } from '../../http/schemas.ts';

export const ScopeSchema = Type.Union([
  Type.Literal('read'),
  Type.Literal('write'),
  Type.Literal('oracle'),
  Type.Literal('*'),
]);

export const ApiKeySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String(),
  scopes: Type.Array(ScopeSchema),
  essencePerCall: Type.Union([Type.Number(), Type.Null()]),
  createdAt: IsoTime,
  lastUsedAt: Type.Union([IsoTime, Type.Null()]),
  expiresAt: Type.Union([IsoTime, Type.Null()]),
  revokedAt: Type.Union([IsoTime, Type.Null()]),
});

export const CreateKeyBody = Strict({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
  scopes: Type.Optional(Type.Array(ScopeSchema, { minItems: 1, maxItems: 4, uniqueItems: true })),
  essencePerCall: Type.Optional(
    Type.Union([
      EssenceAmount({ minimum: 0, maximum: 1000, description: 'Cost of every call; null = route defaults.' }),
      Type.Null(),
    ]),
  ),
  expiresAt: Type.Optional(Type.Union([IsoTime, Type.Null()])),
});

export const RotateKeyBody = Strict({
  graceHours: Type.Optional(Type.Integer({ minimum: 0, maximum: 168, default: 24 })),
});

export const CreatedKey = Type.Object({
  key: Type.String({ description: 'The raw key. Shown only in this response.' }),
  apiKey: ApiKeySchema,
});
