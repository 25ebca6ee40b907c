import type { CouncilFeedsTable, CouncilSignalsTable } from '../../storage/schema.ts';
import type { Executor } from '../../storage/tx.ts';

export type FeedRow = CouncilFeedsTable;
export type SignalRow = CouncilSignalsTable;

export async function insertFeed(db: Executor, row: FeedRow): Promise<boolean> {
  const inserted = await db
    .insertInto('council_feeds')
    .values(row)
    .onConflict((oc) => oc.column('url').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findFeed(db: Executor, id: string): Promise<FeedRow | undefined> {
  return db.selectFrom('council_feeds').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listFeeds(db: Executor): Promise<FeedRow[]> {
  return db
    .selectFrom('council_feeds')
    .selectAll()
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function listActiveFeeds(db: Executor): Promise<FeedRow[]> {
  return db
    .selectFrom('council_feeds')
    .selectAll()
    .where('paused', '=', 0)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function signalCounts(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('council_signals')
    .select((eb) => ['feed_id', eb.fn.countAll<number>().as('n')])
    .groupBy('feed_id')
    .execute();
  return new Map(rows.map((r) => [r.feed_id, Number(r.n)]));
}

export async function updateFeed(
  db: Executor,
  id: string,
  changes: Partial<Omit<FeedRow, 'id' | 'url' | 'created_at'>>,
): Promise<FeedRow | undefined> {
  return db.updateTable('council_feeds').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Deletes a feed; its signals go with it (cascade on both engines, and explicitly here). */
export async function deleteFeed(db: Executor, id: string): Promise<boolean> {
  await db.deleteFrom('council_signals').where('feed_id', '=', id).execute();
  const result = await db.deleteFrom('council_feeds').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Which of these canonical links are already absorbed (by any feed). */
export async function knownLinks(db: Executor, links: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let i = 0; i < links.length; i += 200) {
    const chunk = links.slice(i, i + 200);
    const rows = await db.selectFrom('council_signals').select('link').where('link', 'in', chunk).execute();
    for (const row of rows) known.add(row.link);
  }
  return known;
}

/**
 * Inserts signals, skipping any link absorbed meanwhile (another instance, a concurrent
 * `orrery council pull`): the unique link decides, so a story is stored once however the race
 * goes. Returns how many rows were actually new.
 */
export async function insertSignals(db: Executor, rows: readonly SignalRow[]): Promise<number> {
  let inserted = 0;
  for (const row of rows) {
    const result = await db
      .insertInto('council_signals')
      .values(row)
      .onConflict((oc) => oc.column('link').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (result !== undefined) inserted++;
  }
  return inserted;
}

/** Signals newest first by `(sort_at, id)`, strictly after the `before` position when given. */
export async function listSignals(
  db: Executor,
  limit: number,
  before: { at: number; id: string } | null = null,
): Promise<SignalRow[]> {
  let query = db.selectFrom('council_signals').selectAll();
  if (before !== null) {
    query = query.where((eb) =>
      eb.or([
        eb('sort_at', '<', before.at),
        eb.and([eb('sort_at', '=', before.at), eb('id', '<', before.id)]),
      ]),
    );
  }
  return query.orderBy('sort_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
