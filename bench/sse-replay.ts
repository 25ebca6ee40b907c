/**
 * `npm run bench:sse`: memory of a service process holding many idle cosmos streams that each
 * asked to replay the event log (`Last-Event-ID: 0`) and then never read a byte.
 *
 *   npm run bench:sse                         2,000 clients, 1,000 logged events
 *   npm run bench:sse -- --clients 500 --events 1000 --settle 5
 *
 * The service runs as its own process on a temporary SQLite file; its resident memory
 * (VmRSS) is read before the clients connect and after they have settled. Clients spread over
 * loopback addresses 127.0.0.2… (at most 20 per address, the per-address stream limit), so
 * every one of them is a legitimate stream. Loopback only; bounded in clients and seconds; the
 * process and the database are removed at the end.
 */
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { testEnv } from '../test/helpers/app.ts';
import { startServiceProcess } from '../test/helpers/processes.ts';
import { freshDatabase } from './databases.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '2000' },
    events: { type: 'string', default: '1000' },
    settle: { type: 'string', default: '8' },
    'per-address': { type: 'string', default: '20' },
    /** `none`: the same clients without replay, to tell connection cost from replay cost. */
    'last-event-id': { type: 'string', default: '0' },
  },
});
const clients = Math.min(5000, Number(values.clients));
const events = Math.min(20_000, Number(values.events));
const settleSeconds = Math.min(60, Number(values.settle));
const perAddress = Number(values['per-address']);
const WAVE = 200;
const lastEventId = values['last-event-id'] === 'none' ? '' : `Last-Event-ID: ${values['last-event-id']}\r\n`;

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kib / 1024) * 10) / 10;
}

const database = await freshDatabase('sqlite', '');
if (database === null) throw new Error('no database');
// The service migrates the file at start; the log is seeded once it has.
const service = await startServiceProcess({
  ...testEnv(database.url, 'bench:'),
  COSMOS_HEARTBEAT_MS: '300000',
  COSMOS_SWEEP_INTERVAL_MS: '3600000',
  COUNCIL_INTERVAL_MINUTES: '0',
});
const sockets: Socket[] = [];
try {
  const file = new SqliteDatabase(database.url.slice('sqlite:'.length));
  file.pragma('busy_timeout = 5000');
  const insert = file.prepare(
    'insert into cosmos_events (kind, object_id, data, created_at) values (?, ?, ?, ?)',
  );
  const now = Date.now();
  file.transaction(() => {
    for (let i = 0; i < events; i++) {
      const data = JSON.stringify({
        objectId: `obj_bench${String(i).padStart(21, '0')}`,
        type: 'notification',
        title: `Bench object ${i}`,
        description: 'An object spawned to fill the event log for the replay benchmark.',
        moodTarget: 'neutral',
        layerTarget: 0,
        position: `L0:still:1-${String(i % 1000).padStart(3, '0')}`,
        coordinates: { x: 0.1, y: 0.2, z: 0.3 },
        createdAt: new Date(now - 60_000 + i).toISOString(),
        expiresAt: new Date(now + 3_600_000).toISOString(),
      });
      insert.run('spawned', `obj_bench${i}`, data, now - 60_000 + i);
    }
  })();
  file.close();

  const pid = service.child.pid as number;
  const { port } = new URL(service.url);
  await sleep(1000);
  const before = rssMiB(pid);

  const statuses = new Map<string, number>();
  const openOne = (i: number) => {
    const localAddress = `127.0.0.${2 + Math.floor(i / perAddress)}`;
    return new Promise<void>((resolve) => {
      const socket = connect({ port: Number(port), host: '127.0.0.1', localAddress });
      sockets.push(socket);
      socket.once('data', (chunk: Buffer) => {
        const status = /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? '?';
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        // Idle from here on: the client reads nothing more.
        socket.pause();
        resolve();
      });
      socket.once('error', (error: NodeJS.ErrnoException) => {
        const status = error.code ?? 'error';
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        resolve();
      });
      socket.write(
        `GET /api/cosmos/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n${lastEventId}\r\n`,
      );
    });
  };
  // In waves of 200 (a reconnect storm, without overflowing the listen backlog), each wave
  // bounded to 30 s; unanswered clients count as "pending".
  const started = Date.now();
  for (let first = 0; first < clients; first += WAVE) {
    const wave = Array.from({ length: Math.min(WAVE, clients - first) }, (_, j) => openOne(first + j));
    await Promise.race([Promise.all(wave), sleep(30_000)]);
  }
  const answerSeconds = Math.round((Date.now() - started) / 100) / 10;
  const counted = [...statuses.values()].reduce((a, b) => a + b, 0);
  if (counted < clients) statuses.set('pending', clients - counted);
  await sleep(settleSeconds * 1000);
  const after = rssMiB(pid);
  console.log(
    `sse replay: ${clients} idle clients × ${events} logged events: RSS ${before} MiB → ${after} MiB (+${Math.round((after - before) * 10) / 10} MiB); answers ${JSON.stringify(Object.fromEntries(statuses))} within ${answerSeconds} s`,
  );
} finally {
  for (const socket of sockets) socket.destroy();
  await service.stop();
  await database.drop();
}
