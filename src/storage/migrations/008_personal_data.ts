import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * People's own data: check-ins carry a kind and associations; the ledger outlives an erased
 * account (its rows keep their amounts and lose the user link); balance alerts; the daily pulse
 * releases, stored once; the renamed mood id; the indexes the pulse's account-age rule and the
 * history read need.
 */
// `any`: a migration runs against the schema as it was then, not as `Database` types it today.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .alterTable('checkins')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('momentary'))
    .execute();
  // A JSON array of association slugs, in the order given.
  await db.schema
    .alterTable('checkins')
    .addColumn('associations', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  // The mood `at_ease` became `at-ease` (ids are hyphen slugs). Every stored copy follows, so
  // reads only ever show the current id; input still accepts the old one for a release.
  for (const [table, column] of [
    ['checkins', 'mood_id'],
    ['pulse_latest', 'mood_id'],
    ['pulse_latest_hours', 'mood_id'],
    ['cosmos_objects', 'mood_target'],
    ['cosmos_archive', 'mood_target'],
    ['council_signals', 'mood_id'],
  ] as const) {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = 'at-ease' where ${sql.ref(column)} = 'at_ease'`.execute(
      db,
    );
  }
  // The stream's replay log holds the object as streamed, JSON.
  await sql`update cosmos_events set data = replace(data, '"moodTarget":"at_ease"', '"moodTarget":"at-ease"')
    where data like '%"moodTarget":"at\\_ease"%' escape '\\'`.execute(db);

  // The ledger keeps an erased person's entries (amounts, routes, times) without the user link:
  // user_id becomes nullable and the foreign key sets it null rather than deleting the row.
  if (postgres) {
    await sql`alter table ledger alter column user_id drop not null`.execute(db);
    await sql`alter table ledger drop constraint if exists ledger_user_id_fkey`.execute(db);
    await sql`alter table ledger add constraint ledger_user_id_fkey
      foreign key (user_id) references users (id) on delete set null`.execute(db);
  } else {
    await rebuildSqliteLedger(db);
  }

  // The pulse counts a person only once their account is old enough; the correction reads the
  // young accounts, a range at the end of this index.
  await db.schema.createIndex('users_created').on('users').columns(['created_at', 'id']).execute();

  // History: a person's check-ins over a year, read from the index alone (no table lookups). Its
  // leading columns are those of `checkins_user_at`, which it replaces for every query that used it.
  await db.schema
    .createIndex('checkins_history')
    .on('checkins')
    .columns(['user_id', 'at', 'id', 'family', 'valence', 'arousal', 'dominance'])
    .execute();
  await db.schema.dropIndex('checkins_user_at').execute();
  // A finished day's pulse is computed once from that day's check-ins of everyone.
  await db.schema.createIndex('checkins_at').on('checkins').column('at').execute();

  // A balance alert per account. Its state is not stored: it is armed while the balance is at or
  // above the threshold and crossed (waiting to re-arm) while below, which is exactly when a
  // debit can and cannot cross it again.
  await db.schema
    .createTable('essence_alerts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('threshold_milli', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // Each UTC day's pulse, computed once after the day ended and never recomputed, so a later
  // deletion or edit cannot be differenced against an earlier release.
  await db.schema
    .createTable('pulse_days')
    .addColumn('window', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('pulse', 'text', (c) => c.notNull())
    .addColumn('computed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pulse_days_pk', ['window', 'date'])
    .execute();
}

/**
 * SQLite cannot alter a column's constraints: the table is rebuilt from its own current
 * definition (so columns other migrations added survive), with the user link made nullable and
 * `on delete set null`, inside one transaction.
 */
async function rebuildSqliteLedger(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const table = await sql<{
      sql: string;
    }>`select sql from sqlite_master where type = 'table' and name = 'ledger'`.execute(tx);
    const definition = table.rows[0]?.sql;
    if (definition === undefined) throw new Error('migration 008: the ledger table is missing');
    const userColumn = /"user_id"\s+text\s+not null\s+references\s+"users"\s*\("id"\)\s+on delete cascade/i;
    if (!userColumn.test(definition)) throw new Error('migration 008: unexpected ledger definition');
    const rebuilt = definition
      .replace(userColumn, '"user_id" text references "users" ("id") on delete set null')
      .replace(/^create table\s+"?ledger"?/i, 'create table "ledger_rebuilt"');
    const indexes = await sql<{ sql: string }>`select sql from sqlite_master
      where type = 'index' and tbl_name = 'ledger' and sql is not null`.execute(tx);
    await sql.raw(rebuilt).execute(tx);
    await sql`insert into ledger_rebuilt select * from ledger`.execute(tx);
    await sql`drop table ledger`.execute(tx);
    await sql`alter table ledger_rebuilt rename to ledger`.execute(tx);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(tx);
  });
}
