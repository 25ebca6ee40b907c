import type { Kysely } from 'kysely';

// `any`: a migration runs against the schema as it was then, not as `Database` types it today.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('council_feeds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('named', 'integer', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull())
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('last_fetched_at', 'bigint')
    .addColumn('last_success_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('failure_count', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('council_signals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('feed_id', 'text', (c) => c.notNull().references('council_feeds.id').onDelete('cascade'))
    .addColumn('link', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('source_name', 'text', (c) => c.notNull())
    .addColumn('published_at', 'bigint')
    .addColumn('absorbed_at', 'bigint', (c) => c.notNull())
    .addColumn('sort_at', 'bigint', (c) => c.notNull())
    .addColumn('mood_id', 'text', (c) => c.notNull())
    .addColumn('family', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('council_signals_order')
    .on('council_signals')
    .columns(['sort_at', 'id'])
    .execute();
  await db.schema.createIndex('council_signals_feed').on('council_signals').column('feed_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('council_signals').execute();
  await db.schema.dropTable('council_feeds').execute();
}
