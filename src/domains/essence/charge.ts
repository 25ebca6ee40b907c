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
 * On PostgreSQL several batches run at once, each reading balances without a lock (less the
 * reservations of this process's other open batches) and debiting at the end; see `runBatch` and
 * docs/architecture.md.
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
  /**
   * Scoped to the API key: `scope` is the key id (the record belongs to the key's owner, so it
   * goes with the account); `fingerprint` identifies the request.
   */
  idempotency: { scope: string; key: string; fingerprint: string } | null;
  /** Runs inside the transaction once the balance is known to cover the cost. */
  effect?: ((unit: UnitContext) => Promise<CallReply>) | undefined;
  /**
   * The effect never answers non-2xx, and throws only before its first write or from a failing
   * statement. On PostgreSQL such an effect needs no savepoint: a throw before writing left
   * nothing to undo, and a failing statement aborts the whole batch, which is then settled again
   * charge by charge (with savepoints).
   */
  effectNeedsNoSavepoint?: boolean | undefined;
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

/**
 * Whether a listener could act on moves of these accounts (an `essence.low` listener: whether any
 * of them set a threshold). Read before a batch, outside its transaction.
 */
export type BalanceMoveWatch = (db: Executor, userIds: readonly string[]) => Promise<boolean>;

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
/** PostgreSQL keeps each charge's savepoint open to commit; a backend caches 64 subtransactions. */
const PG_MAX_BATCH = 60;
/** Batches a PostgreSQL instance settles at once (each holds one pooled connection). */
const PG_BATCHES_IN_FLIGHT = 4;
/** See `schedule`. */
const FILL_BATCH = 16;
const FILL_WAIT_MS = 1;
const USAGE_FLUSH_MS = 1000;
const USAGE_WRITE_MS = 250;
const REPLAY_TTL_MS = 24 * 60 * 60 * 1000;

interface Waiting {
  charge: Charge;
  /** When it was queued (ms). */
  at: number;
  resolve(outcome: ChargeOutcome): void;
  reject(error: unknown): void;
}

class BatchAborted extends Error {}

/** A charge whose outcome this batch could not decide or has not decided yet. */
const DEFERRED = Symbol('deferred');

let lastDay = { start: 0, end: 0, label: '' };

/** `YYYY-MM-DD` of the UTC day holding `at` (the current day's label is kept). */
export function utcDay(at: number): string {
  if (at >= lastDay.start && at < lastDay.end) return lastDay.label;
  const start = at - (((at % 86_400_000) + 86_400_000) % 86_400_000);
  const label = new Date(start).toISOString().slice(0, 10);
  if (at >= lastDay.start) lastDay = { start, end: start + 86_400_000, label };
  return label;
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
  private inFlight = 0;
  /** PostgreSQL settles several batches at once, each on its own connection; SQLite one. */
  private readonly maxInFlight: number;
  private readonly optimistic: boolean;
  /** Milli-Essence that this process's open batches have granted, by user (optimistic mode). */
  private readonly reserved = new Map<string, number>();
  private readonly usage = new UsageTally();
  /** Each listener with the watch that says which batches it may act on (none: every batch). */
  private readonly listeners: { listener: BalanceMoveListener; watch: BalanceMoveWatch | null }[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private idleWaiters: (() => void)[] = [];
  private usageInFlight = false;
  private usageWanted = false;
  private usageWrittenAt = 0;
  private batches = 0;
  private batchedCharges = 0;

  constructor(
    private readonly storage: Storage,
    private readonly log: Logger,
  ) {
    this.optimistic = storage.engine === 'postgres';
    this.maxInFlight = this.optimistic ? PG_BATCHES_IN_FLIGHT : 1;
  }

  /** Settles one charge in the next batch and tells its outcome. */
  charge(charge: Charge): Promise<ChargeOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ charge, at: Date.now(), resolve, reject });
      this.schedule();
    });
  }

  /**
   * Registers a listener run inside every batch's transaction after its debits (and inside every
   * adjustment), with the balances before and after. What it writes through `unit.tx` commits
   * with the debits; what it must do only once they are durable goes to `unit.afterCommit`.
   * `watch`, when given, says which accounts the listener may act on: a PostgreSQL batch of paid
   * calls that no listener watches settles without a transaction (`settlePaid`).
   */
  onBalanceMoves(listener: BalanceMoveListener, watch?: BalanceMoveWatch): void {
    this.listeners.push({ listener, watch: watch ?? null });
  }

  /** Whether some listener may act on moves of `userIds` (one without a watch always may). */
  private async watched(userIds: readonly string[]): Promise<boolean> {
    for (const { watch } of this.listeners) {
      if (watch === null || (await watch(this.storage.db, userIds))) return true;
    }
    return false;
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
    this.usageWanted = true;
    if (this.usage.size > 0) this.schedule(true);
    while (this.inFlight > 0 || this.scheduled || this.queue.length > 0) {
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
  async findReplay(
    userId: string,
    idempotency: {
      scope: string;
      key: string;
      fingerprint: string;
    },
  ): Promise<StoredReply | 'conflict' | null> {
    const stored = await repo.findIdempotency(this.storage.db, userId, recordKey(idempotency));
    if (stored === undefined || Number(stored.status_code) === 0 || Number(stored.expires_at) <= Date.now()) {
      return null;
    }
    if (stored.request_hash !== idempotency.fingerprint) return 'conflict';
    return storedReply(stored);
  }

  /** The current balance, outside any batch (a committed read). */
  async balance(userId: string): Promise<number | undefined> {
    // On SQLite, while no transaction is open on the connection, straight through the driver;
    // otherwise through Kysely, which waits for the open transaction (never an uncommitted read).
    const handle = this.storage.sqlite;
    if (handle !== null && !handle.inTransaction) return repo.readBalanceNow(handle, userId);
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

  /**
   * A batch opens at the end of the event-loop turn in which its first charge arrived, when no
   * batch is in flight. While others are in flight (PostgreSQL), another opens only once
   * `FILL_BATCH` charges wait or the oldest has waited `FILL_WAIT_MS`: every batch of a user
   * commits in turn behind that user's row lock, so fewer, fuller batches go further than many
   * small ones.
   */
  private schedule(usageOnly = false): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight) return;
    if (!usageOnly && this.queue.length === 0) return;
    this.scheduled = true;
    if (this.inFlight === 0 || this.queue.length >= FILL_BATCH) setImmediate(() => this.flushQueue());
    else setTimeout(() => this.flushQueue(), FILL_WAIT_MS);
  }

  private flushQueue(): void {
    this.scheduled = false;
    let usageTurn = this.usage.size > 0;
    while (this.inFlight < this.maxInFlight && (this.queue.length > 0 || usageTurn)) {
      if (this.inFlight > 0 && this.queue.length < FILL_BATCH) {
        const oldest = this.queue[0];
        if (oldest !== undefined && Date.now() - oldest.at < FILL_WAIT_MS) {
          this.schedule();
          break;
        }
      }
      usageTurn = false;
      const batch = this.queue.splice(0, this.optimistic ? PG_MAX_BATCH : MAX_BATCH);
      this.inFlight++;
      this.settle(batch)
        .catch((error: unknown) => {
          for (const waiting of batch) waiting.reject(error);
        })
        .finally(() => {
          this.inFlight--;
          if (this.queue.length > 0) this.flushQueue();
          else if (this.inFlight === 0 && !this.scheduled) this.wakeIdle();
        });
    }
    if (this.inFlight === 0 && this.queue.length === 0) this.wakeIdle();
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
    const usage = this.takeUsage();
    const charges = batch.map((w) => w.charge);
    let settled: Settled[];
    try {
      settled =
        this.optimistic && charges.length > 0 && charges.every(isPaidReply)
          ? await this.settlePaid(charges, usage)
          : await this.settleTogether(charges, usage, !this.optimistic);
    } catch (error) {
      this.usage.restore(usage);
      if (usage.length > 0) this.usageInFlight = false;
      if (batch.length === 0) {
        this.log.warn({ err: error }, 'could not write usage counts; they are kept for the next batch');
        return;
      }
      if (batch.length > 1 || !(error instanceof BatchAborted)) {
        this.log.warn({ err: error, charges: batch.length }, 'a charge batch failed; settling one by one');
      }
      // Nothing of the batch committed: settle each charge alone and exactly, so only a charge
      // that fails by itself fails.
      for (const waiting of batch) await this.settleAlone(waiting);
      return;
    }
    if (usage.length > 0) this.usageInFlight = false;
    const deferred: Waiting[] = [];
    for (const [i, waiting] of batch.entries()) {
      const result = settled[i] as Settled;
      if (result.outcome === DEFERRED) deferred.push(waiting);
      else this.finish(waiting, result);
    }
    for (const waiting of deferred) await this.settleAlone(waiting);
  }

  /**
   * The usage counts this batch writes: everything gathered, at most every `USAGE_WRITE_MS` and by
   * one batch at a time (the rows of a busy key are hot: every batch writing them would queue
   * behind the others' commits), or at once when `flush` asks.
   */
  private takeUsage(): repo.UsageRow[] {
    if (this.usage.size === 0 || this.usageInFlight) return [];
    const now = Date.now();
    if (!this.usageWanted && now - this.usageWrittenAt < USAGE_WRITE_MS) return [];
    this.usageWanted = false;
    this.usageInFlight = true;
    this.usageWrittenAt = now;
    return this.usage.take();
  }

  private async settleAlone(waiting: Waiting): Promise<void> {
    try {
      const [alone] = await this.settleTogether([waiting.charge], [], true);
      this.finish(waiting, alone as Settled);
    } catch (error) {
      waiting.reject(error);
    }
  }

  private finish(waiting: Waiting, settled: Settled): void {
    if (settled.outcome === DEFERRED) throw new Error('an exact settlement cannot defer');
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
   * PostgreSQL, a batch of calls whose replies are known (pure routes, no Idempotency-Key): two
   * round trips (three with the watch read, below) and no open transaction. An unlocked read of
   * the balances decides each call as `runBatch` does (fits → granted, does not fit → 402, or
   * deferred while this process's other batches hold reservations); then one statement debits
   * each user's total under its guard, writes the ledger rows and the usage counts. A user whose
   * guard refused (another instance spent meanwhile) had nothing written: their calls are settled
   * again exactly.
   *
   * Balance-move listeners write inside the debit's transaction, so a batch that one of them
   * watches is a transaction (and holds the accounts' rows until it commits). Which batches are
   * watched is read just before: a threshold set while a batch is being settled applies from the
   * next batch, as if it had been set just after this one.
   */
  private async settlePaid(charges: readonly Charge[], usage: readonly repo.UsageRow[]): Promise<Settled[]> {
    const users = [...new Set(charges.map((c) => c.userId))];
    if (this.listeners.length === 0 || !(await this.watched(users)))
      return this.settlePaidOn(this.storage.db, charges, usage, null);
    const callbacks: AfterCommit[] = [];
    const results = await this.storage.db
      .transaction()
      .execute((tx) =>
        this.settlePaidOn(tx, charges, usage, { tx, afterCommit: (callback) => callbacks.push(callback) }),
      );
    this.runAfterCommit(callbacks);
    return results;
  }

  private async settlePaidOn(
    db: Executor,
    charges: readonly Charge[],
    usage: readonly repo.UsageRow[],
    unit: UnitContext | null,
  ): Promise<Settled[]> {
    const now = Date.now();
    const users = [...new Set(charges.map((c) => c.userId))].sort();
    const reserved = new Map<string, number>();
    try {
      const snapshot = await repo.readBalances(db, users);
      const othersReserved = new Map(users.map((u) => [u, this.reserved.get(u) ?? 0]));
      const spent = new Map<string, number>();
      const results: Settled[] = [];
      const granted: { index: number; call: repo.PaidCall; reply: CallReply; callbacks: AfterCommit[] }[] =
        [];
      for (const charge of charges) {
        const userSpent = spent.get(charge.userId) ?? 0;
        const known = (snapshot.get(charge.userId) ?? 0) - userSpent;
        const others = othersReserved.get(charge.userId) ?? 0;
        if (charge.costMilli > known - others) {
          results.push({
            outcome:
              others > 0
                ? DEFERRED
                : { kind: 'insufficient', costMilli: charge.costMilli, balanceMilli: Math.max(0, known) },
            afterCommit: [],
          });
          continue;
        }
        spent.set(charge.userId, userSpent + charge.costMilli);
        reserved.set(charge.userId, (reserved.get(charge.userId) ?? 0) + charge.costMilli);
        this.reserved.set(charge.userId, (this.reserved.get(charge.userId) ?? 0) + charge.costMilli);
        granted.push({
          index: results.length,
          reply: charge.reply as CallReply,
          callbacks: [...(charge.afterCommit ?? [])],
          call: {
            costMilli: charge.costMilli,
            laterMilli: 0,
            ledger: {
              id: newId('led', now),
              user_id: charge.userId,
              key_id: charge.keyId,
              route: charge.route,
              amount_milli: -charge.costMilli,
              balance_after_milli: 0,
              request_id: charge.requestId,
              idempotency_key: null,
              reason: null,
              created_at: now,
            },
          },
        });
        results.push({ outcome: DEFERRED, afterCommit: [] });
      }
      // What each user's later granted calls cost: a row's balance after is the user's new
      // balance plus that.
      const later = new Map<string, number>();
      for (let i = granted.length - 1; i >= 0; i--) {
        const { call } = granted[i] as (typeof granted)[number];
        call.laterMilli = later.get(call.ledger.user_id) ?? 0;
        later.set(call.ledger.user_id, call.laterMilli + call.costMilli);
      }
      const paid = granted.map((g) => g.call).filter((c) => c.costMilli > 0);
      const balances = await repo.settlePaidCalls(db, paid, usage);
      const moves: BalanceMove[] = [];
      for (const [userId, after] of balances) {
        moves.push({ userId, beforeMilli: after + (spent.get(userId) ?? 0), afterMilli: after });
      }
      for (const { index, call, reply, callbacks } of granted) {
        const after = balances.get(call.ledger.user_id);
        if (after === undefined && call.costMilli > 0) continue;
        const balanceMilli = (after ?? snapshot.get(call.ledger.user_id) ?? 0) + call.laterMilli;
        results[index] = {
          outcome: { kind: 'charged', reply, costMilli: call.costMilli, balanceMilli },
          afterCommit: callbacks,
        };
      }
      if (unit !== null && moves.length > 0) await this.announceMoves(unit, moves);
      return results;
    } finally {
      this.release(reserved);
    }
  }

  private release(reserved: ReadonlyMap<string, number>): void {
    for (const [userId, milli] of reserved) {
      const left = (this.reserved.get(userId) ?? 0) - milli;
      if (left > 0) this.reserved.set(userId, left);
      else this.reserved.delete(userId);
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
    exact: boolean,
  ): Promise<Settled[]> {
    const reserved = new Map<string, number>();
    try {
      const { results, afterCommit } = await this.storage.db
        .transaction()
        .execute((tx) => this.runBatch(tx, charges, usage, exact, reserved));
      this.runAfterCommit(afterCommit);
      return results;
    } finally {
      this.release(reserved);
    }
  }

  /**
   * The body of a batch. `exact`: balances are read under the write lock, so every check is
   * final (SQLite always; PostgreSQL when a charge is settled alone). Otherwise (PostgreSQL
   * batches, several in flight on their own connections) balances are read without a lock, less
   * what this process's other batches have reserved; a charge that fits goes ahead and the
   * guarded debit at the end decides (if it refuses, the whole batch is settled again exactly);
   * a charge that does not fit while other batches hold reservations is deferred and settled
   * exactly after this batch, so no call is refused that the balance covers.
   */
  private async runBatch(
    tx: Executor,
    charges: readonly Charge[],
    usage: readonly repo.UsageRow[],
    exact: boolean,
    reserved: Map<string, number>,
  ): Promise<{ results: Settled[]; afterCommit: AfterCommit[] }> {
    const now = Date.now();
    const results: Settled[] = [];
    const users = [...new Set(charges.map((c) => c.userId))].sort();
    const snapshot = users.length > 0 ? await repo.readBalances(tx, users, exact) : new Map<string, number>();
    const othersReserved = new Map(users.map((u) => [u, exact ? 0 : (this.reserved.get(u) ?? 0)]));
    const spent = new Map<string, number>();
    const charged: { charge: Charge; index: number; reply: CallReply; callbacks: AfterCommit[] }[] = [];

    for (const charge of charges) {
      const callbacks: AfterCommit[] = [...(charge.afterCommit ?? [])];
      const unit: UnitContext = { tx, afterCommit: (callback) => callbacks.push(callback) };
      const userSpent = spent.get(charge.userId) ?? 0;
      const known = (snapshot.get(charge.userId) ?? 0) - userSpent;
      const available = known - (othersReserved.get(charge.userId) ?? 0);
      // Only a charge that writes (an idempotency claim or an effect) needs a savepoint. Charges
      // run one after another, each releasing its savepoint before the next takes one, so one
      // name serves (and the statement text stays the same for the statement cache).
      const guarded =
        charge.idempotency !== null ||
        (charge.effect !== undefined && !(!exact && charge.effectNeedsNoSavepoint === true));
      const name = guarded ? SAVEPOINT : null;
      if (name !== null) await repo.savepoint(tx, name);
      const undo = async () => {
        if (name !== null) await repo.rollbackToSavepoint(tx, name);
      };

      if (charge.idempotency !== null) {
        const { fingerprint } = charge.idempotency;
        const key = recordKey(charge.idempotency);
        await repo.deleteExpiredIdempotency(tx, charge.userId, key, now);
        const claimed = await repo.claimIdempotencyKey(tx, {
          owner_id: charge.userId,
          idempotency_key: key,
          request_hash: fingerprint,
          status_code: 0,
          response_headers: '{}',
          response_body: '',
          created_at: now,
          expires_at: now + REPLAY_TTL_MS,
        });
        if (!claimed) {
          const stored = await repo.findIdempotency(tx, charge.userId, key);
          await undo();
          if (stored === undefined || stored.request_hash !== fingerprint || stored.status_code === 0) {
            results.push({ outcome: { kind: 'conflict' }, afterCommit: [] });
          } else {
            results.push({
              outcome: { kind: 'replayed', reply: storedReply(stored), balanceMilli: Math.max(0, known) },
              afterCommit: [],
            });
          }
          continue;
        }
      }

      if (charge.costMilli > available) {
        await undo();
        const doubt = (othersReserved.get(charge.userId) ?? 0) > 0;
        results.push({
          outcome: doubt
            ? DEFERRED
            : { kind: 'insufficient', costMilli: charge.costMilli, balanceMilli: Math.max(0, known) },
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
        if (name === null && charge.effect !== undefined) {
          throw new BatchAborted('an effect declared to need no savepoint declined after running');
        }
        await undo();
        results.push({ outcome: { kind: 'declined', reply, balanceMilli: known }, afterCommit: [] });
        continue;
      }

      if (charge.costMilli > 0) {
        spent.set(charge.userId, userSpent + charge.costMilli);
        if (!exact) {
          reserved.set(charge.userId, (reserved.get(charge.userId) ?? 0) + charge.costMilli);
          this.reserved.set(charge.userId, (this.reserved.get(charge.userId) ?? 0) + charge.costMilli);
        }
      }
      if (charge.idempotency !== null) {
        await repo.completeIdempotency(tx, charge.userId, recordKey(charge.idempotency), {
          status_code: reply.status,
          response_headers: JSON.stringify(reply.replayHeaders),
          response_body: reply.payload,
        });
      }
      // PostgreSQL: the savepoint is left open (one round trip saved per charge); the next one
      // nests inside it, and a later rollback to the name goes to the newest. Batches stay within
      // the subtransactions a backend caches (`PG_MAX_BATCH`).
      if (name !== null && !this.optimistic) await repo.releaseSavepoint(tx, name);
      charged.push({ charge, index: results.length, reply, callbacks });
      results.push({ outcome: DEFERRED, afterCommit: callbacks });
    }

    // One guarded debit per user, in id order (the lock order every batch follows). Each charged
    // call's balance after is then counted back from the user's final balance, so ledger rows and
    // headers hold the balance as of this batch's place in the commit order.
    const later = new Map<string, number>();
    const laterOf = charged.map(() => 0);
    for (let i = charged.length - 1; i >= 0; i--) {
      const { charge } = charged[i] as (typeof charged)[number];
      laterOf[i] = later.get(charge.userId) ?? 0;
      later.set(charge.userId, (laterOf[i] as number) + charge.costMilli);
    }
    const ledger: repo.LedgerRow[] = charged.map(({ charge }, i) => ({
      id: newId('led', now),
      user_id: charge.userId,
      key_id: charge.keyId,
      route: charge.route,
      amount_milli: -charge.costMilli,
      balance_after_milli: laterOf[i] as number,
      request_id: charge.requestId,
      idempotency_key: charge.idempotency?.key ?? null,
      reason: null,
      created_at: now,
    }));
    const finalBalance = new Map<string, number>();
    if (this.optimistic) {
      // PostgreSQL: debits, ledger rows and usage in one statement, at the very end, so the users'
      // rows stay locked for one round trip and the commit.
      const paid = charged.flatMap(({ charge }, i) =>
        charge.costMilli > 0
          ? [
              {
                ledger: ledger[i] as repo.LedgerRow,
                costMilli: charge.costMilli,
                laterMilli: laterOf[i] as number,
              },
            ]
          : [],
      );
      const balances = await repo.settlePaidCalls(tx, paid, usage);
      for (const userId of users) {
        const total = spent.get(userId) ?? 0;
        const after = balances.get(userId);
        if (total > 0 && after === undefined) {
          throw new BatchAborted(`the guarded debit of ${userId} refused the batch's total`);
        }
        finalBalance.set(userId, after ?? Math.max(0, snapshot.get(userId) ?? 0));
      }
    } else {
      for (const userId of users) {
        const total = spent.get(userId) ?? 0;
        const after =
          total === 0
            ? Math.max(0, snapshot.get(userId) ?? 0)
            : await repo.applyBalanceDelta(tx, userId, -total);
        if (after === undefined)
          throw new BatchAborted(`the guarded debit of ${userId} refused the batch's total`);
        finalBalance.set(userId, after);
      }
      for (const row of ledger) row.balance_after_milli += finalBalance.get(row.user_id) ?? 0;
      await repo.insertLedgerRows(
        tx,
        ledger.filter((row) => row.amount_milli !== 0),
      );
      await repo.addUsage(tx, usage);
    }
    const moves: BalanceMove[] = [];
    for (const userId of users) {
      const total = spent.get(userId) ?? 0;
      const after = finalBalance.get(userId) ?? 0;
      if (total > 0) moves.push({ userId, beforeMilli: after + total, afterMilli: after });
    }
    for (const [i, { charge, index, reply, callbacks }] of charged.entries()) {
      results[index] = {
        outcome: {
          kind: 'charged',
          reply,
          costMilli: charge.costMilli,
          balanceMilli: (finalBalance.get(charge.userId) ?? 0) + (laterOf[i] as number),
        },
        afterCommit: callbacks,
      };
    }
    const batchCallbacks: AfterCommit[] = [];
    if (moves.length > 0) {
      await this.announceMoves({ tx, afterCommit: (callback) => batchCallbacks.push(callback) }, moves);
    }
    return { results, afterCommit: batchCallbacks };
  }

  private async announceMoves(unit: UnitContext, moves: readonly BalanceMove[]): Promise<void> {
    for (const { listener } of this.listeners) await listener(unit, moves);
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

/** The record's key: the API key's id and the Idempotency-Key (visible ASCII, never a space). */
function recordKey(idempotency: { scope: string; key: string }): string {
  return `${idempotency.scope} ${idempotency.key}`;
}

/** A charge that only pays for a reply already computed: no effect, no Idempotency-Key. */
function isPaidReply(charge: Charge): boolean {
  return charge.effect === undefined && charge.idempotency === null && charge.reply !== undefined;
}

function storedReply(stored: repo.IdempotencyRow): StoredReply {
  return {
    status: Number(stored.status_code),
    payload: stored.response_body,
    headers: JSON.parse(stored.response_headers) as Record<string, string>,
  };
}

interface Settled {
  outcome: ChargeOutcome | typeof DEFERRED;
  afterCommit: readonly AfterCommit[];
}
