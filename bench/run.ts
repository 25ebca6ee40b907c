/**
 * `npm run bench`: load benchmarks on loopback, each scenario measured in alternation with a bare
 * node:http server started by this same script, and reported as a ratio to it.
 *
 *   npm run bench                          SQLite, then PostgreSQL when reachable
 *   npm run bench -- --engines sqlite      one engine
 *   npm run bench -- --duration 5 --rounds 2 --connections 50
 *   npm run bench -- --only spawn          scenarios whose name contains "spawn"
 *
 * Every run is bounded: rounds × scenarios × duration seconds, loopback only.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { type ServiceProcess, startServiceProcess } from '../test/helpers/processes.ts';
import { freshDatabase } from './databases.ts';

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    only: { type: 'string', default: '' },
  },
});
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const connections = Number(values.connections);

interface Sample {
  rps: number;
  /** CPU time the measured server process spent per answered request, in µs. */
  cpuMicros: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

interface Target {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** User + system CPU time of a process so far, in µs (Linux `/proc/<pid>/stat`), or NaN elsewhere. */
function cpuTimeMicros(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state (field 3).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

async function load(target: Target, seconds: number, pid?: number): Promise<Sample> {
  const cpuBefore = cpuTimeMicros(pid);
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers ?? {},
    ...(target.body === undefined ? {} : { body: target.body }),
    connections,
    duration: seconds,
    pipelining: 1,
  });
  const answered = result.requests.total;
  return {
    rps: result.requests.average,
    cpuMicros: answered > 0 ? (cpuTimeMicros(pid) - cpuBefore) / answered : Number.NaN,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function median(samples: Sample[], pick: (s: Sample) => number): number {
  const sorted = samples.map(pick).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

async function startBare(headers: 'minimal' | 'orrery' = 'minimal'): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts', headers], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      child.kill('SIGTERM');
    },
  };
}

async function json(response: Response): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(body)}`);
  return body;
}

const ADMIN_EMAIL = 'bench-admin@orrery.test';
const ADMIN_PASSWORD = 'bench-admin-password';

/** An account with a large balance and a key with every scope, made through the public API. */
async function prepareAccount(service: ServiceProcess): Promise<{ key: string }> {
  const email = `bench-${Date.now()}@orrery.test`;
  const signup = await fetch(`${service.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password-1' }),
  });
  const user = (await json(signup)).user as { id: string };
  const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const login = await fetch(`${service.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  await json(login);
  const adminCookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  await json(
    await fetch(`${service.url}/api/admin/users/${user.id}/essence`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: adminCookie },
      body: JSON.stringify({ amount: 1_000_000_000, reason: 'benchmark' }),
    }),
  );
  const created = await json(
    await fetch(`${service.url}/api/v1/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name: 'bench', scopes: ['*'] }),
    }),
  );
  return { key: created.key as string };
}

/** Batches and charges the service's unit of work has settled so far. */
async function chargerStats(
  service: ServiceProcess,
  key: string,
): Promise<{ batches: number; charges: number }> {
  const body = await json(
    await fetch(`${service.url}/api/v1/test/charger-stats`, { headers: { 'x-api-key': key } }),
  );
  return { batches: Number(body.batches), charges: Number(body.charges) };
}

interface Scenario {
  name: string;
  target(service: ServiceProcess, key: string): Target;
  /** The ratio to bare node:http this scenario is expected to reach, per engine. */
  goal: Record<string, number>;
  /** The p99 latency (ms) it must stay under, when it has such a goal. */
  p99Goal?: number;
}

const SCENARIOS: Scenario[] = [
  {
    // The floor: routing, hooks and headers with no key and no database. Tells how much of a
    // partner call's gap to bare node:http is the framework rather than Orrery's own work.
    name: 'framework floor (GET /healthz, no auth, no database)',
    target: (service) => ({ url: `${service.url}/healthz`, method: 'GET' }),
    goal: { sqlite: 0, postgres: 0 },
  },
  {
    name: 'metered partner call (debit + ledger row per call)',
    target: (service, key) => ({
      url: `${service.url}/api/v1/test/probe?q=bench`,
      method: 'GET',
      headers: { 'x-api-key': key },
    }),
    goal: { sqlite: 0.5, postgres: 0.3 },
  },
  {
    name: 'free partner call (GET /api/v1/essence, key check + balance read)',
    target: (service, key) => ({
      url: `${service.url}/api/v1/essence`,
      method: 'GET',
      headers: { 'x-api-key': key },
    }),
    goal: { sqlite: 0.5, postgres: 0.3 },
  },
  {
    // Pure route: the analyser runs first (synchronous, offline), then one atomic debit.
    name: 'metered mood analysis (POST /api/v1/mood/analyze, ~200 characters)',
    target: (service, key) => ({
      url: `${service.url}/api/v1/mood/analyze`,
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({
        text: 'Slept badly and the commute was a mess, but lunch with an old friend lifted me. Not very calm yet, a bit restless, though the evening walk by the river helped more than I expected.',
      }),
    }),
    goal: { sqlite: 0.5, postgres: 0.3 },
    p99Goal: 10,
  },
  {
    // Pure route with the built-in provider: gate, mood reading, BM25 over ~2,900 passages and
    // composition, then one atomic debit. Reported only (goal 0): retrieval is CPU work by design.
    name: 'oracle (POST /api/v1/oracle, built-in provider)',
    target: (service, key) => ({
      url: `${service.url}/api/v1/oracle`,
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'How do I make peace with a decision I regret?', style: 'any' }),
    }),
    goal: { sqlite: 0, postgres: 0 },
  },
  {
    // The transactional path every metered call with effects takes (one row written with the
    // debit and its ledger row, one commit per call): the ceiling for such routes, spawn included.
    // Reported only.
    name: 'metered call with effects (POST /api/v1/test/probe, one row per call)',
    target: (service, key) => ({
      url: `${service.url}/api/v1/test/probe`,
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ echo: 'bench' }),
    }),
    goal: { sqlite: 0, postgres: 0 },
  },
  {
    // The spawn webhook: a metered call with effects. Concurrent spawns share a batch (one
    // transaction, one commit); each holds its savepoint, the key's spawn count, the position
    // claim, the object and its event; the batch adds one guarded debit and the ledger rows, and
    // announces on the bus after commit. Every spawn targets one mood and layer, so positions
    // fill ring by ring, and one key spawns everything.
    name: 'cosmos spawn webhook (POST /api/v1/world/spawn, one mood and layer)',
    target: (service, key) => ({
      url: `${service.url}/api/v1/world/spawn`,
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Build passed', moodTarget: 'proud', layerTarget: 0, durationHours: 1 }),
    }),
    goal: { sqlite: 0.35, postgres: 0.2 },
  },
];

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

/**
 * The load generator runs on the same cores as the server. A server that answers with Orrery's
 * headers but does no work at all reaches this fraction of bare: no route can do better here.
 */
async function measureCeiling(bare: ServiceProcess): Promise<string> {
  const headed = await startBare('orrery');
  try {
    const bareTarget: Target = { url: `${bare.url}/`, method: 'GET' };
    const headedTarget: Target = { url: `${headed.url}/`, method: 'GET' };
    await load(bareTarget, 1);
    await load(headedTarget, 1);
    const bareSamples: Sample[] = [];
    const samples: Sample[] = [];
    for (let round = 1; round <= rounds; round++) {
      bareSamples.push(await load(bareTarget, duration, bare.child.pid));
      samples.push(await load(headedTarget, duration, headed.child.pid));
      process.stdout.write(`  ceiling: round ${round}/${rounds} done\n`);
    }
    const bareRps = median(bareSamples, (s) => s.rps);
    const rps = median(samples, (s) => s.rps);
    return (
      'ceiling (bare node:http answering with the headers of an Orrery answer, no work)\n' +
      `  bare node:http ${fmt(bareRps)} req/s   cpu ${fmt(median(bareSamples, (s) => s.cpuMicros))} µs/call\n` +
      `  with headers   ${fmt(rps)} req/s   cpu ${fmt(median(samples, (s) => s.cpuMicros))} µs/call\n` +
      `  ratio ${(rps / bareRps).toFixed(2)}: what any route could reach on this machine`
    );
  } finally {
    await headed.stop();
  }
}

async function main(): Promise<void> {
  process.stdout.write(
    `Orrery benchmark: ${connections} connections, ${rounds} round(s) of ${duration}s per server, alternating with bare node:http\n`,
  );
  const bare = await startBare();
  const report: string[] = [];
  let failed = false;
  try {
    report.push(await measureCeiling(bare));
    for (const engine of values.engines.split(',').map((e) => e.trim())) {
      const database = await freshDatabase(engine, values.postgres);
      if (!database) {
        process.stdout.write(`\n[${engine}] skipped: ${values.postgres} is not reachable\n`);
        continue;
      }
      const service = await startServiceProcess({
        DATABASE_URL: database.url,
        LOG_LEVEL: 'warn',
        ORRERY_ADMIN_EMAIL: ADMIN_EMAIL,
        ORRERY_ADMIN_PASSWORD: ADMIN_PASSWORD,
        // The spawn scenario sends far more than a key may spawn in a minute.
        SPAWN_RATE_PER_MINUTE: '10000000',
      });
      try {
        const { key } = await prepareAccount(service);
        for (const scenario of SCENARIOS.filter((s) => s.name.includes(values.only))) {
          const target = scenario.target(service, key);
          const bareTarget: Target = { url: `${bare.url}/`, method: 'GET' };
          // Warm both up (JIT, caches, pools) before measuring.
          await load(bareTarget, 1);
          await load(target, 2);
          const statsBefore = await chargerStats(service, key);
          const bareSamples: Sample[] = [];
          const samples: Sample[] = [];
          for (let round = 1; round <= rounds; round++) {
            bareSamples.push(await load(bareTarget, duration, bare.child.pid));
            samples.push(await load(target, duration, service.child.pid));
            process.stdout.write(`  [${engine}] ${scenario.name}: round ${round}/${rounds} done\n`);
          }
          const bareRps = median(bareSamples, (s) => s.rps);
          const rps = median(samples, (s) => s.rps);
          const ratio = rps / bareRps;
          const p99 = median(samples, (s) => s.p99);
          const bad = samples.reduce((n, s) => n + s.errors + s.non2xx, 0);
          const statsAfter = await chargerStats(service, key);
          const batches = statsAfter.batches - statsBefore.batches;
          const meanBatch = batches === 0 ? 0 : (statsAfter.charges - statsBefore.charges) / batches;
          const goal = scenario.goal[engine] ?? 0;
          const p99Goal = scenario.p99Goal ?? Number.POSITIVE_INFINITY;
          const verdict = ratio >= goal && p99 <= p99Goal && bad === 0 ? 'meets' : 'BELOW';
          if (verdict === 'BELOW') failed = true;
          report.push(
            `[${engine}] ${scenario.name}\n` +
              `  bare node:http ${fmt(bareRps)} req/s   p50 ${fmt(
                median(bareSamples, (s) => s.p50),
                1,
              )} ms   p99 ${fmt(
                median(bareSamples, (s) => s.p99),
                1,
              )} ms   cpu ${fmt(median(bareSamples, (s) => s.cpuMicros))} µs/call\n` +
              `  orrery         ${fmt(rps)} req/s   p50 ${fmt(
                median(samples, (s) => s.p50),
                1,
              )} ms   p99 ${fmt(p99, 1)} ms   cpu ${fmt(
                median(samples, (s) => s.cpuMicros),
              )} µs/call   errors/non-2xx ${bad}\n` +
              `  mean batch ${meanBatch.toFixed(1)} charges (${batches} batches)\n` +
              `  ratio ${ratio.toFixed(2)} (goal ≥ ${goal}${
                scenario.p99Goal === undefined ? '' : `, p99 ≤ ${scenario.p99Goal} ms`
              }): ${verdict}`,
          );
        }
      } finally {
        await service.stop();
        await database.drop();
      }
    }
  } finally {
    await bare.stop();
  }
  process.stdout.write(`\n${report.join('\n\n')}\n`);
  if (failed) process.stdout.write('\nSome scenarios are below their goal (see above).\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
