import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { cellAt, positionLabel } from '../../src/domains/cosmos/placement.ts';
import {
  createKey,
  createTestDatabase,
  ON_POSTGRES,
  PATIENT_DATABASE,
  signup,
  startTestApp,
  TEST_REDIS_URL,
  type TestApp,
  type TestDatabase,
} from '../helpers/app.ts';
import { eventually } from '../helpers/http.ts';
import { startServiceProcess } from '../helpers/processes.ts';
import { openSse, type SseStream } from './sse.ts';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

async function writerKey(app: FastifyInstance): Promise<string> {
  const account = await signup(app);
  return (await createKey(app, account, { scopes: ['read', 'write'] })).key;
}

async function spawn(app: FastifyInstance, key: string, body: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/world/spawn',
    headers: { 'x-api-key': key },
    payload: body,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json<{ objectId: string; position: string; expiresAt: string | null }>();
}

const engine = `${ON_POSTGRES ? 'PostgreSQL' : 'SQLite'}${TEST_REDIS_URL ? ' + Redis' : ''}`;

describe(`cosmos stream (${engine})`, () => {
  let t: TestApp;
  let base: string;
  let key: string;
  const streams: SseStream[] = [];
  const open = async (headers: Record<string, string> = {}) => {
    const stream = await openSse(`${base}/api/cosmos/stream`, headers);
    streams.push(stream);
    return stream;
  };

  before(async () => {
    t = await startTestApp({ env: { COSMOS_HEARTBEAT_MS: '150', COSMOS_SWEEP_INTERVAL_MS: '200' } });
    base = await listen(t.app);
    key = await writerKey(t.app);
  });
  after(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  test('an event stream with the service’s headers and open CORS', async () => {
    const stream = await open({ origin: 'https://viewer.example' });
    assert.equal(stream.status, 200);
    assert.match(stream.headers['content-type'] ?? '', /^text\/event-stream/);
    assert.equal(stream.headers['cache-control'], 'no-store');
    assert.equal(stream.headers['x-content-type-options'], 'nosniff');
    assert.equal(stream.headers['x-frame-options'], 'DENY');
    assert.match(String(stream.headers['content-security-policy']), /default-src 'none'/);
    assert.match(String(stream.headers['x-request-id']), /^req_/);
    assert.equal(stream.headers['access-control-allow-origin'], '*');
    stream.close();

    const head = await t.app.inject({ method: 'HEAD', url: '/api/cosmos/stream' });
    assert.equal(head.statusCode, 200);
    assert.match(String(head.headers['content-type']), /^text\/event-stream/);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/cosmos/stream',
      headers: { origin: 'https://viewer.example', 'access-control-request-method': 'GET' },
    });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], '*');
  });

  test('a spawn reaches the stream as a `spawned` event carrying the object and an id', async () => {
    const stream = await open();
    const created = await spawn(t.app, key, { title: 'Streamed', moodTarget: 'excited', layerTarget: 1 });
    const event = await stream.next((e) => JSON.parse(e.data).objectId === created.objectId);
    assert.equal(event.event, 'spawned');
    assert.match(event.id ?? '', /^\d+$/);
    const object = JSON.parse(event.data);
    assert.equal(object.title, 'Streamed');
    assert.equal(object.position, created.position);
    assert.equal(object.moodTarget, 'excited');
    assert.equal(typeof object.coordinates.x, 'number');
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/world/objects/${created.objectId}`,
      headers: { 'x-api-key': key },
    });
    assert.deepEqual(read.json(), object);
    stream.close();
  });

  test('a declined spawn (validation, Essence) sends nothing', async () => {
    const stream = await open();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/world/spawn',
      headers: { 'x-api-key': key },
      payload: { title: '   ' },
    });
    assert.equal(bad.statusCode, 400);
    const marker = await spawn(t.app, key, { title: 'after the refusal' });
    const first = await stream.next();
    assert.equal(JSON.parse(first.data).objectId, marker.objectId);
    stream.close();
  });

  test('heartbeat comments keep the stream alive', async () => {
    const stream = await open();
    assert.equal(await stream.nextComment(), 'heartbeat');
    stream.close();
  });

  test('expiry: the sweep archives the object and streams an `expired` event', async () => {
    const stream = await open();
    const created = await spawn(t.app, key, { title: 'Short-lived', durationHours: 0.0003 });
    await stream.next((e) => e.event === 'spawned' && JSON.parse(e.data).objectId === created.objectId);
    const url = `/api/v1/world/objects/${created.objectId}`;
    await eventually(async () => {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
      return response.statusCode === 404 ? true : undefined;
    }, 3000);
    assert.ok((await t.deps.cosmos.sweep()) >= 1);
    const expired = await stream.next(
      (e) => e.event === 'expired' && JSON.parse(e.data).objectId === created.objectId,
    );
    assert.equal(JSON.parse(expired.data).expiresAt, created.expiresAt);
    const archived = await t.deps.storage.db
      .selectFrom('cosmos_archive')
      .select('id')
      .where('id', '=', created.objectId)
      .executeTakeFirst();
    assert.ok(archived);
    const live = await t.deps.storage.db
      .selectFrom('cosmos_objects')
      .select('id')
      .where('id', '=', created.objectId)
      .executeTakeFirst();
    assert.equal(live, undefined);
    // A second sweep finds nothing more to do for it.
    await t.deps.cosmos.sweep();
    stream.close();
  });

  test('Last-Event-ID: a reconnecting client gets what it missed, in order, then live events', async () => {
    const first = await open();
    const a = await spawn(t.app, key, { title: 'replay a' });
    const seen = await first.next((e) => JSON.parse(e.data).objectId === a.objectId);
    first.close();
    const b = await spawn(t.app, key, { title: 'replay b' });
    const c = await spawn(t.app, key, { title: 'replay c' });

    const again = await open({ 'last-event-id': seen.id ?? '' });
    const one = await again.next();
    const two = await again.next();
    assert.deepEqual(
      [JSON.parse(one.data).objectId, JSON.parse(two.data).objectId],
      [b.objectId, c.objectId],
    );
    assert.ok(Number(one.id) > Number(seen.id) && Number(two.id) > Number(one.id));
    const d = await spawn(t.app, key, { title: 'replay d' });
    const three = await again.next();
    assert.equal(JSON.parse(three.data).objectId, d.objectId);
    again.close();

    // A Last-Event-ID that is not one of ours is ignored: live events only.
    const odd = await open({ 'last-event-id': 'not-a-number' });
    const e = await spawn(t.app, key, { title: 'replay e' });
    assert.equal(JSON.parse((await odd.next()).data).objectId, e.objectId);
    odd.close();
  });

  test('the sweeper job runs by itself and streams `expired` events', async () => {
    const stream = await open();
    t.deps.cosmos.startSweeper();
    const created = await spawn(t.app, key, { title: 'Swept by the job', durationHours: 0.0003 });
    const expired = await stream.next(
      (e) => e.event === 'expired' && JSON.parse(e.data).objectId === created.objectId,
      10_000,
    );
    assert.equal(expired.event, 'expired');
    stream.close();
  });
});

describe(`cosmos stream: closing (${engine})`, () => {
  test('app.close() ends open streams instead of waiting for them', { timeout: 15_000 }, async () => {
    const t = await startTestApp();
    const base = await listen(t.app);
    const stream = await openSse(`${base}/api/cosmos/stream`);
    assert.equal(t.deps.cosmos.streamCount, 1);
    await t.close();
    await stream.ended;
  });

  test('SIGTERM drains a service process with open streams', { timeout: 60_000 }, async () => {
    const database = await createTestDatabase();
    const service = await startServiceProcess({
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      ...(TEST_REDIS_URL
        ? { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `orrery-test:sse-drain:${Date.now()}:` }
        : {}),
    });
    try {
      const streams = await Promise.all([1, 2, 3].map(() => openSse(`${service.url}/api/cosmos/stream`)));
      await service.stop();
      await Promise.all(streams.map((s) => s.ended));
      assert.equal(service.child.exitCode, 0);
    } finally {
      await service.stop();
      await database.drop();
    }
  });
});

/**
 * Two instances of one deployment sharing a database: an object spawned on one reaches streams on
 * the other within 1 s (Redis pub/sub when configured, else the other instance reads the log).
 */
describe(`cosmos stream across instances (${TEST_REDIS_URL ? 'Redis pub/sub' : 'event log'})`, () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  before(async () => {
    database = await createTestDatabase();
    const redisPrefix = `orrery-test:cosmos:${Date.now()}:`;
    a = await startTestApp({ database, redisPrefix, env: PATIENT_DATABASE });
    b = await startTestApp({ database, redisPrefix, env: PATIENT_DATABASE });
    baseA = await listen(a.app);
    baseB = await listen(b.app);
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  test('spawned on A, streamed by B within 1 s; expired by A’s sweep, streamed by B', async () => {
    const stream = await openSse(`${baseB}/api/cosmos/stream`);
    try {
      const key = await writerKey(a.app);
      const started = Date.now();
      const created = await spawn(a.app, key, {
        title: 'From A',
        moodTarget: 'grateful',
        durationHours: 0.0003,
      });
      const event = await stream.next((e) => JSON.parse(e.data).objectId === created.objectId, 2000);
      const elapsed = Date.now() - started;
      assert.equal(event.event, 'spawned');
      assert.ok(elapsed < 1000, `took ${elapsed} ms`);

      await eventually(async () => ((await a.deps.cosmos.sweep()) > 0 ? true : undefined), 3000);
      const expired = await stream.next(
        (e) => e.event === 'expired' && JSON.parse(e.data).objectId === created.objectId,
        2000,
      );
      assert.equal(JSON.parse(expired.data).position, created.position);
    } finally {
      stream.close();
    }
  });

  test('~40 concurrent spawns on two instances for one mood and layer: no two share a position', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => writerKey(a.app)));
    const body = { title: 'crowd', moodTarget: 'peaceful', layerTarget: 4, type: 'billboard' };
    // On a loaded machine a spawn may wait on the other instance's claims past the statement
    // timeout and answer 503 (nothing written, nothing charged); a client retries it, as the
    // contract's Retry-After says, and so does this test.
    const spawnAt = async (i: number) => {
      for (let attempt = 1; ; attempt++) {
        const response = await (i % 2 === 0 ? a : b).app.inject({
          method: 'POST',
          url: '/api/v1/world/spawn',
          headers: { 'x-api-key': keys[i % keys.length] as string },
          payload: { ...body, title: `crowd ${i}` },
        });
        if (response.statusCode !== 503 || attempt === 3) return response;
      }
    };
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => spawnAt(i)));
    for (const response of responses) assert.equal(response.statusCode, 201, response.body);
    const positions = responses.map((r) => r.json().position as string);
    assert.equal(new Set(positions).size, 40, 'two spawns share a position');
    // And nothing was skipped: together they fill the 40 positions nearest the mood.
    assert.deepEqual(
      [...positions].sort(),
      Array.from({ length: 40 }, (_, i) => positionLabel(4, 'calm', cellAt(i))).sort(),
    );

    // And in the database: no two live objects share a position.
    const now = Date.now();
    const live = await a.deps.storage.db
      .selectFrom('cosmos_objects')
      .select('position')
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .execute();
    assert.equal(new Set(live.map((r) => r.position)).size, live.length);
  });

  test('an expired object frees its position, on both instances', async () => {
    const streamA = await openSse(`${baseA}/api/cosmos/stream`);
    const streamB = await openSse(`${baseB}/api/cosmos/stream`);
    try {
      const key = await writerKey(a.app);
      const lonely = { moodTarget: 'lonely', layerTarget: 6 };
      const first = await spawn(a.app, key, { title: 'tenant', ...lonely, durationHours: 0.0003 });
      const second = await spawn(b.app, key, { title: 'neighbour', ...lonely, type: 'content_node' });
      assert.notEqual(second.position, first.position);

      // A sweeps; once B has heard of the expiry, B offers the freed position again.
      await eventually(async () => ((await a.deps.cosmos.sweep()) > 0 ? true : undefined), 3000);
      await streamB.next((e) => e.event === 'expired' && JSON.parse(e.data).objectId === first.objectId);
      const third = await spawn(b.app, key, { title: 'next tenant', ...lonely, durationHours: 0.0003 });
      assert.equal(third.position, first.position);

      // And the other way round.
      await eventually(async () => ((await b.deps.cosmos.sweep()) > 0 ? true : undefined), 3000);
      await streamA.next((e) => e.event === 'expired' && JSON.parse(e.data).objectId === third.objectId);
      const fourth = await spawn(a.app, key, { title: 'third tenant', ...lonely });
      assert.equal(fourth.position, first.position);
    } finally {
      streamA.close();
      streamB.close();
    }
  });
});
