import type { Database as SqliteHandle, Statement } from 'better-sqlite3';
import { sql } from 'kysely';
import { onPostgres, runRaw } from '../../storage/raw.ts';
import type { IdempotencyTable, KeyUsageTable, LedgerTable } from '../../storage/schema.ts';
import type { Executor } from '../../storage/tx.ts';

export type LedgerRow = LedgerTable;
export type UsageRow = KeyUsageTable;

/*
 * Writes to `users.balance_milli`, `ledger`, `idempotency` and `key_usage` are called from one
 * module only, the unit of work (`charge.ts`): that is what keeps balance = sum(ledger).
 */

/**
 * Moves a balance by `deltaMilli` in one guarded statement
 * (`… SET balance = balance + delta WHERE id = ? AND balance + delta >= 0`). The guard is
 * evaluated against the row as it is at write time (PostgreSQL re-checks it after waiting on a
 * concurrent writer's lock), so two debits racing for the last Essence cannot both pass.
 * Returns the new balance, or undefined when the guard (or a missing user) refused the change.
 */
export async function applyBalanceDelta(
  db: Executor,
  userId: string,
  deltaMilli: number,
): Promise<number | undefined> {
  const result = await runRaw<{ balance_milli: number }>(
    db,
    'update users set balance_milli = balance_milli + ? where id = ? and balance_milli + ? >= 0 returning balance_milli',
    [deltaMilli, userId, deltaMilli],
  );
  const row = result.rows[0];
  return row === undefined ? undefined : Number(row.balance_milli);
}

const READ_BALANCE = 'select balance_milli from users where id = ?';
const balanceStatements = new WeakMap<SqliteHandle, Statement<[string], { balance_milli: number }>>();

export async function readBalance(db: Executor, userId: string): Promise<number | undefined> {
  const result = await runRaw<{ balance_milli: number }>(db, READ_BALANCE, [userId]);
  const row = result.rows[0];
  return row === undefined ? undefined : Number(row.balance_milli);
}

/**
 * SQLite, outside any transaction: the balance read straight through the driver, synchronously
 * (the hot read of every free partner call; Kysely's asynchronous path costs more than the read).
 */
export function readBalanceNow(handle: SqliteHandle, userId: string): number | undefined {
  let statement = balanceStatements.get(handle);
  if (statement === undefined) {
    statement = handle.prepare<[string], { balance_milli: number }>(READ_BALANCE);
    balanceStatements.set(handle, statement);
  }
  const row = statement.get(userId);
  return row === undefined ? undefined : Number(row.balance_milli);
}

/**
 * The balances of several users. With `lock`, on PostgreSQL the rows stay locked (`FOR UPDATE`, in
 * id order so that two transactions locking overlapping sets cannot deadlock on them) until the
 * transaction ends; on SQLite the transaction already holds the write lock (`BEGIN IMMEDIATE`).
 */
export async function readBalances(
  db: Executor,
  userIds: readonly string[],
  lock = false,
): Promise<Map<string, number>> {
  const result = onPostgres(db)
    ? await runRaw<{ id: string; balance_milli: number }>(
        db,
        `select id, balance_milli from users where id = any(?::text[])${lock ? ' order by id for update' : ''}`,
        [userIds],
      )
    : await runRaw<{ id: string; balance_milli: number }>(
        db,
        'select id, balance_milli from users where id in (select value from json_each(?))',
        [JSON.stringify(userIds)],
      );
  return new Map(result.rows.map((row) => [row.id, Number(row.balance_milli)]));
}

const LEDGER_COLUMNS =
  'id, user_id, key_id, route, amount_milli, balance_after_milli, request_id, idempotency_key, reason, created_at';

/** Writes ledger rows in one statement, whatever their number. */
export async function insertLedgerRows(db: Executor, rows: readonly LedgerRow[]): Promise<void> {
  if (rows.length === 0) return;
  if (onPostgres(db)) {
    await runRaw(
      db,
      `insert into ledger (${LEDGER_COLUMNS})
       select * from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::bigint[], ?::text[], ?::text[], ?::text[], ?::bigint[])`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.user_id),
        rows.map((r) => r.key_id),
        rows.map((r) => r.route),
        rows.map((r) => r.amount_milli),
        rows.map((r) => r.balance_after_milli),
        rows.map((r) => r.request_id),
        rows.map((r) => r.idempotency_key),
        rows.map((r) => r.reason),
        rows.map((r) => r.created_at),
      ],
    );
    return;
  }
  await runRaw(
    db,
    `insert into ledger (${LEDGER_COLUMNS})
     select value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6,
            value ->> 7, value ->> 8, value ->> 9
     from json_each(?)`,
    [
      JSON.stringify(
        rows.map((r) => [
          r.id,
          r.user_id,
          r.key_id,
          r.route,
          r.amount_milli,
          r.balance_after_milli,
          r.request_id,
          r.idempotency_key,
          r.reason,
          r.created_at,
        ]),
      ),
    ],
  );
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
  await runRaw(db, 'delete from idempotency where owner_id = ? and idempotency_key = ? and expires_at <= ?', [
    ownerId,
    key,
    now,
  ]);
}

/**
 * Claims an idempotency key for the running transaction. On PostgreSQL a concurrent claim of the
 * same key waits on the unique index until that transaction ends, then sees its outcome; on
 * SQLite write transactions are serialised. Returns false when the key was taken.
 */
export async function claimIdempotencyKey(db: Executor, row: IdempotencyRow): Promise<boolean> {
  const result = await runRaw(
    db,
    `insert into idempotency (owner_id, idempotency_key, request_hash, status_code, response_headers, response_body, created_at, expires_at)
     values (?, ?, ?, ?, ?, ?, ?, ?) on conflict (owner_id, idempotency_key) do nothing`,
    [
      row.owner_id,
      row.idempotency_key,
      row.request_hash,
      row.status_code,
      row.response_headers,
      row.response_body,
      row.created_at,
      row.expires_at,
    ],
  );
  return Number(result.numAffectedRows ?? 0) === 1;
}

export async function findIdempotency(
  db: Executor,
  ownerId: string,
  key: string,
): Promise<IdempotencyRow | undefined> {
  const result = await runRaw<IdempotencyRow>(
    db,
    'select * from idempotency where owner_id = ? and idempotency_key = ?',
    [ownerId, key],
  );
  return result.rows[0];
}

export async function completeIdempotency(
  db: Executor,
  ownerId: string,
  key: string,
  response: { status_code: number; response_headers: string; response_body: string },
): Promise<void> {
  await runRaw(
    db,
    'update idempotency set status_code = ?, response_headers = ?, response_body = ? where owner_id = ? and idempotency_key = ?',
    [response.status_code, response.response_headers, response.response_body, ownerId, key],
  );
}

export async function sweepIdempotency(db: Executor, now: number): Promise<number> {
  const result = await db.deleteFrom('idempotency').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

const USAGE_COUNTS = 'succeeded, insufficient_essence, rate_limited, refused, failed, spent_milli';
/**
 * Usage is flushed a moment after the calls it counts; a key erased with its account in between
 * keeps no usage row (`where` also settles SQLite's upsert-after-select parsing ambiguity).
 */
const USAGE_LIVE_KEYS = 'where exists (select 1 from api_keys k where k.id = key_id)';
const USAGE_ADD = `on conflict (key_id, day, route) do update set
  succeeded = key_usage.succeeded + excluded.succeeded,
  insufficient_essence = key_usage.insufficient_essence + excluded.insufficient_essence,
  rate_limited = key_usage.rate_limited + excluded.rate_limited,
  refused = key_usage.refused + excluded.refused,
  failed = key_usage.failed + excluded.failed,
  spent_milli = key_usage.spent_milli + excluded.spent_milli`;

/** Adds counts to the daily usage rows in one statement; each (key, day, route) at most once. */
export async function addUsage(db: Executor, rows: readonly UsageRow[]): Promise<void> {
  if (rows.length === 0) return;
  if (onPostgres(db)) {
    await runRaw(
      db,
      `insert into key_usage (key_id, day, route, ${USAGE_COUNTS})
       select * from unnest(?::text[], ?::text[], ?::text[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[])
         as u(key_id, day, route, ${USAGE_COUNTS})
       ${USAGE_LIVE_KEYS}
       ${USAGE_ADD}`,
      [
        rows.map((r) => r.key_id),
        rows.map((r) => r.day),
        rows.map((r) => r.route),
        rows.map((r) => r.succeeded),
        rows.map((r) => r.insufficient_essence),
        rows.map((r) => r.rate_limited),
        rows.map((r) => r.refused),
        rows.map((r) => r.failed),
        rows.map((r) => r.spent_milli),
      ],
    );
    return;
  }
  await runRaw(
    db,
    `insert into key_usage (key_id, day, route, ${USAGE_COUNTS})
     select value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6,
            value ->> 7, value ->> 8
     from json_each(?) ${USAGE_LIVE_KEYS.replace('key_id', 'value ->> 0')}
     ${USAGE_ADD}`,
    [
      JSON.stringify(
        rows.map((r) => [
          r.key_id,
          r.day,
          r.route,
          r.succeeded,
          r.insufficient_essence,
          r.rate_limited,
          r.refused,
          r.failed,
          r.spent_milli,
        ]),
      ),
    ],
  );
}

/** A key's usage rows from `fromDay` on (inclusive, `YYYY-MM-DD`). */
export async function listUsage(db: Executor, keyId: string, fromDay: string): Promise<UsageRow[]> {
  return db
    .selectFrom('key_usage')
    .selectAll()
    .where('key_id', '=', keyId)
    .where('day', '>=', fromDay)
    .orderBy('day')
    .orderBy('route')
    .execute();
}

export async function savepoint(db: Executor, name: string): Promise<void> {
  await runRaw(db, `savepoint ${name}`, []);
}

export async function releaseSavepoint(db: Executor, name: string): Promise<void> {
  await runRaw(db, `release savepoint ${name}`, []);
}

export async function rollbackToSavepoint(db: Executor, name: string): Promise<void> {
  await runRaw(db, `rollback to savepoint ${name}`, []);
  await runRaw(db, `release savepoint ${name}`, []);
}

/** A paid call whose reply is already known, as one statement settles it (PostgreSQL). */
export interface PaidCall {
  ledger: LedgerRow;
  costMilli: number;
  /** What this user's later calls in the same statement cost in all. */
  laterMilli: number;
}

/**
 * PostgreSQL: settles paid calls in one statement (one round trip): the users locked in id order
 * (the lock order every batch follows, so batches cannot deadlock on them), per user one guarded debit of the total (`balance >= total`), the ledger rows of
 * the users whose debit held (each row's balance after counted back from the user's new balance),
 * and the usage counts. Returns the new balance of each user whose debit held; a user missing
 * from the answer was charged nothing and has no ledger row.
 */
export async function settlePaidCalls(
  db: Executor,
  calls: readonly PaidCall[],
  usage: readonly UsageRow[],
): Promise<Map<string, number>> {
  const result = await runRaw<{ id: string; balance_milli: number }>(
    db,
    `with req as (
       select * from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::bigint[], ?::text[], ?::bigint[])
         as r(id, user_id, key_id, route, cost, later, request_id, created_at)
     ),
     totals as (select user_id, sum(cost) as total from req group by user_id),
     locked as (
       select id from users where id in (select user_id from totals) order by id for update
     ),
     charged as (
       update users u set balance_milli = u.balance_milli - t.total
       from totals t join locked l on l.id = t.user_id
       where u.id = t.user_id and u.balance_milli >= t.total
       returning u.id, u.balance_milli
     ),
     written as (
       insert into ledger (${LEDGER_COLUMNS})
       select r.id, r.user_id, r.key_id, r.route, -r.cost, c.balance_milli + r.later, r.request_id, null, null, r.created_at
       from req r join charged c on c.id = r.user_id
       returning 1
     ),
     used as (
       insert into key_usage (key_id, day, route, ${USAGE_COUNTS})
       select * from unnest(?::text[], ?::text[], ?::text[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[])
         as u(key_id, day, route, ${USAGE_COUNTS})
       ${USAGE_LIVE_KEYS}
       ${USAGE_ADD}
       returning 1
     )
     select id, balance_milli from charged`,
    [
      calls.map((c) => c.ledger.id),
      calls.map((c) => c.ledger.user_id),
      calls.map((c) => c.ledger.key_id),
      calls.map((c) => c.ledger.route),
      calls.map((c) => c.costMilli),
      calls.map((c) => c.laterMilli),
      calls.map((c) => c.ledger.request_id),
      calls.map((c) => c.ledger.created_at),
      usage.map((r) => r.key_id),
      usage.map((r) => r.day),
      usage.map((r) => r.route),
      usage.map((r) => r.succeeded),
      usage.map((r) => r.insufficient_essence),
      usage.map((r) => r.rate_limited),
      usage.map((r) => r.refused),
      usage.map((r) => r.failed),
      usage.map((r) => r.spent_milli),
    ],
  );
  return new Map(result.rows.map((row) => [row.id, Number(row.balance_milli)]));
}

/**
 * Cuts an erased person's ledger rows loose: amounts, routes and times stay (the books still
 * add up), the links to the person and their keys go. Also drops their idempotency records, whose stored responses may
 * hold their data. Inside the account's deletion transaction.
 */
export async function unlinkPerson(db: Executor, userId: string): Promise<void> {
  await sql`update ledger set user_id = null, key_id = null, idempotency_key = null where user_id = ${userId}`.execute(
    db,
  );
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

/** The alert thresholds (milli-Essence) of those of these accounts that set one. */
export async function alertThresholds(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('essence_alerts')
    .select(['user_id', 'threshold_milli'])
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.threshold_milli)]));
}
