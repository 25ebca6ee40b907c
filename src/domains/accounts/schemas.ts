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
