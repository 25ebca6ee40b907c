import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createKey,
  createTestDatabase,
  signup,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from '../helpers/app.ts';
import { FaultProxy } from '../helpers/fault-proxy.ts';
import { expectProblem } from '../helpers/http.ts';
import { type CapturedLog, captureLog } from '../helpers/log-capture.ts';
import { redisForFaultTests, timed } from '../helpers/services.ts';

/**
 * Real Redis behind a TCP proxy that stalls, refuses or cuts. Every answer comes within 2 s;
 * quotas and rate limits count in the database meanwhile (logged once each way); the service
 * recovers by itself when Redis is back.
 */
const REDIS = await redisForFaultTests();
const LIMIT_MS = 2000;
const UNAVAILABLE = 'redis is unavailable: counting quotas and rate limits in the database until it is back';
const BACK = 'redis is back: counting quotas and rate limits in redis again';

describe('Redis faults', {
  timeout: 90_000,
  skip: REDIS === null && 'no Redis reachable (set TEST_REDIS_URL)',
}, () => {
  const redisUrl = REDIS as string;
  let proxy: FaultProxy;
  let t: TestApp;
  let logs: CapturedLog;

  before(async () => {
    proxy = await FaultProxy.start(redisUrl);
    logs = captureLog();
    t = await startTestApp({ env: { REDIS_URL: proxy.urlFor(redisUrl) }, log: logs.log });
  });
  after(async () => {
    await t?.close();
    await proxy?.close();
  });

  const pulse = () => t.app.inject({ method: 'GET', url: '/api/trajectory/collective-pulse' });
  const ready = () => t.app.inject({ method: 'GET', url: '/readyz' });

  async function untilRecovered(): Promise<number> {
    const started = Date.now();
    for (;;) {
      const response = await ready();
      if (response.statusCode === 200 && !counting().degradedNow) {
        // One more counted call goes to Redis once the retry interval has passed.
        return Date.now() - started;
      }
      assert.ok(Date.now() - started < 10_000, `not recovered after 10 s: ${response.body}`);
      await pulse();
      await sleep(50);
    }
  }

  const counting = () => t.deps.counters;

  for (const mode of ['stall', 'refuse', 'cut'] as const) {
    test(`Redis ${mode}: counted routes answer within 2 s, /readyz names redis, then recovery`, async () => {
      assert.equal((await pulse()).statusCode, 200);
      const unavailableBefore = logs.count(UNAVAILABLE);
      const backBefore = logs.count(BACK);
      await proxy.set(mode);
      try {
        await duringFault(mode, unavailableBefore);
      } finally {
        await proxy.set('pass');
      }
      const recoveredMs = await untilRecovered();
      assert.equal(logs.count(BACK), backBefore + 1);
      process.stdout.write(
        `# redis ${mode}: slowest answer ${slowest} ms, /readyz ${readyMs} ms, recovered in ${recoveredMs} ms\n`,
      );
    });
  }

  let slowest = 0;
  let readyMs = 0;
  async function duringFault(mode: 'stall' | 'refuse' | 'cut', unavailableBefore: number): Promise<void> {
    const times: number[] = [];
    for (let i = 0; i < 8; i++) {
      const { value, ms } = await timed(pulse);
      times.push(ms);
      assert.equal(value.statusCode, 200, value.body);
      // Still counted: the quota fields are there, from the database store.
      assert.match(String(value.headers.ratelimit), /^"daily";r=\d+;t=\d+$/);
      assert.ok(ms < LIMIT_MS, `pulse took ${ms} ms with Redis ${mode}`);
    }
    // Logged once for the whole outage, not per request.
    assert.equal(logs.count(UNAVAILABLE), unavailableBefore + 1);

    const { value: readiness, ms } = await timed(ready);
    readyMs = ms;
    slowest = Math.max(...times);
    assert.ok(readyMs < LIMIT_MS, `/readyz took ${readyMs} ms`);
    const body = expectProblem(readiness, 503, 'unavailable');
    assert.ok(Number(readiness.headers['retry-after']) > 0);
    assert.deepEqual(body.checks, { database: 'ok', redis: mode === 'stall' ? 'timeout' : 'failing' });

    // A sign-in throttle (a counter too) still works.
    const account = await signup(t.app);
    assert.ok(account.user.id);
  }

  test('Redis stalled: a spawn (key, rate limit) answers within 2 s', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account, { scopes: ['write'] });
    await proxy.set('stall');
    try {
      const { value, ms } = await timed(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/world/spawn',
          headers: { 'x-api-key': key },
          payload: { title: 'A stalled Redis does not stop this' },
        }),
      );
      assert.equal(value.statusCode, 201, value.body);
      assert.ok(ms < LIMIT_MS, `spawn took ${ms} ms`);
    } finally {
      await proxy.set('pass');
    }
    await untilRecovered();
  });
});

describe('revocation without its message', {
  timeout: 60_000,
  skip: REDIS === null && 'no Redis reachable',
}, () => {
  const redisUrl = REDIS as string;
  let database: TestDatabase;
  let proxy: FaultProxy;
  let a: TestApp;
  let b: TestApp;

  before(async () => {
    database = await createTestDatabase();
    proxy = await FaultProxy.start(redisUrl);
    const redisPrefix = `orrery-test:lost:${Date.now()}:`;
    // `a` talks to Redis directly; `b` through the proxy, which will lose b's messages.
    a = await startTestApp({ database, redisPrefix, env: { REDIS_URL: redisUrl } });
    b = await startTestApp({ database, redisPrefix, env: { REDIS_URL: proxy.urlFor(redisUrl) } });
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await proxy?.close();
    await database?.drop();
  });

  const balance = (t: TestApp, key: string) =>
    t.app
      .inject({ method: 'GET', url: '/api/v1/essence', headers: { 'x-api-key': key } })
      .then((r) => r.statusCode);

  async function refusedWithin(t: TestApp, key: string, limitMs: number): Promise<number> {
    const started = Date.now();
    while ((await balance(t, key)) !== 401) {
      assert.ok(Date.now() - started < limitMs, `the key still worked after ${limitMs} ms`);
      await sleep(50);
    }
    return Date.now() - started;
  }

  for (const [what, mode] of [
    ['deleted', 'stall'],
    ['rotated out', 'refuse'],
  ] as const) {
    test(`a key ${what} while the other instance's Redis is ${mode === 'stall' ? 'stalled' : 'down'}: refused there within 5 s`, async () => {
      const account = await signup(a.app);
      const { key, id } = await createKey(a.app, account);
      assert.equal(await balance(b, key), 200); // cached on b
      await proxy.set(mode);
      try {
        const response = await a.app.inject({
          method: what === 'deleted' ? 'DELETE' : 'POST',
          url: what === 'deleted' ? `/api/v1/keys/${id}` : `/api/v1/keys/${id}/rotate`,
          headers: { cookie: account.cookie },
          ...(what === 'deleted' ? {} : { payload: { graceHours: 0 } }),
        });
        assert.ok([201, 204].includes(response.statusCode), response.body);
        assert.equal(await balance(a, key), 401);
        const ms = await refusedWithin(b, key, 5000);
        process.stdout.write(`# revocation message lost (${what}, Redis ${mode}): refused after ${ms} ms\n`);
      } finally {
        await proxy.set('pass');
      }
    });
  }

  test('with the message delivered, the other instance refuses within 1 s', async () => {
    const account = await signup(a.app);
    const { key, id } = await createKey(a.app, account);
    assert.equal(await balance(b, key), 200);
    // b's subscription may be reconnecting after the faults above.
    await sleep(1500);
    const response = await a.app.inject({
      method: 'DELETE',
      url: `/api/v1/keys/${id}`,
      headers: { cookie: account.cookie },
    });
    assert.equal(response.statusCode, 204);
    await refusedWithin(b, key, 1000);
  });
});
