/**
 * `npm run bench:pulse`: seeds 1,000,000 check-ins by 50,000 people over 7 days into a fresh
 * database per engine, then times fresh (uncached) computations of the collective pulse.
 * Goal: a 24 h pulse in ≤ 50 ms on SQLite and on PostgreSQL.
 *
 *   npm run bench:pulse -- --engines sqlite --checkins 200000 --people 10000 --runs 30
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import type { PulseWindow } from '../src/domains/trajectory/pulse.ts';
import { seedTrajectories } from '../src/domains/trajectory/seed.ts';
import { TrajectoryService } from '../src/domains/trajectory/service.ts';
import { openStorage } from '../src/storage/db.ts';
import { migrate } from '../src/storage/migrate.ts';
import { freshDatabase, percentile } from './databases.ts';

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    checkins: { type: 'string', default: '1000000' },
    people: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '30' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const GOAL_MS = 50;

async function benchEngine(engine: string): Promise<boolean> {
  const database = await freshDatabase(engine, values.postgres);
  if (database === null) {
    process.stdout.write(`\n[${engine}] skipped: ${values.postgres} is not reachable\n`);
    return true;
  }
  const storage = openStorage(database.url);
  try {
    await migrate(storage);
    const checkins = Number(values.checkins);
    const people = Number(values.people);
    process.stdout.write(
      `\n[${engine}] seeding ${checkins.toLocaleString('en-US')} check-ins by ${people.toLocaleString('en-US')} people\n`,
    );
    const seeded = await seedTrajectories(storage, { checkins, people, days: 7, seed: 1, progress: true });
    process.stdout.write(`[${engine}] seeded in ${seeded.seconds.toFixed(1)} s\n`);
    const service = new TrajectoryService(storage, loadConfig({ DATABASE_URL: database.url }));
    let ok = true;
    for (const window of ['24h', '1h', '7d'] as PulseWindow[]) {
      await service.computePulse(window); // warm the page cache and statement cache
      const times: number[] = [];
      let participants = 0;
      for (let i = 0; i < Number(values.runs); i += 1) {
        const started = performance.now();
        const pulse = await service.computePulse(window);
        times.push(performance.now() - started);
        participants = pulse.participants;
      }
      times.sort((a, b) => a - b);
      const median = percentile(times, 50);
      const p95 = percentile(times, 95);
      const verdict =
        window === '24h' ? (p95 <= GOAL_MS ? 'meets' : 'MISSES') + ` the ${GOAL_MS} ms goal` : '';
      if (window === '24h' && p95 > GOAL_MS) ok = false;
      process.stdout.write(
        `[${engine}] fresh ${window.padEnd(3)} pulse: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, min ${times[0]?.toFixed(1)} ms over ${times.length} runs (${participants.toLocaleString('en-US')} participants) ${verdict}\n`,
      );
    }
    return ok;
  } finally {
    await storage.close();
    await database.drop();
  }
}

let allOk = true;
for (const engine of values.engines.split(',')) {
  if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`unknown engine ${engine}`);
  allOk = (await benchEngine(engine)) && allOk;
}
if (!allOk) {
  process.stdout.write('\nThe 24 h pulse missed its goal on some engine (see above).\n');
  process.exitCode = 1;
}
