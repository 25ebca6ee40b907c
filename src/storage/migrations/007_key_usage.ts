import type { Kysely } from 'kysely';

// `any`: a migration runs against the schema as it was then, not as `Database` types it today.
export async function up(db: Kysely<any>): Promise<void> {
  // A key's optional rate limit: both set or both null.
  await db.schema.alterTable('api_keys').addColumn('rate_limit', 'integer').execute();
  await db.schema.alterTable('api_keys').addColumn('rate_window_seconds', 'integer').execute();

  // Daily call counts per key and route, kept by the unit of work (aggregated in memory and
  // added here in the charge batches' transactions).
  await db.schema
    .createTable('key_usage')
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('succeeded', 'bigint', (c) => c.notNull())
    .addColumn('insufficient_essence', 'bigint', (c) => c.notNull())
    .addColumn('rate_limited', 'bigint', (c) => c.notNull())
    .addColumn('refused', 'bigint', (c) => c.notNull())
    .addColumn('failed', 'bigint', (c) => c.notNull())
    .addColumn('spent_milli', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('key_usage_pk', ['key_id', 'day', 'route'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('key_usage').execute();
  await db.schema.alterTable('api_keys').dropColumn('rate_window_seconds').execute();
  await db.schema.alterTable('api_keys').dropColumn('rate_limit').execute();
}
