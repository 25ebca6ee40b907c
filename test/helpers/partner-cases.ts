import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import { generateRawKey } from '../../src/domains/keys/format.ts';
import type { PartnerExample, PartnerRoute } from '../../src/http/partner.ts';
import { type Account, createKey, setBalance, signup, startTestApp, type TestApp } from './app.ts';

/** Examples made by a route's `example.prepare` (a resource it reads must exist first). */
const prepared = new Map<PartnerRoute, PartnerExample>();

function requestFor(route: PartnerRoute, headers: Record<string, string>): InjectOptions {
  const example = prepared.get(route) ?? route.example;
  let url = route.meta.path;
  for (const [name, value] of Object.entries(example.params ?? {})) url = url.replace(`:${name}`, value);
  const query = example.query ? `?${new URLSearchParams(example.query)}` : '';
  const options: InjectOptions = {
    method: route.meta.method as 'GET' | 'POST' | 'DELETE',
    url: url + query,
    headers,
  };
  if (example.body !== undefined) options.payload = example.body as Record<string, unknown>;
  return options;
}

const WRONG_SCOPE: Record<string, string> = { read: 'write', write: 'read', oracle: 'read' };

/**
 * The cases every partner route must pass, generated from the route table: whatever a later
 * route declares, it gets these for free. Each case makes its own account and keys.
 */
export function runCommonPartnerTests(routes: readonly PartnerRoute[], extra: readonly PartnerRoute[] = []) {
  describe('every partner route: authentication, scope, Essence', () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ extraPartnerRoutes: extra });
      for (const route of [...routes, ...extra]) {
        if (route.example.prepare) prepared.set(route, await route.example.prepare(t.deps));
      }
    });
    after(async () => t.close());

    async function ledgerCount(account: Account): Promise<number> {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/essence?limit=100',
        headers: { cookie: account.cookie },
      });
      return response.json().ledger.length;
    }

    for (const route of [...routes, ...extra]) {
      const label = `${route.meta.method} ${route.meta.path}`;
      const scopes = route.meta.scope === 'any' ? ['read'] : [route.meta.scope];

      test(`${label}: succeeds with a valid key and reports Essence`, async () => {
        const account = await signup(t.app);
        const { key } = await createKey(t.app, account, { scopes });
        const response = await t.app.inject(requestFor(route, { authorization: `Bearer ${key}` }));
        assert.ok(
          response.statusCode >= 200 && response.statusCode < 300,
          `${response.statusCode} ${response.body}`,
        );
        assert.equal(response.headers['essence-cost'], String(route.meta.cost));
        assert.equal(Number(response.headers['essence-balance']), 1000 - route.meta.cost);
      });

      test(`${label}: no key → 401`, async () => {
        const response = await t.app.inject(requestFor(route, {}));
        assert.equal(response.statusCode, 401);
        assert.equal(response.json().code, 'unauthenticated');
        assert.match(String(response.headers['content-type']), /application\/problem\+json/);
      });

      test(`${label}: garbage and made-up keys → 401`, async () => {
        for (const key of [
          'garbage',
          'orr_short_abc',
          generateRawKey(),
          `${generateRawKey().slice(0, -1)}x`,
        ]) {
          const response = await t.app.inject(requestFor(route, { 'x-api-key': key }));
          assert.equal(response.statusCode, 401, key);
          assert.equal(response.json().code, 'unauthenticated');
        }
      });

      test(`${label}: revoked key → 401 at once`, async () => {
        const account = await signup(t.app);
        const { key, id } = await createKey(t.app, account, { scopes });
        const first = await t.app.inject(requestFor(route, { 'x-api-key': key }));
        assert.ok(first.statusCode < 300);
        const revoke = await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/keys/${id}`,
          headers: { cookie: account.cookie },
        });
        assert.equal(revoke.statusCode, 204);
        const response = await t.app.inject(requestFor(route, { 'x-api-key': key }));
        assert.equal(response.statusCode, 401);
      });

      test(`${label}: expired key → 401`, async () => {
        const account = await signup(t.app);
        const { key, id } = await createKey(t.app, account, { scopes });
        await t.deps.storage.db
          .updateTable('api_keys')
          .set({ expires_at: Date.now() - 1000 })
          .where('id', '=', id)
          .execute();
        const response = await t.app.inject(requestFor(route, { authorization: `Bearer ${key}` }));
        assert.equal(response.statusCode, 401);
      });

      test(`${label}: a session without a key → 401`, async () => {
        const account = await signup(t.app);
        const response = await t.app.inject(requestFor(route, { cookie: account.cookie }));
        assert.equal(response.statusCode, 401);
      });

      test(`${label}: both key headers, different → 400`, async () => {
        const account = await signup(t.app);
        const one = await createKey(t.app, account, { scopes });
        const two = await createKey(t.app, account, { scopes });
        const response = await t.app.inject(
          requestFor(route, { authorization: `Bearer ${one.key}`, 'x-api-key': two.key }),
        );
        assert.equal(response.statusCode, 400);
        assert.equal(response.json().code, 'invalid_request');
      });

      if (route.meta.scope !== 'any') {
        test(`${label}: a key without the '${route.meta.scope}' scope → 403`, async () => {
          const account = await signup(t.app);
          const { key } = await createKey(t.app, account, {
            scopes: [WRONG_SCOPE[route.meta.scope] ?? 'read'],
          });
          const response = await t.app.inject(requestFor(route, { 'x-api-key': key }));
          assert.equal(response.statusCode, 403);
          assert.equal(response.json().code, 'insufficient_scope');
        });
      }

      if (route.meta.cost > 0 || route.meta.keyCostApplies) {
        test(`${label}: insufficient Essence → 402, nothing charged or written`, async () => {
          const account = await signup(t.app);
          const { key } = await createKey(t.app, account, {
            scopes,
            essencePerCall: route.meta.cost > 0 ? null : 1,
          });
          await setBalance(t, account.user.id, 0);
          const ledgerBefore = await ledgerCount(account);
          const response = await t.app.inject(requestFor(route, { 'x-api-key': key }));
          assert.equal(response.statusCode, 402, response.body);
          const body = response.json();
          assert.equal(body.code, 'insufficient_essence');
          assert.equal(body.balance, 0);
          assert.equal(body.cost, route.meta.cost > 0 ? route.meta.cost : 1);
          assert.equal(await ledgerCount(account), ledgerBefore);
          assert.equal(await t.deps.essence.balanceMilli(account.user.id), 0);
        });
      }
    }
  });
}
