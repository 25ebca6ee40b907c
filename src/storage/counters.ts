import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Storage } from './db.ts';
import { runRaw } from './raw.ts';
import type { Executor } from './tx.ts';

export interface CounterState {
  count: number;
  /** Epoch ms at which this window ends and the count starts again from zero. */
  resetAt: number;
}

/**
 * Fixed-window counters for quotas, throttles and rate limits. A window opens at the first hit
 * and lasts `ttlMs`; both implementations increment and read in one atomic step, so concurrent
 * callers on any number of instances never both see the last free slot.
 */
export interface CounterStore {
  /**
   * Counts `by` hits. `within`, a caller's transaction, is where the database store writes the
   * count, so that it commits (or rolls back) with the caller's effect; Redis ignores it.
   */
  hit(key: string, ttlMs: number, by?: number, within?: Executor): Promise<CounterState>;
  peek(key: string): Promise<CounterState | null>;
  reset(key: string): Promise<void>;
  /** Deletes windows that have ended; a no-op where the store expires keys itself. */
  sweep(): Promise<number>;
  /** True while a store that falls back (Redis → database) is counting in its fallback. */
  readonly degradedNow?: boolean;
}

const HIT_SQL = `insert into counters (counter_key, count, expires_at) values (?, ?, ?)
  on conflict (counter_key) do update set
    count = case when counters.expires_at <= ? then ? else counters.count + excluded.count end,
    expires_at = case when counters.expires_at <= ? then ? else counters.expires_at end
  returning count, expires_at`;

export class DatabaseCounters implements CounterStore {
  constructor(private readonly storage: Storage) {}

  async hit(key: string, ttlMs: number, by = 1, within: Executor = this.storage.db): Promise<CounterState> {
    const now = Date.now();
    // Fixed SQL text: hot paths (every spawn) count here, and compiling a builder query costs more
    // than SQLite takes to run it.
    const result = await runRaw<{ count: number; expires_at: number }>(within, HIT_SQL, [
      key,
      by,
      now + ttlMs,
      now,
      by,
      now,
      now + ttlMs,
    ]);
    const row = result.rows[0];
    if (row === undefined) throw new Error('the counter upsert returned no row');
    return { count: Number(row.count), resetAt: Number(row.expires_at) };
  }

  async peek(key: string): Promise<CounterState | null> {
    const row = await this.storage.db
      .selectFrom('counters')
      .select(['count', 'expires_at'])
      .where('counter_key', '=', key)
      .where('expires_at', '>', Date.now())
      .executeTakeFirst();
    return row ? { count: Number(row.count), resetAt: Number(row.expires_at) } : null;
  }

  async reset(key: string): Promise<void> {
    await this.storage.db.deleteFrom('counters').where('counter_key', '=', key).execute();
  }

  async sweep(): Promise<number> {
    const result = await this.storage.db
      .deleteFrom('counters')
      .where('expires_at', '<=', Date.now())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
if count == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
return {count, ttl}`;

export class RedisCounters implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly namespace = 'orrery:counter:',
  ) {}

  async hit(key: string, ttlMs: number, by = 1): Promise<CounterState> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.namespace + key, by, ttlMs)) as [
      number,
      number,
    ];
    return { count, resetAt: Date.now() + ttl };
  }

  async peek(key: string): Promise<CounterState | null> {
    const replies = await this.redis
      .multi()
      .get(this.namespace + key)
      .pttl(this.namespace + key)
      .exec();
    const value = replies?.[0]?.[1];
    const ttl = Number(replies?.[1]?.[1] ?? 0);
    if (typeof value !== 'string') return null;
    return { count: Number(value), resetAt: Date.now() + Math.max(0, ttl) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.namespace + key);
  }

  async sweep(): Promise<number> {
    return 0;
  }
}

interface PendingHits {
  ttlMs: number;
  total: number;
  waiters: { by: number; resolve(state: CounterState): void; reject(error: unknown): void }[];
}

/**
 * Hits on one counter within one event-loop turn become one hit of their sum: one upsert (or one
 * Redis round trip) instead of one per call, so a hot counter (a key's spawn rate, its own rate
 * limit) is not a read-modify-write per call. Each caller gets the count its own hit reached, in
 * arrival order, as if the hits had been made one by one. Hits inside a caller's transaction
 * (`within`) go straight through: they must commit with it.
 */
export class CoalescingCounters implements CounterStore {
  private pending = new Map<string, PendingHits>();
  private scheduled = false;

  constructor(private readonly inner: CounterStore) {}

  get degradedNow(): boolean {
    return this.inner.degradedNow === true;
  }

  hit(key: string, ttlMs: number, by = 1, within?: Executor): Promise<CounterState> {
    if (within !== undefined) return this.inner.hit(key, ttlMs, by, within);
    return new Promise((resolve, reject) => {
      let entry = this.pending.get(key);
      if (entry === undefined) {
        entry = { ttlMs, total: 0, waiters: [] };
        this.pending.set(key, entry);
      }
      entry.total += by;
      entry.waiters.push({ by, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = new Map();
    for (const [key, entry] of batch) {
      this.inner.hit(key, entry.ttlMs, entry.total).then(
        (state) => {
          let count = state.count - entry.total;
          for (const waiter of entry.waiters) {
            count += waiter.by;
            waiter.resolve({ count, resetAt: state.resetAt });
          }
        },
        (error: unknown) => {
          for (const waiter of entry.waiters) waiter.reject(error);
        },
      );
    }
  }

  peek(key: string): Promise<CounterState | null> {
    return this.inner.peek(key);
  }

  reset(key: string): Promise<void> {
    return this.inner.reset(key);
  }

  sweep(): Promise<number> {
    return this.inner.sweep();
  }
}

/**
 * Redis counters that fall back to the database while Redis is down or silent, so that quotas
 * and rate limits keep holding (and routes keep answering) through a Redis outage.
 *
 * - Down (not connected): every call counts in the database at once.
 * - Silent (connected, commands time out): the first timeout switches to the database; from then
 *   on one call at a time, at most once per `retryMs`, tries Redis again, and the first success
 *   switches back.
 * - Each switch is logged once, not per request.
 *
 * While degraded, a window counts partly in each store: a limit may let through up to what was
 * counted on the other side of a switch. Refusing every call instead would turn a Redis outage
 * into an outage of every metered route.
 */
export class FallbackCounters implements CounterStore {
  private degraded = false;
  private retryAt = 0;
  private probing = false;

  constructor(
    private readonly primary: CounterStore,
    private readonly fallback: CounterStore,
    private readonly connected: () => boolean,
    private readonly retryMs: number,
    private readonly log: { warn(o: object, m: string): void; info(o: object, m: string): void },
  ) {}

  /** True while counts go to the database. */
  get degradedNow(): boolean {
    return this.degraded;
  }

  hit(key: string, ttlMs: number, by = 1, within?: Executor): Promise<CounterState> {
    return this.route((store) => store.hit(key, ttlMs, by, within));
  }

  peek(key: string): Promise<CounterState | null> {
    return this.route((store) => store.peek(key));
  }

  reset(key: string): Promise<void> {
    return this.route((store) => store.reset(key));
  }

  async sweep(): Promise<number> {
    return this.fallback.sweep();
  }

  private async route<T>(call: (store: CounterStore) => Promise<T>): Promise<T> {
    if (!this.connected()) {
      this.degrade(null);
      return call(this.fallback);
    }
    if (this.degraded) {
      // One probe at a time, once per retry interval; everyone else keeps to the database.
      if (this.probing || Date.now() < this.retryAt) return call(this.fallback);
      this.probing = true;
    }
    const probe = this.degraded;
    try {
      const result = await call(this.primary);
      if (this.degraded) {
        this.degraded = false;
        this.log.info(
          { dependency: 'redis' },
          'redis is back: counting quotas and rate limits in redis again',
        );
      }
      return result;
    } catch (error) {
      this.degrade(error);
      return call(this.fallback);
    } finally {
      if (probe) this.probing = false;
    }
  }

  private degrade(error: unknown): void {
    this.retryAt = Date.now() + this.retryMs;
    if (this.degraded) return;
    this.degraded = true;
    this.log.warn(
      { dependency: 'redis', err: error ?? undefined },
      'redis is unavailable: counting quotas and rate limits in the database until it is back',
    );
  }
}
