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
 * SQLite the write lock taken by the transaction's first insert already serialises writers.
 */
export async function lockPerson(db: Executor, engine: 'sqlite' | 'postgres', userId: string): Promise<void> {
  if (engine !== 'postgres') return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
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

/** A person's check-ins newest first (by `at`), for their own listing; notes included. */
export async function listCheckins(
  db: Executor,
  userId: string,
  limit: number,
  before: { at: number; id: string } | null,
) {
  let query = db.selectFrom('checkins').selectAll().where('user_id', '=', userId);
  if (before) {
    const { at, id } = before;
    query = query.where((eb) => eb.or([eb('at', '<', at), eb.and([eb('at', '=', at), eb('id', '<', id)])]));
  }
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function findCheckinAt(db: Executor, userId: string, id: string) {
  return db
    .selectFrom('checkins')
    .select(['id', 'at'])
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function latestFamily(db: Executor, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('pulse_latest')
    .select('family')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.family;
}

/** Records a check-in as the person's latest unless a later one is already recorded. */
export async function upsertLatest(db: Executor, row: Database['pulse_latest']): Promise<void> {
  await db
    .insertInto('pulse_latest')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({
          checkin_id: eb.ref('excluded.checkin_id'),
          at: eb.ref('excluded.at'),
          mood_id: eb.ref('excluded.mood_id'),
          family: eb.ref('excluded.family'),
          valence: eb.ref('excluded.valence'),
        }))
        .where((eb) =>
          eb.or([
            eb('excluded.at', '>', eb.ref('pulse_latest.at')),
            eb.and([
              eb('excluded.at', '=', eb.ref('pulse_latest.at')),
              eb('excluded.checkin_id', '>', eb.ref('pulse_latest.checkin_id')),
            ]),
          ]),
        ),
    )
    .execute();
}

/** Records that the person made a move at `at`, keeping the latest time per move. */
export async function recordMove(db: Executor, userId: string, from: string, to: string, at: number) {
  await db
    .insertInto('pulse_moves')
    .values({ user_id: userId, from_family: from, to_family: to, at })
    .onConflict((oc) =>
      oc.columns(['user_id', 'from_family', 'to_family']).doUpdateSet({
        at: sql<number>`case when excluded.at > pulse_moves.at then excluded.at else pulse_moves.at end`,
      }),
    )
    .execute();
}

export async function replaceMoves(
  db: Executor,
  userId: string,
  moves: ReadonlyArray<{ from: string; to: string; at: number }>,
): Promise<void> {
  await db.deleteFrom('pulse_moves').where('user_id', '=', userId).execute();
  if (moves.length === 0) return;
  await db
    .insertInto('pulse_moves')
    .values(moves.map((m) => ({ user_id: userId, from_family: m.from, to_family: m.to, at: m.at })))
    .execute();
}

/** People by the mood (and family) of their latest check-in at or after `since`. */
export async function latestMoodCounts(db: Kysely<Database>, since: number) {
  return db
    .selectFrom('pulse_latest')
    .select(['mood_id', 'family', (eb) => eb.fn.countAll<number>().as('people')])
    .where('at', '>=', since)
    .groupBy(['mood_id', 'family'])
    .execute();
}

/** People who made each move at least once at or after `since`. */
export async function moveCounts(db: Kysely<Database>, since: number) {
  return db
    .selectFrom('pulse_moves')
    .select(['from_family', 'to_family', (eb) => eb.fn.countAll<number>().as('people')])
    .where('at', '>=', since)
    .groupBy(['from_family', 'to_family'])
    .execute();
}

/** People and the sum of their latest valence, split at `split`, over [since, ∞). */
export async function valenceHalves(db: Kysely<Database>, since: number, split: number) {
  return db
    .selectFrom('pulse_latest')
    .select([
      sql<number>`sum(case when at >= ${split} then 1 else 0 end)`.as('recent_people'),
      sql<number>`sum(case when at >= ${split} then valence else 0 end)`.as('recent_valence'),
      sql<number>`sum(case when at < ${split} then 1 else 0 end)`.as('earlier_people'),
      sql<number>`sum(case when at < ${split} then valence else 0 end)`.as('earlier_valence'),
    ])
    .where('at', '>=', since)
    .executeTakeFirstOrThrow();
}
