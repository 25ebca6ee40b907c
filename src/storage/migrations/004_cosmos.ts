import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// `any`: a migration runs against the schema as it was then, not as `Database` types it today.
function objectColumns<T extends string>(table: CreateTableBuilder<T, any>): CreateTableBuilder<T, any> {
  return table
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('mood_target', 'text', (c) => c.notNull())
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('layer_target', 'integer', (c) => c.notNull())
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('x', 'double precision', (c) => c.notNull())
    .addColumn('y', 'double precision', (c) => c.notNull())
    .addColumn('z', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint');
}

// `any`: see above.
export async function up(db: Kysely<any>): Promise<void> {
  await objectColumns(db.schema.createTable('cosmos_objects')).execute();
  // The sweeper's scan. Listings walk the primary key (ids are time-ordered) and filter; no
  // other index, since every index is one more page written per spawn.
  await db.schema.createIndex('cosmos_objects_expiry').on('cosmos_objects').column('expires_at').execute();

  await objectColumns(db.schema.createTable('cosmos_archive'))
    .addColumn('archived_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cosmos_archive_time').on('cosmos_archive').column('archived_at').execute();

  // One row per claimed position; the primary key is the uniqueness guarantee (see the service).
  await db.schema
    .createTable('cosmos_positions')
    .addColumn('ns', 'text', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addPrimaryKeyConstraint('cosmos_positions_pk', ['ns', 'idx'])
    .execute();

  // Event ids must only grow, even after old events are pruned: an identity column on
  // PostgreSQL, AUTOINCREMENT (never reusing a deleted rowid) on SQLite.
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('cosmos_events')
    .addColumn('id', postgres ? 'bigint' : 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

// `any`: see above.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cosmos_events').execute();
  await db.schema.dropTable('cosmos_positions').execute();
  await db.schema.dropTable('cosmos_archive').execute();
  await db.schema.dropTable('cosmos_objects').execute();
}
