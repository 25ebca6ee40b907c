import assert from 'node:assert/strict';
import http from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { insertEvent } from '../../src/domains/cosmos/repo.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { eventually } from '../helpers/http.ts';
import { openSse, type SseStream } from './sse.ts';

/**
 * The event stream's bounds: streams per client address, how much a reconnecting client is
 * replayed, and how far a client that does not read may fall behind.
 */
describe('cosmos stream limits', () => {
  let t: TestApp;
  let base: string;
  const streams: SseStream[] = [];

  before(async () => {
    t = await startTestApp({
      env: { COSMOS_HEARTBEAT_MS: '60000', COSMOS_SWEEP_INTERVAL_MS: '3600000' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  after(async () => {
    for (const stream of streams) stream.close();
    await t?.close();
  });

  async function open(headers: Record<string, string> = {}): Promise<SseStream> {
    const stream = await openSse(`${base}/api/cosmos/stream`, headers);
    streams.push(stream);
    return stream;
  }

  async function log(count: number, createdAt: number, title = 'logged'): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const objectId = `obj_limits${String(ids.length).padStart(16, '0')}`;
      ids.push(
        await insertEvent(t.deps.storage.db, {
          kind: 'spawned',
          object_id: objectId,
          data: JSON.stringify({ objectId, title: `${title} ${i}` }),
          created_at: createdAt,
        }),
      );
    }
    return ids;
  }

  /** Reads events until `count` have arrived or nothing more comes for a moment. */
  async function drain(stream: SseStream, count: number): Promise<number[]> {
    const ids: number[] = [];
    while (ids.length < count) {
      try {
        ids.push(Number((await stream.next(() => true, 1500)).id));
      } catch {
        break;
      }
    }
    return ids;
  }

  test('20 streams per client address; the 21st → 429 rate_limited problem+json; closing one frees a slot', async () => {
    const mine: SseStream[] = [];
    for (let i = 0; i < 20; i++) {
      const stream = await open();
      assert.equal(stream.status, 200);
      mine.push(stream);
    }
    const refused = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${base}/api/cosmos/stream`, resolve).once('error', reject),
    );
    let body = '';
    for await (const chunk of refused) body += chunk;
    assert.equal(refused.statusCode, 429);
    assert.match(String(refused.headers['content-type']), /^application\/problem\+json/);
    assert.equal(JSON.parse(body).code, 'rate_limited');
    assert.ok(Number(refused.headers['retry-after']) > 0);

    mine[0]?.close();
    await eventually(async () => (t.deps.cosmos.streamCount < 20 ? true : undefined), 5000);
    const again = await open();
    assert.equal(again.status, 200);
    for (const stream of [...mine, again]) stream.close();
    await eventually(async () => (t.deps.cosmos.streamCount === 0 ? true : undefined), 5000);
  });

  test('Last-Event-ID replays at most the newest 1,000 events, and none older than 15 minutes', async () => {
    const now = Date.now();
    const old = await log(5, now - 16 * 60_000, 'stale');
    const recent = await log(1200, now, 'recent');
    // Without Redis, instances learn of logged events by polling the log; let this one catch up
    // first, so that what follows is the replay alone.
    if (!t.deps.bus.shared) {
      const watcher = await open();
      await watcher.next((e) => Number(e.id) === recent.at(-1), 10_000);
      watcher.close();
    }
    const stream = await open({ 'last-event-id': String((old[0] ?? 1) - 1) });
    const ids = await drain(stream, 1300);
    stream.close();
    assert.equal(ids.length, 1000);
    assert.deepEqual(ids, recent.slice(-1000));
  });

  test('a client that does not read is dropped before 1 MiB piles up for it', async () => {
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    let received = 0;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.once('data', (chunk: Buffer) => {
      received += chunk.length;
      socket.pause(); // reads nothing more from here on
    });
    socket.on('error', () => {});
    socket.write('GET /api/cosmos/stream HTTP/1.1\r\nHost: x\r\n\r\n');
    await eventually(async () => (t.deps.cosmos.streamCount === 1 ? true : undefined), 5000);

    // 40 MiB of live events: far more than the socket buffers hold.
    const padding = 'x'.repeat(256 * 1024);
    for (let i = 0; i < 160 && t.deps.cosmos.streamCount > 0; i++) {
      await t.deps.cosmos.announce({
        id: 1_000_000_000 + i,
        kind: 'spawned',
        data: JSON.stringify({ objectId: `obj_flood${i}`, padding }),
      });
      await new Promise((resolve) => setImmediate(resolve));
    }
    await eventually(async () => (t.deps.cosmos.streamCount === 0 ? true : undefined), 10_000);
    socket.resume();
    await closed;
    assert.ok(received > 0);
  });
});
