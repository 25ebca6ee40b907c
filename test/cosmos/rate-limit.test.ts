import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  createKey,
  ON_POSTGRES,
  signup,
  startTestApp,
  TEST_REDIS_URL,
  type TestApp,
} from '../helpers/app.ts';
import { expectProblem } from '../helpers/http.ts';

describe(`cosmos spawn rate limit (${ON_POSTGRES ? 'PostgreSQL' : 'SQLite'}${TEST_REDIS_URL ? ' + Redis' : ''})`, () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { SPAWN_RATE_PER_MINUTE: '3' } });
  });
  after(async () => t.close());

  const spawn = (key: string, title: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/world/spawn',
      headers: { 'x-api-key': key, ...headers },
      payload: { title },
    });

  test('SPAWN_RATE_PER_MINUTE per key: RateLimit fields on every spawn, 429 past it, uncharged', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account, { scopes: ['write'] });
    for (let i = 1; i <= 3; i++) {
      const response = await spawn(key, `ok ${i}`);
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(response.headers['ratelimit-policy'], '"minute";q=3;w=60');
      const match = /^"minute";r=(\d+);t=(\d+)$/.exec(String(response.headers.ratelimit));
      assert.ok(match, String(response.headers.ratelimit));
      assert.equal(Number(match[1]), 3 - i);
      assert.ok(Number(match[2]) >= 1 && Number(match[2]) <= 60);
    }
    const balance = await t.deps.essence.balanceMilli(account.user.id);
    const limited = await spawn(key, 'one too many');
    const problem = expectProblem(limited, 429, 'rate_limited');
    assert.match(problem.detail, /3 objects a minute/);
    const retryAfter = Number(limited.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 60, String(limited.headers['retry-after']));
    assert.equal(limited.headers['ratelimit-policy'], '"minute";q=3;w=60');
    assert.match(String(limited.headers.ratelimit), /^"minute";r=0;t=\d+$/);
    assert.equal(await t.deps.essence.balanceMilli(account.user.id), balance);
    const objects = await t.deps.storage.db
      .selectFrom('cosmos_objects')
      .select('id')
      .where('owner_id', '=', account.user.id)
      .execute();
    assert.equal(objects.length, 3);

    // The limit is per key: another key of the same account still spawns.
    const other = await createKey(t.app, account, { scopes: ['write'] });
    assert.equal((await spawn(other.key, 'other key')).statusCode, 201);
  });

  test('validation failures come first and do not use up the rate', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account, { scopes: ['write'] });
    for (let i = 0; i < 5; i++) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/v1/world/spawn',
        headers: { 'x-api-key': key },
        payload: { title: 'x', layerTarget: 9 },
      });
      assert.equal(bad.statusCode, 400);
    }
    assert.equal((await spawn(key, 'still allowed')).statusCode, 201);
  });

  test('concurrent spawns never exceed the limit', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account, { scopes: ['write'] });
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => spawn(key, `burst ${i}`)));
    assert.equal(responses.filter((r) => r.statusCode === 201).length, 3);
    assert.equal(responses.filter((r) => r.statusCode === 429).length, 7);
  });
});
