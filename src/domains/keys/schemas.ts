import { Type } from 'typebox';
import { EssenceAmount, IsoTime, Strict } from '../../http/schemas.ts';

export const ScopeSchema = Type.Union([
  Type.Literal('read'),
  Type.Literal('write'),
  Type.Literal('oracle'),
  Type.Literal('*'),
]);

export const RateLimitSchema = Type.Union([
  Strict(
    {
      limit: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
      windowSeconds: Type.Integer({ minimum: 1, maximum: 86_400 }),
    },
    'At most `limit` calls per fixed window of `windowSeconds`; null = no per-key limit.',
  ),
  Type.Null(),
]);

const EssencePerCall = Type.Union([
  EssenceAmount({ minimum: 0, maximum: 1000, description: 'Cost of every call; null = route defaults.' }),
  Type.Null(),
]);

export const ApiKeySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String(),
  scopes: Type.Array(ScopeSchema),
  essencePerCall: Type.Union([Type.Number(), Type.Null()]),
  rateLimit: Type.Union([Type.Object({ limit: Type.Integer(), windowSeconds: Type.Integer() }), Type.Null()]),
  createdAt: IsoTime,
  lastUsedAt: Type.Union([IsoTime, Type.Null()]),
  expiresAt: Type.Union([IsoTime, Type.Null()]),
  revokedAt: Type.Union([IsoTime, Type.Null()]),
});

export const CreateKeyBody = Strict({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
  scopes: Type.Optional(Type.Array(ScopeSchema, { minItems: 1, maxItems: 4, uniqueItems: true })),
  essencePerCall: Type.Optional(EssencePerCall),
  expiresAt: Type.Optional(Type.Union([IsoTime, Type.Null()])),
  rateLimit: Type.Optional(RateLimitSchema),
});

export const UpdateKeyBody = Strict({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
  scopes: Type.Optional(Type.Array(ScopeSchema, { minItems: 1, maxItems: 4, uniqueItems: true })),
  essencePerCall: Type.Optional(EssencePerCall),
  rateLimit: Type.Optional(RateLimitSchema),
});

export const UsageQuery = Strict({
  days: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 90, default: 7, description: 'Days back, today included.' }),
  ),
});

const Calls = Type.Object({
  succeeded: Type.Integer(),
  insufficientEssence: Type.Integer(),
  rateLimited: Type.Integer(),
  refused: Type.Integer(),
  failed: Type.Integer(),
});

export const KeyUsage = Type.Object({
  days: Type.Array(
    Type.Object({
      date: Type.String({ description: 'YYYY-MM-DD (UTC)' }),
      calls: Calls,
      essenceSpent: Type.Number(),
      byRoute: Type.Array(
        Type.Object({ route: Type.String(), calls: Type.Integer(), essenceSpent: Type.Number() }),
      ),
    }),
  ),
});

export const RotateKeyBody = Strict({
  graceHours: Type.Optional(Type.Integer({ minimum: 0, maximum: 168, default: 24 })),
});

export const CreatedKey = Type.Object({
  key: Type.String({ description: 'The raw key. Shown only in this response.' }),
  apiKey: ApiKeySchema,
});
