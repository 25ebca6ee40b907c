import { sql } from 'kysely';
import type { Engine } from '../../storage/db.ts';
import type { MemoriesTable } from '../../storage/schema.ts';
import type { Executor } from '../../storage/tx.ts';

export type MemoryRow = MemoriesTable;

/**
 * Takes one of a key's memory slots: a single guarded upsert on the key's counter. On
 * PostgreSQL the conflicting counter row is locked and the guard re-read after any concurrent
 * writer commits, so two writers racing for the last slot cannot both get it; on SQLite writes
 * are serialised. Returns false when the key already holds `limit` memories.
 */
export async function takeSlot(db: Executor, keyId: string, limit: number): Promise<boolean> {
  const row = await db
    .insertInto('memory_counts')
    .values({ key_id: keyId, count: 1 })
    .onConflict((oc) =>
      oc
        .column('key_id')
        .doUpdateSet({ count: sql`memory_counts.count + 1` })
        .where('memory_counts.count', '<', limit),
    )
    .returning('count')
    .executeTakeFirst();
  return row !== undefined;
}

export async function releaseSlot(db: Executor, keyId: string): Promise<void> {
  await db
    .updateTable('memory_counts')
    .set({ count: sql`count - 1` })
    .where('key_id', '=', keyId)
    .where('count', '>', 0)
    .execute();
}

export async function insertMemory(db: Executor, row: MemoryRow, tags: readonly string[]): Promise<void> {
  await db.insertInto('memories').values(row).execute();
  if (tags.length > 0) {
    await db
      .insertInto('memory_tags')
      .values(tags.map((tag) => ({ memory_id: row.id, tag })))
      .execute();
  }
}

export interface KeyQuery {
  keyId: string;
  /** An FTS5 expression on SQLite, websearch text on PostgreSQL (see search.ts); undefined: no text filter. */
  search?: string;
  tag?: string;
  beforeId: string | null;
  limit: number;
}

/** A key's memories, newest first (ids are time-ordered), optionally filtered by text and tag. */
export async function listForKey(db: Executor, engine: Engine, query: KeyQuery): Promise<MemoryRow[]> {
  let q = db
    .selectFrom('memories')
    .select(['id', 'user_id', 'key_id', 'content', 'tags', 'created_at'])
    .where('key_id', '=', query.keyId)
    .orderBy('id', 'desc')
    .limit(query.limit);
  if (query.beforeId !== null) q = q.where('id', '<', query.beforeId);
  if (query.tag !== undefined) {
    const tag = query.tag;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('memory_tags')
          .select('memory_tags.tag')
          .whereRef('memory_tags.memory_id', '=', 'memories.id')
          .where('memory_tags.tag', '=', tag),
      ),
    );
  }
  if (query.search !== undefined) {
    q =
      engine === 'postgres'
        ? q.where(sql<boolean>`search @@ websearch_to_tsquery('english', ${query.search})`)
        : q.where(
            sql<boolean>`seq in (select rowid from memories_fts where memories_fts match ${query.search})`,
          );
  }
  return q.execute();
}

/** An owner's memories across all their keys, newest first. */
export async function listForUser(
  db: Executor,
  userId: string,
  options: { beforeId: string | null; limit: number },
): Promise<MemoryRow[]> {
  let q = db
    .selectFrom('memories')
    .select(['id', 'user_id', 'key_id', 'content', 'tags', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.beforeId !== null) q = q.where('id', '<', options.beforeId);
  return q.execute();
}

/** Deletes a memory if `userId` owns it (tags and the search index follow); returns its key. */
export async function deleteOwned(db: Executor, userId: string, id: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('memories')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('key_id')
    .executeTakeFirst();
  return row?.key_id;
}

/**
 * Erases every memory of a person (tags and the search index follow by cascade and trigger) and
 * the per-key counts of their keys; inside the account's deletion transaction.
 */
export async function eraseUser(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('memories').where('user_id', '=', userId).execute();
  await db
    .deleteFrom('memory_counts')
    .where('key_id', 'in', (eb) => eb.selectFrom('api_keys').select('id').where('user_id', '=', userId))
    .execute();
}
