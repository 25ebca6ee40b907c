import { CompiledQuery, type Selectable } from 'kysely';
import { onPostgres, runRaw } from '../../storage/raw.ts';
import type { CosmosEventsTable, CosmosObjectsTable } from '../../storage/schema.ts';
import type { Executor } from '../../storage/tx.ts';

export type ObjectRow = Selectable<CosmosObjectsTable>;
export type EventRow = Selectable<CosmosEventsTable>;

// The statements of a spawn run as fixed SQL text (`runRaw`): building and compiling a query costs
// several times what SQLite takes to run these small statements. Everything else here uses the
// query builder.
const run = runRaw;

const INSERT_OBJECT = `insert into cosmos_objects
  (id, owner_id, key_id, type, title, description, mood_target, family, layer_target, position, x, y, z, created_at, expires_at)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** An object's values in the column order of `INSERT_OBJECT`. */
function objectValues(row: ObjectRow): unknown[] {
  return [
    row.id,
    row.owner_id,
    row.key_id,
    row.type,
    row.title,
    row.description,
    row.mood_target,
    row.family,
    row.layer_target,
    row.position,
    row.x,
    row.y,
    row.z,
    row.created_at,
    row.expires_at,
  ];
}

export async function insertObject(db: Executor, row: ObjectRow): Promise<void> {
  await run(db, INSERT_OBJECT, objectValues(row));
}

/**
 * Claims position `idx` of namespace `ns` for an object, in one statement: inserts the row, or
 * takes over a row whose holder has expired. Returns false when a live object holds it.
 *
 * Under concurrency the primary key decides. On PostgreSQL a second transaction claiming the
 * same position waits on the key until the first ends; if the first committed, the conflict
 * resolves against its live row, the WHERE is false, and no row comes back (ON CONFLICT never
 * raises, so the caller's transaction, which holds the debit, stays usable). If the first rolled
 * back, the second's insert goes ahead. SQLite runs one write transaction at a time.
 */
const CLAIM_POSITION = `insert into cosmos_positions (ns, idx, object_id, expires_at) values (?, ?, ?, ?)
  on conflict (ns, idx) do update set object_id = excluded.object_id, expires_at = excluded.expires_at
  where cosmos_positions.expires_at is not null and cosmos_positions.expires_at <= ?
  returning idx`;

export async function claimPosition(
  db: Executor,
  claim: { ns: string; idx: number; objectId: string; expiresAt: number | null },
  now: number,
): Promise<boolean> {
  const result = await run(db, CLAIM_POSITION, [claim.ns, claim.idx, claim.objectId, claim.expiresAt, now]);
  return result.rows.length > 0;
}

/**
 * Claims a position and, only if the claim holds, inserts the object and its `spawned` event.
 * Returns the event id, or null when a live object holds the position (then nothing was written).
 * On PostgreSQL it is one statement (one round trip): the object and event inserts are
 * conditioned on the claim's CTE.
 */
const CLAIM_AND_INSERT_POSTGRES = `with claim as (
    insert into cosmos_positions (ns, idx, object_id, expires_at) values ($16::text, $17::integer, $1::text, $15::bigint)
    on conflict (ns, idx) do update set object_id = excluded.object_id, expires_at = excluded.expires_at
    where cosmos_positions.expires_at is not null and cosmos_positions.expires_at <= $18::bigint
    returning idx
  ),
  object as (
    insert into cosmos_objects
      (id, owner_id, key_id, type, title, description, mood_target, family, layer_target, position, x, y, z, created_at, expires_at)
    select $1::text, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::integer, $10::text,
           $11::double precision, $12::double precision, $13::double precision, $14::bigint, $15::bigint
    where exists (select 1 from claim)
    returning id
  )
  insert into cosmos_events (kind, object_id, data, created_at)
  select 'spawned', id, $19::text, $14::bigint from object
  returning id`;

export async function claimAndInsert(
  db: Executor,
  claim: { ns: string; idx: number },
  row: ObjectRow,
  eventData: string,
  now: number,
): Promise<number | null> {
  if (onPostgres(db)) {
    const result = await db.executeQuery<{ id: number }>(
      CompiledQuery.raw(CLAIM_AND_INSERT_POSTGRES, [
        ...objectValues(row),
        claim.ns,
        claim.idx,
        now,
        eventData,
      ]),
    );
    const id = result.rows[0]?.id;
    return id === undefined ? null : Number(id);
  }
  if (!(await claimPosition(db, { ...claim, objectId: row.id, expiresAt: row.expires_at }, now))) return null;
  await insertObject(db, row);
  return insertEvent(db, { kind: 'spawned', object_id: row.id, data: eventData, created_at: row.created_at });
}

/** Position numbers ≥ `from` held by live objects, ascending, at most `limit`. */
export async function liveIndices(
  db: Executor,
  ns: string,
  from: number,
  limit: number,
  now: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('cosmos_positions')
    .select('idx')
    .where('ns', '=', ns)
    .where('idx', '>=', from)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('idx')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.idx));
}

export async function findLive(db: Executor, id: string, now: number): Promise<ObjectRow | undefined> {
  return db
    .selectFrom('cosmos_objects')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
}

/** Live objects newest first (ids are time-ordered), before `beforeId` when paging. */
export async function listLive(
  db: Executor,
  options: { layer?: number | undefined; type?: string | undefined; beforeId: string | null; limit: number },
  now: number,
): Promise<ObjectRow[]> {
  let query = db
    .selectFrom('cosmos_objects')
    .selectAll()
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
  if (options.layer !== undefined) query = query.where('layer_target', '=', options.layer);
  if (options.type !== undefined) query = query.where('type', '=', options.type as ObjectRow['type']);
  if (options.beforeId !== null) query = query.where('id', '<', options.beforeId);
  return query.orderBy('id', 'desc').limit(options.limit).execute();
}

export async function countLiveByType(db: Executor, now: number): Promise<{ type: string; n: number }[]> {
  const rows = await db
    .selectFrom('cosmos_objects')
    .select((eb) => ['type', eb.fn.countAll<number>().as('n')])
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .groupBy('type')
    .execute();
  return rows.map((r) => ({ type: r.type, n: Number(r.n) }));
}

/** When the next live object expires (null when none will). */
export async function nextExpiry(db: Executor, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('cosmos_objects')
    .select((eb) => eb.fn.min('expires_at').as('at'))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

/**
 * Removes up to `limit` expired objects and returns them. The delete is the claim: two sweeps
 * racing (a lease that changed hands mid-run) each get disjoint rows, so no object is archived or
 * announced twice.
 */
export async function takeExpired(db: Executor, now: number, limit: number): Promise<ObjectRow[]> {
  return db
    .deleteFrom('cosmos_objects')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('cosmos_objects')
        .select('id')
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit),
    )
    .returningAll()
    .execute();
}

export async function archive(db: Executor, rows: ObjectRow[], now: number): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('cosmos_archive')
    .values(rows.map((row) => ({ ...row, archived_at: now })))
    .execute();
}

/** Frees the positions these (expired) objects hold, unless a spawn has already taken one over. */
export async function releasePositions(
  db: Executor,
  held: { ns: string; idx: number; objectId: string }[],
): Promise<void> {
  for (const { ns, idx, objectId } of held) {
    await db
      .deleteFrom('cosmos_positions')
      .where('ns', '=', ns)
      .where('idx', '=', idx)
      .where('object_id', '=', objectId)
      .execute();
  }
}

const INSERT_EVENT =
  'insert into cosmos_events (kind, object_id, data, created_at) values (?, ?, ?, ?) returning id';

/** Appends an event to the log and returns its id. */
export async function insertEvent(
  db: Executor,
  event: { kind: EventRow['kind']; object_id: string; data: string; created_at: number },
): Promise<number> {
  const result = await run<{ id: number }>(db, INSERT_EVENT, [
    event.kind,
    event.object_id,
    event.data,
    event.created_at,
  ]);
  return Number(result.rows[0]?.id);
}

export async function eventsAfter(
  db: Executor,
  afterId: number,
  limit: number,
  kind?: EventRow['kind'],
): Promise<EventRow[]> {
  let query = db.selectFrom('cosmos_events').selectAll().where('id', '>', afterId);
  if (kind !== undefined) query = query.where('kind', '=', kind);
  return query.orderBy('id').limit(limit).execute();
}

/**
 * The id after which a replay starts: of the events after `afterId` logged since `since`, only
 * the newest `limit` are replayed.
 */
export async function replayStart(
  db: Executor,
  afterId: number,
  since: number,
  limit: number,
): Promise<number> {
  if (limit <= 0) return Number.MAX_SAFE_INTEGER;
  const row = await db
    .selectFrom('cosmos_events')
    .select('id')
    .where('id', '>', afterId)
    .where('created_at', '>=', since)
    .orderBy('id', 'desc')
    .limit(1)
    .offset(limit - 1)
    .executeTakeFirst();
  return row === undefined ? afterId : Math.max(afterId, Number(row.id) - 1);
}

/** One page of a replay: events after `afterId` logged since `since`, oldest first. */
export async function replayPage(
  db: Executor,
  afterId: number,
  since: number,
  limit: number,
): Promise<EventRow[]> {
  return db
    .selectFrom('cosmos_events')
    .selectAll()
    .where('id', '>', afterId)
    .where('created_at', '>=', since)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function lastEventId(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('cosmos_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id == null ? 0 : Number(row.id);
}

/**
 * Keeps the event log bounded: drops events older than `before` and all but the last `keep`.
 * Ids grow with time, so "older than" is everything below the first id logged since `before`.
 */
export async function pruneEvents(db: Executor, before: number, keep: number): Promise<void> {
  const last = await lastEventId(db);
  const firstRecent = await db
    .selectFrom('cosmos_events')
    .select((eb) => eb.fn.min('id').as('id'))
    .where('created_at', '>=', before)
    .executeTakeFirst();
  const keepFrom = Math.max(last - keep + 1, firstRecent?.id == null ? last + 1 : Number(firstRecent.id));
  await db.deleteFrom('cosmos_events').where('id', '<', keepFrom).execute();
}

export async function pruneArchive(db: Executor, before: number): Promise<void> {
  await db.deleteFrom('cosmos_archive').where('archived_at', '<', before).execute();
}

/** Who spawned an object, once that account is erased: the object stays until it expires. */
export const ERASED_OWNER = 'erased';

/** Cuts an erased person's spawned objects (live and archived) loose from them and their keys. */
export async function disownObjects(db: Executor, userId: string): Promise<void> {
  for (const table of ['cosmos_objects', 'cosmos_archive'] as const) {
    await db
      .updateTable(table)
      .set({ owner_id: ERASED_OWNER, key_id: ERASED_OWNER })
      .where('owner_id', '=', userId)
      .execute();
  }
}
