import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Storage } from '../../storage/db.ts';
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
 * and attempts each one once per claim. It looks for work every `pollMs`, when an event this
 * process recorded commits, and whenever an attempt frees a slot. A worker that dies mid-attempt
 * leaves its deliveries leased; they are due again when the lease runs out and another attempt
 * (with the same `webhook-id`) follows.
 */
export class DeliveryWorker {
  private readonly holder = `${process.pid}-${randomBytes(6).toString('hex')}`;
  private readonly sender: Sender;
  private readonly inFlight = new Map<string, number>();
  private readonly attempts = new Set<Promise<void>>();
  private total = 0;
  private claims = 0;
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private again = false;
  private stopped = true;
  private unsubscribe: () => void = () => {};

  constructor(
    private readonly storage: Storage,
    private readonly config: Config['webhooks'],
    private readonly log: Pick<Logger, 'warn' | 'info'>,
  ) {
    this.sender = new Sender(config.allowPrivate, config.endpointConcurrency * 4);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = onCommitted(() => this.wake());
    this.timer = setInterval(() => this.wake(), this.config.pollMs);
    this.timer.unref();
    this.wake();
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

  wake(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = true;
    void this.tick().finally(() => {
      this.ticking = false;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private async tick(): Promise<void> {
    for (;;) {
      const free = this.config.concurrency - this.total;
      if (free <= 0 || this.stopped) return;
      const busy: Record<string, number> = {};
      for (const [endpointId, n] of this.inFlight) busy[endpointId] = this.config.endpointConcurrency - n;
      const now = Date.now();
      const token = `${this.holder}:${++this.claims}`;
      let claimed: repo.ClaimedDelivery[];
      try {
        const ids = await repo.claimDue(this.storage.db, {
          now,
          leaseUntil: now + this.config.attemptTimeoutMs + LEASE_MARGIN_MS,
          token,
          limit: free,
          perEndpoint: this.config.endpointConcurrency,
          busy,
          scan: Math.max(256, free * 8),
        });
        claimed = await repo.loadClaimed(this.storage.db, ids, token);
      } catch (error) {
        this.log.warn({ err: error }, 'could not claim webhook deliveries');
        return;
      }
      for (const delivery of claimed) this.launch(delivery, token);
      // A full claim suggests more is due; otherwise wait for a wake-up or the next poll.
      if (claimed.length < free) return;
    }
  }

  private launch(delivery: repo.ClaimedDelivery, token: string): void {
    this.total++;
    this.inFlight.set(delivery.endpoint_id, (this.inFlight.get(delivery.endpoint_id) ?? 0) + 1);
    const attempt = this.attempt(delivery, token)
      .catch((error: unknown) =>
        this.log.warn({ err: error, deliveryId: delivery.id }, 'webhook attempt failed'),
      )
      .finally(() => {
        this.total--;
        const left = (this.inFlight.get(delivery.endpoint_id) ?? 1) - 1;
        if (left <= 0) this.inFlight.delete(delivery.endpoint_id);
        else this.inFlight.set(delivery.endpoint_id, left);
        this.attempts.delete(attempt);
        this.wake();
      });
    this.attempts.add(attempt);
  }

  private async attempt(delivery: repo.ClaimedDelivery, token: string): Promise<void> {
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
    await this.storage.db.transaction().execute(async (tx) => {
      if (outcome.ok) {
        const held = await repo.settle(tx, delivery.id, token, {
          status: 'succeeded',
          next_attempt_at: null,
          last_attempt_at: finished,
          last_status_code: outcome.statusCode,
          last_error: null,
        });
        if (held) await repo.markEndpointHealthy(tx, delivery.endpoint_id);
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
    });
  }
}
