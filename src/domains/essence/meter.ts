import type { Storage } from '../../storage/db.ts';
import * as repo from './repo.ts';

export interface Debit {
  userId: string;
  keyId: string;
  costMilli: number;
  route: string;
  requestId: string;
  ledgerId: string;
  now: number;
}

export type DebitOutcome = { ok: true; balanceAfter: number } | { ok: false; balance: number };

/**
 * The metering hot path for calls without effects: one guarded debit plus its ledger row,
 * atomically, in as few steps as the engine allows. Calls with effects use the transactional
 * path in the partner toolkit instead, where the handler's writes share the debit's transaction.
 */
export interface Meter {
  debit(debit: Debit): Promise<DebitOutcome>;
  balance(userId: string): Promise<number | undefined>;
}

const REFUSED: DebitOutcome = { ok: false, balance: 0 };

export function createMeter(storage: Storage): Meter {
  if (storage.sqlite) return sqliteMeter(storage, storage.sqlite);
  if (storage.pool) return postgresMeter(storage.pool);
  throw new Error('storage has no driver handle');
}

/**
 * Collects debits and settles them together: many requests share one commit (group commit). At
 * most one batch is in flight; debits arriving meanwhile form the next batch, so under load the
 * batches grow instead of queueing on the same row lock. Each debit keeps its own guard, applied
 * in arrival order, so batching changes the cost of a commit, never who gets charged.
 */
function batcher<I, O>(settle: (batch: I[]) => Promise<O[]>, missing: O): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };
  let queue: Waiting[] = [];
  let scheduled = false;
  let inFlight = false;

  const flush = () => {
    scheduled = false;
    if (inFlight || queue.length === 0) return;
    const batch = queue;
    queue = [];
    inFlight = true;
    settle(batch.map((entry) => entry.item))
      .then(
        (outcomes) => batch.forEach((entry, i) => entry.resolve(outcomes[i] ?? missing)),
        (error: unknown) => {
          for (const entry of batch) entry.reject(error);
        },
      )
      .finally(() => {
        inFlight = false;
        flush();
      });
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!scheduled && !inFlight) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}

function sqliteMeter(storage: Storage, handle: NonNullable<Storage['sqlite']>): Meter {
  const debitStatement = handle.prepare<[number, string, number], { balance_milli: number }>(
    'update users set balance_milli = balance_milli - ? where id = ? and balance_milli >= ? returning balance_milli',
  );
  const ledgerStatement = handle.prepare(
    `insert into ledger (id, user_id, key_id, route, amount_milli, balance_after_milli, request_id, idempotency_key, reason, created_at)
     values (?, ?, ?, ?, ?, ?, ?, null, null, ?)`,
  );
  const balanceStatement = handle.prepare<[string], { balance_milli: number }>(
    'select balance_milli from users where id = ?',
  );
  const settleAll = handle.transaction((batch: Debit[]): DebitOutcome[] =>
    batch.map((d) => {
      const row = debitStatement.get(d.costMilli, d.userId, d.costMilli);
      if (row === undefined)
        return { ok: false, balance: balanceStatement.get(d.userId)?.balance_milli ?? 0 };
      ledgerStatement.run(
        d.ledgerId,
        d.userId,
        d.keyId,
        d.route,
        -d.costMilli,
        row.balance_milli,
        d.requestId,
        d.now,
      );
      return { ok: true, balanceAfter: row.balance_milli };
    }),
  );

  async function settleThroughKysely(d: Debit): Promise<DebitOutcome> {
    return storage.db.transaction().execute(async (tx) => {
      const row = await repo.applyChange(tx, {
        id: d.ledgerId,
        user_id: d.userId,
        key_id: d.keyId,
        route: d.route,
        amount_milli: -d.costMilli,
        request_id: d.requestId,
        idempotency_key: null,
        reason: null,
        created_at: d.now,
      });
      if (row !== undefined) return { ok: true, balanceAfter: row.balance_after_milli };
      return { ok: false, balance: (await repo.readBalance(tx, d.userId)) ?? 0 };
    });
  }

  const debit = batcher<Debit, DebitOutcome>(async (batch) => {
    // better-sqlite3 runs the batch synchronously, so nothing interleaves with it, unless a
    // Kysely transaction is open on the shared connection across an await: then queue behind
    // it through Kysely, which serialises transactions on its connection mutex.
    if (!handle.inTransaction) return settleAll.immediate(batch);
    const outcomes: DebitOutcome[] = [];
    for (const d of batch) outcomes.push(await settleThroughKysely(d));
    return outcomes;
  }, REFUSED);

  return {
    debit,
    async balance(userId) {
      return balanceStatement.get(userId)?.balance_milli;
    },
  };
}

function postgresMeter(pool: NonNullable<Storage['pool']>): Meter {
  // One statement settles a whole batch: one round trip, one transaction, one commit. The users
  // involved are locked (FOR UPDATE waits for concurrent debits and then sees their result);
  // within a user, debits are granted in arrival order while the running total fits the balance,
  // so the balance can never go below zero however many batches and instances race.
  const SETTLE = `
    with req as (
      select * from unnest($1::int[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[])
        as r(ord, user_id, cost, ledger_id, key_id, route, request_id, created_at)
    ),
    locked as (
      select u.id, u.balance_milli from users u
      where u.id in (select distinct user_id from req) order by u.id for update
    ),
    ranked as (
      select r.*, l.balance_milli as balance_before,
             sum(r.cost) over (partition by r.user_id order by r.ord) as spent
      from req r join locked l on l.id = r.user_id
    ),
    accepted as (select * from ranked where spent <= balance_before),
    charged as (
      update users u set balance_milli = u.balance_milli - t.total
      from (select user_id, sum(cost) as total from accepted group by user_id) t
      where u.id = t.user_id
      returning u.id
    ),
    written as (
      insert into ledger (id, user_id, key_id, route, amount_milli, balance_after_milli, request_id, idempotency_key, reason, created_at)
      select ledger_id, user_id, key_id, route, -cost, balance_before - spent, request_id, null, null, created_at from accepted
      returning id
    )
    select ord, spent <= balance_before as ok, balance_before - spent as balance_after, balance_before from ranked`;
  const BALANCES = 'select id, balance_milli from users where id = any($1::text[])';

  const debit = batcher<Debit, DebitOutcome>(async (batch) => {
    const result = await pool.query<{
      ord: number;
      ok: boolean;
      balance_after: number;
      balance_before: number;
    }>({
      name: 'orrery_settle',
      text: SETTLE,
      values: [
        batch.map((_, i) => i),
        batch.map((d) => d.userId),
        batch.map((d) => d.costMilli),
        batch.map((d) => d.ledgerId),
        batch.map((d) => d.keyId),
        batch.map((d) => d.route),
        batch.map((d) => d.requestId),
        batch.map((d) => d.now),
      ],
    });
    // A refused debit reports the balance left once this batch's granted debits are applied.
    const finalBalance = new Map<string, number>();
    for (const row of result.rows) {
      const userId = batch[row.ord]?.userId ?? '';
      const after = row.ok ? Number(row.balance_after) : Number(row.balance_before);
      finalBalance.set(userId, Math.min(finalBalance.get(userId) ?? after, after));
    }
    const outcomes: DebitOutcome[] = batch.map(() => ({ ok: false, balance: 0 }));
    for (const row of result.rows) {
      outcomes[row.ord] = row.ok
        ? { ok: true, balanceAfter: Number(row.balance_after) }
        : { ok: false, balance: finalBalance.get(batch[row.ord]?.userId ?? '') ?? 0 };
    }
    return outcomes;
  }, REFUSED);

  // Balance reads are batched the same way: one query answers every read of a turn.
  const balance = batcher<string, number | undefined>(async (userIds) => {
    const result = await pool.query<{ id: string; balance_milli: number }>({
      name: 'orrery_balances',
      text: BALANCES,
      values: [[...new Set(userIds)]],
    });
    const byId = new Map(result.rows.map((row) => [row.id, Number(row.balance_milli)]));
    return userIds.map((id) => byId.get(id));
  }, undefined);

  return { debit, balance };
}
