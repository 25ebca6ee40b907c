import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import {
  type Account,
  createTestDatabase,
  signup,
  signupAdmin,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from '../helpers/app.ts';
import { expectProblem } from '../helpers/http.ts';

const QUOTAS = { QUOTA_ANONYMOUS: '3', QUOTA_FREE: '5', QUOTA_PLUS: '7', QUOTA_PRO: '9' };

function remaining(response: { headers: Record<string, unknown> }): number {
  const match = /^"daily";r=(\d+);t=(\d+)$/.exec(String(response.headers.ratelimit));
  assert.ok(match, `RateLimit header: ${String(response.headers.ratelimit)}`);
  return Number(match[1]);
}

describe('daily tier quotas on trajectory routes', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: QUOTAS });
  });
  after(async () => t.close());

  const pulse = (options: Partial<InjectOptions> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/trajectory/collective-pulse', ...options });
  const asUser = (account: Account, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, cookie: account.cookie } });

  test('anonymous callers are counted by address; the last call past the quota is 429 with Retry-After', async () => {
    const from = { remoteAddress: '10.1.0.1' };
    const seen: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await pulse(from);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['ratelimit-policy'], '"daily";q=3;w=86400');
      seen.push(remaining(response));
    }
    assert.deepEqual(seen, [2, 1, 0]);
    const refused = await pulse(from);
    const problem = expectProblem(refused, 429, 'quota_exceeded');
    assert.match(problem.detail, /00:00 UTC/);
    const retryAfter = Number(refused.headers['retry-after']);
    const secondsToMidnight = Math.ceil(
      (Math.ceil(Date.now() / 86_400_000) * 86_400_000 - Date.now()) / 1000,
    );
    assert.ok(Math.abs(retryAfter - secondsToMidnight) <= 2, `${retryAfter} vs ${secondsToMidnight}`);
    assert.equal(remaining(refused), 0);
    // Another address has its own allowance.
    assert.equal((await pulse({ remoteAddress: '10.1.0.2' })).statusCode, 200);
  });

  test('signed-in callers are counted by account at their tier, whatever their address', async () => {
    const me = await signup(t.app);
    const other = await signup(t.app);
    const ask = (account: Account, remoteAddress: string) =>
      asUser(account, { method: 'GET', url: '/api/trajectory/user-arc', remoteAddress });
    for (let i = 0; i < 5; i += 1) {
      const response = await ask(me, `10.2.0.${i}`);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['ratelimit-policy'], '"daily";q=5;w=86400');
    }
    expectProblem(await ask(me, '10.2.0.9'), 429, 'quota_exceeded');
    assert.equal((await ask(other, '10.2.0.0')).statusCode, 200);
  });

  test('the tier sets the quota', async () => {
    const admin = await signupAdmin(t);
    const member = await signup(t.app);
    for (const [tier, quota] of [
      ['plus', 7],
      ['pro', 9],
    ] as const) {
      const patched = await asUser(admin, {
        method: 'PATCH',
        url: `/api/admin/users/${member.user.id}`,
        payload: { tier },
      });
      assert.equal(patched.statusCode, 200, patched.body);
      const response = await asUser(member, { method: 'GET', url: '/api/trajectory/checkins' });
      assert.equal(response.headers['ratelimit-policy'], `"daily";q=${quota};w=86400`);
    }
  });

  test('every trajectory answer carries the fields, errors included; other routes do not', async () => {
    const me = await signup(t.app);
    const invalid = await asUser(me, {
      method: 'POST',
      url: '/api/trajectory/checkins',
      payload: { moodId: 'nope' },
    });
    assert.equal(invalid.statusCode, 400);
    assert.ok(invalid.headers.ratelimit);
    const unauthenticated = await t.app.inject({
      method: 'GET',
      url: '/api/trajectory/user-arc',
      remoteAddress: '10.3.0.1',
    });
    assert.equal(unauthenticated.statusCode, 401);
    assert.equal(remaining(unauthenticated), 2);
    const elsewhere = await asUser(me, { method: 'GET', url: '/api/auth/me' });
    assert.equal(elsewhere.headers.ratelimit, undefined);
  });
});

describe('quotas shared by two instances of one deployment', () => {
  let database: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  before(async () => {
    database = await createTestDatabase();
    const redisPrefix = `orrery-test:quota-${Date.now()}:`;
    one = await startTestApp({ env: QUOTAS, database, redisPrefix });
    two = await startTestApp({ env: QUOTAS, database, redisPrefix });
  });
  after(async () => {
    await one.close();
    await two.close();
    await database.drop();
  });

  test('calls on either instance draw from one allowance', async () => {
    const from = {
      method: 'GET' as const,
      url: '/api/trajectory/collective-pulse',
      remoteAddress: '10.4.0.1',
    };
    const statuses = [];
    for (const app of [one, two, one, two]) statuses.push((await app.app.inject(from)).statusCode);
    assert.deepEqual(statuses, [200, 200, 200, 429]);
  });

  test('concurrent calls never hand out more than the quota', async () => {
    const from = {
      method: 'GET' as const,
      url: '/api/trajectory/collective-pulse',
      remoteAddress: '10.4.0.2',
    };
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? one : two).app.inject(from)),
    );
    assert.equal(responses.filter((r) => r.statusCode === 200).length, 3);
    assert.equal(responses.filter((r) => r.statusCode === 429).length, 17);
  });
});
