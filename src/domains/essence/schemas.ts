import { Type } from 'typebox';
import { IsoTime, NextCursor } from '../../http/schemas.ts';

export const LedgerEntrySchema = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  keyId: Type.Union([Type.String(), Type.Null()]),
  route: Type.String({ description: 'The route that moved the balance, or `admin grant` / `admin revoke`.' }),
  amount: Type.Number({ description: 'Negative for a debit.' }),
  balanceAfter: Type.Number(),
  requestId: Type.String(),
  idempotencyKey: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
  createdAt: IsoTime,
});

export const EssencePage = Type.Object({
  balance: Type.Number(),
  ledger: Type.Array(LedgerEntrySchema, { description: 'Newest first.' }),
  nextCursor: NextCursor,
});
