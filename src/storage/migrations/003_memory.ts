import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The memory bridge: memories scoped to the API key that wrote them, their tags, a per-key
 * count (the cap is checked against it in one guarded statement) and full-text search.
 *
 * SQLite: `seq INTEGER PRIMARY KEY` is the rowid, stable across VACUUM, so an external-content
 * FTS5 table can point at it; triggers keep the index in step with every insert, update and
 * delete (cascades included) inside the same statement, hence the same transaction. `seq` is
 * an SQLite storage detail and is not part of the shared `Database` type.
 * PostgreSQL: a stored generated `tsvector` column with a GIN index, updated by the row write.
 */
// `any`: a migration runs against the schema as it was then, not as `Database` types it today.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  let memories = db.schema.createTable('memories');
  memories = postgres
    ? memories.addColumn('id', 'text', (c) => c.primaryKey())
    : memories
        .addColumn('seq', 'integer', (c) => c.primaryKey())
        .addColumn('id', 'text', (c) => c.notNull().unique());
  memories = memories
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull());
  if (postgres) {
    memories = memories.addColumn('search', sql`tsvector`, (c) =>
      c.generatedAlwaysAs(sql`to_tsvector('english', content)`).stored(),
    );
  }
  await memories.execute();
  // A key's memories newest first (the partner read); an owner's across keys (the session read).
  await db.schema.createIndex('memories_key').on('memories').columns(['key_id', 'id']).execute();
  await db.schema.createIndex('memories_user').on('memories').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('memory_tags')
    .addColumn('memory_id', 'text', (c) => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('memory_tags_pk', ['memory_id', 'tag'])
    .execute();

  await db.schema
    .createTable('memory_counts')
    .addColumn('key_id', 'text', (c) => c.primaryKey().references('api_keys.id').onDelete('cascade'))
    .addColumn('count', 'bigint', (c) => c.notNull().check(sql`count >= 0`))
    .execute();

  if (postgres) {
    await sql`create index memories_search on memories using gin (search)`.execute(db);
    return;
  }
  await sql`create virtual table memories_fts using fts5(
    content, content='memories', content_rowid='seq', tokenize='porter unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`create trigger memories_fts_insert after insert on memories begin
    insert into memories_fts(rowid, content) values (new.seq, new.content);
  end`.execute(db);
  await sql`create trigger memories_fts_delete after delete on memories begin
    insert into memories_fts(memories_fts, rowid, content) values ('delete', old.seq, old.content);
  end`.execute(db);
  await sql`create trigger memories_fts_update after update of content on memories begin
    insert into memories_fts(memories_fts, rowid, content) values ('delete', old.seq, old.content);
    insert into memories_fts(rowid, content) values (new.seq, new.content);
  end`.execute(db);
}
