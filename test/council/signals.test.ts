import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { expectInvalidField, expectProblem } from '../helpers/http.ts';

describe('GET /api/council/world-signals', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  const get = (address: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/council/world-signals${query}`,
      remoteAddress: address,
      headers: { origin: 'https://elsewhere.example' },
    });

  it('answers anyone, from any origin, with an empty list before any pull', async () => {
    const response = await get('198.51.100.1');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { signals: [] });
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.equal(response.headers['access-control-allow-credentials'], undefined);
  });

  it('allows 30 requests a minute per client address, then 429 with Retry-After', async () => {
    const address = '198.51.100.30';
    for (let i = 1; i <= 30; i++) {
      const response = await get(address);
      assert.equal(response.statusCode, 200, `request ${i}`);
      assert.equal(response.headers['ratelimit-policy'], '"minute";q=30;w=60');
      const match = /^"minute";r=(\d+);t=(\d+)$/.exec(String(response.headers.ratelimit));
      assert.ok(match, String(response.headers.ratelimit));
      assert.equal(Number(match[1]), 30 - i);
      assert.ok(Number(match[2]) >= 1 && Number(match[2]) <= 60);
    }
    const refused = await get(address);
    const problem = expectProblem(refused, 429, 'rate_limited');
    assert.match(problem.detail, /30 requests a minute/);
    const retryAfter = Number(refused.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 60, String(refused.headers['retry-after']));
    assert.match(String(refused.headers.ratelimit), /^"minute";r=0;t=\d+$/);
    assert.equal(refused.headers['access-control-allow-origin'], '*', 'a 429 is readable cross-origin');
    // Another address has its own window.
    assert.equal((await get('198.51.100.31')).statusCode, 200);
  });

  it('counts invalid requests too, and validates limit', async () => {
    expectInvalidField(await get('198.51.100.40', '?limit=0'), '/query/limit');
    expectInvalidField(await get('198.51.100.40', '?limit=101'), '/query/limit');
    expectInvalidField(await get('198.51.100.40', '?cursor=x'), '/query/cursor');
    const after = await get('198.51.100.40');
    assert.match(String(after.headers.ratelimit), /^"minute";r=26;/);
  });

  it('takes its limit from COUNCIL_SIGNALS_RATE_PER_MINUTE', async () => {
    const small = await startTestApp({ env: { COUNCIL_SIGNALS_RATE_PER_MINUTE: '2' } });
    try {
      const call = () => small.app.inject({ method: 'GET', url: '/api/council/world-signals' });
      assert.equal((await call()).statusCode, 200);
      const second = await call();
      assert.equal(second.headers['ratelimit-policy'], '"minute";q=2;w=60');
      expectProblem(await call(), 429, 'rate_limited');
    } finally {
      await small.close();
    }
  });
});
