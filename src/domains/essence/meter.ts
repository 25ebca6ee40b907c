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

export function createMeter(storage: Storage): Meter {
  if (storage.sqlite) return sqliteMeter(storage, storage.sqlite);
  if (storage.pool) return postgresMeter(storage, storage.pool);
  throw new Error('storage has no driver handle');
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
  const debitAndRecord = handle.transaction((d: Debit): DebitOutcome => {
    const row = debitStatement.get(d.costMilli, d.userId, d.costMilli);
    if (row === undefined) return { ok: false, balance: balanceStatement.get(d.userId)?.balance_milli ?? 0 };
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
  });

  return {
    async debit(d) {
      // better-sqlite3 runs this synchronously, so nothing can interleave with it, unless a
      // Kysely transaction is open on the shared connection across an await: then queue behind
      // it through Kysely, which serialises transactions on its connection mutex.
      if (!handle.inTransaction) return debitAndRecord.immediate(d);
      return storage.db.transaction().execute(async (tx) => {
        const balanceAfter = await repo.applyBalanceDelta(tx, d.userId, -d.costMilli);
        if (balanceAfter === undefined)
          return { ok: false, balance: (await repo.readBalance(tx, d.userId)) ?? 0 };
        await repo.insertLedgerEntry(tx, {
          id: d.ledgerId,
          user_id: d.userId,
          key_id: d.keyId,
          route: d.route,
          amount_milli: -d.costMilli,
          balance_after_milli: balanceAfter,
          request_id: d.requestId,
          idempotency_key: null,
          reason: null,
          created_at: d.now,
        });
        return { ok: true, balanceAfter };
      });
    },
    async balance(userId) {
      return balanceStatement.get(userId)?.balance_milli;
    },
  };
}

function postgresMeter(_storage: Storage, pool: NonNullable<Storage['pool']>): Meter {
  // One statement, so one round trip and implicitly one transaction. The guard is re-checked
  // after waiting on a concurrent debit's row lock, so the last Essence is spent only once.
  const DEBIT = `with debit as (
      update users set balance_milli = balance_milli - $1::bigint
      where id = $2 and balance_milli >= $1::bigint
      returning balance_milli)
    insert into ledger (id, user_id, key_id, route, amount_milli, balance_after_milli, request_id, idempotency_key, reason, created_at)
    select $3, $2, $4, $5, -$1::bigint, balance_milli, $6, null, null, $7 from debit
    returning balance_after_milli`;
  const BALANCE = 'select balance_milli from users where id = $1';
  return {
    async debit(d) {
      const result = await pool.query<{ balance_after_milli: number }>({
        name: 'orrery_debit',
        text: DEBIT,
        values: [d.costMilli, d.userId, d.ledgerId, d.keyId, d.route, d.requestId, d.now],
      });
      const row = result.rows[0];
      if (row) return { ok: true, balanceAfter: Number(row.balance_after_milli) };
      const balance = await pool.query<{ balance_milli: number }>({
        name: 'orrery_balance',
        text: BALANCE,
        values: [d.userId],
      });
      return { ok: false, balance: Number(balance.rows[0]?.balance_milli ?? 0) };
    },
    async balance(userId) {
      const result = await pool.query<{ balance_milli: number }>({
        name: 'orrery_balance',
        text: BALANCE,
        values: [userId],
      });
      const row = result.rows[0];
      return row === undefined ? undefined : Number(row.balance_milli);
    },
  };
}
