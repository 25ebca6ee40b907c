/**
 * `npm run bench:history`: a year of history (10 check-ins a day) for one person among a seeded
 * population, per engine. Goal: the history read answers in ≤ 50 ms on SQLite and PostgreSQL.
 *
 *   npm run bench:history -- --engines sqlite --people 5000 --checkins 200000 --runs 30
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { seedTrajectories } from '../src/domains/trajectory/seed.ts';
import { TrajectoryService } from '../src/domains/trajectory/service.ts';
import { openStorage } from '../src/storage/db.ts';
import { migrate } from '../src/storage/migrate.ts';
import { freshDatabase, percentile } from './databases.ts';
import { seedPerson } from './person.ts';

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    checkins: { type: 'string', default: '200000' },
    people: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '30' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const GOAL_MS = 50;
const DAYS = 365;
const PER_DAY = 10;

async function benchEngine(engine: string): Promise<boolean> {
  const database = await freshDatabase(engine, values.postgres);
  if (database === null) {
    process.stdout.write(`\n[${engine}] skipped: ${values.postgres} is not reachable\n`);
    return true;
  }
  const storage = openStorage(database.url);
  try {
    await migrate(storage);
    await seedTrajectories(storage, {
      checkins: Number(values.checkins),
      people: Number(values.people),
      days: 7,
      seed: 1,
      progress: false,
    });
    const userId = await seedPerson(storage, DAYS, PER_DAY);
    if (storage.engine === 'postgres') await sql`vacuum analyze checkins`.execute(storage.db);
    const service = new TrajectoryService(storage, loadConfig({ DATABASE_URL: database.url }));
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - DAYS * 86_400_000).toISOString().slice(0, 10);
    let days = 0;
    const times: number[] = [];
    // CPU time of this process per call: on a loaded machine wall time mostly measures waiting for
    // a core; on SQLite (in process) CPU time is the whole cost of the read and the summary.
    const cpu: number[] = [];
    await service.history(userId, from, today, 'Europe/Paris'); // warm caches
    for (let i = 0; i < Number(values.runs); i += 1) {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      days = (await service.history(userId, from, today, 'Europe/Paris')).length;
      const used = process.cpuUsage(cpuBefore);
      times.push(performance.now() - started);
      cpu.push((used.user + used.system) / 1000);
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    process.stdout.write(
      `[${engine}] history of ${DAYS + 1} days (${DAYS * PER_DAY} check-ins, ${days} days with some): median ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${times.length} runs (CPU in this process: median ${percentile(cpu, 50).toFixed(1)} ms); ${p95 <= GOAL_MS ? 'meets' : 'MISSES'} the ${GOAL_MS} ms goal\n`,
    );
    return p95 <= GOAL_MS;
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
if (!allOk) process.exitCode = 1;
