import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  createKey,
  createTestDatabase,
  PASSWORD,
  signup,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '../helpers/app.ts';
import { expectInvalidField, expectProblem, type Problem, withCookie } from '../helpers/http.ts';
import { PROBES } from '../helpers/probe.ts';

const REQUEST_ID = /^req_[0-9a-z]{26}$/;

describe('HTTP conventions', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ extraPartnerRoutes: PROBES });
  });
  after(async () => t.close());

  async function countUsers(): Promise<number> {
    const row = await t.deps.storage.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  describe('errors', () => {
    test('an unknown route → 404 problem+json with every member', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/nowhere/at/all?x=1' });
      const body = expectProblem(response, 404, 'not_found');
      assert.equal(body.title, 'Not found');
      assert.ok(body.detail.length > 0);
      assert.match(body.requestId, REQUEST_ID);
      assert.deepEqual(Object.keys(body).sort(), ['code', 'detail', 'requestId', 'status', 'title', 'type']);
    });

    test('a known path with the wrong method → 405 with Allow', async () => {
      const response = await t.app.inject({ method: 'DELETE', url: '/healthz' });
      expectProblem(response, 405, 'method_not_allowed');
      const allow = String(response.headers.allow).split(/,\s*/);
      assert.ok(allow.includes('GET'), String(response.headers.allow));
      assert.ok(!allow.includes('DELETE'));

      const keys = await t.app.inject({ method: 'PUT', url: '/api/v1/keys' });
      expectProblem(keys, 405, 'method_not_allowed');
      const keysAllow = String(keys.headers.allow).split(/,\s*/);
      assert.ok(keysAllow.includes('GET') && keysAllow.includes('POST'), String(keys.headers.allow));

      const parametric = await t.app.inject({ method: 'GET', url: '/api/v1/keys/key_whatever/rotate' });
      expectProblem(parametric, 405, 'method_not_allowed');
      assert.equal(parametric.headers.allow, 'POST');
    });

    test('URLs refused before routing still answer problem+json with the usual headers', async () => {
      const cases = [
        { url: '/%zz', status: 400, code: 'invalid_request' },
        { url: '/api/v1/keys/%E0%A4%A', status: 400, code: 'invalid_request' },
        { url: `/api/v1/keys/key_${'a'.repeat(300)}`, status: 404, code: 'not_found' },
      ];
      for (const { url, status, code } of cases) {
        const response = await t.app.inject({
          method: 'DELETE',
          url,
          headers: { 'x-request-id': 'odd-url-1' },
        });
        const body = expectProblem(response, status, code);
        assert.equal(body.requestId, 'odd-url-1');
        assert.equal(response.headers['x-content-type-options'], 'nosniff');
        assert.match(String(response.headers['content-security-policy']), /default-src 'none'/);
        assert.doesNotMatch(response.body, /FST_ERR/);
      }
    });

    test('a body over 64 KiB → 413 payload_too_large', async () => {
      const before = await countUsers();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: uniqueEmail(), password: PASSWORD, displayName: 'x'.repeat(65 * 1024) },
      });
      expectProblem(response, 413, 'payload_too_large');
      assert.equal(await countUsers(), before);
    });

    test('a body of another media type → 415 unsupported_media_type', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ email: uniqueEmail(), password: PASSWORD }),
      });
      expectProblem(response, 415, 'unsupported_media_type');

      const form = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%40b.c&password=x',
      });
      expectProblem(form, 415, 'unsupported_media_type');
    });

    test('malformed JSON → 400 invalid_request', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@b.c", "password": ',
      });
      const body = expectProblem(response, 400, 'invalid_request');
      assert.match(body.detail, /JSON/);
    });

    test('the NUL character, which PostgreSQL text cannot hold, → 400 in a body, a path or a query', async () => {
      const account = await signup(t.app);
      const body = await t.app.inject({
        method: 'POST',
        url: '/api/trajectory/checkins',
        headers: { 'content-type': 'application/json', cookie: account.cookie },
        payload: '{"moodId": "calm", "note": "a\\u0000b"}',
      });
      assert.equal(
        expectInvalidField(body, '/note').errors?.[0]?.message,
        'may not contain the NUL character (U+0000)',
      );
      for (const url of ['/api/admin/users/%00', '/api/trajectory/checkins?cursor=%00']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { cookie: account.cookie } });
        assert.ok([400, 403].includes(response.statusCode), `${url} → ${response.statusCode}`);
      }
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/trajectory/checkins?cursor=%00',
        headers: { cookie: account.cookie },
      });
      expectProblem(list, 400, 'invalid_request');
    });

    test('a JSON body that is not an object → 400', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '[1, 2, 3]',
      });
      expectProblem(response, 400, 'invalid_request');
    });

    test('an unknown field → 400 naming it', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: uniqueEmail(), password: PASSWORD, favouriteColour: 'teal' },
      });
      const body = expectInvalidField(response, '/favouriteColour');
      assert.match(body.detail, /favouriteColour/);
    });

    test('wrong types → 400 naming each field', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 42, password: true },
      });
      expectInvalidField(response, '/email');
      expectInvalidField(response, '/password');
    });

    test('a missing required field → 400 naming it', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@b.c' },
      });
      expectInvalidField(response, '/password');
    });

    test('a bad query parameter → 400 naming it under /query', async () => {
      const account = await signup(t.app);
      const response = await withCookie(t.app, account.cookie, 'GET', '/api/essence?limit=0');
      expectInvalidField(response, '/query/limit');
      const unknown = await withCookie(t.app, account.cookie, 'GET', '/api/essence?colour=teal');
      expectInvalidField(unknown, '/query/colour');
    });

    test('a crash → 500 internal without stack or SQL', async () => {
      const account = await signup(t.app);
      const { key } = await createKey(t.app, account, { scopes: ['read'] });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/test/probe',
        headers: { authorization: `Bearer ${key}` },
        payload: { crash: true },
      });
      const body = expectProblem(response, 500, 'internal');
      assert.doesNotMatch(response.body, /select/i);
      assert.doesNotMatch(response.body, /hidden_table|secret_column/i);
      assert.doesNotMatch(response.body, /\bat \S+ \(|\bat [^\s]+:\d+:\d+|\.ts:\d+/);
      assert.equal(body.stack, undefined);
      // Nothing is charged for a call that failed.
      assert.equal(await t.deps.essence.balanceMilli(account.user.id), 1_000_000);
    });
  });

  describe('bodies on routes that take none', () => {
    test('GET /healthz with a JSON body → 200, the body ignored', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'content-type': 'application/json' },
        payload: '{"not": "wanted"',
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { status: 'ok' });
    });

    test('POST /api/auth/logout with junk text/plain → 204, the body ignored', async () => {
      const account = await signup(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: account.cookie, 'content-type': 'text/plain' },
        payload: 'this is }{ not JSON at all',
      });
      assert.equal(response.statusCode, 204, response.body);
      const junkJson = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: (await signup(t.app)).cookie, 'content-type': 'application/json' },
        payload: '{broken',
      });
      assert.equal(junkJson.statusCode, 204, junkJson.body);
    });
  });

  describe('request ids', () => {
    test('a sane X-Request-Id is echoed, on success and in error bodies', async () => {
      const ok = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': 'abc-123.x:y_z' },
      });
      assert.equal(ok.headers['x-request-id'], 'abc-123.x:y_z');
      const error = await t.app.inject({
        method: 'GET',
        url: '/nope',
        headers: { 'x-request-id': 'trace-42' },
      });
      assert.equal(error.headers['x-request-id'], 'trace-42');
      assert.equal(error.json<Problem>().requestId, 'trace-42');
    });

    test('an insane X-Request-Id is replaced', async () => {
      for (const incoming of ['x'.repeat(300), 'has spaces in it', 'semi;colon', '']) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/nope',
          headers: { 'x-request-id': incoming },
        });
        const id = String(response.headers['x-request-id']);
        assert.notEqual(id, incoming);
        assert.match(id, REQUEST_ID);
        assert.equal(response.json<Problem>().requestId, id);
      }
    });

    test('every response carries a fresh X-Request-Id, errors included', async () => {
      const responses = await Promise.all([
        t.app.inject({ method: 'GET', url: '/healthz' }),
        t.app.inject({ method: 'GET', url: '/readyz' }),
        t.app.inject({ method: 'GET', url: '/api/auth/me' }),
        t.app.inject({ method: 'DELETE', url: '/healthz' }),
        t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }),
        t.app.inject({ method: 'GET', url: '/api/v1/essence' }),
      ]);
      const ids = new Set<string>();
      for (const response of responses) {
        const id = response.headers['x-request-id'];
        assert.equal(typeof id, 'string', `${response.statusCode} ${response.body}`);
        assert.match(String(id), REQUEST_ID);
        ids.add(String(id));
        if (response.statusCode >= 400) assert.equal(response.json<Problem>().requestId, id);
      }
      assert.equal(ids.size, responses.length);
    });
  });

  describe('security headers', () => {
    test('nosniff, frame options and a CSP on JSON, errors and redirects', async () => {
      const responses = [
        await t.app.inject({ method: 'GET', url: '/healthz' }),
        await t.app.inject({ method: 'GET', url: '/nope' }),
        await t.app.inject({ method: 'GET', url: '/admin/routes' }),
      ];
      for (const response of responses) {
        assert.equal(response.headers['x-content-type-options'], 'nosniff');
        assert.equal(response.headers['x-frame-options'], 'DENY');
        assert.match(String(response.headers['content-security-policy']), /default-src 'none'/);
        assert.match(String(response.headers['content-security-policy']), /frame-ancestors 'none'/);
        assert.equal(response.headers['referrer-policy'], 'no-referrer');
        // Plain http base URL: no HSTS.
        assert.equal(response.headers['strict-transport-security'], undefined);
      }
    });
  });

  describe('operations', () => {
    test('/healthz → 200', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { status: 'ok' });
    });

    test('/readyz → 200 with a check per dependency', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json<{ status: string; engine: string; checks: Record<string, string> }>();
      assert.equal(body.status, 'ready');
      assert.equal(body.engine, t.deps.storage.engine);
      assert.deepEqual(body.checks, {
        database: 'ok',
        redis: t.deps.redis === null ? 'not_configured' : 'ok',
      });
    });

    test('/api/openapi.json lists the partner routes', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      assert.equal(response.statusCode, 200);
      const doc = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
      assert.match(doc.openapi, /^3\./);
      assert.ok(doc.paths['/api/v1/essence']?.get, Object.keys(doc.paths).join(', '));
      assert.ok(doc.paths['/api/v1/keys']);
    });
  });

  describe('CSRF', () => {
    async function keyCount(cookie: string): Promise<number> {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/keys', headers: { cookie } });
      assert.equal(response.statusCode, 200);
      return response.json<{ keys: unknown[] }>().keys.length;
    }

    test('a cookie write with a foreign Origin → 403 csrf_rejected, nothing created', async () => {
      const account = await signup(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/keys',
        headers: { cookie: account.cookie, origin: 'https://evil.example' },
        payload: { name: 'stolen' },
      });
      expectProblem(response, 403, 'csrf_rejected');
      assert.equal(await keyCount(account.cookie), 0);
    });

    test('a cookie write with Sec-Fetch-Site: cross-site → 403', async () => {
      const account = await signup(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/keys',
        headers: { cookie: account.cookie, 'sec-fetch-site': 'cross-site' },
        payload: { name: 'stolen' },
      });
      expectProblem(response, 403, 'csrf_rejected');
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: account.cookie, origin: 'https://evil.example' },
      });
      expectProblem(logout, 403, 'csrf_rejected');
      assert.equal(await keyCount(account.cookie), 0);
    });

    test('the service’s own origin, same-origin fetches and non-browser clients may write', async () => {
      const account = await signup(t.app);
      const headerSets: Record<string, string>[] = [
        { origin: 'http://localhost:8080' },
        { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:8080' },
        {},
      ];
      for (const headers of headerSets) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/keys',
          headers: { cookie: account.cookie, ...headers },
          payload: { name: 'mine' },
        });
        assert.equal(response.statusCode, 201, `${JSON.stringify(headers)}: ${response.body}`);
      }
      assert.equal(await keyCount(account.cookie), headerSets.length);
    });
  });
});

describe('readiness without a database', () => {
  test('/readyz → 503 unavailable with Retry-After once the storage is closed', async () => {
    const database = await createTestDatabase();
    const t = await startTestApp({ database });
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(ready.statusCode, 200, ready.body);
      await t.deps.storage.close();
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      const body = expectProblem(response, 503, 'unavailable');
      assert.ok(Number(response.headers['retry-after']) > 0);
      assert.equal((body.checks as Record<string, string>).database, 'failing');
      assert.doesNotMatch(JSON.stringify(body), /pool|sqlite|connection/i);
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      assert.equal(health.statusCode, 200);
    } finally {
      // The storage is already closed; closing it again may throw, which is fine here.
      await t.close().catch(() => {});
      await t.deps.bus.close().catch(() => {});
      t.deps.redis?.disconnect();
      await database.drop();
    }
  });
});
