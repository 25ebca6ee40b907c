import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createKey,
  createTestDatabase,
  ON_POSTGRES,
  PASSWORD,
  signup,
  startTestApp,
  type TestApp,
  type TestDatabase,
  uniqueEmail,
} from '../helpers/app.ts';
import { FaultProxy } from '../helpers/fault-proxy.ts';
import { expectProblem } from '../helpers/http.ts';
import { timed } from '../helpers/services.ts';

/**
 * Real PostgreSQL behind a TCP proxy that stalls, refuses or cuts. A route that needs the
 * database answers 503 `unavailable` with `Retry-After` within 2 s — never a hang, never a 500 —
 * and the service recovers by itself when the database is back. Runs on the PostgreSQL suite
 * (`TEST_DATABASE_URL=postgres://…`), where a missing server fails it.
 */
const LIMIT_MS = 2000;

describe('PostgreSQL faults', {
  timeout: 90_000,
  skip: !ON_POSTGRES && 'runs with TEST_DATABASE_URL=postgres://…',
}, () => {
  let database: TestDatabase;
  let proxy: FaultProxy;
  let t: TestApp;
  let account: Awaited<ReturnType<typeof signup>>;
  let key: string;

  before(async () => {
    database = await createTestDatabase();
    proxy = await FaultProxy.start(database.url);
    t = await startTestApp({ database: { ...database, url: proxy.urlFor(database.url) } });
    account = await signup(t.app);
    key = (await createKey(t.app, account)).key;
  });
  after(async () => {
    await t?.close();
    await proxy?.close();
    await database?.drop();
  });

  const requests = {
    signup: () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: uniqueEmail('fault'), password: PASSWORD },
      }),
    analyze: () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/mood/analyze',
        headers: { 'x-api-key': key },
        payload: { text: 'A calm and steady morning.' },
      }),
    keys: () => t.app.inject({ method: 'GET', url: '/api/v1/keys', headers: { cookie: account.cookie } }),
    pulse: () => t.app.inject({ method: 'GET', url: '/api/trajectory/collective-pulse?window=1h' }),
  };

  async function untilRecovered(): Promise<number> {
    const started = Date.now();
    for (;;) {
      const [ready, analyze] = await Promise.all([
        t.app.inject({ method: 'GET', url: '/readyz' }),
        requests.analyze(),
      ]);
      if (ready.statusCode === 200 && analyze.statusCode === 200) return Date.now() - started;
      assert.notEqual(analyze.statusCode, 500, analyze.body);
      assert.ok(Date.now() - started < 10_000, `not recovered after 10 s: ${analyze.body}`);
      await sleep(50);
    }
  }

  for (const mode of ['stall', 'refuse', 'cut'] as const) {
    test(`PostgreSQL ${mode}: 503 unavailable with Retry-After within 2 s, then recovery`, async () => {
      assert.equal((await requests.analyze()).statusCode, 200);
      await proxy.set(mode);
      let slowest = 0;
      let readyMs = 0;
      try {
        // Every route at once, as traffic would arrive, then each again on its own.
        const all = await Promise.all(Object.values(requests).map((request) => timed(request)));
        for (const [name, request] of Object.entries(requests))
          all.push({ ...(await timed(request)), name } as never);
        for (const { value, ms } of all) {
          slowest = Math.max(slowest, ms);
          assert.ok(ms < LIMIT_MS, `${value.raw.req.url} took ${ms} ms with PostgreSQL ${mode}`);
          // The pulse may still be served from its in-memory cache; everything else needs the database.
          if (value.statusCode === 200 && value.raw.req.url?.startsWith('/api/trajectory/')) continue;
          expectProblem(value, 503, 'unavailable');
          assert.ok(Number(value.headers['retry-after']) > 0, value.raw.req.url);
        }
        const { value: ready, ms } = await timed(() => t.app.inject({ method: 'GET', url: '/readyz' }));
        readyMs = ms;
        assert.ok(ms < LIMIT_MS, `/readyz took ${ms} ms`);
        const body = expectProblem(ready, 503, 'unavailable');
        const checks = body.checks as Record<string, string>;
        assert.notEqual(checks.database, 'ok');
      } finally {
        await proxy.set('pass');
      }
      const recoveredMs = await untilRecovered();
      process.stdout.write(
        `# postgres ${mode}: slowest answer ${slowest} ms, /readyz ${readyMs} ms, recovered in ${recoveredMs} ms\n`,
      );
    });
  }

  test('the pool holds no connection that went silent: after a stall every query works again', async () => {
    await proxy.set('stall');
    await Promise.all(Array.from({ length: 25 }, () => requests.keys()));
    await proxy.set('pass');
    await untilRecovered();
    // Every pooled connection serves a query again (a connection left stuck behind a silent
    // query would time out here). Ten at a time: no request waits for the pool.
    for (let round = 0; round < 4; round++) {
      const after = await Promise.all(Array.from({ length: 10 }, () => requests.keys()));
      for (const response of after) assert.equal(response.statusCode, 200, response.body);
    }
  });
});
