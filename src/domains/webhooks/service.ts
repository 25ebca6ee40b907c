import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { isId, newId } from '../../lib/ids.ts';
import { decodeCursor, page } from '../../lib/paging.ts';
import { DAY, HOUR, iso, isoOrNull } from '../../lib/time.ts';
import { BlockedHostError, resolveAllowed } from '../../net/addresses.ts';
import type { Storage } from '../../storage/db.ts';
import { LeasedJob } from '../../storage/leases.ts';
import type { Executor } from '../../storage/tx.ts';
import * as accounts from '../accounts/repo.ts';
import { notifyCommitted, recordEvent } from './outbox.ts';
import * as repo from './repo.ts';
import { EVENT_TYPES, type EventType } from './schemas.ts';
import { newSecret } from './signing.ts';
import { DeliveryWorker } from './worker.ts';

export interface Endpoint {
  id: string;
  url: string;
  events: EventType[];
  description: string;
  enabled: boolean;
  createdAt: string;
  disabledAt: string | null;
}

export interface Delivery {
  id: string;
  eventId: string;
  eventType: EventType;
  status: repo.DeliveryRow['status'];
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
}

export function endpointJson(row: repo.EndpointRow): Endpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events.split(' ') as EventType[],
    description: row.description,
    enabled: Number(row.enabled) === 1,
    createdAt: iso(Number(row.created_at)),
    disabledAt: isoOrNull(row.disabled_at === null ? null : Number(row.disabled_at)),
  };
}

function deliveryJson(row: repo.DeliveryView): Delivery {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type as EventType,
    status: row.status,
    attempts: Number(row.attempts),
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: row.last_error,
    nextAttemptAt: isoOrNull(row.next_attempt_at === null ? null : Number(row.next_attempt_at)),
    createdAt: iso(Number(row.created_at)),
  };
}

/** For 24 h after a rotation, deliveries are signed with the old secret as well. */
export const ROTATION_OVERLAP_MS = DAY;
/** Settled deliveries (and events left without any) are kept this long. */
const RETENTION_MS = 30 * DAY;
const DELIVERY_ID = /^dlv_[0-9a-z]{26}$/;
const DNS_TIMEOUT_MS = 5000;

/**
 * Outbound events: endpoints, the outbox, the delivery worker. Events enter through
 * `recordEvent` (outbox.ts) inside their cause's transaction; routes never write events.
 */
export class WebhooksService {
  private worker: DeliveryWorker | null = null;
  private maintenance: LeasedJob | null = null;

  constructor(
    private readonly storage: Storage,
    private readonly config: Config['webhooks'],
    private readonly log: Logger,
  ) {}

  /** Starts this instance's delivery worker and the hourly retention job. */
  startWorker(): void {
    if (this.worker) return;
    this.worker = new DeliveryWorker(this.storage, this.config, this.log);
    this.worker.start();
    this.maintenance = new LeasedJob({
      db: this.storage.db,
      name: 'webhooks.retention',
      intervalMs: HOUR,
      log: this.log,
      run: () => repo.prune(this.storage.db, Date.now() - RETENTION_MS),
    });
    this.maintenance.start();
  }

  async close(): Promise<void> {
    await this.worker?.stop();
    this.worker = null;
    await this.maintenance?.stop();
    this.maintenance = null;
  }

  // ---- endpoints ---------------------------------------------------------------------------

  /** Refuses URLs that are not http(s), carry credentials, or reach a non-public address. */
  async checkUrl(raw: string): Promise<string> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw AppError.field('/url', 'must be an absolute http(s) URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw AppError.field('/url', 'must be an absolute http(s) URL');
    if (url.username !== '' || url.password !== '') throw AppError.field('/url', 'may not carry credentials');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        resolveAllowed(url.hostname, this.config.allowPrivate),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('DNS timed out')), DNS_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      if (error instanceof BlockedHostError) {
        throw AppError.field(
          '/url',
          `must reach a public address; ${url.hostname} resolves to ${error.address} (${error.kind})`,
        );
      }
      throw AppError.field('/url', `has a host that does not resolve (${url.hostname})`);
    } finally {
      clearTimeout(timer);
    }
    return url.href;
  }

  async create(
    userId: string,
    input: { url: string; events: EventType[]; description?: string | undefined },
  ): Promise<{ endpoint: Endpoint; secret: string }> {
    const url = await this.checkUrl(input.url);
    const now = Date.now();
    const secret = newSecret();
    const row: repo.EndpointRow = {
      id: newId('whk', now),
      user_id: userId,
      url,
      events: EVENT_TYPES.filter((type) => input.events.includes(type)).join(' '),
      description: (input.description ?? '').trim(),
      secret,
      previous_secret: null,
      previous_secret_until: null,
      enabled: 1,
      failing_since: null,
      disabled_at: null,
      created_at: now,
    };
    // The user row lock makes "count, then insert" atomic against a concurrent create.
    await this.writing(userId, async (tx) => {
      const limit = this.config.endpointsPerAccount;
      if ((await repo.countEndpoints(tx, userId)) >= limit) {
        throw new AppError('conflict', `An account may have at most ${limit} webhook endpoints.`);
      }
      await repo.insertEndpoint(tx, row);
    });
    return { endpoint: endpointJson(row), secret };
  }

  async list(userId: string): Promise<Endpoint[]> {
    return (await repo.listEndpoints(this.storage.db, userId)).map(endpointJson);
  }

  /**
   * A transaction on the account's endpoints that starts by locking the user row, so that
   * concurrent changes of one account (two creates racing the endpoint limit) run one at a time.
   */
  private writing<T>(userId: string, work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.storage.db.transaction().execute(async (tx) => {
      if (!(await accounts.lockUser(tx, userId))) throw AppError.unauthenticated();
      return work(tx);
    });
  }

  private async owned(db: Executor, userId: string, id: string): Promise<repo.EndpointRow> {
    const row = isId(id, 'whk') ? await repo.findEndpoint(db, userId, id) : undefined;
    if (!row) throw AppError.notFound('webhook endpoint');
    return row;
  }

  /** Deletes an endpoint; deliveries queued to it go with it (an attempt in flight ends unrecorded). */
  async remove(userId: string, id: string): Promise<void> {
    if (
      !isId(id, 'whk') ||
      !(await this.storage.db.transaction().execute((tx) => repo.deleteEndpoint(tx, userId, id)))
    )
      throw AppError.notFound('webhook endpoint');
  }

  async rotateSecret(userId: string, id: string): Promise<{ secret: string }> {
    const secret = newSecret();
    await this.writing(userId, async (tx) => {
      await this.owned(tx, userId, id);
      await repo.rotateSecret(tx, id, secret, Date.now() + ROTATION_OVERLAP_MS);
    });
    return { secret };
  }

  async enable(userId: string, id: string): Promise<Endpoint> {
    const row = await this.writing(userId, async (tx) => {
      await this.owned(tx, userId, id);
      await repo.enableEndpoint(tx, id);
      return this.owned(tx, userId, id);
    });
    return endpointJson(row);
  }

  /** Queues a `webhook.test` event to this endpoint alone. */
  async sendTest(userId: string, id: string): Promise<{ deliveryId: string }> {
    const recorded = await this.writing(userId, async (tx) => {
      const endpoint = await this.owned(tx, userId, id);
      if (Number(endpoint.enabled) !== 1)
        throw new AppError('conflict', 'This endpoint is disabled; enable it first.');
      return recordEvent(tx, { userId, type: 'webhook.test', data: {}, onlyEndpointId: id });
    });
    notifyCommitted();
    const deliveryId = recorded?.deliveryIds[0];
    if (deliveryId === undefined)
      throw new AppError('conflict', 'This endpoint is disabled; enable it first.');
    return { deliveryId };
  }

  // ---- deliveries --------------------------------------------------------------------------

  async deliveries(
    userId: string,
    id: string,
    limit: number,
    cursor: string | undefined,
  ): Promise<{ deliveries: Delivery[]; nextCursor: string | null }> {
    await this.owned(this.storage.db, userId, id);
    const beforeId = decodeCursor(cursor, DELIVERY_ID);
    const rows = await repo.listDeliveries(this.storage.db, id, beforeId, limit + 1);
    const { items, nextCursor } = page(rows, limit);
    return { deliveries: items.map(deliveryJson), nextCursor };
  }

  /** One more attempt now, whatever the delivery's state. */
  async retry(userId: string, id: string, deliveryId: string): Promise<void> {
    await this.writing(userId, async (tx) => {
      const endpoint = await this.owned(tx, userId, id);
      const delivery = DELIVERY_ID.test(deliveryId) ? await repo.findDelivery(tx, id, deliveryId) : undefined;
      if (!delivery) throw AppError.notFound('delivery');
      if (Number(endpoint.enabled) !== 1)
        throw new AppError('conflict', 'This endpoint is disabled; enable it first.');
      if (!(await repo.retryNow(tx, deliveryId, Date.now())))
        throw new AppError('conflict', 'An attempt of this delivery is in progress.');
    });
    notifyCommitted();
  }

  // ---- accounts ----------------------------------------------------------------------------

  /** Erases an account's endpoints, queued deliveries and events inside `trx` (account deletion). */
  async eraseUser(trx: Executor, userId: string): Promise<void> {
    await repo.eraseUser(trx, userId);
  }

  /** An account's endpoints for its data export, without secrets. */
  async exportUser(userId: string, db: Executor = this.storage.db): Promise<Endpoint[]> {
    return (await repo.listEndpoints(db, userId)).map(endpointJson);
  }
}
