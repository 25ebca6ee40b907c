import { randomBytes } from 'node:crypto';
import { Cron } from 'croner';
import type { Logger } from 'pino';
import type { Storage } from '../../storage/db.ts';
import { acquireLease, releaseLease, renewLease } from '../../storage/leases.ts';
import type { CouncilService, PullOptions, PullSummary } from './service.ts';

export const COUNCIL_LEASE = 'council.pull';
/** A run renews its lease every third of this; a crashed holder blocks others for at most this. */
const LEASE_TTL_MS = 60_000;

/** The croner schedule for a period: aligned to the clock where the period divides an hour or a day. */
export function schedule(minutes: number): { pattern: string; interval?: number } {
  if (minutes < 60 && 60 % minutes === 0) return { pattern: `0 */${minutes} * * * *` };
  if (minutes === 60) return { pattern: '0 0 * * * *' };
  if (minutes % 60 === 0 && 24 % (minutes / 60) === 0) {
    return { pattern: minutes === 1440 ? '0 0 0 * * *' : `0 0 */${minutes / 60} * * *` };
  }
  return { pattern: '0 * * * * *', interval: minutes * 60 };
}

export type LeasedPull = { ran: true; summary: PullSummary } | { ran: false; holder: string | null };

/**
 * Runs a Council pull while holding the `council.pull` lease, so that one instance (or one
 * `orrery council pull`) pulls at a time. The lease is renewed during the run; if a renewal finds
 * it lost, no further feed is started. It is released when the run ends.
 */
export async function pullUnderLease(
  storage: Storage,
  council: CouncilService,
  holder: string,
  options: Omit<PullOptions, 'signal'>,
  log: Logger,
): Promise<LeasedPull> {
  if (!(await acquireLease(storage.db, COUNCIL_LEASE, holder, LEASE_TTL_MS))) {
    const row = await storage.db
      .selectFrom('leases')
      .select('holder')
      .where('name', '=', COUNCIL_LEASE)
      .executeTakeFirst();
    return { ran: false, holder: row?.holder ?? null };
  }
  const lost = new AbortController();
  const renewal = setInterval(() => {
    renewLease(storage.db, COUNCIL_LEASE, holder, LEASE_TTL_MS).then(
      (held) => {
        if (!held && !lost.signal.aborted) {
          log.warn(
            { lease: COUNCIL_LEASE, holder },
            'council lease lost; stopping after the feeds in flight',
          );
          lost.abort();
        }
      },
      (error: unknown) => log.warn({ err: error, lease: COUNCIL_LEASE }, 'council lease renewal failed'),
    );
  }, LEASE_TTL_MS / 3);
  renewal.unref();
  try {
    return { ran: true, summary: await council.pull({ ...options, signal: lost.signal }) };
  } finally {
    clearInterval(renewal);
    await releaseLease(storage.db, COUNCIL_LEASE, holder).catch((error: unknown) =>
      log.warn({ err: error, lease: COUNCIL_LEASE }, 'council lease release failed'),
    );
  }
}

/**
 * The periodic Council job. Every instance schedules it; at each tick the lease decides which
 * one pulls, and the others skip that tick. Feeds pulled recently by a tick elsewhere are not
 * due, so clock skew between instances does not fetch a feed twice.
 */
export class CouncilJob {
  readonly holder = `${process.pid}-${randomBytes(6).toString('hex')}`;
  private cron: Cron | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly storage: Storage,
    private readonly council: CouncilService,
    private readonly intervalMinutes: number,
    private readonly log: Logger,
  ) {}

  start(): void {
    if (this.cron !== null || this.intervalMinutes === 0) return;
    const { pattern, interval } = schedule(this.intervalMinutes);
    this.cron = new Cron(
      pattern,
      {
        timezone: 'Etc/UTC',
        protect: true,
        unref: true,
        ...(interval === undefined ? {} : { interval }),
        catch: (error) => this.log.error({ err: error }, 'council job failed'),
      },
      async () => {
        await this.runOnce();
      },
    );
    this.log.info({ pattern, interval, next: this.cron.nextRun()?.toISOString() }, 'council job scheduled');
  }

  /** One scheduled run: pull if this instance gets the lease. Never throws. */
  async runOnce(): Promise<LeasedPull | null> {
    if (this.running !== null) return null;
    const run = pullUnderLease(this.storage, this.council, this.holder, {}, this.log)
      .then((result) => {
        if (result.ran) {
          const { summary } = result;
          this.log.info(
            {
              feeds: summary.feeds.length,
              added: summary.added,
              seen: summary.seen,
              failed: summary.failed,
              skipped: summary.skipped,
              durationMs: summary.durationMs,
            },
            'council pull finished',
          );
        } else {
          this.log.debug({ holder: result.holder }, 'council pull skipped: another instance holds the lease');
        }
        return result;
      })
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'council pull failed');
        return null;
      });
    this.running = run;
    try {
      return await run;
    } finally {
      this.running = null;
    }
  }

  /** Stops scheduling and waits for a run in progress. */
  async stop(): Promise<void> {
    this.cron?.stop();
    this.cron = null;
    if (this.running !== null) await this.running;
  }
}
