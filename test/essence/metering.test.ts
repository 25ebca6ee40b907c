import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Account, createKey, setBalance, signup, startTestApp, type TestApp } from '../helpers/app.ts';
import { withCookie } from '../helpers/http.ts';
import { PROBES } from '../helpers/probe.ts';

describe('Essence metering', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ extraPartnerRoutes: PROBES });
  });
  after(async () => t.close());

  const probe = (key: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/test/probe',
      headers: { 'x-api-key': key, ...headers },
      payload: body,
    });

  async function effects(requestIds: string[]): Promise<number> {
    if (requestIds.length === 0) return 0;
    const rows = await t.deps.storage.db
      .selectFrom('counters')
      .select('counter_key')
      .where(
        'counter_key',
        'in',
        requestIds.map((id) => `probe:${id}`),
      )
      .execute();
    return rows.length;
  }

  async function ledger(account: Account) {
    const response = await withCookie(t.app, account.cookie, 'GET', '/api/essence?limit=100');
    assert.equal(response.statusCode, 200);
    return response.json() as {
      balance: number;
      ledger: { amount: number; route: string; keyId: string | null }[];
    };
  }

  test('40 concurrent calls costing 100 against 1,000: exactly 10 succeed, balance 0 = sum of ledger', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account, { essencePerCall: 100 });
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => probe(key, { echo: `call ${i}` })),
    );
    const statuses = responses.map((r) => r.statusCode);
    assert.equal(statuses.filter((s) => s === 201).length, 10);
    assert.equal(statuses.filter((s) => s === 402).length, 30);
    for (const refused of responses.filter((r) => r.statusCode === 402)) {
      assert.equal(refused.json().code, 'insufficient_essence');
      assert.equal(refused.json().cost, 100);
    }
    const { balance, ledger: entries } = await ledger(account);
    assert.equal(balance, 0);
    assert.equal(
      entries.reduce((sum, e) => sum + e.amount, 0),
      balance,
    );
    assert.equal(await t.deps.essence.ledgerSumMilli(account.user.id), 0);
    assert.equal(entries.filter((e) => e.route === 'POST /api/v1/test/probe').length, 10);
    const ids = responses.filter((r) => r.statusCode === 201).map((r) => r.json().requestId as string);
    assert.equal(await effects(ids), 10);
  });

  test('the same race on a pure route (handler first, then one atomic debit): exactly 10 succeed', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account, { essencePerCall: 100, scopes: ['write'] });
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({ method: 'GET', url: '/api/v1/test/probe?q=race', headers: { 'x-api-key': key } }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    assert.equal(statuses.filter((s) => s === 200).length, 10);
    assert.equal(statuses.filter((s) => s === 402).length, 30);
    const { balance, ledger: entries } = await ledger(account);
    assert.equal(balance, 0);
    assert.equal(
      entries.reduce((sum, e) => sum + e.amount, 0),
      0,
    );
  });

  test('one batch of debits from several accounts charges each exactly what it can afford', async () => {
    const accounts = await Promise.all([signup(t.app), signup(t.app), signup(t.app)]);
    const balances = [250, 1000, 30];
    const keys: string[] = [];
    for (const [i, account] of accounts.entries()) {
      await setBalance(t, account.user.id, balances[i] as number);
      keys.push((await createKey(t.app, account, { essencePerCall: 100, scopes: ['write'] })).key);
    }
    // Interleaved so that every settled batch mixes accounts.
    const responses = await Promise.all(
      Array.from({ length: 36 }, (_, i) =>
        t.app.inject({
          method: 'GET',
          url: '/api/v1/test/probe',
          headers: { 'x-api-key': keys[i % 3] as string },
        }),
      ),
    );
    const succeeded = [0, 1, 2].map(
      (k) => responses.filter((r, i) => i % 3 === k && r.statusCode === 200).length,
    );
    assert.deepEqual(succeeded, [2, 10, 0]);
    for (const [i, account] of accounts.entries()) {
      const expected = [50, 0, 30][i] as number;
      assert.equal(await t.deps.essence.balanceMilli(account.user.id), expected * 1000);
      assert.equal(await t.deps.essence.ledgerSumMilli(account.user.id), expected * 1000);
    }
    const refusedFirst = responses.find((r, i) => i % 3 === 0 && r.statusCode === 402);
    assert.equal(refusedFirst?.json().balance, 50);
  });

  test('a call is charged only when it succeeds', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account);
    const declined = await probe(key, { decline: true });
    assert.equal(declined.statusCode, 409);
    assert.equal(declined.headers['essence-cost'], '0');
    const crashed = await probe(key, { crash: true });
    assert.equal(crashed.statusCode, 500);
    const invalid = await probe(key, { echo: 42 });
    assert.equal(invalid.statusCode, 400);
    assert.equal(invalid.json().errors[0].path, '/echo');
    assert.equal((await ledger(account)).balance, 1000);
    const ok = await probe(key, { echo: 'fine' });
    assert.equal(ok.statusCode, 201);
    assert.equal(ok.headers['essence-cost'], '1');
    assert.equal(ok.headers['essence-balance'], '999');
    assert.equal(ok.headers.location, `/api/v1/test/probe/${ok.json().requestId}`);
  });

  test('GET /api/v1/essence is free and shows the balance', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account, { essencePerCall: 50 });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/essence',
      headers: { authorization: `Bearer ${key}` },
    });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { balance: 1000 });
    assert.equal(response.headers['essence-cost'], '0');
  });

  test('the ledger pages newest first with an opaque cursor', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account);
    for (let i = 0; i < 5; i++) assert.equal((await probe(key)).statusCode, 201);
    const first = await withCookie(t.app, account.cookie, 'GET', '/api/essence?limit=4');
    const page1 = first.json();
    assert.equal(page1.ledger.length, 4);
    assert.equal(page1.balance, 995);
    assert.equal(page1.ledger[0].balanceAfter, 995);
    assert.ok(typeof page1.nextCursor === 'string');
    const second = await withCookie(
      t.app,
      account.cookie,
      'GET',
      `/api/essence?limit=4&cursor=${page1.nextCursor}`,
    );
    const page2 = second.json();
    assert.equal(page2.ledger.length, 2);
    assert.equal(page2.nextCursor, null);
    assert.equal(page2.ledger[1].reason, 'welcome grant');
    const bad = await withCookie(t.app, account.cookie, 'GET', '/api/essence?cursor=zzz');
    assert.equal(bad.statusCode, 400);
    const tooMany = await withCookie(t.app, account.cookie, 'GET', '/api/essence?limit=101');
    assert.equal(tooMany.statusCode, 400);
  });
});

describe('Idempotency-Key on partner POSTs', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ extraPartnerRoutes: PROBES });
  });
  after(async () => t.close());

  const probe = (key: string, body: Record<string, unknown>, idempotencyKey: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/test/probe',
      headers: { 'x-api-key': key, 'idempotency-key': idempotencyKey },
      payload: body,
    });

  test('a retry replays the first response byte for byte and is not charged again', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account);
    const first = await probe(key, { echo: 'once' }, 'retry-1');
    assert.equal(first.statusCode, 201);
    const again = await probe(key, { echo: 'once' }, 'retry-1');
    assert.equal(again.statusCode, 201);
    assert.equal(again.body, first.body);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.headers.location, first.headers.location);
    assert.equal(again.headers['essence-cost'], '0');
    assert.equal(await t.deps.essence.balanceMilli(account.user.id), 999_000);
  });

  test('the same key with another body → 409 idempotency_conflict', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account);
    assert.equal((await probe(key, { echo: 'a' }, 'k')).statusCode, 201);
    const conflict = await probe(key, { echo: 'b' }, 'k');
    assert.equal(conflict.statusCode, 409);
    assert.equal(conflict.json().code, 'idempotency_conflict');
    assert.equal(await t.deps.essence.balanceMilli(account.user.id), 999_000);
  });

  test('keys are per owner: another account may use the same Idempotency-Key', async () => {
    const one = await signup(t.app);
    const two = await signup(t.app);
    const keyOne = await createKey(t.app, one);
    const keyTwo = await createKey(t.app, two);
    const a = await probe(keyOne.key, { echo: 'x' }, 'shared');
    const b = await probe(keyTwo.key, { echo: 'x' }, 'shared');
    assert.equal(a.statusCode, 201);
    assert.equal(b.statusCode, 201);
    assert.notEqual(a.json().requestId, b.json().requestId);
  });

  test('concurrent requests with one key execute once', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => probe(key, { echo: 'burst' }, 'burst-1')),
    );
    for (const response of responses) assert.equal(response.statusCode, 201, response.body);
    const bodies = new Set(responses.map((r) => r.body));
    assert.equal(bodies.size, 1);
    assert.equal(responses.filter((r) => r.headers['idempotent-replayed'] === 'true').length, 7);
    assert.equal(await t.deps.essence.balanceMilli(account.user.id), 999_000);
    const rows = await t.deps.storage.db
      .selectFrom('counters')
      .select('counter_key')
      .where('counter_key', 'like', 'probe:%')
      .execute();
    const requestId = JSON.parse([...bodies][0] as string).requestId as string;
    assert.equal(rows.filter((r) => r.counter_key === `probe:${requestId}`).length, 1);
  });

  test('a refused call leaves its key free for a retry', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account);
    await setBalance(t, account.user.id, 0);
    const refused = await probe(key, { echo: 'later' }, 'after-top-up');
    assert.equal(refused.statusCode, 402);
    await setBalance(t, account.user.id, 10);
    const retried = await probe(key, { echo: 'later' }, 'after-top-up');
    assert.equal(retried.statusCode, 201);
    assert.equal(retried.headers['idempotent-replayed'], undefined);
  });

  test('a malformed Idempotency-Key → 400', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account);
    const response = await probe(key, {}, 'x'.repeat(256));
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().errors[0].path, '/headers/idempotency-key');
  });
});
