/**
 * `npm run bench:webhooks` (also part of `npm run bench`): outbound events on loopback.
 *
 * Ten endpoints of one account subscribe to every event; one of them answers only after 10 s
 * (so each of its attempts runs into the 10 s limit), the other nine answer at once. The receiver
 * runs in a process of its own (bench/webhook-receiver.ts). Two phases:
 *
 *   steady  events committed at `--rate` a second for `--seconds`: the time from each event's
 *           commit to the first attempt at each fast endpoint (goal: p99 ≤ 1 s);
 *   burst   the rest of `--events` committed as fast as possible (100 per transaction): fast
 *           deliveries per second until every one has succeeded.
 *
 * The slow endpoint holds its own attempt slots the whole time; the figures for the others are
 * what shows whether it slows them. Bounded: `--events` in all, loopback only.
 *
 *   npm run bench:webhooks -- --engines sqlite --events 2000 --rate 50 --seconds 5
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { closeDeps, createDeps, type Deps } from '../src/deps.ts';
import { notifyCommitted, recordEvent } from '../src/domains/webhooks/outbox.ts';
import { freshDatabase } from './databases.ts';

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    events: { type: 'string', default: '10000' },
    endpoints: { type: 'string', default: '10' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const TOTAL_EVENTS = Number(values.events);
const ENDPOINTS = Number(values.endpoints);
const RATE = Number(values.rate);
const STEADY_SECONDS = Number(values.seconds);
const GOAL_P99_MS = 1000;
/** The burst phase gives up after this long (the figures then say how far it got). */
const BURST_LIMIT_MS = 600_000;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface Receiver {
  url: string;
  /** First arrival time per (event number, endpoint path). */
  firstSeen: Map<string, number>;
  slowStarted: number;
  close(): Promise<void>;
}

/** Starts bench/webhook-receiver.ts as its own process and follows what it reports. */
async function startReceiver(): Promise<Receiver> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/webhook-receiver.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const receiver: Receiver = {
    url: '',
    firstSeen: new Map(),
    slowStarted: 0,
    async close() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the receiver exited with ${code}`)));
    lines.on('line', (line) => {
      const listening = /^listening (\d+)$/.exec(line);
      if (listening) {
        receiver.url = `http://127.0.0.1:${listening[1]}`;
        resolve();
        return;
      }
      const [path, n, at] = line.split(' ');
      if (path === '/slow') receiver.slowStarted++;
      else if (!receiver.firstSeen.has(`${n} ${path}`)) receiver.firstSeen.set(`${n} ${path}`, Number(at));
    });
  });
  return receiver;
}

/** Commits events `from`..`to - 1` in transactions of `perTransaction`; returns each commit time. */
async function commitEvents(deps: Deps, userId: string, from: number, to: number, perTransaction: number) {
  const committed = new Map<number, number>();
  for (let start = from; start < to; start += perTransaction) {
    const end = Math.min(to, start + perTransaction);
    await deps.storage.db.transaction().execute(async (tx) => {
      for (let n = start; n < end; n++) await recordEvent(tx, { userId, type: 'webhook.test', data: { n } });
    });
    const at = Date.now();
    for (let n = start; n < end; n++) committed.set(n, at);
    notifyCommitted();
  }
  return committed;
}

async function succeededFast(deps: Deps, slowId: string): Promise<number> {
  const row = await deps.storage.db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'succeeded')
    .where('endpoint_id', '!=', slowId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function benchEngine(engine: string): Promise<boolean> {
  const database = await freshDatabase(engine, values.postgres);
  if (database === null) {
    process.stdout.write(`\n[${engine}] skipped: ${values.postgres} is not reachable\n`);
    return true;
  }
  const receiver = await startReceiver();
  const config = loadConfig({
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    WEBHOOK_ALLOW_PRIVATE: 'true',
  });
  const deps = await createDeps(config);
  try {
    const { user } = await deps.accounts.signup(
      { email: `bench-${Date.now()}@example.test`, password: 'correct horse battery' },
      '127.0.0.1',
      'bench',
    );
    const fastPaths: string[] = [];
    let slowId = '';
    for (let i = 0; i < ENDPOINTS; i++) {
      const path = i === 0 ? '/slow' : `/fast${i}`;
      const { endpoint } = await deps.webhooks.create(user.id, {
        url: `${receiver.url}${path}`,
        events: ['webhook.test'],
      });
      if (i === 0) slowId = endpoint.id;
      else fastPaths.push(path);
    }
    deps.webhooks.startWorker();
    const fast = ENDPOINTS - 1;
    process.stdout.write(
      `\n[${engine}] ${ENDPOINTS} endpoints (1 answering after 10 s), ${TOTAL_EVENTS.toLocaleString('en-US')} events\n`,
    );

    // Steady phase: RATE events a second, one per transaction.
    const steadyEvents = Math.min(TOTAL_EVENTS, RATE * STEADY_SECONDS);
    const committed = new Map<number, number>();
    const started = Date.now();
    for (let n = 0; n < steadyEvents; n++) {
      const due = started + (n * 1000) / RATE;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      for (const [k, v] of await commitEvents(deps, user.id, n, n + 1, 1)) committed.set(k, v);
    }
    const steadyDeadline = Date.now() + 30_000;
    while ((await succeededFast(deps, slowId)) < steadyEvents * fast && Date.now() < steadyDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The receiver reports in batches every 50 ms.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const latencies: number[] = [];
    for (let n = 0; n < steadyEvents; n++) {
      for (const path of fastPaths) {
        const seen = receiver.firstSeen.get(`${n} ${path}`);
        const at = committed.get(n);
        if (seen !== undefined && at !== undefined) latencies.push(seen - at);
      }
    }
    latencies.sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);
    process.stdout.write(
      `[${engine}] steady ${RATE}/s for ${STEADY_SECONDS} s (${(RATE * fast).toLocaleString('en-US')} fast deliveries/s): commit → first attempt p50 ${percentile(latencies, 50)} ms, p99 ${p99} ms, max ${latencies[latencies.length - 1]} ms over ${latencies.length.toLocaleString('en-US')} of ${(steadyEvents * fast).toLocaleString('en-US')} deliveries; ${p99 <= GOAL_P99_MS ? 'meets' : 'MISSES'} the ${GOAL_P99_MS} ms goal\n`,
    );

    // Burst phase: the rest at once.
    const burstEvents = TOTAL_EVENTS - steadyEvents;
    const before = await succeededFast(deps, slowId);
    const burstStart = Date.now();
    await commitEvents(deps, user.id, steadyEvents, TOTAL_EVENTS, 100);
    const committedIn = Date.now() - burstStart;
    const target = before + burstEvents * fast;
    let done = before;
    while (done < target && Date.now() - burstStart < BURST_LIMIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      done = await succeededFast(deps, slowId);
    }
    const seconds = (Date.now() - burstStart) / 1000;
    process.stdout.write(
      `[${engine}] burst of ${burstEvents.toLocaleString('en-US')} events (committed in ${committedIn} ms): ${(done - before).toLocaleString('en-US')} of ${(burstEvents * fast).toLocaleString('en-US')} fast deliveries in ${seconds.toFixed(1)} s = ${Math.round((done - before) / seconds).toLocaleString('en-US')} deliveries/s; the slow endpoint was attempted ${receiver.slowStarted} times meanwhile\n`,
    );
    return p99 <= GOAL_P99_MS && done >= target;
  } finally {
    await closeDeps(deps);
    await receiver.close();
    await database.drop();
  }
}

let allOk = true;
for (const engine of values.engines.split(',')) {
  if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`unknown engine ${engine}`);
  allOk = (await benchEngine(engine)) && allOk;
}
if (!allOk) {
  process.stdout.write('\nWebhook delivery missed a goal on some engine (see above).\n');
  process.exitCode = 1;
}
