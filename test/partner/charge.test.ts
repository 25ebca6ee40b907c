import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Type } from 'typebox';
import { AppError, problemBody } from '../../src/http/errors.ts';
import { partnerRoute } from '../../src/http/partner.ts';
import { Strict } from '../../src/http/schemas.ts';
import { createKey, setBalance, signup, startTestApp, type TestApp } from '../helpers/app.ts';
import { expectInvalidField, expectProblem, withCookie } from '../helpers/http.ts';
import { PROBES } from '../helpers/probe.ts';

/** Callbacks run after commit, by request id: a test route records them here. */
const committed: string[] = [];

/** A metered route with an effect that registers an after-commit callback and may then decline. */
const hookRoute = partnerRoute({
  method: 'POST',
  path: '/api/v1/test/after-commit',
  scope: 'read',
  cost: 1,
  purpose: 'Test probe: registers an after-commit callback, then succeeds or declines.',
  example: { body: { decline: false } },
  body: Strict({ decline: Type.Boolean() }),
  response: { 201: Strict({ requestId: Type.String() }) },
  problems: ['conflict'],
  async handler({ body, requestId, afterCommit }) {
    afterCommit(() => {
      committed.push(requestId);
    });
    if (body.decline)
      return { status: 409, body: problemBody(new AppError('conflict', 'Declined.'), requestId) };
    return { status: 201, body: { requestId } };
  },
});

describe('the charge: contract on the charge path', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ extraPartnerRoutes: [...PROBES, hookRoute] });
  });
  after(async () => t.close());

  const balance = async (userId: string) => (await t.deps.essence.balanceMilli(userId)) / 1000;

  test('an unknown query parameter → 400 naming it, uncharged, on routes with and without a query schema', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account, { scopes: ['*'] });
    const headers = { 'x-api-key': key };
    const cases = [
      { method: 'GET' as const, url: '/api/v1/essence?verbose=1', path: '/query/verbose' },
      { method: 'GET' as const, url: '/api/v1/test/probe?q=a&page=2', path: '/query/page' },
      {
        method: 'POST' as const,
        url: '/api/v1/mood/analyze?lang=en',
        path: '/query/lang',
        payload: { text: 'A calm evening.' },
      },
    ];
    for (const { path, ...request } of cases) {
      const response = await t.app.inject({ ...request, headers });
      expectInvalidField(response, path);
      assert.equal(response.headers['essence-cost'], '0');
      assert.equal(response.headers['essence-balance'], '1000');
    }
    assert.equal(await balance(account.user.id), 1000);
  });

  test('402 carries Essence-Cost: 0 and Essence-Balance', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account, { essencePerCall: 7 });
    await setBalance(t, account.user.id, 5);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/probe',
      headers: { 'x-api-key': key },
      payload: { echo: 'short' },
    });
    const problem = expectProblem(response, 402, 'insufficient_essence');
    assert.equal(problem.balance, 5);
    assert.equal(problem.cost, 7);
    assert.equal(response.headers['essence-cost'], '0');
    assert.equal(response.headers['essence-balance'], '5');
    const pure = await t.app.inject({
      method: 'GET',
      url: '/api/v1/test/probe',
      headers: {
        'x-api-key': (await createKey(t.app, account, { scopes: ['write'], essencePerCall: 6 })).key,
      },
    });
    expectProblem(pure, 402, 'insufficient_essence');
    assert.equal(pure.headers['essence-cost'], '0');
    assert.equal(pure.headers['essence-balance'], '5');
  });

  test('the same body with keys reordered and other whitespace is a replay', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account);
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/test/probe',
        headers: { 'x-api-key': key, 'idempotency-key': 'canon-1', 'content-type': 'application/json' },
        payload,
      });
    const first = await send('{"echo":"same","decline":false}');
    assert.equal(first.statusCode, 201);
    const again = await send('{\n  "decline" : false,\n  "echo" : "same"\n}');
    assert.equal(again.statusCode, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.body, first.body);
    assert.equal(again.headers['essence-cost'], '0');
    expectProblem(await send('{"echo":"other","decline":false}'), 409, 'idempotency_conflict');
    assert.equal(await balance(account.user.id), 999);
  });

  test('idempotency is scoped to the API key: another key of the same owner is not a replay', async () => {
    const account = await signup(t.app);
    const one = await createKey(t.app, account);
    const two = await createKey(t.app, account);
    const send = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/test/probe',
        headers: { 'x-api-key': key, 'idempotency-key': 'shared-by-keys' },
        payload: { echo: 'x' },
      });
    const a = await send(one.key);
    const b = await send(two.key);
    assert.equal(a.statusCode, 201);
    assert.equal(b.statusCode, 201);
    assert.equal(b.headers['idempotent-replayed'], undefined);
    assert.notEqual(a.json().requestId, b.json().requestId);
    const replayOfA = await send(one.key);
    assert.equal(replayOfA.headers['idempotent-replayed'], 'true');
    assert.equal(replayOfA.body, a.body);
    assert.equal(await balance(account.user.id), 998);
  });

  test('in one batch, a failing or declining effect fails alone and the others commit', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account);
    const bodies = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0 ? { crash: true } : i % 3 === 1 ? { decline: true } : { echo: `ok ${i}` },
    );
    const responses = await Promise.all(
      bodies.map((payload) =>
        t.app.inject({ method: 'POST', url: '/api/v1/test/probe', headers: { 'x-api-key': key }, payload }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    assert.deepEqual(
      statuses,
      bodies.map((b) => ('crash' in b ? 500 : 'decline' in b ? 409 : 201)),
    );
    for (const r of responses.filter((r) => r.statusCode !== 201))
      assert.equal(r.headers['essence-cost'], '0');
    const ids = responses.filter((r) => r.statusCode === 201).map((r) => `probe:${r.json().requestId}`);
    const rows = await t.deps.storage.db
      .selectFrom('counters')
      .select('counter_key')
      .where('counter_key', 'like', 'probe:%')
      .execute();
    const written = new Set(rows.map((r) => r.counter_key));
    assert.ok(ids.every((id) => written.has(id)));
    assert.equal(await balance(account.user.id), 990);
    assert.equal(await t.deps.essence.ledgerSumMilli(account.user.id), 990_000);
  });

  test('after-commit callbacks run once the call committed, never for a declined call', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account);
    const call = (decline: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/test/after-commit',
        headers: { 'x-api-key': key },
        payload: { decline },
      });
    const ok = await call(false);
    assert.equal(ok.statusCode, 201);
    assert.ok(committed.includes(ok.json().requestId));
    const declined = await call(true);
    assert.equal(declined.statusCode, 409);
    assert.ok(!committed.includes(String(declined.headers['x-request-id'])));
    await setBalance(t, account.user.id, 0);
    const refused = await call(false);
    assert.equal(refused.statusCode, 402);
    assert.ok(!committed.includes(String(refused.headers['x-request-id'])));
  });
});

describe('per-key rate limit and usage', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ extraPartnerRoutes: PROBES });
  });
  after(async () => t.close());

  const probe = (key: string, payload: Record<string, unknown> = { echo: 'hi' }) =>
    t.app.inject({ method: 'POST', url: '/api/v1/test/probe', headers: { 'x-api-key': key }, payload });

  test('past the key limit → 429 rate_limited, uncharged, with Retry-After and RateLimit fields', async () => {
    const account = await signup(t.app);
    const created = await withCookie(t.app, account.cookie, 'POST', '/api/v1/keys', {
      rateLimit: { limit: 3, windowSeconds: 60 },
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.deepEqual(created.json().apiKey.rateLimit, { limit: 3, windowSeconds: 60 });
    const { key } = created.json();
    for (let i = 0; i < 3; i++) {
      const ok = await probe(key);
      assert.equal(ok.statusCode, 201);
      assert.equal(ok.headers['ratelimit-policy'], '"key";q=3;w=60');
    }
    const limited = await probe(key);
    expectProblem(limited, 429, 'rate_limited');
    const retryAfter = Number(limited.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 60);
    assert.match(String(limited.headers.ratelimit), /^"key";r=0;t=\d+$/);
    assert.equal(limited.headers['essence-cost'], '0');
    assert.equal(limited.headers['essence-balance'], '997');
    assert.equal((await t.deps.essence.balanceMilli(account.user.id)) / 1000, 997);
  });

  test('PATCH changes the limit, name, cost and scopes at once; null lifts the limit', async () => {
    const account = await signup(t.app);
    const created = await withCookie(t.app, account.cookie, 'POST', '/api/v1/keys', {
      rateLimit: { limit: 1, windowSeconds: 3600 },
    });
    const { key, apiKey } = created.json();
    assert.equal((await probe(key)).statusCode, 201);
    expectProblem(await probe(key), 429, 'rate_limited');
    const patched = await withCookie(t.app, account.cookie, 'PATCH', `/api/v1/keys/${apiKey.id}`, {
      rateLimit: null,
      name: 'renamed',
      essencePerCall: 2.5,
      scopes: ['read', 'write'],
    });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal(patched.json().rateLimit, null);
    assert.equal(patched.json().name, 'renamed');
    assert.equal(patched.json().essencePerCall, 2.5);
    assert.deepEqual(patched.json().scopes, ['read', 'write']);
    const ok = await probe(key);
    assert.equal(ok.statusCode, 201);
    assert.equal(ok.headers['essence-cost'], '2.5');
    const listed = (await withCookie(t.app, account.cookie, 'GET', '/api/v1/keys')).json().keys[0];
    assert.equal(listed.name, 'renamed');
  });

  test('PATCH validates like create and answers 404 for another account’s key', async () => {
    const account = await signup(t.app);
    const other = await signup(t.app);
    const { id } = await createKey(t.app, account);
    for (const [body, path] of [
      [{ rateLimit: { limit: 0, windowSeconds: 60 } }, '/rateLimit'],
      [{ rateLimit: { limit: 1_000_001, windowSeconds: 60 } }, '/rateLimit'],
      [{ rateLimit: { limit: 5, windowSeconds: 86_401 } }, '/rateLimit'],
      [{ rateLimit: { limit: 5 } }, '/rateLimit'],
      [{ essencePerCall: 1001 }, '/essencePerCall'],
      [{ scopes: [] }, '/scopes'],
      [{ colour: 'red' }, '/colour'],
    ] as const) {
      expectInvalidField(
        await withCookie(
          t.app,
          account.cookie,
          'PATCH',
          `/api/v1/keys/${id}`,
          body as Record<string, unknown>,
        ),
        path,
      );
    }
    expectProblem(
      await withCookie(t.app, other.cookie, 'PATCH', `/api/v1/keys/${id}`, { name: 'mine now' }),
      404,
      'not_found',
    );
    expectProblem(await withCookie(t.app, other.cookie, 'GET', `/api/v1/keys/${id}/usage`), 404, 'not_found');
  });

  test('usage counts each call by outcome and route, with the Essence spent', async () => {
    const account = await signup(t.app);
    const created = await withCookie(t.app, account.cookie, 'POST', '/api/v1/keys', {
      rateLimit: { limit: 6, windowSeconds: 3600 },
      scopes: ['read', 'write'],
    });
    const { key, apiKey } = created.json();
    assert.equal((await probe(key)).statusCode, 201);
    assert.equal((await probe(key)).statusCode, 201);
    assert.equal((await probe(key, { decline: true })).statusCode, 409);
    assert.equal((await probe(key, { echo: 42 })).statusCode, 400);
    assert.equal((await probe(key, { crash: true })).statusCode, 500);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/v1/test/probe',
      headers: { 'x-api-key': key },
    });
    assert.equal(read.statusCode, 200);
    expectProblem(await probe(key), 429, 'rate_limited');
    await setBalance(t, account.user.id, 0);
    await withCookie(t.app, account.cookie, 'PATCH', `/api/v1/keys/${apiKey.id}`, { rateLimit: null });
    expectProblem(await probe(key), 402, 'insufficient_essence');

    const response = await withCookie(t.app, account.cookie, 'GET', `/api/v1/keys/${apiKey.id}/usage?days=3`);
    assert.equal(response.statusCode, 200, response.body);
    const { days } = response.json();
    assert.equal(days.length, 3);
    const today = days[2];
    assert.equal(today.date, new Date().toISOString().slice(0, 10));
    assert.deepEqual(today.calls, {
      succeeded: 3,
      insufficientEssence: 1,
      rateLimited: 1,
      refused: 2,
      failed: 1,
    });
    assert.equal(today.essenceSpent, 4);
    const byRoute = Object.fromEntries(
      today.byRoute.map((r: { route: string; calls: number; essenceSpent: number }) => [r.route, r]),
    );
    assert.deepEqual(byRoute['POST /api/v1/test/probe'], {
      route: 'POST /api/v1/test/probe',
      calls: 7,
      essenceSpent: 2,
    });
    assert.deepEqual(byRoute['GET /api/v1/test/probe'], {
      route: 'GET /api/v1/test/probe',
      calls: 1,
      essenceSpent: 2,
    });
    assert.deepEqual(days[0].calls, {
      succeeded: 0,
      insufficientEssence: 0,
      rateLimited: 0,
      refused: 0,
      failed: 0,
    });
    expectInvalidField(
      await withCookie(t.app, account.cookie, 'GET', `/api/v1/keys/${apiKey.id}/usage?days=91`),
      '/query/days',
    );
  });
});

describe('balance-move listeners run inside the transaction that moved the balance', () => {
  let t: TestApp;
  const moves: { userId: string; beforeMilli: number; afterMilli: number }[] = [];
  before(async () => {
    t = await startTestApp({ extraPartnerRoutes: PROBES });
    t.deps.charger.onBalanceMoves(async ({ tx, afterCommit }, batch) => {
      for (const move of batch) {
        // Written through the unit's transaction: it commits with the debit or not at all.
        await tx
          .insertInto('counters')
          .values({
            counter_key: `move:${move.userId}:${move.afterMilli}`,
            count: 1,
            expires_at: Date.now() + 60_000,
          })
          .onConflict((oc) => oc.column('counter_key').doNothing())
          .execute();
        afterCommit(() => {
          moves.push(move);
        });
      }
    });
  });
  after(async () => t.close());

  async function written(userId: string): Promise<number[]> {
    const rows = await t.deps.storage.db
      .selectFrom('counters')
      .select('counter_key')
      .where('counter_key', 'like', `move:${userId}:%`)
      .execute();
    return rows.map((r) => Number(r.counter_key.split(':')[2])).sort((a, b) => b - a);
  }

  test('pure and effect calls and an admin grant each report their move, after commit', async () => {
    const account = await signup(t.app);
    const userId = account.user.id;
    const { key } = await createKey(t.app, account, { scopes: ['read', 'write'] });
    const pure = await t.app.inject({
      method: 'GET',
      url: '/api/v1/test/probe',
      headers: { 'x-api-key': key },
    });
    assert.equal(pure.statusCode, 200);
    const effect = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/probe',
      headers: { 'x-api-key': key },
      payload: { echo: 'move' },
    });
    assert.equal(effect.statusCode, 201);
    await setBalance(t, userId, 500);
    // The welcome grant at sign-up is a move too.
    assert.deepEqual(await written(userId), [1_000_000, 998_000, 997_000, 500_000]);
    const mine = moves.filter((m) => m.userId === userId);
    assert.deepEqual(
      mine.map((m) => [m.beforeMilli, m.afterMilli]),
      [
        [0, 1_000_000],
        [1_000_000, 998_000],
        [998_000, 997_000],
        [997_000, 500_000],
      ],
    );
    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/probe',
      headers: { 'x-api-key': key },
      payload: { decline: true },
    });
    assert.equal(declined.statusCode, 409);
    assert.equal(moves.filter((m) => m.userId === userId).length, 4);
  });
});
