import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Migrator, sql } from 'kysely';
import { openStorage } from '../../src/storage/db.ts';
import { migrate } from '../../src/storage/migrate.ts';
import * as foundation from '../../src/storage/migrations/001_foundation.ts';
import * as trajectory from '../../src/storage/migrations/002_trajectory.ts';
import * as memory from '../../src/storage/migrations/003_memory.ts';
import * as cosmos from '../../src/storage/migrations/004_cosmos.ts';
import * as council from '../../src/storage/migrations/005_council.ts';
import { createTestDatabase } from '../helpers/app.ts';

test('migration 008 keeps the ledger and renames at_ease in data written before it', async () => {
  const database = await createTestDatabase();
  const storage = openStorage(database.url);
  try {
    const schema =
      storage.engine === 'postgres'
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(storage.db)).rows[0]?.s
        : undefined;
    const before = new Migrator({
      db: storage.db,
      provider: {
        getMigrations: async () => ({
          '001_foundation': foundation,
          '002_trajectory': trajectory,
          '003_memory': memory,
          '004_cosmos': cosmos,
          '005_council': council,
        }),
      },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error } = await before.migrateToLatest();
    assert.equal(error, undefined);
    const db = storage.db;
    await sql`insert into users (id, email, password_hash, display_name, tier, role, balance_milli, created_at)
      values ('usr_1', 'a@example.test', '!', 'A', 'free', 'member', 1500, 1)`.execute(db);
    await sql`insert into ledger (id, user_id, key_id, route, amount_milli, balance_after_milli, request_id, idempotency_key, reason, created_at)
      values ('led_1', 'usr_1', null, 'welcome', 1000, 1000, 'r1', null, 'welcome grant', 1),
             ('led_2', 'usr_1', 'key_x', 'admin grant', 500, 1500, 'r2', null, 'thanks', 2)`.execute(db);
    await sql`insert into checkins (id, user_id, mood_id, family, valence, arousal, dominance, intensity, note, at, created_at)
      values ('chk_1', 'usr_1', 'at_ease', 'calm', 0.5, -0.42, 0.45, 0.5, 'n', 10, 10)`.execute(db);
    await sql`insert into pulse_latest (user_id, checkin_id, at, mood_id, family, valence)
      values ('usr_1', 'chk_1', 10, 'at_ease', 'calm', 0.5)`.execute(db);

    // Later migrations of other domains may run too; this one must.
    assert.ok((await migrate(storage)).includes('008_personal_data'));

    const ledger = await db.selectFrom('ledger').selectAll().orderBy('id').execute();
    assert.deepEqual(
      ledger.map((r) => [
        r.id,
        r.user_id,
        r.key_id,
        Number(r.amount_milli),
        Number(r.balance_after_milli),
        r.reason,
      ]),
      [
        ['led_1', 'usr_1', null, 1000, 1000, 'welcome grant'],
        ['led_2', 'usr_1', 'key_x', 500, 1500, 'thanks'],
      ],
    );
    const checkin = await db.selectFrom('checkins').selectAll().executeTakeFirstOrThrow();
    assert.deepEqual([checkin.mood_id, checkin.kind, checkin.associations], ['at-ease', 'momentary', '[]']);
    const latest = await db.selectFrom('pulse_latest').select('mood_id').executeTakeFirstOrThrow();
    assert.equal(latest.mood_id, 'at-ease');
    // Deleting the user now keeps the ledger rows, unlinked.
    await db.deleteFrom('checkins').execute();
    await db.deleteFrom('pulse_latest').execute();
    await db.deleteFrom('users').where('id', '=', 'usr_1').execute();
    const kept = await db
      .selectFrom('ledger')
      .select(['id', sql<string | null>`user_id`.as('owner')])
      .orderBy('id')
      .execute();
    assert.deepEqual(
      kept.map((r) => [r.id, r.owner]),
      [
        ['led_1', null],
        ['led_2', null],
      ],
    );
  } finally {
    await storage.close();
    await database.drop();
  }
});
