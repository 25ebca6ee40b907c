import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { User } from '../../src/domains/accounts/service.ts';
import type { LedgerEntry } from '../../src/domains/essence/service.ts';
import {
  cookieFrom,
  createKey,
  PASSWORD,
  signup,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '../helpers/app.ts';
import { expectInvalidField, expectProblem, setCookieHeader, withCookie } from '../helpers/http.ts';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const THIRTY_DAYS_S = 30 * 24 * 3600;

async function countRows(t: TestApp, table: 'users' | 'ledger' | 'sessions'): Promise<number> {
  const row = await t.deps.storage.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function userOf(response: LightMyRequestResponse): User {
  return response.json<{ user: User }>().user;
}

describe('accounts', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => t.close());

  function post(url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'POST', url, payload, headers });
  }

  describe('sign-up', () => {
    test('→ 201 with the user and a session cookie', async () => {
      const email = uniqueEmail('signup');
      const response = await post('/api/auth/signup', { email, password: PASSWORD, displayName: 'Ada' });
      assert.equal(response.statusCode, 201, response.body);
      const user = userOf(response);
      assert.deepEqual(Object.keys(user).sort(), [
        'createdAt',
        'displayName',
        'email',
        'essence',
        'id',
        'role',
        'tier',
      ]);
      assert.match(user.id, /^usr_[0-9a-z]{26}$/);
      assert.equal(user.email, email);
      assert.equal(user.displayName, 'Ada');
      assert.equal(user.tier, 'free');
      assert.equal(user.role, 'member');
      assert.equal(user.essence, 1000);
      assert.match(user.createdAt, ISO_MS);
      assert.ok(Math.abs(Date.parse(user.createdAt) - Date.now()) < 60_000);
      assert.ok(!response.body.includes(PASSWORD));
      assert.ok(!/password|hash/i.test(response.body));

      const cookie = setCookieHeader(response);
      const [pair, ...attributes] = cookie.split(/;\s*/);
      assert.match(String(pair), /^orrery_session=[A-Za-z0-9_-]{43}$/);
      assert.ok(attributes.includes('HttpOnly'), cookie);
      assert.ok(attributes.includes('SameSite=Lax'), cookie);
      assert.ok(attributes.includes('Path=/'), cookie);
      assert.ok(!attributes.some((a) => /^secure$/i.test(a)), cookie);
      const maxAge = Number(attributes.find((a) => a.startsWith('Max-Age='))?.slice('Max-Age='.length));
      assert.ok(Math.abs(maxAge - THIRTY_DAYS_S) <= 5, cookie);

      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: String(pair) },
      });
      assert.equal(me.statusCode, 200, me.body);
      assert.deepEqual(userOf(me), user);
    });

    test('the display name defaults to the local part of the email', async () => {
      const email = uniqueEmail('defaultname');
      const response = await post('/api/auth/signup', { email, password: PASSWORD });
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(userOf(response).displayName, email.split('@')[0]);
    });

    test('the email is normalised to lowercase; sign-in works with any case', async () => {
      const local = uniqueEmail('MiXeD').split('@')[0] as string;
      const response = await post('/api/auth/signup', { email: `${local}@Example.TEST`, password: PASSWORD });
      assert.equal(response.statusCode, 201, response.body);
      const email = `${local.toLowerCase()}@example.test`;
      assert.equal(userOf(response).email, email);
      const login = await post('/api/auth/login', { email: email.toUpperCase(), password: PASSWORD });
      assert.equal(login.statusCode, 200, login.body);
      assert.equal(userOf(login).id, userOf(response).id);
    });

    test('a taken email (in any case) → 409 conflict, nothing written', async () => {
      const account = await signup(t.app, uniqueEmail('taken'));
      const users = await countRows(t, 'users');
      const ledger = await countRows(t, 'ledger');
      const sessions = await countRows(t, 'sessions');
      for (const email of [account.user.email, account.user.email.toUpperCase()]) {
        const response = await post('/api/auth/signup', { email, password: 'another password' });
        expectProblem(response, 409, 'conflict');
        assert.equal(response.headers['set-cookie'], undefined);
      }
      assert.equal(await countRows(t, 'users'), users);
      assert.equal(await countRows(t, 'ledger'), ledger);
      assert.equal(await countRows(t, 'sessions'), sessions);
      // The original password still signs in.
      const login = await post('/api/auth/login', { email: account.user.email, password: PASSWORD });
      assert.equal(login.statusCode, 200);
    });

    test('a password of 9 or 257 characters → 400 naming /password, nothing written', async () => {
      const users = await countRows(t, 'users');
      for (const password of ['123456789', 'p'.repeat(257)]) {
        const response = await post('/api/auth/signup', { email: uniqueEmail(), password });
        expectInvalidField(response, '/password');
      }
      assert.equal(await countRows(t, 'users'), users);
    });

    test('passwords of exactly 10 and 256 characters are accepted', async () => {
      for (const password of ['0123456789', 'q'.repeat(256)]) {
        const email = uniqueEmail('edge');
        const response = await post('/api/auth/signup', { email, password });
        assert.equal(response.statusCode, 201, response.body);
        const login = await post('/api/auth/login', { email, password });
        assert.equal(login.statusCode, 200);
      }
    });

    test('a bad email → 400 naming /email, nothing written', async () => {
      const users = await countRows(t, 'users');
      for (const email of ['not-an-email', '', '@example.test', 'a b@example.test']) {
        const response = await post('/api/auth/signup', { email, password: PASSWORD });
        expectInvalidField(response, '/email');
      }
      const missing = await post('/api/auth/signup', { password: PASSWORD });
      expectInvalidField(missing, '/email');
      assert.equal(await countRows(t, 'users'), users);
    });

    test('a new account starts with 1,000 Essence, equal to its ledger', async () => {
      const account = await signup(t.app);
      const response = await withCookie(t.app, account.cookie, 'GET', '/api/essence');
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json<{ balance: number; ledger: LedgerEntry[]; nextCursor: string | null }>();
      assert.equal(body.balance, 1000);
      assert.equal(body.nextCursor, null);
      assert.equal(body.ledger.length, 1);
      const [entry] = body.ledger;
      assert.ok(entry);
      assert.equal(entry.amount, 1000);
      assert.equal(entry.balanceAfter, 1000);
      assert.equal(entry.userId, account.user.id);
      assert.equal(entry.keyId, null);
      assert.match(entry.id, /^led_/);
      assert.match(entry.createdAt, ISO_MS);
      assert.equal(typeof entry.requestId, 'string');
      assert.equal(
        body.ledger.reduce((sum, e) => sum + e.amount, 0),
        body.balance,
      );
      assert.equal(await t.deps.essence.ledgerSumMilli(account.user.id), 1_000_000);
    });
  });

  describe('sign-in and sessions', () => {
    test('login → 200 with the user and a fresh session cookie', async () => {
      const account = await signup(t.app);
      const response = await post('/api/auth/login', { email: account.user.email, password: PASSWORD });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(userOf(response).id, account.user.id);
      const cookie = cookieFrom(response);
      assert.notEqual(cookie, account.cookie);
      assert.match(setCookieHeader(response), /HttpOnly/);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      assert.equal(me.statusCode, 200);
      assert.equal(userOf(me).email, account.user.email);
    });

    test('a wrong password and an unknown email → the same 401', async () => {
      const account = await signup(t.app);
      const wrong = await post('/api/auth/login', {
        email: account.user.email,
        password: 'not the password',
      });
      const unknown = await post('/api/auth/login', { email: uniqueEmail('ghost'), password: PASSWORD });
      const a = expectProblem(wrong, 401, 'unauthenticated');
      const b = expectProblem(unknown, 401, 'unauthenticated');
      assert.equal(a.detail, b.detail);
      assert.equal(a.title, b.title);
      assert.equal(wrong.headers['set-cookie'], undefined);
      assert.equal(unknown.headers['set-cookie'], undefined);
    });

    test('logout → 204, the cookie cleared, the session revoked server-side', async () => {
      const account = await signup(t.app);
      const response = await withCookie(t.app, account.cookie, 'POST', '/api/auth/logout');
      assert.equal(response.statusCode, 204);
      assert.equal(response.body, '');
      const cleared = setCookieHeader(response);
      assert.match(cleared, /^orrery_session=;/);
      assert.match(cleared, /Max-Age=0/);
      const me = await withCookie(t.app, account.cookie, 'GET', '/api/auth/me');
      expectProblem(me, 401, 'unauthenticated');
      const again = await withCookie(t.app, account.cookie, 'POST', '/api/auth/logout');
      expectProblem(again, 401, 'unauthenticated');
    });

    test('logging out one session leaves the others signed in', async () => {
      const account = await signup(t.app);
      const login = await post('/api/auth/login', { email: account.user.email, password: PASSWORD });
      const second = cookieFrom(login);
      await withCookie(t.app, account.cookie, 'POST', '/api/auth/logout');
      const me = await withCookie(t.app, second, 'GET', '/api/auth/me');
      assert.equal(me.statusCode, 200);
    });

    test('a session used after an hour slides its 30-day expiry and re-sends the cookie', async () => {
      const account = await signup(t.app);
      const quiet = await withCookie(t.app, account.cookie, 'GET', '/api/auth/me');
      assert.equal(quiet.headers['set-cookie'], undefined);
      const aged = Date.now() + THIRTY_DAYS_S * 1000 - 2 * 3_600_000;
      await t.deps.storage.db
        .updateTable('sessions')
        .set({ expires_at: aged })
        .where('user_id', '=', account.user.id)
        .execute();
      const me = await withCookie(t.app, account.cookie, 'GET', '/api/auth/me');
      assert.equal(me.statusCode, 200);
      const cookie = setCookieHeader(me);
      assert.equal(cookie.split(';')[0], account.cookie);
      const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
      assert.ok(Math.abs(maxAge - THIRTY_DAYS_S) <= 5, cookie);
      const row = await t.deps.storage.db
        .selectFrom('sessions')
        .select('expires_at')
        .where('user_id', '=', account.user.id)
        .executeTakeFirstOrThrow();
      assert.ok(Number(row.expires_at) > aged + 3_600_000);
    });

    test('an expired session → 401', async () => {
      const account = await signup(t.app);
      await t.deps.storage.db
        .updateTable('sessions')
        .set({ expires_at: Date.now() - 1000 })
        .where('user_id', '=', account.user.id)
        .execute();
      const me = await withCookie(t.app, account.cookie, 'GET', '/api/auth/me');
      expectProblem(me, 401, 'unauthenticated');
    });

    test('/api/auth/me without a cookie, or with a made-up one → 401', async () => {
      const none = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
      expectProblem(none, 401, 'unauthenticated');
      for (const cookie of [
        'orrery_session=nonsense',
        `orrery_session=${'A'.repeat(43)}`,
        'other=1',
        'orrery_session=%E0%A4%A',
      ]) {
        const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
        expectProblem(response, 401, 'unauthenticated');
      }
    });

    test('an API key never authenticates a session route', async () => {
      const account = await signup(t.app);
      const { key } = await createKey(t.app, account, { scopes: ['*'] });
      const requests = [
        { method: 'GET', url: '/api/auth/me' },
        { method: 'GET', url: '/api/v1/keys' },
        { method: 'POST', url: '/api/v1/keys', payload: {} },
        { method: 'POST', url: '/api/developer/register', payload: {} },
        { method: 'GET', url: '/api/essence' },
        { method: 'POST', url: '/api/auth/logout' },
      ] as const;
      for (const request of requests) {
        for (const headers of [{ authorization: `Bearer ${key}` }, { 'x-api-key': key }]) {
          const response = await t.app.inject({ ...request, headers });
          expectProblem(response, 401, 'unauthenticated');
        }
      }
      const keys = await withCookie(t.app, account.cookie, 'GET', '/api/v1/keys');
      assert.equal(keys.json<{ keys: unknown[] }>().keys.length, 1);
    });
  });

  describe('login throttle', () => {
    test('after 10 failed logins for one email the next → 429 rate_limited, even with the right password', async () => {
      const account = await signup(t.app);
      const other = await signup(t.app);
      for (let i = 0; i < 10; i++) {
        const response = await post('/api/auth/login', {
          email: account.user.email,
          password: `wrong guess ${i}`,
        });
        expectProblem(response, 401, 'unauthenticated');
      }
      const refused = await post('/api/auth/login', { email: account.user.email, password: PASSWORD });
      expectProblem(refused, 429, 'rate_limited');
      const retryAfter = Number(refused.headers['retry-after']);
      assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 15 * 60, String(retryAfter));
      assert.equal(refused.headers['set-cookie'], undefined);
      // The email is throttled in any case; other accounts and existing sessions are not.
      const upper = await post('/api/auth/login', {
        email: account.user.email.toUpperCase(),
        password: PASSWORD,
      });
      expectProblem(upper, 429, 'rate_limited');
      const me = await withCookie(t.app, account.cookie, 'GET', '/api/auth/me');
      assert.equal(me.statusCode, 200);
      const fine = await post('/api/auth/login', { email: other.user.email, password: PASSWORD });
      assert.equal(fine.statusCode, 200);
    });

    test('concurrent guesses cannot slip past the limit together', async () => {
      const account = await signup(t.app);
      const responses = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          post('/api/auth/login', { email: account.user.email, password: `parallel guess ${i}` }),
        ),
      );
      const statuses = responses.map((r) => r.statusCode);
      assert.equal(statuses.filter((s) => s === 401).length, 10, statuses.join(' '));
      assert.equal(statuses.filter((s) => s === 429).length, 15, statuses.join(' '));
      expectProblem(
        await post('/api/auth/login', { email: account.user.email, password: PASSWORD }),
        429,
        'rate_limited',
      );
    });

    test('successful logins do not count as failures', async () => {
      const account = await signup(t.app);
      const wrong = () => post('/api/auth/login', { email: account.user.email, password: 'nope nope nope' });
      const right = () => post('/api/auth/login', { email: account.user.email, password: PASSWORD });
      for (let i = 0; i < 9; i++) expectProblem(await wrong(), 401, 'unauthenticated');
      for (let i = 0; i < 3; i++) assert.equal((await right()).statusCode, 200);
      expectProblem(await wrong(), 401, 'unauthenticated');
      expectProblem(await right(), 429, 'rate_limited');
    });

    test('unknown emails are throttled the same way', async () => {
      const email = uniqueEmail('nobody');
      for (let i = 0; i < 10; i++) {
        expectProblem(await post('/api/auth/login', { email, password: PASSWORD }), 401, 'unauthenticated');
      }
      expectProblem(await post('/api/auth/login', { email, password: PASSWORD }), 429, 'rate_limited');
    });
  });
});

describe('sign-up throttle per client address', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { SIGNUPS_PER_ADDRESS_PER_HOUR: '3' } });
  });
  after(async () => t.close());

  function signupFrom(remoteAddress: string, email = uniqueEmail('throttle')) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress,
      payload: { email, password: PASSWORD },
    });
  }

  test('the 4th sign-up in an hour from one address → 429 with Retry-After; other addresses go on', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await signupFrom('10.9.8.7');
      assert.equal(response.statusCode, 201, response.body);
    }
    const users = await countRows(t, 'users');
    const ledger = await countRows(t, 'ledger');
    const refused = await signupFrom('10.9.8.7');
    expectProblem(refused, 429, 'rate_limited');
    const retryAfter = Number(refused.headers['retry-after']);
    assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 3600, String(retryAfter));
    assert.equal(refused.headers['set-cookie'], undefined);
    assert.equal(await countRows(t, 'users'), users);
    assert.equal(await countRows(t, 'ledger'), ledger);

    const elsewhere = await signupFrom('10.9.8.8');
    assert.equal(elsewhere.statusCode, 201, elsewhere.body);
  });

  test('X-Forwarded-For is not honoured without TRUST_PROXY', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: '10.1.1.1',
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
        payload: { email: uniqueEmail('xff'), password: PASSWORD },
      });
      assert.equal(response.statusCode, 201, response.body);
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: '10.1.1.1',
      headers: { 'x-forwarded-for': '192.0.2.200' },
      payload: { email: uniqueEmail('xff'), password: PASSWORD },
    });
    expectProblem(refused, 429, 'rate_limited');
  });
});

describe('sign-up throttle behind a trusted proxy', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { SIGNUPS_PER_ADDRESS_PER_HOUR: '1', TRUST_PROXY: '10.0.0.1' } });
  });
  after(async () => t.close());

  test('X-Forwarded-For from a trusted proxy names the client address', async () => {
    const viaProxy = (client: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': client },
        payload: { email: uniqueEmail('proxied'), password: PASSWORD },
      });
    assert.equal((await viaProxy('192.0.2.10')).statusCode, 201);
    expectProblem(await viaProxy('192.0.2.10'), 429, 'rate_limited');
    assert.equal((await viaProxy('192.0.2.11')).statusCode, 201);
  });
});

describe('behind an https base URL', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { ORRERY_BASE_URL: 'https://orrery.example' } });
  });
  after(async () => t.close());

  test('the session cookie is Secure, HSTS is sent, and the https origin may write', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: 'https://orrery.example' },
      payload: { email: uniqueEmail('secure'), password: PASSWORD },
    });
    assert.equal(response.statusCode, 201, response.body);
    const cookie = setCookieHeader(response);
    assert.ok(cookie.split(/;\s*/).includes('Secure'), cookie);
    assert.match(String(response.headers['strict-transport-security']), /max-age=\d+/);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: cookieFrom(response), origin: 'https://orrery.example' },
    });
    assert.equal(logout.statusCode, 204);
    assert.ok(setCookieHeader(logout).split(/;\s*/).includes('Secure'));
  });
});
