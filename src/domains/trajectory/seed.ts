import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { newId } from '../../lib/ids.ts';
import { Progress } from '../../lib/progress.ts';
import { DAY } from '../../lib/time.ts';
import type { Storage } from '../../storage/db.ts';
import { ATLAS, FAMILY_IDS, type Mood } from '../atlas/catalogue.ts';
import { WINDOW_MS } from './pulse.ts';
import { rebuildRollups } from './repo.ts';

export interface SeedOptions {
  checkins: number;
  people: number;
  /** Check-ins spread evenly over this many days before now. */
  days: number;
  /** Seed of the pseudo-random generator: the same options give the same moods and times. */
  seed: number;
  /** Show progress bars on stderr. */
  progress: boolean;
}

export interface SeedResult {
  people: number;
  checkins: number;
  seconds: number;
}

/** mulberry32: small, fast and good enough for synthetic data. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const MOODS_BY_FAMILY = new Map(FAMILY_IDS.map((f) => [f, ATLAS.moods.filter((m) => m.family === f)]));

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

type CheckinTuple = [string, string, string, string, number, number, number, number, null, number, number];
const BATCH = 20_000;

/**
 * Synthetic people and check-ins for benchmarks and demos: people are unusable accounts (no
 * password can match), check-ins wander between families with some persistence, as people do.
 * Rows go in with bulk statements, then the pulse rollups are rebuilt in one pass.
 */
export async function seedTrajectories(storage: Storage, options: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const random = generator(options.seed);
  const now = Date.now();
  const span = options.days * DAY;
  const run = randomBytes(3).toString('hex');

  const userIds: string[] = [];
  const peopleBar = options.progress ? new Progress('people  ', options.people) : null;
  for (let from = 0; from < options.people; from += BATCH) {
    const rows = [];
    for (let i = from; i < Math.min(options.people, from + BATCH); i += 1) {
      const id = newId('usr');
      userIds.push(id);
      // Accounts older than their first check-in, so the pulse's account-age rule counts them.
      rows.push([
        id,
        `seed-${run}-${i}@seed.orrery.invalid`,
        '!',
        `Seed ${i}`,
        'free',
        'member',
        0,
        now - span - DAY,
      ]);
    }
    await insertRows(storage, 'users', USER_COLUMNS, USER_TYPES, rows);
    peopleBar?.update(userIds.length);
  }
  peopleBar?.finish();

  const bar = options.progress ? new Progress('checkins', options.checkins) : null;
  const perPerson = Math.floor(options.checkins / Math.max(1, options.people));
  const extra = options.checkins - perPerson * options.people;
  let written = 0;
  let pending: CheckinTuple[] = [];
  for (const [index, userId] of userIds.entries()) {
    const count = perPerson + (index < extra ? 1 : 0);
    const times = Array.from({ length: count }, () => Math.floor(now - random() * span)).sort(
      (a, b) => a - b,
    );
    let family = pick(FAMILY_IDS, random);
    for (const at of times) {
      if (random() > 0.55) family = pick(FAMILY_IDS, random);
      const mood: Mood = pick(MOODS_BY_FAMILY.get(family) ?? ATLAS.moods, random);
      const intensity = Math.round(random() * 100) / 100;
      pending.push([
        newId('chk', at),
        userId,
        mood.id,
        mood.family,
        mood.valence,
        mood.arousal,
        mood.dominance,
        intensity,
        null,
        at,
        at,
      ]);
      if (pending.length >= BATCH) {
        await insertRows(storage, 'checkins', CHECKIN_COLUMNS, CHECKIN_TYPES, pending);
        written += pending.length;
        pending = [];
        bar?.update(written);
      }
    }
  }
  if (pending.length > 0) {
    await insertRows(storage, 'checkins', CHECKIN_COLUMNS, CHECKIN_TYPES, pending);
    written += pending.length;
  }
  bar?.finish();

  if (options.progress) process.stderr.write('rollups : rebuilding the pulse rollups…\n');
  await storage.db.transaction().execute((tx) => rebuildRollups(tx, now - WINDOW_MS['7d']));
  // Fresh statistics, so the planner sees the bulk-loaded tables as they are.
  if (storage.engine === 'postgres') await sql`analyze`.execute(storage.db);
  return { people: userIds.length, checkins: written, seconds: (Date.now() - started) / 1000 };
}

const USER_COLUMNS = [
  'id',
  'email',
  'password_hash',
  'display_name',
  'tier',
  'role',
  'balance_milli',
  'created_at',
];
const USER_TYPES = ['text', 'text', 'text', 'text', 'text', 'text', 'int8', 'int8'];
const CHECKIN_COLUMNS = [
  'id',
  'user_id',
  'mood_id',
  'family',
  'valence',
  'arousal',
  'dominance',
  'intensity',
  'note',
  'at',
  'created_at',
];
const CHECKIN_TYPES = [
  'text',
  'text',
  'text',
  'text',
  'float8',
  'float8',
  'float8',
  'float8',
  'text',
  'int8',
  'int8',
];

/**
 * Bulk insert: one prepared statement in one transaction on SQLite; on PostgreSQL one
 * `insert … select from unnest(arrays)` statement per batch (one round trip, any row count).
 */
async function insertRows(
  storage: Storage,
  table: string,
  columns: readonly string[],
  types: readonly string[],
  rows: ReadonlyArray<readonly unknown[]>,
): Promise<void> {
  if (storage.sqlite) {
    const statement = storage.sqlite.prepare(
      `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
    );
    storage.sqlite.transaction(() => {
      for (const row of rows) statement.run(...row);
    })();
    return;
  }
  if (!storage.pool) throw new Error('no database handle');
  const arrays = columns.map((_, c) => rows.map((row) => row[c] ?? null));
  const unnest = types.map((type, i) => `$${i + 1}::${type}[]`).join(', ');
  await storage.pool.query(
    `insert into ${table} (${columns.join(', ')}) select * from unnest(${unnest})`,
    arrays,
  );
}
