import { newId } from '../../lib/ids.ts';
import { iso } from '../../lib/time.ts';
import type { Executor } from '../../storage/tx.ts';
import * as repo from './repo.ts';
import type { EventType } from './schemas.ts';

export interface NewEvent {
  userId: string;
  type: EventType;
  data: Record<string, unknown>;
  /** When the cause happened (the event's `timestamp`); default now. */
  at?: number;
  /** Deliver only to this endpoint, whatever it subscribes to (`webhook.test`). */
  onlyEndpointId?: string;
}

export interface RecordedEvent {
  eventId: string;
  deliveryIds: string[];
}

/**
 * Writes an event and one delivery per enabled endpoint of the account that subscribes to its
 * type, inside `trx`, the transaction of the event's cause: if the cause rolls back, so does the
 * event; once it commits, the deliveries are in the queue and no crash can lose them. Nothing is
 * written when no endpoint wants the event. Call `notifyCommitted()` after the commit so that the
 * worker of this instance attempts the deliveries at once instead of at its next poll.
 */
export async function recordEvent(trx: Executor, event: NewEvent): Promise<RecordedEvent | null> {
  return recordFor(trx, event, await repo.enabledEndpoints(trx, event.userId));
}

/**
 * `recordEvent` for many events (a sweep's batch): each account's endpoints are read once.
 * Returns how many events were recorded (had at least one endpoint).
 */
export async function recordEvents(trx: Executor, events: readonly NewEvent[]): Promise<number> {
  let recorded = 0;
  const endpointsOf = new Map<string, Awaited<ReturnType<typeof repo.enabledEndpoints>>>();
  for (const event of events) {
    let endpoints = endpointsOf.get(event.userId);
    if (endpoints === undefined) {
      endpoints = await repo.enabledEndpoints(trx, event.userId);
      endpointsOf.set(event.userId, endpoints);
    }
    if ((await recordFor(trx, event, endpoints)) !== null) recorded++;
  }
  return recorded;
}

async function recordFor(
  trx: Executor,
  event: NewEvent,
  endpoints: Awaited<ReturnType<typeof repo.enabledEndpoints>>,
): Promise<RecordedEvent | null> {
  const targets = endpoints.filter((endpoint) =>
    event.onlyEndpointId !== undefined
      ? endpoint.id === event.onlyEndpointId
      : endpoint.events.split(' ').includes(event.type),
  );
  if (targets.length === 0) return null;
  const now = Date.now();
  const at = event.at ?? now;
  const eventId = newId('evt', now);
  await repo.insertEvent(trx, {
    id: eventId,
    user_id: event.userId,
    type: event.type,
    payload: JSON.stringify({ type: event.type, timestamp: iso(at), data: event.data }),
    created_at: now,
  });
  const deliveries: repo.DeliveryRow[] = targets.map((endpoint) => ({
    id: newId('dlv', now),
    event_id: eventId,
    endpoint_id: endpoint.id,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    leased_by: null,
    last_attempt_at: null,
    last_status_code: null,
    last_error: null,
    created_at: now,
  }));
  await repo.insertDeliveries(trx, deliveries);
  return { eventId, deliveryIds: deliveries.map((d) => d.id) };
}

type Waker = () => void;
const wakers = new Set<Waker>();

/**
 * Tells the delivery workers of this process that new deliveries committed. Other instances find
 * them at their next poll (`WEBHOOK_POLL_MS`); the instance that caused the event attempts them
 * at once. Calling it when nothing was recorded costs one claim query.
 */
export function notifyCommitted(): void {
  for (const wake of wakers) wake();
}

export function onCommitted(wake: Waker): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}
