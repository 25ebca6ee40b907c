import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { PARTNER_ROUTES } from '../../src/app.ts';
import { describeAdminOutcome, type User } from '../../src/domains/accounts/service.ts';
import type { LedgerEntry } from '../../src/domains/essence/service.ts';
import {
  type Account,
  cookieFrom,
  createKey,
  PASSWORD,
  signup,
  signupAdmin,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '../helpers/app.ts';
import { expectInvalidField, expectProblem, withCookie } from '../helpers/http.ts';
import { PROBES } from '../helpers/probe.ts';

interface RouteRow {
  method: string;
  path: string;
  auth: 'key' | 'session';
  scope: string | null;
  cost: number | null;
  keyCostApplies: boolean;
  purpose: string;
}

const UNKNOWN_USER = 'usr_00000000000000000000000000';

describe('administration', () => {
  let t: TestApp;
  let admin: Account;
  before(async () => {
    t = await startTestApp({ extraPartnerRoutes: PROBES });
    admin = await signupAdmin(t);
  });
  after(async () => t.close());

  function asAdmin(method: 'GET' | 'PATCH' | 'POST', url: string, payload?: Record<string, unknown>) {
    return withCookie(t.app, admin.cookie, method, url, payload);
  }

  async function ledgerOf(account: Account) {
    const response = await withCookie(t.app, account.cookie, 'GET', '/api/essence?limit=100');
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ balance: number; ledger: LedgerEntry[] }>();
  }

  describe('ensureAdmin', () => {
    test('creates an administrator who can sign in', async () => {
      const email = uniqueEmail('Boss').toUpperCase();
      const { user, created } = await t.deps.accounts.ensureAdmin(email, PASSWORD);
      assert.equal(created, true);
      assert.equal(user.role, 'admin');
      assert.equal(user.email, email.toLowerCase());
      assert.equal(user.essence, 1000);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: email.toLowerCase(), password: PASSWORD },
      });
      assert.equal(login.statusCode, 200, login.body);
      assert.equal(login.json<{ user: User }>().user.role, 'admin');
    });

    test('promotes an existing member without touching the password unless asked; says what it did', async () => {
      const member = await signup(t.app);
      const password = 'a brand new admin password';
      const login = (pw: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: member.user.email, password: pw },
        });
      const outcome = await t.deps.accounts.ensureAdmin(member.user.email, password);
      assert.deepEqual(
        [outcome.created, outcome.promoted, outcome.passwordReplaced, outcome.user.id, outcome.user.role],
        [false, true, false, member.user.id, 'admin'],
      );
      assert.match(describeAdminOutcome(outcome), /^promoted .* to administrator; password unchanged/);
      const me = await withCookie(t.app, member.cookie, 'GET', '/api/auth/me');
      assert.equal(me.json<{ user: User }>().user.role, 'admin');
      assert.equal((await login(PASSWORD)).statusCode, 200);
      assert.equal((await login(password)).statusCode, 401);

      const again = await t.deps.accounts.ensureAdmin(member.user.email, password);
      assert.deepEqual([again.created, again.promoted, again.passwordReplaced], [false, false, false]);
      assert.match(describeAdminOutcome(again), /is already an administrator; password unchanged/);
      assert.equal(again.user.essence, 1000);

      const reset = await t.deps.accounts.ensureAdmin(member.user.email, password, 'test', {
        resetPassword: true,
      });
      assert.equal(reset.passwordReplaced, true);
      assert.match(describeAdminOutcome(reset), /password replaced$/);
      assert.equal((await login(password)).statusCode, 200);
      assert.equal((await login(PASSWORD)).statusCode, 401);
    });
  });

  describe('GET /api/admin/users', () => {
    test('lists accounts, newest first, for an administrator', async () => {
      const member = await signup(t.app);
      const response = await asAdmin('GET', '/api/admin/users');
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json<{ users: User[]; nextCursor: string | null }>();
      assert.ok(body.users.length >= 2 && body.users.length <= 20);
      assert.equal(body.users[0]?.id, member.user.id);
      const ids = body.users.map((u) => u.id);
      assert.deepEqual(ids, [...ids].sort().reverse());
      assert.doesNotMatch(response.body, /password|hash/i);
    });

    test('finds by q in email or display name, case-insensitively', async () => {
      const tag = `needle${randomBytes(4).toString('hex')}`;
      const target = await signup(t.app, uniqueEmail(tag));
      await signup(t.app);
      const response = await asAdmin('GET', `/api/admin/users?q=${tag.toUpperCase()}`);
      assert.equal(response.statusCode, 200, response.body);
      const users = response.json<{ users: User[] }>().users;
      assert.deepEqual(
        users.map((u) => u.id),
        [target.user.id],
      );
      const none = await asAdmin('GET', '/api/admin/users?q=%25_%25');
      assert.equal(none.statusCode, 200, none.body);
      assert.deepEqual(none.json<{ users: User[] }>().users, []);
    });

    test('pages with limit and cursor; nextCursor is null on the last page', async () => {
      const tag = `pager${randomBytes(4).toString('hex')}`;
      const created: string[] = [];
      for (let i = 0; i < 3; i++) created.push((await signup(t.app, uniqueEmail(tag))).user.id);
      const first = await asAdmin('GET', `/api/admin/users?q=${tag}&limit=2`);
      assert.equal(first.statusCode, 200, first.body);
      const page1 = first.json<{ users: User[]; nextCursor: string | null }>();
      assert.equal(page1.users.length, 2);
      assert.equal(typeof page1.nextCursor, 'string');
      const second = await asAdmin(
        'GET',
        `/api/admin/users?q=${tag}&limit=2&cursor=${encodeURIComponent(String(page1.nextCursor))}`,
      );
      assert.equal(second.statusCode, 200, second.body);
      const page2 = second.json<{ users: User[]; nextCursor: string | null }>();
      assert.equal(page2.users.length, 1);
      assert.equal(page2.nextCursor, null);
      assert.deepEqual(
        [...page1.users, ...page2.users].map((u) => u.id),
        [...created].reverse(),
      );
      const exact = await asAdmin('GET', `/api/admin/users?q=${tag}&limit=3`);
      assert.equal(exact.json<{ nextCursor: string | null }>().nextCursor, null);
    });

    test('a bad limit or cursor → 400 naming it', async () => {
      expectInvalidField(await asAdmin('GET', '/api/admin/users?limit=0'), '/query/limit');
      expectInvalidField(await asAdmin('GET', '/api/admin/users?limit=101'), '/query/limit');
      expectInvalidField(await asAdmin('GET', '/api/admin/users?cursor=bm9wZQ'), '/query/cursor');
      expectInvalidField(await asAdmin('GET', '/api/admin/users?sort=asc'), '/query/sort');
    });

    test('a member → 403 forbidden; anonymous → 401; an API key → 401', async () => {
      const member = await signup(t.app);
      const forbidden = await withCookie(t.app, member.cookie, 'GET', '/api/admin/users');
      expectProblem(forbidden, 403, 'forbidden');
      expectProblem(await t.app.inject({ method: 'GET', url: '/api/admin/users' }), 401, 'unauthenticated');
      const { key } = await createKey(t.app, admin, { scopes: ['*'] });
      for (const headers of [{ authorization: `Bearer ${key}` }, { 'x-api-key': key }]) {
        const response = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers });
        expectProblem(response, 401, 'unauthenticated');
      }
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${member.user.id}`,
        headers: { cookie: member.cookie },
        payload: { role: 'admin' },
      });
      expectProblem(patch, 403, 'forbidden');
      const grant = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${member.user.id}/essence`,
        headers: { cookie: member.cookie },
        payload: { amount: 1000, reason: 'self-service' },
      });
      expectProblem(grant, 403, 'forbidden');
      assert.equal(await t.deps.essence.balanceMilli(member.user.id), 1_000_000);
    });
  });

  describe('PATCH /api/admin/users/:id', () => {
    test("sets a user's tier", async () => {
      const member = await signup(t.app);
      const response = await asAdmin('PATCH', `/api/admin/users/${member.user.id}`, { tier: 'plus' });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json<{ user: User }>().user.tier, 'plus');
      const me = await withCookie(t.app, member.cookie, 'GET', '/api/auth/me');
      assert.equal(me.json<{ user: User }>().user.tier, 'plus');
      const one = await asAdmin('GET', `/api/admin/users/${member.user.id}`);
      assert.equal(one.json<{ user: User }>().user.tier, 'plus');
    });

    test('a bad tier or unknown field → 400', async () => {
      const member = await signup(t.app);
      expectInvalidField(
        await asAdmin('PATCH', `/api/admin/users/${member.user.id}`, { tier: 'gold' }),
        '/tier',
      );
      expectInvalidField(
        await asAdmin('PATCH', `/api/admin/users/${member.user.id}`, { role: 'owner' }),
        '/role',
      );
      expectInvalidField(
        await asAdmin('PATCH', `/api/admin/users/${member.user.id}`, { essence: 5000 }),
        '/essence',
      );
      const one = await asAdmin('GET', `/api/admin/users/${member.user.id}`);
      assert.equal(one.json<{ user: User }>().user.tier, 'free');
    });

    test('an unknown user → 404', async () => {
      for (const id of [UNKNOWN_USER, 'nobody']) {
        expectProblem(await asAdmin('PATCH', `/api/admin/users/${id}`, { tier: 'pro' }), 404, 'not_found');
        expectProblem(await asAdmin('GET', `/api/admin/users/${id}`), 404, 'not_found');
        expectProblem(
          await asAdmin('POST', `/api/admin/users/${id}/essence`, { amount: 1, reason: 'x' }),
          404,
          'not_found',
        );
      }
    });
  });

  describe('POST /api/admin/users/:id/essence', () => {
    test('grants Essence with a reason: 201, new balance, a ledger entry', async () => {
      const member = await signup(t.app);
      const response = await asAdmin('POST', `/api/admin/users/${member.user.id}/essence`, {
        amount: 250.5,
        reason: 'promo',
      });
      assert.equal(response.statusCode, 201, response.body);
      const body = response.json<{ entry: LedgerEntry; user: User }>();
      assert.equal(body.user.essence, 1250.5);
      assert.equal(body.entry.amount, 250.5);
      assert.equal(body.entry.balanceAfter, 1250.5);
      assert.equal(body.entry.userId, member.user.id);
      assert.match(String(body.entry.reason), /^promo\b/);
      const ledger = await ledgerOf(member);
      assert.equal(ledger.balance, 1250.5);
      const entry = ledger.ledger.find((e) => e.id === body.entry.id);
      assert.ok(entry, 'the grant is in the ledger');
      assert.match(String(entry.reason), /^promo\b/);
      assert.equal(
        ledger.ledger.reduce((sum, e) => sum + e.amount * 1000, 0),
        1_250_500,
      );
      assert.equal(await t.deps.essence.ledgerSumMilli(member.user.id), 1_250_500);
    });

    test('revokes down to zero but never below: beyond the balance → 409, balance unchanged', async () => {
      const member = await signup(t.app);
      const beyond = await asAdmin('POST', `/api/admin/users/${member.user.id}/essence`, {
        amount: -1000.001,
        reason: 'clawback',
      });
      expectProblem(beyond, 409, 'conflict');
      assert.equal(await t.deps.essence.balanceMilli(member.user.id), 1_000_000);
      assert.equal((await ledgerOf(member)).ledger.length, 1);
      const exact = await asAdmin('POST', `/api/admin/users/${member.user.id}/essence`, {
        amount: -1000,
        reason: 'clawback',
      });
      assert.equal(exact.statusCode, 201, exact.body);
      assert.equal(exact.json<{ user: User }>().user.essence, 0);
      assert.equal(await t.deps.essence.ledgerSumMilli(member.user.id), 0);
    });

    test('amounts with three decimals are exact', async () => {
      const member = await signup(t.app);
      for (const amount of [1.005, 0.001, 4.35]) {
        const response = await asAdmin('POST', `/api/admin/users/${member.user.id}/essence`, {
          amount,
          reason: 'decimals',
        });
        assert.equal(response.statusCode, 201, `${amount}: ${response.body}`);
      }
      assert.equal(await t.deps.essence.balanceMilli(member.user.id), 1_005_356);
      assert.equal((await ledgerOf(member)).balance, 1005.356);
    });

    test('a zero, over-precise or non-numeric amount, or a missing reason → 400; nothing changes', async () => {
      const member = await signup(t.app);
      const url = `/api/admin/users/${member.user.id}/essence`;
      expectInvalidField(await asAdmin('POST', url, { amount: 0, reason: 'nothing' }), '/amount');
      expectInvalidField(await asAdmin('POST', url, { amount: 1.0001, reason: 'too precise' }), '/amount');
      expectInvalidField(await asAdmin('POST', url, { amount: '10', reason: 'text' }), '/amount');
      expectInvalidField(await asAdmin('POST', url, { reason: 'no amount' }), '/amount');
      expectInvalidField(await asAdmin('POST', url, { amount: 10 }), '/reason');
      expectInvalidField(await asAdmin('POST', url, { amount: 10, reason: '' }), '/reason');
      assert.equal(await t.deps.essence.balanceMilli(member.user.id), 1_000_000);
      assert.equal((await ledgerOf(member)).ledger.length, 1);
    });
  });

  describe('partner route table', () => {
    const declared = [...PARTNER_ROUTES, ...PROBES].map((r) => r.meta);

    test('GET /api/admin/routes lists every /api/v1 route of the route table, key routes included', async () => {
      const response = await asAdmin('GET', '/api/admin/routes');
      assert.equal(response.statusCode, 200, response.body);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      const routes = response.json<{ routes: RouteRow[] }>().routes;
      const label = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
      // Two other views of the route table: Fastify's router knows each row, and the OpenAPI
      // document (collected by @fastify/swagger's own hook) has no /api/v1 operation the page lacks.
      for (const row of routes)
        assert.ok(t.app.hasRoute({ method: row.method as 'GET', url: row.path }), label(row));
      const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
      const documented = Object.entries(doc.paths)
        .filter(([path]) => path.startsWith('/api/v1/'))
        .flatMap(([path, item]) =>
          Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
        );
      assert.deepEqual(routes.map(label).sort(), documented.sort());
      for (const keyRoute of ['POST /api/v1/keys', 'GET /api/v1/keys', 'DELETE /api/v1/keys/:id']) {
        const row = routes.find((r) => label(r) === keyRoute);
        assert.equal(row?.auth, 'session', keyRoute);
        assert.equal(row?.cost, null, keyRoute);
        assert.ok(row?.purpose, keyRoute);
      }
      for (const meta of declared) {
        const row = routes.find((r) => label(r) === label(meta));
        assert.ok(row);
        assert.equal(row.auth, 'key');
        assert.equal(row.scope, meta.scope);
        assert.equal(row.cost, meta.cost);
        assert.equal(row.keyCostApplies, meta.keyCostApplies);
        assert.equal(row.purpose, meta.purpose);
        assert.ok(row.purpose.length > 0);
        assert.match(row.path, /^\/api\/v1\//);
      }
    });

    test('GET /api/admin/routes: member → 403, anonymous → 401, an API key → 401', async () => {
      const member = await signup(t.app);
      expectProblem(await withCookie(t.app, member.cookie, 'GET', '/api/admin/routes'), 403, 'forbidden');
      expectProblem(await t.app.inject({ method: 'GET', url: '/api/admin/routes' }), 401, 'unauthenticated');
      const { key } = await createKey(t.app, admin, { scopes: ['*'] });
      expectProblem(
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/routes',
          headers: { authorization: `Bearer ${key}` },
        }),
        401,
        'unauthenticated',
      );
    });

    test('GET /admin/routes: an administrator gets HTML listing every partner path', async () => {
      const response = await asAdmin('GET', '/admin/routes');
      assert.equal(response.statusCode, 200, response.body);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      assert.match(response.body, /^<!doctype html>/i);
      for (const meta of declared) {
        assert.ok(response.body.includes(`<code>${meta.path}</code>`), meta.path);
        assert.ok(response.body.includes(meta.method));
      }
      assert.match(String(response.headers['content-security-policy']), /default-src 'none'/);
      assert.equal(response.headers['x-frame-options'], 'DENY');
    });

    test('GET /admin/routes: anonymous or an API key → 303 to sign-in; a member → 403', async () => {
      const anonymous = await t.app.inject({ method: 'GET', url: '/admin/routes' });
      assert.equal(anonymous.statusCode, 303);
      assert.equal(anonymous.headers.location, '/signin?next=%2Fadmin%2Froutes');
      assert.doesNotMatch(anonymous.body, /\/api\/v1\//);

      const { key } = await createKey(t.app, admin, { scopes: ['*'] });
      for (const headers of [{ authorization: `Bearer ${key}` }, { 'x-api-key': key }]) {
        const withKey = await t.app.inject({ method: 'GET', url: '/admin/routes', headers });
        assert.equal(withKey.statusCode, 303);
        assert.equal(withKey.headers.location, '/signin?next=%2Fadmin%2Froutes');
      }

      const member = await signup(t.app);
      const forbidden = await withCookie(t.app, member.cookie, 'GET', '/admin/routes');
      expectProblem(forbidden, 403, 'forbidden');
      assert.doesNotMatch(forbidden.body, /\/api\/v1\//);
    });

    test('a demoted administrator loses access at once', async () => {
      const other = await signupAdmin(t);
      const demote = await asAdmin('PATCH', `/api/admin/users/${other.user.id}`, { role: 'member' });
      assert.equal(demote.statusCode, 200, demote.body);
      expectProblem(await withCookie(t.app, other.cookie, 'GET', '/api/admin/users'), 403, 'forbidden');
      const relogin = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: other.user.email, password: PASSWORD },
      });
      const html = await t.app.inject({
        method: 'GET',
        url: '/admin/routes',
        headers: { cookie: cookieFrom(relogin) },
      });
      expectProblem(html, 403, 'forbidden');
    });
  });
});
