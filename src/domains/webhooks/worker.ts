import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Storage } from '../../storage/db.ts';
import type { Executor } from '../../storage/tx.ts';
import { onCommitted } from './outbox.ts';
import * as repo from './repo.ts';
import { type AttemptOutcome, RESPONSE_KEEP_BYTES, Sender } from './sender.ts';
import { signatureHeader } from './signing.ts';

const { version } = createRequire(import.meta.url)('../../../package.json') as { version: string };
export const USER_AGENT = `Orrery-Webhooks/${version}`;
/** A lease outlives the longest attempt with room for a slow database write after it. */
const LEASE_MARGIN_MS = 30_000;
const DISABLED_REASON = 'Not attempted: the endpoint was disabled after its deliveries failed for days.';

/** The delay before retry `n` (1-based): the schedule's entry, ±10 % jitter. */
export function retryDelayMs(
  schedule: readonly number[],
  failedAttempts: number,
  random = Math.random,
): number | null {
  const base = schedule[failedAttempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (0.9 + 0.2 * random()));
}

/** Text a database column can hold: no NUL, at most the kept bytes' worth of characters. */
function storable(text: string): string {
  return text.replaceAll('\u0000', '').slice(0, RESPONSE_KEEP_BYTES);
}

/**
 * The delivery worker of one instance. It claims due deliveries from the database (see
 * `repo.claimDue`), at most `concurrency` in flight and at most `endpointConcurrency` per endpoint,
 * and attempts each one once per claim. It looks for endpoints with due work every `pollMs` and
 * when an event this process recorded commits, and claims again whenever an attempt frees a slot.
 * A worker that dies mid-attempt leaves its deliveries leased; they are due again when the lease
 * runs out and another attempt (with the same `webhook-id`) follows.
 */
export class DeliveryWorker {
  private readonly holder = `${process.pid}-${randomBytes(6).toString('hex')}`;
  private readonly sender: Sender;
  private readonly inFlight = new Map<string, number>();
  private readonly attempts = new Set<Promise<void>>();
  private total = 0;
  private claims = 0;
  private timer: NodeJS.Timeout | null = null;
  /** Endpoints believed to have due deliveries, in the order they are next served. */
  private readonly active = new Set<string>();
  private discoverNext = false;
  private ticking = false;
  private again = false;
  private stopped = true;
  private unsubscribe: () => void = () => {};
  private settling: Settling[] = [];
  private flushing = false;

  constructor(
    private readonly storage: Storage,
    private readonly config: Config['webhooks'],
    private readonly log: Pick<Logger, 'warn' | 'info'>,
  ) {
    // Endpoints on one host share its socket pool; the worker's own bounds are what limit it.
    this.sender = new Sender(config.allowPrivate, config.concurrency);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = onCommitted(() => this.wake(true));
    this.timer = setInterval(() => this.wake(true), this.config.pollMs);
    this.timer.unref();
    this.wake(true);
  }

  /** Stops claiming and waits for the attempts in flight (each ends within its timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.attempts]);
    this.sender.close();
  }

  /**
   * Asks for a claim round. `discover`: first read which endpoints have due deliveries (a poll,
   * or new events committed); without it (an attempt just ended) only the endpoints already known
   * to have work are claimed from.
   */
  wake(discover: boolean): void {
    if (this.stopped) return;
    if (discover) this.discoverNext = true;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = true;
    // Deferred to the end of this turn of the event loop: attempts that end together (and
    // commits that land together) share one claim round.
    void new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.tick())
      .catch((error: unknown) => this.log.warn({ err: error }, 'could not claim webhook deliveries'))
      .finally(() => {
        this.ticking = false;
        if (this.again) {
          this.again = false;
          this.wake(false);
        }
      });
  }

  /**
   * One claim round: every endpoint known to have due deliveries gets up to its free slots, in
   * turn (an endpoint just served goes to the back of the line, so when the instance's slots are
   * scarce they rotate among endpoints). An endpoint whose claim came back short has nothing
   * more due and leaves the set until a discovery finds it again.
   */
  private async tick(): Promise<void> {
    const now = Date.now();
    if (this.discoverNext) {
      this.discoverNext = false;
      for (const endpointId of await repo.dueEndpoints(this.storage.db, now)) this.active.add(endpointId);
    }
    for (const endpointId of [...this.active]) {
      const free = this.config.concurrency - this.total;
      if (free <= 0 || this.stopped) return;
      const room = Math.min(free, this.config.endpointConcurrency - (this.inFlight.get(endpointId) ?? 0));
      if (room <= 0) continue;
      const token = `${this.holder}:${++this.claims}`;
      const ids = await repo.claimDue(this.storage.db, {
        endpointId,
        now,
        leaseUntil: now + this.config.attemptTimeoutMs + LEASE_MARGIN_MS,
        token,
        limit: room,
      });
      this.active.delete(endpointId);
      if (ids.length === room) this.active.add(endpointId);
      for (const delivery of await repo.loadClaimed(this.storage.db, ids, token))
        this.launch(delivery, token);
    }
  }

  private launch(delivery: repo.ClaimedDelivery, token: string): void {
    this.total++;
    this.inFlight.set(delivery.endpoint_id, (this.inFlight.get(delivery.endpoint_id) ?? 0) + 1);
    let released = false;
    // The slot is the request: it frees as soon as the receiver has answered (or not), while the
    // outcome is still being written; the delivery stays leased until then, so no claim takes it.
    const release = () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.inFlight.get(delivery.endpoint_id) ?? 1) - 1;
      if (left <= 0) this.inFlight.delete(delivery.endpoint_id);
      else this.inFlight.set(delivery.endpoint_id, left);
      // The endpoint has a free slot again; claim its next delivery if it has one.
      this.active.add(delivery.endpoint_id);
      this.wake(false);
    };
    const attempt = this.attempt(delivery, token, release)
      .catch((error: unknown) =>
        this.log.warn({ err: error, deliveryId: delivery.id }, 'webhook attempt failed'),
      )
      .finally(() => {
        release();
        this.attempts.delete(attempt);
      });
    this.attempts.add(attempt);
  }

  private async attempt(delivery: repo.ClaimedDelivery, token: string, release: () => void): Promise<void> {
    const now = Date.now();
    const secrets = [delivery.secret];
    if (
      delivery.previous_secret !== null &&
      delivery.previous_secret_until !== null &&
      delivery.previous_secret_until > now
    ) {
      secrets.push(delivery.previous_secret);
    }
    const timestamp = Math.floor(now / 1000);
    const outcome: AttemptOutcome = await this.sender.send({
      url: delivery.url,
      body: delivery.payload,
      timeoutMs: this.config.attemptTimeoutMs,
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'webhook-id': delivery.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(secrets, delivery.id, timestamp, delivery.payload),
      },
    });
    const finished = Date.now();
    release();
    await this.settleSoon({ delivery, token, outcome, finished });
  }

  /**
   * Outcomes are recorded in batches: every outcome that arrives while a batch is being written
   * goes into the next one, so under load many attempts share one commit. A batch that fails as a
   * whole is written again one outcome per transaction, so one bad row never loses the others.
   */
  private settleSoon(outcome: Omit<Settling, 'resolve' | 'reject'>): Promise<void> {
    return new Promise((resolve, reject) => {
      this.settling.push({ ...outcome, resolve, reject });
      if (!this.flushing) void this.flushSettling();
    });
  }

  private async flushSettling(): Promise<void> {
    this.flushing = true;
    try {
      while (this.settling.length > 0) {
        // Endpoint rows are updated in id order, so two instances' batches never deadlock on them.
        const batch = this.settling
          .splice(0)
          .sort((a, b) =>
            a.delivery.endpoint_id < b.delivery.endpoint_id
              ? -1
              : a.delivery.endpoint_id > b.delivery.endpoint_id
                ? 1
                : 0,
          );
        try {
          await this.storage.db.transaction().execute(async (tx) => {
            for (const item of batch) await this.record(tx, item);
          });
          for (const item of batch) item.resolve();
        } catch {
          for (const item of batch) {
            try {
              await this.storage.db.transaction().execute((tx) => this.record(tx, item));
              item.resolve();
            } catch (error) {
              item.reject(error);
            }
          }
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  /** Writes one attempt's outcome, if the delivery is still leased to this attempt. */
  private async record(tx: Executor, { delivery, token, outcome, finished }: Settling): Promise<void> {
    if (outcome.ok) {
      const held = await repo.settle(tx, delivery.id, token, {
        status: 'succeeded',
        next_attempt_at: null,
        last_attempt_at: finished,
        last_status_code: outcome.statusCode,
        last_error: null,
      });
      if (held && delivery.failing_since !== null) await repo.markEndpointHealthy(tx, delivery.endpoint_id);
      return;
    }
    const delay = retryDelayMs(this.config.retryScheduleMs, delivery.attempts + 1);
    const held = await repo.settle(tx, delivery.id, token, {
      status: delay === null ? 'exhausted' : 'failed',
      next_attempt_at: delay === null ? null : finished + delay,
      last_attempt_at: finished,
      last_status_code: outcome.statusCode,
      last_error: storable(outcome.error),
    });
    if (!held) return;
    const disabled = await repo.markEndpointFailing(
      tx,
      delivery.endpoint_id,
      finished,
      finished - this.config.disableAfterMs,
    );
    if (disabled) {
      await repo.exhaustQueued(tx, delivery.endpoint_id, DISABLED_REASON);
      this.log.info({ endpointId: delivery.endpoint_id }, 'disabled a failing webhook endpoint');
    }
  }
}

interface Settling {
  delivery: repo.ClaimedDelivery;
  token: string;
  outcome: AttemptOutcome;
  finished: number;
  resolve(): void;
  reject(error: unknown): void;
}
