import { sql } from 'kysely';
import type { IdempotencyTable, LedgerTable } from '../../storage/schema.ts';
import type { Executor } from '../../storage/tx.ts';

export type LedgerRow = LedgerTable;

/**
 * Moves a balance by `deltaMilli` in one guarded statement. The `balance + delta >= 0` guard is
 * evaluated against the row as it is at write time (PostgreSQL re-checks it after waiting on a
 * concurrent writer's lock), so two debits racing for the last Essence cannot both pass.
 * Returns the new balance, or undefined when the guard (or a missing user) refused the change.
 */
export async function applyBalanceDelta(
  db: Executor,
  userId: string,
  deltaMilli: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable('users')
    .set({ balance_milli: sql`balance_milli + ${deltaMilli}` })
    .where('id', '=', userId)
    .where(sql<boolean>`balance_milli + ${deltaMilli} >= 0`)
    .returning('balance_milli')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.balance_milli);
}

export async function readBalance(db: Executor, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('balance_milli')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.balance_milli);
}

export async function insertLedgerEntry(db: Executor, row: LedgerRow): Promise<void> {
  await db.insertInto('ledger').values(row).execute();
}

/**
 * Moves a balance by `entry.amount_milli` and writes its ledger row. Run it inside a transaction:
 * both happen or neither, so the balance always equals the sum of the ledger. Returns the row
 * written, or undefined when the guard refused (the balance would go below zero).
 */
export async function applyChange(
  db: Executor,
  entry: Omit<LedgerRow, 'balance_after_milli'>,
): Promise<LedgerRow | undefined> {
  const balanceAfter = await applyBalanceDelta(db, entry.user_id, entry.amount_milli);
  if (balanceAfter === undefined) return undefined;
  const row: LedgerRow = { ...entry, balance_after_milli: balanceAfter };
  await insertLedgerEntry(db, row);
  return row;
}

export async function listLedger(
  db: Executor,
  userId: string,
  options: { limit: number; beforeId: string | null },
): Promise<LedgerRow[]> {
  let q = db
    .selectFrom('ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.beforeId !== null) q = q.where('id', '<', options.beforeId);
  return q.execute();
}

export async function sumLedger(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('ledger')
    .select(sql<number>`coalesce(sum(amount_milli), 0)`.as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export type IdempotencyRow = IdempotencyTable;

/** Removes a record whose 24 h have passed so its key can be used afresh. */
export async function deleteExpiredIdempotency(
  db: Executor,
  ownerId: string,
  key: string,
  now: number,
): Promise<void> {
  await db
    .deleteFrom('idempotency')
    .where('owner_id', '=', ownerId)
    .where('idempotency_key', '=', key)
    .where('expires_at', '<=', now)
    .execute();
}

/**
 * Claims an idempotency key for the running transaction. On PostgreSQL a concurrent claim of the
 * same key waits on the unique index until this transaction ends, then sees its outcome; on
 * SQLite transactions are already serialised. Returns false when the key was taken.
 */
export async function claimIdempotencyKey(db: Executor, row: IdempotencyRow): Promise<boolean> {
  const result = await db
    .insertInto('idempotency')
    .values(row)
    .onConflict((oc) => oc.columns(['owner_id', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findIdempotency(
  db: Executor,
  ownerId: string,
  key: string,
): Promise<IdempotencyRow | undefined> {
  return db
    .selectFrom('idempotency')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function completeIdempotency(
  db: Executor,
  ownerId: string,
  key: string,
  response: { status_code: number; response_headers: string; response_body: string },
): Promise<void> {
  await db
    .updateTable('idempotency')
    .set(response)
    .where('owner_id', '=', ownerId)
    .where('idempotency_key', '=', key)
    .execute();
}

export async function sweepIdempotency(db: Executor, now: number): Promise<number> {
  const result = await db.deleteFrom('idempotency').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Cuts an erased person's ledger rows loose: amounts, routes and times stay (the books still
 * add up), the user link goes. Also drops their idempotency records, whose stored responses may
 * hold their data. Inside the account's deletion transaction.
 */
export async function unlinkPerson(db: Executor, userId: string): Promise<void> {
  await sql`update ledger set user_id = null where user_id = ${userId}`.execute(db);
  await db.deleteFrom('idempotency').where('owner_id', '=', userId).execute();
  await db.deleteFrom('essence_alerts').where('user_id', '=', userId).execute();
}

export async function findAlert(db: Executor, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('essence_alerts')
    .select('threshold_milli')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.threshold_milli);
}

/** Sets (or with null, removes) a person's balance alert. */
export async function setAlert(
  db: Executor,
  userId: string,
  thresholdMilli: number | null,
  now: number,
): Promise<void> {
  if (thresholdMilli === null) {
    await db.deleteFrom('essence_alerts').where('user_id', '=', userId).execute();
    return;
  }
  await db
    .insertInto('essence_alerts')
    .values({ user_id: userId, threshold_milli: thresholdMilli, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ threshold_milli: thresholdMilli, updated_at: now }),
    )
    .execute();
}
