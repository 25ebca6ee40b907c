import type { Kysely } from 'kysely';

// `any`: a migration runs against the schema as it was then, not as `Database` types it today.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('checkins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mood_id', 'text', (c) => c.notNull())
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('valence', 'double precision', (c) => c.notNull())
    .addColumn('arousal', 'double precision', (c) => c.notNull())
    .addColumn('dominance', 'double precision', (c) => c.notNull())
    .addColumn('intensity', 'double precision', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // A person's check-ins in time order: arcs, and the neighbours of a back-dated check-in.
  await db.schema.createIndex('checkins_user_at').on('checkins').columns(['user_id', 'at', 'id']).execute();

  // Pulse rollup 1: each person's latest check-in (by `at`). A window's distribution is a range
  // scan over `at`, so its cost follows the number of people active in the window, never the
  // number of check-ins ever recorded.
  await db.schema
    .createTable('pulse_latest')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('checkin_id', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('mood_id', 'text', (c) => c.notNull())
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('valence', 'double precision', (c) => c.notNull())
    .execute();
  // Covering: the pulse and the valence trend read only these columns.
  await db.schema
    .createIndex('pulse_latest_at')
    .on('pulse_latest')
    .columns(['at', 'mood_id', 'family', 'valence'])
    .execute();

  // Pulse rollup 2: for each person and each distinct move between families, when they last
  // made it (the time of the check-in that arrived in the new family). At most 20 rows a person.
  await db.schema
    .createTable('pulse_moves')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('from_family', 'text', (c) => c.notNull())
    .addColumn('to_family', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pulse_moves_pk', ['user_id', 'from_family', 'to_family'])
    .execute();
  await db.schema
    .createIndex('pulse_moves_at')
    .on('pulse_moves')
    .columns(['at', 'from_family', 'to_family'])
    .execute();

  // Pulse rollup 3 and 4: the two rollups above counted per hour of `at`. A window reads whole
  // hours from here (at most 24 × moods rows for a day) and only its partial first hour from the
  // per-person rows, so its cost no longer follows the number of people either.
  await db.schema
    .createTable('pulse_latest_hours')
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('mood_id', 'text', (c) => c.notNull())
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('people', 'bigint', (c) => c.notNull())
    .addColumn('valence_sum', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('pulse_latest_hours_pk', ['hour', 'mood_id'])
    .execute();
  await db.schema
    .createTable('pulse_move_hours')
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('from_family', 'text', (c) => c.notNull())
    .addColumn('to_family', 'text', (c) => c.notNull())
    .addColumn('people', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pulse_move_hours_pk', ['hour', 'from_family', 'to_family'])
    .execute();
}
