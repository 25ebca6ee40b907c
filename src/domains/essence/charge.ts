/**
 * The charge: one unit of work for every balance change.
 *
 * A metered call hands the unit its cost, its idempotency record and its effect; the unit owns the
 * transaction, the guarded debit, the ledger row, the idempotency record, the key's usage counts
 * and the after-commit callbacks. Nothing else writes the ledger: admin grants and the welcome
 * grant go through `Charger.adjust` / `Charger.applyInTransaction`.
 *
 * Group commit. Charges arriving while a batch is being settled wait for the next one; a batch
 * closes at the end of the event-loop turn in which it opened (well under a millisecond) or at
 * `MAX_BATCH` charges, and commits once. Inside it, in arrival order, each charge:
 *
 *   1. claims its Idempotency-Key (a replay or a conflict ends here),
 *   2. is checked against its owner's balance, read once per batch under the write lock
 *      (PostgreSQL: `SELECT … FOR UPDATE`; SQLite: `BEGIN IMMEDIATE`) and kept in memory,
 *   3. runs its effect inside a savepoint: an effect that throws or answers non-2xx rolls back
 *      to the savepoint and fails alone; the rest of the batch carries on,
 *   4. records its reply for replays.
 *
 * Then, still in the transaction: one guarded debit per user for the batch's total
 * (`… SET balance = balance - total WHERE id = ? AND balance >= total`), the ledger rows (one per
 * charged call, each with its own balance after), the balance-move listeners (`onBalanceMoves`),
 * the usage counts gathered since the last batch, and one commit. After the commit each call's
 * after-commit callbacks run, and each caller learns its own outcome.
 *
 * If the batch as a whole fails (a deadlock between instances, a lost connection, a guard that
 * does not hold), nothing of it committed: its charges are settled again one by one, each in its
 * own transaction, so one bad charge never fails its neighbours.
 *
 * Invariants: the balance never goes below zero (the in-memory check runs under the write lock,
 * and the final debit is guarded anyway); balance = sum(ledger) (debit and ledger rows commit
 * together); an effect runs only if paid for and is paid for only if it committed; a call with an
 * Idempotency-Key is executed at most once per API key, and its replay answers the stored reply.
 */
import type { Logger } from 'pino';
import { newId } from '../../lib/ids.ts';
import type { Storage } from '../../storage/db.ts';
import type { Executor } from '../../storage/tx.ts';
import * as repo from './repo.ts';

/** What a call answers, as the unit stores it for replays. */
export interface CallReply {
  status: number;
  /** The serialised body. */
  payload: string;
  headers: Record<string, string>;
  /** The headers a replay repeats (content type, location). */
  replayHeaders: Record<string, string>;
}

/** A stored reply, replayed byte for byte. */
export interface StoredReply {
  status: number;
  payload: string;
  headers: Record<string, string>;
}

export type AfterCommit = () => void | Promise<void>;

/**
 * What an effect runs with. `tx` is the unit's transaction: every write through it (an outbox
 * row, an object, a counter) commits with the debit or not at all. `afterCommit` callbacks run
 * once the transaction has committed, never if it rolled back; their failures are logged.
 */
export interface UnitContext {
  readonly tx: Executor;
  afterCommit(callback: AfterCommit): void;
}

export interface Charge {
  userId: string;
  keyId: string | null;
  /** The ledger's and the usage's route label, e.g. `POST /api/v1/world/spawn`. */
  route: string;
  requestId: string;
  costMilli: number;
  /** Scoped to the API key: `scope` is the key id; `fingerprint` identifies the request. */
  idempotency: { scope: string; key: string; fingerprint: string } | null;
  /** Runs inside the transaction once the balance is known to cover the cost. */
  effect?: ((unit: UnitContext) => Promise<CallReply>) | undefined;
  /** The reply when it is already known (a pure handler ran before the charge). */
  reply?: CallReply | undefined;
  /** Callbacks registered before the charge (by a pure handler), run after the commit. */
  afterCommit?: readonly AfterCommit[] | undefined;
}

export type ChargeOutcome =
  | { kind: 'charged'; reply: CallReply; costMilli: number; balanceMilli: number }
  /** The effect answered non-2xx: rolled back, not charged. */
  | { kind: 'declined'; reply: CallReply; balanceMilli: number }
  | { kind: 'replayed'; reply: StoredReply; balanceMilli: number }
  | { kind: 'insufficient'; costMilli: number; balanceMilli: number }
  /** The Idempotency-Key was used with another request. */
  | { kind: 'conflict' }
  /** The effect threw: rolled back, not charged; `error` is what it threw. */
  | { kind: 'failed'; error: unknown };

export interface BalanceMove {
  userId: string;
  beforeMilli: number;
  afterMilli: number;
}

/** Runs inside a batch's transaction after its debits, once per batch that moved balances. */
export type BalanceMoveListener = (unit: UnitContext, moves: readonly BalanceMove[]) => Promise<void>;

export interface BalanceChange {
  userId: string;
  amountMilli: number;
  route: string;
  requestId: string;
  keyId?: string | null;
  idempotencyKey?: string | null;
  reason?: string | null;
}

export type UsageOutcome = 'succeeded' | 'insufficientEssence' | 'rateLimited' | 'refused' | 'failed';

const MAX_BATCH = 256;
const SAVEPOINT = 'charge_item';
const USAGE_FLUSH_MS = 1000;
const REPLAY_TTL_MS = 24 * 60 * 60 * 1000;

interface Waiting {
  charge: Charge;
  resolve(outcome: ChargeOutcome): void;
  reject(error: unknown): void;
}

class BatchAborted extends Error {}

export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** Calls by key, UTC day and route, gathered in memory and added to `key_usage` in a batch. */
class UsageTally {
  private rows = new Map<string, repo.UsageRow>();

  get size(): number {
    return this.rows.size;
  }

  record(keyId: string, route: string, outcome: UsageOutcome, spentMilli: number, at: number): void {
    const day = utcDay(at);
    const id = `${keyId}\n${day}\n${route}`;
    let row = this.rows.get(id);
    if (row === undefined) {
      row = {
        key_id: keyId,
        day,
        route,
        succeeded: 0,
        insufficient_essence: 0,
        rate_limited: 0,
        refused: 0,
        failed: 0,
        spent_milli: 0,
      };
      this.rows.set(id, row);
    }
    switch (outcome) {
      case 'succeeded':
        row.succeeded++;
        break;
      case 'insufficientEssence':
        row.insufficient_essence++;
        break;
      case 'rateLimited':
        row.rate_limited++;
        break;
      case 'refused':
        row.refused++;
        break;
      case 'failed':
        row.failed++;
        break;
    }
    row.spent_milli += spentMilli;
  }

  /** Takes everything gathered so far; `restore` puts it back if the batch did not commit. */
  take(): repo.UsageRow[] {
    const taken = [...this.rows.values()];
    this.rows = new Map();
    return taken;
  }

  restore(rows: readonly repo.UsageRow[]): void {
    for (const row of rows) {
      const id = `${row.key_id}\n${row.day}\n${row.route}`;
      const current = this.rows.get(id);
      if (current === undefined) {
        this.rows.set(id, { ...row });
        continue;
      }
      current.succeeded += row.succeeded;
      current.insufficient_essence += row.insufficient_essence;
      current.rate_limited += row.rate_limited;
      current.refused += row.refused;
      current.failed += row.failed;
      current.spent_milli += row.spent_milli;
    }
  }
}

export class Charger {
  private queue: Waiting[] = [];
  private scheduled = false;
  private inFlight = false;
  private readonly usage = new UsageTally();
  private readonly listeners: BalanceMoveListener[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private idleWaiters: (() => void)[] = [];
  private batches = 0;
  private batchedCharges = 0;

  constructor(
    private readonly storage: Storage,
    private readonly log: Logger,
  ) {}

  /** Settles one charge in the next batch and tells its outcome. */
  charge(charge: Charge): Promise<ChargeOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ charge, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Registers a listener run inside every batch's transaction after its debits (and inside every
   * adjustment), with the balances before and after. What it writes through `unit.tx` commits
   * with the debits; what it must do only once they are durable goes to `unit.afterCommit`.
   */
  onBalanceMoves(listener: BalanceMoveListener): void {
    this.listeners.push(listener);
  }

  /** Counts one call of a key; the count reaches `key_usage` with the next batch (≤ 1 s). */
  recordUsage(keyId: string, route: string, outcome: UsageOutcome, spentMilli: number): void {
    this.usage.record(keyId, route, outcome, spentMilli, Date.now());
    if (this.flushTimer === null) {
      this.flushTimer = setTimeout(() => {
        this.flushTimer = null;
        if (this.usage.size > 0) this.schedule(true);
      }, USAGE_FLUSH_MS);
      this.flushTimer.unref();
    }
  }

  /** Writes the usage gathered so far and waits for every queued charge to settle. */
  async flush(): Promise<void> {
    if (this.usage.size > 0) this.schedule(true);
    while (this.inFlight || this.scheduled || this.queue.length > 0) {
      await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    }
  }

  /** Charges settled per batch on average since start (what the benchmark reports). */
  stats(): { batches: number; charges: number; meanBatch: number } {
    return {
      batches: this.batches,
      charges: this.batchedCharges,
      meanBatch: this.batches === 0 ? 0 : this.batchedCharges / this.batches,
    };
  }

  async close(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    try {
      await this.flush();
    } catch (error) {
      this.log.warn({ err: error }, 'could not write the last usage counts');
    }
  }

  /**
   * The stored reply of an earlier call with this Idempotency-Key (unexpired and complete), or
   * 'conflict' when it was another request, or null. A read only: the charge itself decides.
   */
  async findReplay(idempotency: {
    scope: string;
    key: string;
    fingerprint: string;
  }): Promise<StoredReply | 'conflict' | null> {
    const stored = await repo.findIdempotency(this.storage.db, idempotency.scope, idempotency.key);
    if (stored === undefined || Number(stored.status_code) === 0 || Number(stored.expires_at) <= Date.now()) {
      return null;
    }
    if (stored.request_hash !== idempotency.fingerprint) return 'conflict';
    return storedReply(stored);
  }

  /** The current balance, outside any batch (a committed read). */
  async balance(userId: string): Promise<number | undefined> {
    return repo.readBalance(this.storage.db, userId);
  }

  /**
   * Applies one balance change and its ledger row inside `unit`, a transaction the caller opened
   * with `inTransaction` (the welcome grant commits with the new account). Returns the row, or
   * undefined when the change would take the balance below zero (or the user does not exist).
   */
  async applyInTransaction(unit: UnitContext, change: BalanceChange): Promise<repo.LedgerRow | undefined> {
    const now = Date.now();
    const after = await repo.applyBalanceDelta(unit.tx, change.userId, change.amountMilli);
    if (after === undefined) return undefined;
    const row: repo.LedgerRow = {
      id: newId('led', now),
      user_id: change.userId,
      key_id: change.keyId ?? null,
      route: change.route,
      amount_milli: change.amountMilli,
      balance_after_milli: after,
      request_id: change.requestId,
      idempotency_key: change.idempotencyKey ?? null,
      reason: change.reason ?? null,
      created_at: now,
    };
    await repo.insertLedgerRows(unit.tx, [row]);
    await this.announceMoves(unit, [
      { userId: change.userId, beforeMilli: after - change.amountMilli, afterMilli: after },
    ]);
    return row;
  }

  /**
   * Runs `work` in a transaction of its own, then the after-commit callbacks it registered. For
   * services that change a balance (`applyInTransaction`) alongside their own writes.
   */
  async inTransaction<T>(work: (unit: UnitContext) => Promise<T>): Promise<T> {
    const callbacks: AfterCommit[] = [];
    const result = await this.storage.db
      .transaction()
      .execute((tx) => work({ tx, afterCommit: (callback) => callbacks.push(callback) }));
    this.runAfterCommit(callbacks);
    return result;
  }

  // ---- batching ----------------------------------------------------------------------------

  private schedule(usageOnly = false): void {
    if (this.scheduled || this.inFlight) return;
    if (!usageOnly && this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => this.flushQueue());
  }

  private flushQueue(): void {
    this.scheduled = false;
    if (this.inFlight) return;
    if (this.queue.length === 0 && this.usage.size === 0) {
      this.wakeIdle();
      return;
    }
    const batch = this.queue.splice(0, MAX_BATCH);
    this.inFlight = true;
    this.settle(batch)
      .catch((error: unknown) => {
        for (const waiting of batch) waiting.reject(error);
      })
      .finally(() => {
        this.inFlight = false;
        if (this.queue.length > 0) this.flushQueue();
        else this.wakeIdle();
      });
  }

  private wakeIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiters) wake();
  }

  private async settle(batch: Waiting[]): Promise<void> {
    if (batch.length > 0) {
      this.batches++;
      this.batchedCharges += batch.length;
    }
    const usage = this.usage.take();
    let settled: Settled[];
    try {
      settled = await this.settleTogether(
        batch.map((w) => w.charge),
        usage,
      );
    } catch (error) {
      this.usage.restore(usage);
      if (batch.length === 0) {
        this.log.warn({ err: error }, 'could not write usage counts; they are kept for the next batch');
        return;
      }
      if (batch.length === 1) {
        (batch[0] as Waiting).reject(error);
        return;
      }
      // Nothing of the batch committed: settle each charge alone, so only the bad one fails.
      this.log.warn({ err: error, charges: batch.length }, 'a charge batch failed; settling one by one');
      for (const waiting of batch) {
        try {
          const [alone] = await this.settleTogether([waiting.charge], []);
          this.finish(waiting, alone as Settled);
        } catch (single) {
          waiting.reject(single);
        }
      }
      return;
    }
    for (const [i, waiting] of batch.entries()) this.finish(waiting, settled[i] as Settled);
  }

  private finish(waiting: Waiting, settled: Settled): void {
    this.runAfterCommit(settled.afterCommit);
    waiting.resolve(settled.outcome);
  }

  /** Runs callbacks whose work has committed; a failing one is logged and does not stop the rest. */
  runAfterCommit(callbacks: readonly AfterCommit[]): void {
    for (const callback of callbacks) {
      try {
        const pending = callback();
        if (pending instanceof Promise) {
          pending.catch((error: unknown) => this.log.warn({ err: error }, 'an after-commit callback failed'));
        }
      } catch (error) {
        this.log.warn({ err: error }, 'an after-commit callback failed');
      }
    }
  }

  /**
   * One transaction for `charges` (and the usage counts): see the module comment. Resolves once
   * it committed, with each charge's outcome and after-commit callbacks; rejects when the
   * transaction as a whole failed (then nothing of it committed).
   */
  private async settleTogether(
    charges: readonly Charge[],
    usage: readonly repo.UsageRow[],
  ): Promise<Settled[]> {
    const { results, afterCommit } = await this.storage.db
      .transaction()
      .execute((tx) => this.runBatch(tx, charges, usage));
    this.runAfterCommit(afterCommit);
    return results;
  }

  private async runBatch(
    tx: Executor,
    charges: readonly Charge[],
    usage: readonly repo.UsageRow[],
  ): Promise<{ results: Settled[]; afterCommit: AfterCommit[] }> {
    const now = Date.now();
    const results: Settled[] = [];
    const users = [...new Set(charges.map((c) => c.userId))];
    const before = users.length > 0 ? await repo.readBalances(tx, users, true) : new Map<string, number>();
    const balance = new Map(before);
    const ledger: repo.LedgerRow[] = [];

    for (const charge of charges) {
      const callbacks: AfterCommit[] = [...(charge.afterCommit ?? [])];
      const unit: UnitContext = { tx, afterCommit: (callback) => callbacks.push(callback) };
      const available = balance.get(charge.userId) ?? 0;
      // Only a charge that writes (an idempotency claim or an effect) needs a savepoint. Charges
      // run one after another, each releasing its savepoint before the next takes one, so one
      // name serves (and the statement text stays the same for the statement cache).
      const name = charge.idempotency !== null || charge.effect !== undefined ? SAVEPOINT : null;
      if (name !== null) await repo.savepoint(tx, name);
      const undo = async () => {
        if (name !== null) await repo.rollbackToSavepoint(tx, name);
      };

      if (charge.idempotency !== null) {
        const { scope, key, fingerprint } = charge.idempotency;
        await repo.deleteExpiredIdempotency(tx, scope, key, now);
        const claimed = await repo.claimIdempotencyKey(tx, {
          owner_id: scope,
          idempotency_key: key,
          request_hash: fingerprint,
          status_code: 0,
          response_headers: '{}',
          response_body: '',
          created_at: now,
          expires_at: now + REPLAY_TTL_MS,
        });
        if (!claimed) {
          const stored = await repo.findIdempotency(tx, scope, key);
          await undo();
          if (stored === undefined || stored.request_hash !== fingerprint || stored.status_code === 0) {
            results.push({ outcome: { kind: 'conflict' }, afterCommit: [] });
          } else {
            results.push({
              outcome: { kind: 'replayed', reply: storedReply(stored), balanceMilli: available },
              afterCommit: [],
            });
          }
          continue;
        }
      }

      if (charge.costMilli > available) {
        await undo();
        results.push({
          outcome: { kind: 'insufficient', costMilli: charge.costMilli, balanceMilli: available },
          afterCommit: [],
        });
        continue;
      }

      let reply: CallReply;
      try {
        reply = charge.effect ? await charge.effect(unit) : (charge.reply as CallReply);
      } catch (error) {
        await undo();
        results.push({ outcome: { kind: 'failed', error }, afterCommit: [] });
        continue;
      }
      if (reply.status < 200 || reply.status > 299) {
        await undo();
        results.push({ outcome: { kind: 'declined', reply, balanceMilli: available }, afterCommit: [] });
        continue;
      }

      const after = available - charge.costMilli;
      balance.set(charge.userId, after);
      if (charge.costMilli > 0) {
        ledger.push({
          id: newId('led', now),
          user_id: charge.userId,
          key_id: charge.keyId,
          route: charge.route,
          amount_milli: -charge.costMilli,
          balance_after_milli: after,
          request_id: charge.requestId,
          idempotency_key: charge.idempotency?.key ?? null,
          reason: null,
          created_at: now,
        });
      }
      if (charge.idempotency !== null) {
        await repo.completeIdempotency(tx, charge.idempotency.scope, charge.idempotency.key, {
          status_code: reply.status,
          response_headers: JSON.stringify(reply.replayHeaders),
          response_body: reply.payload,
        });
      }
      if (name !== null) await repo.releaseSavepoint(tx, name);
      results.push({
        outcome: { kind: 'charged', reply, costMilli: charge.costMilli, balanceMilli: after },
        afterCommit: callbacks,
      });
    }

    const moves: BalanceMove[] = [];
    for (const [userId, after] of balance) {
      const start = before.get(userId) ?? 0;
      if (after === start) continue;
      // The guard cannot refuse here (the balance was read under the write lock), but if it ever
      // did, the whole batch rolls back rather than overspend.
      const debited = await repo.applyBalanceDelta(tx, userId, after - start);
      if (debited !== after) throw new BatchAborted(`the guarded debit of ${userId} did not hold`);
      moves.push({ userId, beforeMilli: start, afterMilli: after });
    }
    await repo.insertLedgerRows(tx, ledger);
    const batchCallbacks: AfterCommit[] = [];
    if (moves.length > 0) {
      await this.announceMoves({ tx, afterCommit: (callback) => batchCallbacks.push(callback) }, moves);
    }
    await repo.addUsage(tx, usage);
    return { results, afterCommit: batchCallbacks };
  }

  private async announceMoves(unit: UnitContext, moves: readonly BalanceMove[]): Promise<void> {
    for (const listener of this.listeners) await listener(unit, moves);
  }

  // ---- adjustments -------------------------------------------------------------------------

  /**
   * An administrator's grant (positive) or revocation (negative) with its ledger row, in a
   * transaction of its own. Returns the row, or `{refused: balance}` when a revocation would take
   * the balance below zero, or undefined when the user does not exist.
   */
  async adjust(change: BalanceChange): Promise<repo.LedgerRow | { refusedAtMilli: number } | undefined> {
    return this.inTransaction(async (unit) => {
      const row = await this.applyInTransaction(unit, change);
      if (row !== undefined) return row;
      const balance = await repo.readBalance(unit.tx, change.userId);
      return balance === undefined ? undefined : { refusedAtMilli: balance };
    });
  }
}

function storedReply(stored: repo.IdempotencyRow): StoredReply {
  return {
    status: Number(stored.status_code),
    payload: stored.response_body,
    headers: JSON.parse(stored.response_headers) as Record<string, string>,
  };
}

interface Settled {
  outcome: ChargeOutcome;
  afterCommit: readonly AfterCommit[];
}
