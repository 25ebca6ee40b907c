/**
 * `npm run bench:export`: a person with 100,000 check-ins downloads their record, as JSON and as
 * CSV, from a running Orrery on SQLite. Reports the time, the size, and the process's peak memory
 * above what it used before the download (sampled every 10 ms), which shows that the export
 * streams rather than holding the record.
 *
 *   npm run bench:export -- --checkins 100000 [--database postgres://…]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { closeDeps, createDeps } from '../src/deps.ts';
import { seedPerson } from './person.ts';

const { values } = parseArgs({
  options: {
    checkins: { type: 'string', default: '100000' },
    database: { type: 'string' },
  },
});
const total = Number(values.checkins);
const dir = mkdtempSync(join(tmpdir(), 'orrery-export-'));
const databaseUrl = values.database ?? `sqlite:${join(dir, 'bench.db')}`;
const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', PORT: '0' });
const deps = await createDeps(config);
const app = await buildApp(deps);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';

try {
  const email = `export-${Date.now()}@bench.orrery.invalid`;
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'a bench password' }),
  });
  const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { user } = (await signup.json()) as { user: { id: string } };
  const perDay = 1000;
  await seedPerson(deps.storage, Math.ceil(total / perDay), perDay, user.id);
  // Fresh statistics after the bulk load, as autovacuum would gather them in production.
  if (deps.storage.engine === 'postgres') await sql`analyze`.execute(deps.storage.db);
  process.stdout.write(`seeded ${total.toLocaleString('en-US')} check-ins (${deps.storage.engine})\n`);

  for (const format of ['json', 'csv']) {
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 10);
    const started = performance.now();
    const response = await fetch(`${base}/api/account/export?format=${format}`, { headers: { cookie } });
    let bytes = 0;
    let lines = 0;
    const reader = response.body?.getReader();
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      bytes += chunk.value.byteLength;
      for (const b of chunk.value) if (b === 10) lines += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
    process.stdout.write(
      `${format.padEnd(4)} export: ${response.status}, ${mib(bytes)} MiB${format === 'csv' ? ` (${lines.toLocaleString('en-US')} lines)` : ''} in ${seconds.toFixed(2)} s; peak RSS ${mib(peakRss)} MiB (+${mib(peakRss - before.rss)}), peak heap ${mib(peakHeap)} MiB (+${mib(peakHeap - before.heapUsed)})\n`,
    );
  }
} finally {
  await app.close();
  await closeDeps(deps);
  rmSync(dir, { recursive: true, force: true });
}
