import type { Selectable } from 'kysely';
import { onPostgres, runRaw } from '../../storage/raw.ts';
import type {
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from '../../storage/schema.ts';
import type { Executor } from '../../storage/tx.ts';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type EventRow = Selectable<WebhookEventsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

// ---- endpoints ----------------------------------------------------------------------------------

export async function insertEndpoint(db: Executor, row: EndpointRow): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export async function listEndpoints(db: Executor, userId: string): Promise<EndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

export async function countEndpoints(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findEndpoint(
  db: Executor,
  userId: string,
  id: string,
): Promise<EndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The account's enabled endpoints: the candidates for a new event. */
export async function enabledEndpoints(
  db: Executor,
  userId: string,
): Promise<Pick<EndpointRow, 'id' | 'events'>[]> {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('user_id', '=', userId)
    .where('enabled', '=', 1)
    .execute();
}

/** Deletes an endpoint with every delivery queued to it. Returns whether it existed. */
export async function deleteEndpoint(db: Executor, userId: string, id: string): Promise<boolean> {
  await db
    .deleteFrom('webhook_deliveries')
    .where('endpoint_id', 'in', (eb) =>
      eb.selectFrom('webhook_endpoints').select('id').where('id', '=', id).where('user_id', '=', userId),
    )
    .execute();
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function rotateSecret(
  db: Executor,
  id: string,
  secret: string,
  previousUntil: number,
): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({
      previous_secret: eb.ref('secret'),
      previous_secret_until: previousUntil,
      secret,
    }))
    .where('id', '=', id)
    .execute();
}

export async function enableEndpoint(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ enabled: 1, disabled_at: null, failing_since: null })
    .where('id', '=', id)
    .execute();
}

/** A success clears the failure streak (the failures it ends may have been recorded since the claim). */
export async function markEndpointHealthy(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', id)
    .where('failing_since', 'is not', null)
    .execute();
}

/**
 * Records a failure; disables the endpoint when its attempts have failed since `disableBefore`
 * or earlier. Returns true when this call disabled it.
 */
export async function markEndpointFailing(
  db: Executor,
  id: string,
  now: number,
  disableBefore: number,
): Promise<boolean> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: now })
    .where('id', '=', id)
    .where('failing_since', 'is', null)
    .execute();
  const disabled = await db
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_at: now })
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .where('failing_since', '<=', disableBefore)
    .returning('id')
    .executeTakeFirst();
  return disabled !== undefined;
}

// ---- events and deliveries ----------------------------------------------------------------------

export async function insertEvent(db: Executor, row: EventRow): Promise<void> {
  await db.insertInto('webhook_events').values(row).execute();
}

export async function insertDeliveries(db: Executor, rows: DeliveryRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('webhook_deliveries').values(rows).execute();
}

export interface DeliveryView extends DeliveryRow {
  event_type: string;
}

export async function listDeliveries(
  db: Executor,
  endpointId: string,
  beforeId: string | null,
  limit: number,
): Promise<DeliveryView[]> {
  let query = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select('e.type as event_type')
    .where('d.endpoint_id', '=', endpointId);
  if (beforeId !== null) query = query.where('d.id', '<', beforeId);
  return query.orderBy('d.id', 'desc').limit(limit).execute();
}

export async function findDelivery(
  db: Executor,
  endpointId: string,
  id: string,
): Promise<DeliveryRow | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirst();
}

/**
 * Makes a delivery due now (a manual retry). Refused (false) while an attempt holds its lease:
 * the retry would otherwise run beside the attempt in progress.
 */
export async function retryNow(db: Executor, id: string, now: number): Promise<boolean> {
  const row = await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: now, leased_by: null })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('leased_by', 'is', null), eb('next_attempt_at', '<=', now)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Settles every queued (not in-flight) delivery of a disabled endpoint as exhausted. */
export async function exhaustQueued(db: Executor, endpointId: string, reason: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'exhausted', next_attempt_at: null, last_error: reason })
    .where('endpoint_id', '=', endpointId)
    .where('next_attempt_at', 'is not', null)
    .where('leased_by', 'is', null)
    .execute();
}

/**
 * The endpoints with at least one due delivery: one index probe per endpoint (on
 * `webhook_deliveries_due`), so the cost follows the number of endpoints, never the backlog.
 */
const DUE_ENDPOINTS = `select e.id from webhook_endpoints e
  where exists (select 1 from webhook_deliveries d where d.endpoint_id = e.id and d.next_attempt_at <= ?)`;

export async function dueEndpoints(db: Executor, now: number): Promise<string[]> {
  const { rows } = await runRaw<{ id: string }>(db, DUE_ENDPOINTS, [now]);
  return rows.map((row) => row.id);
}

export interface ClaimOptions {
  endpointId: string;
  now: number;
  leaseUntil: number;
  token: string;
  limit: number;
}

/*
 * The claim: one statement takes up to `limit` due deliveries of one endpoint, oldest first, and
 * leases them by moving `next_attempt_at` to the end of the lease and stamping a token. On
 * PostgreSQL the rows are chosen `FOR UPDATE SKIP LOCKED`: a concurrent claim on another instance
 * skips them rather than waiting, and once this statement commits they are no longer due, so no
 * two instances ever hold the same delivery. SQLite runs one write at a time, so the subquery and
 * the update are atomic there by themselves.
 */
const CLAIM = `update webhook_deliveries set next_attempt_at = ?, leased_by = ?
  where id in (
    select id from webhook_deliveries
    where endpoint_id = ? and next_attempt_at <= ?
    order by next_attempt_at
    limit ?%LOCK%
  )
  returning id`;
const CLAIM_POSTGRES = CLAIM.replace('%LOCK%', ' for update skip locked');
const CLAIM_SQLITE = CLAIM.replace('%LOCK%', '');

export async function claimDue(db: Executor, options: ClaimOptions): Promise<string[]> {
  const result = await runRaw<{ id: string }>(db, onPostgres(db) ? CLAIM_POSTGRES : CLAIM_SQLITE, [
    options.leaseUntil,
    options.token,
    options.endpointId,
    options.now,
    options.limit,
  ]);
  return result.rows.map((row) => row.id);
}

export interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  attempts: number;
  payload: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: number | null;
  /** The endpoint's failure streak as the claim saw it (a success clears it when set). */
  failing_since: number | null;
}

const LOAD_CLAIMED = `select d.id, d.endpoint_id, d.attempts, e.payload, p.url, p.secret, p.previous_secret,
    p.previous_secret_until, p.failing_since
  from webhook_deliveries d
  join webhook_events e on e.id = d.event_id
  join webhook_endpoints p on p.id = d.endpoint_id
  where d.leased_by = ? and d.id in `;

/**
 * What the attempts of claimed deliveries need, for those still held by `token` (unique to one
 * claim). A delivery deleted meanwhile with its endpoint is not among them.
 */
export async function loadClaimed(
  db: Executor,
  ids: readonly string[],
  token: string,
): Promise<ClaimedDelivery[]> {
  if (ids.length === 0) return [];
  const text = `${LOAD_CLAIMED}(${ids.map(() => '?').join(', ')})`;
  const { rows } = await runRaw<ClaimedDelivery>(db, text, [token, ...ids]);
  return rows.map((row) => ({
    ...row,
    attempts: Number(row.attempts),
    previous_secret_until: row.previous_secret_until === null ? null : Number(row.previous_secret_until),
    failing_since: row.failing_since === null ? null : Number(row.failing_since),
  }));
}

const SETTLE = `update webhook_deliveries
  set status = ?, next_attempt_at = ?, last_attempt_at = ?, last_status_code = ?, last_error = ?,
    leased_by = null, attempts = attempts + 1
  where id = ? and leased_by = ?
  returning id`;

/**
 * Records an attempt's outcome, if the lease is still ours. Returns false when it was not (the
 * delivery was deleted with its endpoint, or retried by hand meanwhile).
 */
export async function settle(
  db: Executor,
  id: string,
  token: string,
  outcome: Pick<
    DeliveryRow,
    'status' | 'next_attempt_at' | 'last_attempt_at' | 'last_status_code' | 'last_error'
  >,
): Promise<boolean> {
  const { rows } = await runRaw(db, SETTLE, [
    outcome.status,
    outcome.next_attempt_at,
    outcome.last_attempt_at,
    outcome.last_status_code,
    outcome.last_error,
    id,
    token,
  ]);
  return rows.length > 0;
}

// ---- retention and accounts ---------------------------------------------------------------------

/** Drops settled deliveries created before `before`, then events left without a delivery. */
export async function prune(db: Executor, before: number): Promise<void> {
  await db
    .deleteFrom('webhook_deliveries')
    .where('created_at', '<', before)
    .where('next_attempt_at', 'is', null)
    .execute();
  await db
    .deleteFrom('webhook_events')
    .where('created_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('webhook_deliveries').select('id').whereRef('event_id', '=', 'webhook_events.id')),
      ),
    )
    .execute();
}

/** Erases an account's endpoints, their deliveries and its events. */
export async function eraseUser(db: Executor, userId: string): Promise<void> {
  await db
    .deleteFrom('webhook_deliveries')
    .where('endpoint_id', 'in', (eb) =>
      eb.selectFrom('webhook_endpoints').select('id').where('user_id', '=', userId),
    )
    .execute();
  await db.deleteFrom('webhook_events').where('user_id', '=', userId).execute();
  await db.deleteFrom('webhook_endpoints').where('user_id', '=', userId).execute();
}
