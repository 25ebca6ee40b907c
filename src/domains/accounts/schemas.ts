import { Type } from 'typebox';
import { Cursor, EssenceAmount, IsoTime, Limit, Strict } from '../../http/schemas.ts';

export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
export const Password = Type.String({ minLength: 10, maxLength: 256 });
export const TierSchema = Type.Union([Type.Literal('free'), Type.Literal('plus'), Type.Literal('pro')]);
export const RoleSchema = Type.Union([Type.Literal('member'), Type.Literal('admin')]);

export const UserSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  displayName: Type.String(),
  tier: TierSchema,
  role: RoleSchema,
  essence: Type.Number(),
  createdAt: IsoTime,
});

export const SignupBody = Strict({
  email: Email,
  password: Password,
  displayName: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
});

export const LoginBody = Strict({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
});

export const UserEnvelope = Type.Object({ user: UserSchema });

export const ListUsersQuery = Strict({
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
  limit: Type.Optional(Limit),
  cursor: Type.Optional(Cursor),
});

export const UpdateUserBody = Strict({
  tier: Type.Optional(TierSchema),
  role: Type.Optional(RoleSchema),
});

export const AdjustEssenceBody = Strict({
  amount: EssenceAmount({
    minimum: -1_000_000_000,
    maximum: 1_000_000_000,
    description: 'Positive grants, negative revokes; never takes a balance below zero.',
  }),
  reason: Type.String({ minLength: 1, maxLength: 500 }),
});

export const ExportQuery = Strict({
  format: Type.Optional(
    Type.Union([Type.Literal('json'), Type.Literal('csv')], {
      default: 'json',
      description: 'json: the whole record; csv: the check-ins, one row each.',
    }),
  ),
});

const Rows = (description: string) =>
  Type.Array(Type.Object({}, { additionalProperties: true }), { description });

export const ExportDocument = Type.Object(
  {
    exportedAt: IsoTime,
    user: UserSchema,
    checkins: Rows('Every check-in, oldest first, with notes, kind and associations.'),
    memories: Rows('Memories from all of your keys, each with the key that wrote it.'),
    keys: Rows('Key metadata only: never the raw key or its hash.'),
    ledger: Rows('Every Essence ledger entry, newest first.'),
  },
  {
    additionalProperties: true,
    description: 'Further sections (e.g. `webhooks`, without secrets) follow as further arrays.',
  },
);

export const DeleteAccountBody = Strict({
  password: Type.String({
    minLength: 1,
    maxLength: 256,
    description: "The account's password, as a confirmation.",
  }),
});
