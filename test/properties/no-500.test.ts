import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { HTTPMethods } from 'fastify';
import { type Account, createKey, signup, signupAdmin, startTestApp, type TestApp } from '../helpers/app.ts';
import { PROBES } from '../helpers/probe.ts';

interface Route {
  method: HTTPMethods;
  path: string;
}

const pathSegment = fc.oneof(
  fc.constantFrom('usr_01jd0000000000000000000000', 'key_01jd0000000000000000000000', 'x', '0', '%00', '..'),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
);

const body = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(
    fc.constantFrom(
      'email',
      'password',
      'name',
      'scopes',
      'essencePerCall',
      'expiresAt',
      'amount',
      'reason',
      'tier',
      'role',
      'graceHours',
      'echo',
      'q',
      'limit',
      'cursor',
    ),
    fc.jsonValue(),
  ),
);

const query = fc.dictionary(
  fc.constantFrom('limit', 'cursor', 'q', 'tz', 'window', 'x'),
  fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String)),
  { maxKeys: 3 },
);

/**
 * Random bodies, queries and path parameters against every documented route, anonymous, with a
 * session, with an admin session and with a key: whatever arrives, the answer is never a 500.
 */
describe('random input never produces a 500', () => {
  let t: TestApp;
  let member: Account;
  let admin: Account;
  let key: string;
  let routes: Route[];

  before(async () => {
    t = await startTestApp({ extraPartnerRoutes: PROBES });
    member = await signup(t.app);
    admin = await signupAdmin(t);
    key = (await createKey(t.app, member, { scopes: ['*'] })).key;
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase() as HTTPMethods, path })),
    );
    assert.ok(routes.length > 10);
  });
  after(async () => t.close());

  test('every route × every kind of caller', async () => {
    const auths = (): Record<string, string>[] => [
      {},
      { cookie: member.cookie },
      { cookie: admin.cookie },
      { 'x-api-key': key },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 3 }),
        body,
        query,
        fc.array(pathSegment, { minLength: 3, maxLength: 3 }),
        async (routeIndex, authIndex, payload, params, segments) => {
          const route = routes[routeIndex % routes.length] as Route;
          let i = 0;
          const url = route.path.replace(/\{[^}]+\}/g, () => segments[i++] ?? 'x');
          const search = new URLSearchParams(params).toString();
          // Logging out would end the shared sessions; it is exercised by the account tests.
          if (url === '/api/auth/logout') return;
          const response = await t.app.inject({
            method: route.method,
            url: search ? `${url}?${search}` : url,
            headers: { ...auths()[authIndex], 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          assert.ok(
            response.statusCode < 500,
            `${route.method} ${url} → ${response.statusCode} ${response.body}`,
          );
          if (response.statusCode >= 400) {
            assert.match(String(response.headers['content-type']), /application\/problem\+json/);
            assert.equal(typeof response.json().code, 'string');
          }
        },
      ),
      { numRuns: 1500 },
    );
  });
});
