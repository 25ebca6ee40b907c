import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Executor } from './tx.ts';

/**
 * Leases: at most one instance runs a periodic job at a time. A lease is one row of `leases`
 * (name, holder, expires_at). Acquiring and renewing are the same single statement, an upsert
 * whose update only applies when the row is ours or has run out:
 *
 *   INSERT … ON CONFLICT (name) DO UPDATE SET holder, expires_at
 *     WHERE leases.holder = :me OR leases.expires_at <= :now  RETURNING holder
 *
 * Two instances racing for a free lease both reach the same row; the database applies one
 * upsert after the other, and the second sees a live lease held by someone else, so its WHERE
 * is false and it gets no row back. A holder that stops renewing (crash, network split) loses
 * the lease when `ttlMs` has passed; a job must therefore finish a run within the TTL, or renew.
 */
export async function acquireLease(
  db: Executor,
  name: string,
  holder: string,
  ttlMs: number,
  now = Date.now(),
): Promise<boolean> {
  const row = await db
    .insertInto('leases')
    .values({ name, holder, expires_at: now + ttlMs })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: now + ttlMs })
        .where((eb) => eb.or([eb('leases.holder', '=', holder), eb('leases.expires_at', '<=', now)])),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Renewing is acquiring again: it succeeds only while the lease is still ours or free. */
export const renewLease = acquireLease;

/** Gives a lease up early (on shutdown) so another instance need not wait for it to run out. */
export async function releaseLease(db: Executor, name: string, holder: string): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
}

export interface LeasedJobOptions {
  db: Executor;
  /** The lease name, one per job (e.g. `cosmos.sweeper`, `council.fetch`). */
  name: string;
  intervalMs: number;
  /** How long a lease lasts without renewal; default three intervals (at least 10 s). */
  ttlMs?: number;
  log: Pick<Logger, 'warn' | 'error'>;
  /** One run of the job. Only called while this instance holds the lease. */
  run(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` on whichever single instance holds the lease. Every tick renews
 * (or tries to take) the lease first; a tick that finds the lease held elsewhere does nothing.
 * Ticks never overlap within an instance. `stop()` waits for a run in progress and releases the
 * lease.
 */
export class LeasedJob {
  readonly holder = `${process.pid}-${randomBytes(6).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly ttlMs: number;

  constructor(private readonly options: LeasedJobOptions) {
    this.ttlMs = options.ttlMs ?? Math.max(10_000, options.intervalMs * 3);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  /** One tick now: take or renew the lease, and run the job if it is ours. Returns whether it ran. */
  async tick(): Promise<boolean> {
    if (this.running) return false;
    let ran = false;
    this.running = (async () => {
      try {
        if (!(await acquireLease(this.options.db, this.options.name, this.holder, this.ttlMs))) return;
        ran = true;
        await this.options.run();
      } catch (error) {
        this.options.log.warn({ err: error, job: this.options.name }, 'leased job failed');
      }
    })();
    try {
      await this.running;
    } finally {
      this.running = null;
    }
    return ran;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    const wasStarted = this.timer !== null;
    this.timer = null;
    if (this.running) await this.running;
    if (!wasStarted) return;
    try {
      await releaseLease(this.options.db, this.options.name, this.holder);
    } catch (error) {
      this.options.log.warn({ err: error, job: this.options.name }, 'could not release a lease');
    }
  }
}
