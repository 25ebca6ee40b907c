import { type Kysely, sql } from 'kysely';
import type { CheckinsTable, Database } from '../../storage/schema.ts';
import type { Executor } from '../../storage/tx.ts';

export type CheckinRow = CheckinsTable;

export async function insertCheckin(db: Executor, row: CheckinRow): Promise<void> {
  await db.insertInto('checkins').values(row).execute();
}

/**
 * Serialises one person's check-ins on PostgreSQL (a row lock on the user until commit), so two
 * concurrent check-ins cannot both believe they are the latest and write crossed rollups. On
 * SQLite transactions already run one at a time. Returns false when the account no longer exists
 * (erased between the request's authentication and this transaction).
 */
export async function lockPerson(
  db: Executor,
  engine: 'sqlite' | 'postgres',
  userId: string,
): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('id', '=', userId);
  if (engine === 'postgres') query = query.forUpdate();
  return (await query.executeTakeFirst()) !== undefined;
}

/** The check-in just before `(at, id)` in the person's time order. */
export async function previousCheckin(
  db: Executor,
  userId: string,
  at: number,
  id: string,
): Promise<Pick<CheckinRow, 'id' | 'at' | 'family'> | undefined> {
  return db
    .selectFrom('checkins')
    .select(['id', 'at', 'family'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('at', '<', at), eb.and([eb('at', '=', at), eb('id', '<', id)])]))
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function hasLaterCheckin(
  db: Executor,
  userId: string,
  at: number,
  id: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('checkins')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('at', '>', at), eb.and([eb('at', '=', at), eb('id', '>', id)])]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Check-ins of one person with `at` in [from, to), in time order. */
export async function checkinsBetween(db: Executor, userId: string, from: number, to: number) {
  return db
    .selectFrom('checkins')
    .select(['id', 'at', 'mood_id', 'family', 'valence', 'arousal', 'dominance', 'intensity'])
    .where('user_id', '=', userId)
    .where('at', '>=', from)
    .where('at', '<', to)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/**
 * A person's check-ins newest first (by `at`), for their own listing; notes included. `from` and
 * `to` bound `at` to [from, to).
 */
export async function listCheckins(
  db: Executor,
  userId: string,
  limit: number,
  before: { at: number; id: string } | null,
  range: { from: number | null; to: number | null } = { from: null, to: null },
) {
  let query = db.selectFrom('checkins').selectAll().where('user_id', '=', userId);
  if (range.from !== null) query = query.where('at', '>=', range.from);
  if (range.to !== null) query = query.where('at', '<', range.to);
  if (before) query = query.where((eb) => eb(eb.refTuple('at', 'id'), '<', eb.tuple(before.at, before.id)));
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** A person's check-ins oldest first after `(at, id)`, one page at a time (the export). */
export async function checkinsAfter(
  db: Executor,
  userId: string,
  after: { at: number; id: string } | null,
  limit: number,
): Promise<CheckinRow[]> {
  let query = db.selectFrom('checkins').selectAll().where('user_id', '=', userId);
  // A row-value comparison, so that both engines seek the index to the page's start; the
  // equivalent OR of comparisons makes PostgreSQL scan the person's rows from the beginning on
  // every page.
  if (after) query = query.where((eb) => eb(eb.refTuple('at', 'id'), '>', eb.tuple(after.at, after.id)));
  return query.orderBy('at').orderBy('id').limit(limit).execute();
}

/** One of the person's own check-ins; someone else's is as absent as one that never existed. */
export async function findOwnedCheckin(db: Executor, userId: string, id: string) {
  return db
    .selectFrom('checkins')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateCheckin(
  db: Executor,
  id: string,
  patch: Partial<
    Pick<
      CheckinRow,
      'mood_id' | 'family' | 'valence' | 'arousal' | 'dominance' | 'intensity' | 'note' | 'associations'
    >
  >,
): Promise<void> {
  await db.updateTable('checkins').set(patch).where('id', '=', id).execute();
}

export async function deleteCheckin(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('checkins').where('id', '=', id).execute();
}

/** The person's latest check-in of all (the one the pulse counts them by). */
export async function latestCheckin(db: Executor, userId: string) {
  return db
    .selectFrom('checkins')
    .select(['id', 'at', 'mood_id', 'family', 'valence'])
    .where('user_id', '=', userId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * What the history needs of a person's check-ins in [from, to), in time order: served from the
 * `checkins_history` index alone.
 */
export async function historyPoints(db: Executor, userId: string, from: number, to: number) {
  return db
    .selectFrom('checkins')
    .select(['at', 'family', 'valence', 'arousal', 'dominance'])
    .where('user_id', '=', userId)
    .where('at', '>=', from)
    .where('at', '<', to)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

export async function latestFamily(db: Executor, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('pulse_latest')
    .select('family')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.family;
}

export const BUCKET_MS = 3_600_000;

export function hourOf(at: number): number {
  return Math.floor(at / BUCKET_MS) * BUCKET_MS;
}

async function bumpLatestHour(
  db: Executor,
  row: { at: number; mood_id: string; family: string; valence: number },
  sign: 1 | -1,
): Promise<void> {
  await db
    .insertInto('pulse_latest_hours')
    .values({
      hour: hourOf(row.at),
      mood_id: row.mood_id,
      family: row.family,
      people: sign,
      valence_sum: sign * row.valence,
    })
    .onConflict((oc) =>
      oc.columns(['hour', 'mood_id']).doUpdateSet({
        people: sql<number>`pulse_latest_hours.people + ${sign}`,
        valence_sum: sql<number>`pulse_latest_hours.valence_sum + ${sign * row.valence}`,
      }),
    )
    .execute();
}

async function bumpMoveHour(
  db: Executor,
  move: { from: string; to: string; at: number },
  sign: 1 | -1,
): Promise<void> {
  await db
    .insertInto('pulse_move_hours')
    .values({ hour: hourOf(move.at), from_family: move.from, to_family: move.to, people: sign })
    .onConflict((oc) =>
      oc.columns(['hour', 'from_family', 'to_family']).doUpdateSet({
        people: sql<number>`pulse_move_hours.people + ${sign}`,
      }),
    )
    .execute();
}

/**
 * Makes a check-in the person's latest, moving them between hourly counts. The caller holds the
 * person's lock (see `lockPerson`), so the read-then-write cannot interleave with their other
 * check-ins; the hourly counts change by atomic increments shared safely with other people.
 */
export async function setLatest(db: Executor, row: Database['pulse_latest']): Promise<void> {
  const current = await db
    .selectFrom('pulse_latest')
    .selectAll()
    .where('user_id', '=', row.user_id)
    .executeTakeFirst();
  if (current) {
    await bumpLatestHour(db, { ...current, at: Number(current.at) }, -1);
    await db.updateTable('pulse_latest').set(row).where('user_id', '=', row.user_id).execute();
  } else {
    await db.insertInto('pulse_latest').values(row).execute();
  }
  await bumpLatestHour(db, row, 1);
}

/** Takes the person out of the latest-check-in rollups (their last check-in is gone). Person locked. */
export async function clearLatest(db: Executor, userId: string): Promise<void> {
  const current = await db
    .selectFrom('pulse_latest')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!current) return;
  await bumpLatestHour(db, { ...current, at: Number(current.at) }, -1);
  await db.deleteFrom('pulse_latest').where('user_id', '=', userId).execute();
}

/** Records that the person made a move at `at`, keeping the latest time per move. Person locked. */
export async function recordMove(db: Executor, userId: string, from: string, to: string, at: number) {
  const current = await db
    .selectFrom('pulse_moves')
    .select('at')
    .where('user_id', '=', userId)
    .where('from_family', '=', from)
    .where('to_family', '=', to)
    .executeTakeFirst();
  if (current && Number(current.at) >= at) return;
  if (current) {
    await bumpMoveHour(db, { from, to, at: Number(current.at) }, -1);
    await db
      .updateTable('pulse_moves')
      .set({ at })
      .where('user_id', '=', userId)
      .where('from_family', '=', from)
      .where('to_family', '=', to)
      .execute();
  } else {
    await db
      .insertInto('pulse_moves')
      .values({ user_id: userId, from_family: from, to_family: to, at })
      .execute();
  }
  await bumpMoveHour(db, { from, to, at }, 1);
}

/** Replaces all of one person's moves (after a back-dated check-in). Person locked. */
export async function replaceMoves(
  db: Executor,
  userId: string,
  moves: ReadonlyArray<{ from: string; to: string; at: number }>,
): Promise<void> {
  const old = await db
    .selectFrom('pulse_moves')
    .select(['from_family', 'to_family', 'at'])
    .where('user_id', '=', userId)
    .execute();
  for (const m of old) await bumpMoveHour(db, { from: m.from_family, to: m.to_family, at: Number(m.at) }, -1);
  await db.deleteFrom('pulse_moves').where('user_id', '=', userId).execute();
  if (moves.length === 0) return;
  await db
    .insertInto('pulse_moves')
    .values(moves.map((m) => ({ user_id: userId, from_family: m.from, to_family: m.to, at: m.at })))
    .execute();
  for (const m of moves) await bumpMoveHour(db, m, 1);
}

/**
 * People by the mood of their latest check-in at or after `since`: whole hours from the hourly
 * counts, the partial first hour from the per-person rows.
 */
export async function latestMoodCounts(db: Kysely<Database>, since: number) {
  const firstFullHour = Math.ceil(since / BUCKET_MS) * BUCKET_MS;
  const [hours, edge] = await Promise.all([
    db
      .selectFrom('pulse_latest_hours')
      .select([
        'mood_id',
        'family',
        sql<number>`sum(people)`.as('people'),
        sql<number>`sum(valence_sum)`.as('valence'),
      ])
      .where('hour', '>=', firstFullHour)
      .groupBy(['mood_id', 'family'])
      .execute(),
    db
      .selectFrom('pulse_latest')
      .select([
        'mood_id',
        'family',
        sql<number>`count(*)`.as('people'),
        sql<number>`sum(valence)`.as('valence'),
      ])
      .where('at', '>=', since)
      .where('at', '<', firstFullHour)
      .groupBy(['mood_id', 'family'])
      .execute(),
  ]);
  return [...hours, ...edge].map((r) => ({
    mood_id: r.mood_id,
    family: r.family,
    people: Number(r.people),
    valence: Number(r.valence),
  }));
}

/** People who made each move at least once at or after `since` (hours, then the partial hour). */
export async function moveCounts(db: Kysely<Database>, since: number) {
  const firstFullHour = Math.ceil(since / BUCKET_MS) * BUCKET_MS;
  const [hours, edge] = await Promise.all([
    db
      .selectFrom('pulse_move_hours')
      .select(['from_family', 'to_family', sql<number>`sum(people)`.as('people')])
      .where('hour', '>=', firstFullHour)
      .groupBy(['from_family', 'to_family'])
      .execute(),
    db
      .selectFrom('pulse_moves')
      .select(['from_family', 'to_family', sql<number>`count(*)`.as('people')])
      .where('at', '>=', since)
      .where('at', '<', firstFullHour)
      .groupBy(['from_family', 'to_family'])
      .execute(),
  ]);
  return [...hours, ...edge].map((r) => ({
    from_family: r.from_family,
    to_family: r.to_family,
    people: Number(r.people),
  }));
}

/**
 * Rebuilds every pulse rollup from the check-ins in set-based statements (run inside one
 * transaction). Used after bulk loads; equal to what the per-check-in maintenance produces.
 */
export async function rebuildRollups(db: Executor, horizon: number): Promise<void> {
  // A literal, not a parameter: PostgreSQL must see the grouped expression and the selected one
  // as the same expression.
  const HOUR_LITERAL = sql.lit(BUCKET_MS);
  for (const table of ['pulse_latest', 'pulse_moves', 'pulse_latest_hours', 'pulse_move_hours'] as const) {
    await db.deleteFrom(table).execute();
  }
  await sql`
    insert into pulse_latest (user_id, checkin_id, at, mood_id, family, valence)
    select user_id, id, at, mood_id, family, valence from (
      select user_id, id, at, mood_id, family, valence,
             row_number() over (partition by user_id order by at desc, id desc) as position
      from checkins
    ) ranked where position = 1`.execute(db);
  await sql`
    insert into pulse_moves (user_id, from_family, to_family, at)
    select user_id, previous_family, family, max(at) from (
      select user_id, family, at,
             lag(family) over (partition by user_id order by at, id) as previous_family
      from checkins
    ) steps
    where previous_family is not null and previous_family <> family and at >= ${horizon}
    group by user_id, previous_family, family`.execute(db);
  await sql`
    insert into pulse_latest_hours (hour, mood_id, family, people, valence_sum)
    select (at / ${HOUR_LITERAL}) * ${HOUR_LITERAL}, mood_id, family, count(*), sum(valence)
    from pulse_latest group by (at / ${HOUR_LITERAL}) * ${HOUR_LITERAL}, mood_id, family`.execute(db);
  await sql`
    insert into pulse_move_hours (hour, from_family, to_family, people)
    select (at / ${HOUR_LITERAL}) * ${HOUR_LITERAL}, from_family, to_family, count(*)
    from pulse_moves group by (at / ${HOUR_LITERAL}) * ${HOUR_LITERAL}, from_family, to_family`.execute(db);
}

/**
 * The part of `latestMoodCounts` that comes from accounts created after `bornAfter`: the pulse
 * subtracts it, so that only accounts old enough count. Reads the young accounts (a range of
 * `users_created`) and their one latest row each, so its cost follows the sign-ups of the last
 * day, not the population.
 */
export async function youngLatestCounts(db: Kysely<Database>, since: number, bornAfter: number) {
  const rows = await db
    .selectFrom('users')
    .innerJoin('pulse_latest', 'pulse_latest.user_id', 'users.id')
    .select([
      'pulse_latest.mood_id as mood_id',
      'pulse_latest.family as family',
      sql<number>`count(*)`.as('people'),
      sql<number>`sum(pulse_latest.valence)`.as('valence'),
    ])
    .where('users.created_at', '>', bornAfter)
    .where('pulse_latest.at', '>=', since)
    .groupBy(['pulse_latest.mood_id', 'pulse_latest.family'])
    .execute();
  return rows.map((r) => ({
    mood_id: r.mood_id,
    family: r.family,
    people: Number(r.people),
    valence: Number(r.valence),
  }));
}

/** The part of `moveCounts` that comes from accounts created after `bornAfter` (see above). */
export async function youngMoveCounts(db: Kysely<Database>, since: number, bornAfter: number) {
  const rows = await db
    .selectFrom('users')
    .innerJoin('pulse_moves', 'pulse_moves.user_id', 'users.id')
    .select([
      'pulse_moves.from_family as from_family',
      'pulse_moves.to_family as to_family',
      sql<number>`count(*)`.as('people'),
    ])
    .where('users.created_at', '>', bornAfter)
    .where('pulse_moves.at', '>=', since)
    .groupBy(['pulse_moves.from_family', 'pulse_moves.to_family'])
    .execute();
  return rows.map((r) => ({ from_family: r.from_family, to_family: r.to_family, people: Number(r.people) }));
}

/**
 * Distinct-people counts of a closed interval [start, end), straight from the check-ins, for
 * accounts created at or before `bornBy`: people by the mood of their latest check-in in it, and
 * people by each move they made in it. A move's earlier side may lie up to `lookbackMs` before
 * `start` (the rollups' horizon); run once per day by the pulse history.
 */
export async function intervalCounts(
  db: Kysely<Database>,
  start: number,
  end: number,
  bornBy: number,
  lookbackMs: number,
) {
  const moods = await sql<{ mood_id: string; family: string; people: number }>`
    select mood_id, family, count(*) as people from (
      select c.mood_id, c.family,
             row_number() over (partition by c.user_id order by c.at desc, c.id desc) as position
      from checkins c join users u on u.id = c.user_id
      where c.at >= ${start} and c.at < ${end} and u.created_at <= ${bornBy}
    ) ranked where position = 1
    group by mood_id, family`.execute(db);
  const moves = await sql<{ from_family: string; to_family: string; people: number }>`
    select previous_family as from_family, family as to_family, count(distinct user_id) as people from (
      select c.user_id, c.family, c.at,
             lag(c.family) over (partition by c.user_id order by c.at, c.id) as previous_family
      from checkins c join users u on u.id = c.user_id
      where c.at >= ${start - lookbackMs} and c.at < ${end} and u.created_at <= ${bornBy}
    ) steps
    where at >= ${start} and previous_family is not null and previous_family <> family
    group by previous_family, family`.execute(db);
  return {
    moods: moods.rows.map((r) => ({ mood_id: r.mood_id, family: r.family, people: Number(r.people) })),
    moves: moves.rows.map((r) => ({
      from_family: r.from_family,
      to_family: r.to_family,
      people: Number(r.people),
    })),
  };
}

export async function pulseDays(db: Executor, window: string, dates: readonly string[]) {
  if (dates.length === 0) return [];
  return db
    .selectFrom('pulse_days')
    .select(['date', 'pulse'])
    .where('window', '=', window)
    .where('date', 'in', dates)
    .execute();
}

/** Stores a day's pulse unless one is stored already: the first release stands for ever. */
export async function insertPulseDay(db: Executor, row: Database['pulse_days']): Promise<void> {
  await db
    .insertInto('pulse_days')
    .values(row)
    .onConflict((oc) => oc.columns(['window', 'date']).doNothing())
    .execute();
}

/**
 * Erases a person from the pulse rollups and deletes their check-ins; run inside the account's
 * deletion transaction. The hourly counts lose them exactly as a later check-in would have moved
 * them, so the rollups afterwards equal a rebuild without the person.
 */
export async function erasePerson(db: Executor, userId: string): Promise<void> {
  await clearLatest(db, userId);
  await replaceMoves(db, userId, []);
  await db.deleteFrom('checkins').where('user_id', '=', userId).execute();
}
