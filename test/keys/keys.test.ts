import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import {
  displayPrefix,
  generateRawKey,
  hashKey,
  isWellFormedKey,
  sameHash,
} from '../../src/domains/keys/format.ts';
import { type Account, createKey, signup, startTestApp, type TestApp } from '../helpers/app.ts';
import { eventually, expectInvalidField, expectProblem, withCookie } from '../helpers/http.ts';
import { PROBES } from '../helpers/probe.ts';

const RAW_KEY = /^orr_[0-9A-Za-z]{43}_[0-9A-Za-z]{6}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  essencePerCall: number | null;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
}

interface Created {
  key: string;
  apiKey: ApiKey;
}

describe('format of raw keys', () => {
  test('generateRawKey yields well-formed, distinct keys', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const raw = generateRawKey();
      assert.match(raw, RAW_KEY);
      assert.equal(raw.length, 54);
      assert.ok(isWellFormedKey(raw), raw);
      seen.add(raw);
    }
    assert.equal(seen.size, 500);
  });

  test('a tampered checksum or body is refused', () => {
    const raw = generateRawKey();
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const last = raw.length - 1;
    assert.equal(isWellFormedKey(raw.slice(0, last) + flip(raw.charAt(last))), false);
    assert.equal(isWellFormedKey(raw.slice(0, 10) + flip(raw.charAt(10)) + raw.slice(11)), false);
    assert.equal(isWellFormedKey(`${raw.slice(0, 48)}000000`), raw.slice(48) === '000000');
    // Two body characters swapped: a CRC notices.
    const swapped = raw.slice(0, 4) + raw.charAt(5) + raw.charAt(4) + raw.slice(6);
    if (swapped !== raw) assert.equal(isWellFormedKey(swapped), false);
  });

  test('wrong length, prefix or charset is refused', () => {
    const raw = generateRawKey();
    const cases = [
      '',
      'orr_',
      raw.slice(0, -1),
      `${raw}a`,
      `ORR_${raw.slice(4)}`,
      `orx_${raw.slice(4)}`,
      `${raw.slice(0, 20)}-${raw.slice(21)}`,
      `${raw.slice(0, 20)}é${raw.slice(21)}`,
      raw.replace(/_(?=[^_]*$)/, '-'),
      ` ${raw.slice(1)}`,
    ];
    for (const candidate of cases) assert.equal(isWellFormedKey(candidate), false, candidate);
  });

  test('hashKey is the SHA-256 hex digest; the prefix is the first 10 characters', () => {
    const raw = generateRawKey();
    const digest = hashKey(raw);
    assert.match(digest, /^[0-9a-f]{64}$/);
    assert.equal(digest, createHash('sha256').update(raw).digest('hex'));
    assert.notEqual(hashKey(generateRawKey()), digest);
    assert.equal(displayPrefix(raw), raw.slice(0, 10));
    assert.ok(sameHash(digest, hashKey(raw)));
    assert.equal(sameHash(digest, hashKey(generateRawKey())), false);
    assert.equal(sameHash(digest, digest.slice(0, 62)), false);
  });
});

describe('API keys', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ extraPartnerRoutes: PROBES });
  });
  after(async () => t.close());

  function create(account: Account, payload: Record<string, unknown>, url = '/api/v1/keys') {
    return t.app.inject({ method: 'POST', url, headers: { cookie: account.cookie }, payload });
  }

  async function list(account: Account): Promise<ApiKey[]> {
    const response = await withCookie(t.app, account.cookie, 'GET', '/api/v1/keys');
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ keys: ApiKey[] }>().keys;
  }

  async function listed(account: Account, id: string): Promise<ApiKey> {
    const found = (await list(account)).find((k) => k.id === id);
    assert.ok(found, `key ${id} not listed`);
    return found;
  }

  function balance(key: string): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'GET',
      url: '/api/v1/essence',
      headers: { authorization: `Bearer ${key}` },
    });
  }

  function rotate(account: Account, id: string, payload?: Record<string, unknown>) {
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/keys/${id}/rotate`,
      headers: { cookie: account.cookie },
      ...(payload === undefined ? {} : { payload }),
    });
  }

  describe('create', () => {
    test('→ 201 with the raw key once and the apiKey record', async () => {
      const account = await signup(t.app);
      const response = await create(account, {});
      assert.equal(response.statusCode, 201, response.body);
      const { key, apiKey } = response.json<Created>();
      assert.match(key, RAW_KEY);
      assert.ok(isWellFormedKey(key));
      assert.deepEqual(Object.keys(apiKey).sort(), [
        'createdAt',
        'essencePerCall',
        'expiresAt',
        'id',
        'lastUsedAt',
        'name',
        'prefix',
        'rateLimit',
        'revokedAt',
        'scopes',
      ]);
      assert.match(apiKey.id, /^key_[0-9a-z]{26}$/);
      assert.equal(apiKey.prefix, key.slice(0, 10));
      assert.deepEqual(apiKey.scopes, ['read']);
      assert.equal(apiKey.essencePerCall, null);
      assert.equal(apiKey.lastUsedAt, null);
      assert.equal(apiKey.expiresAt, null);
      assert.equal(apiKey.revokedAt, null);
      assert.match(apiKey.createdAt, ISO_MS);
      assert.equal(typeof apiKey.name, 'string');
      const ok = await balance(key);
      assert.equal(ok.statusCode, 200, ok.body);
      assert.deepEqual(ok.json(), { balance: 1000 });
    });

    test('both /api/developer/register and /api/v1/keys create keys', async () => {
      const account = await signup(t.app);
      const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
      const body = { name: 'integration', scopes: ['write', 'read'], essencePerCall: 2.5, expiresAt };
      const ids: string[] = [];
      for (const url of ['/api/developer/register', '/api/v1/keys']) {
        const response = await create(account, body, url);
        assert.equal(response.statusCode, 201, `${url}: ${response.body}`);
        const { key, apiKey } = response.json<Created>();
        assert.match(key, RAW_KEY);
        assert.equal(apiKey.name, 'integration');
        assert.deepEqual([...apiKey.scopes].sort(), ['read', 'write']);
        assert.equal(apiKey.essencePerCall, 2.5);
        assert.equal(apiKey.expiresAt, expiresAt);
        ids.push(apiKey.id);
      }
      assert.deepEqual((await list(account)).map((k) => k.id).sort(), ids.sort());
    });

    test('the list never holds a raw key or a hash', async () => {
      const account = await signup(t.app);
      const raws = [
        (await createKey(t.app, account)).key,
        (await createKey(t.app, account, { scopes: ['*'] })).key,
      ];
      const response = await withCookie(t.app, account.cookie, 'GET', '/api/v1/keys');
      assert.equal(response.statusCode, 200);
      for (const raw of raws) {
        assert.ok(!response.body.includes(raw));
        assert.ok(!response.body.includes(raw.slice(10)));
        assert.ok(!response.body.includes(hashKey(raw)));
      }
      assert.doesNotMatch(response.body, /hash/i);
      const keys = response.json<{ keys: ApiKey[] }>().keys;
      assert.equal(keys.length, 2);
      for (const key of keys) assert.match(key.prefix, /^orr_[0-9A-Za-z]{6}$/);
    });

    test('another account sees none of my keys', async () => {
      const mine = await signup(t.app);
      const theirs = await signup(t.app);
      await createKey(t.app, mine);
      assert.deepEqual(await list(theirs), []);
    });

    test('bad input → 400 naming the field', async () => {
      const account = await signup(t.app);
      const cases: [Record<string, unknown>, string][] = [
        [{ scopes: ['admin'] }, '/scopes'],
        [{ scopes: [] }, '/scopes'],
        [{ scopes: ['read', 'read'] }, '/scopes'],
        [{ scopes: 'read' }, '/scopes'],
        [{ essencePerCall: 1000.5 }, '/essencePerCall'],
        [{ essencePerCall: -1 }, '/essencePerCall'],
        [{ essencePerCall: 0.0001 }, '/essencePerCall'],
        [{ essencePerCall: '5' }, '/essencePerCall'],
        [{ expiresAt: new Date(Date.now() - 60_000).toISOString() }, '/expiresAt'],
        [{ expiresAt: 'not a date' }, '/expiresAt'],
        [{ expiresAt: '2999-13-45T99:00:00Z' }, '/expiresAt'],
        [{ name: 'n'.repeat(81) }, '/name'],
        [{ name: '' }, '/name'],
        [{ owner: 'someone else' }, '/owner'],
      ];
      for (const [payload, path] of cases) {
        expectInvalidField(await create(account, payload), path);
      }
      assert.deepEqual(await list(account), []);
    });

    test('edge values are accepted: essencePerCall 0, 1000 and 3 decimals; an 80-character name', async () => {
      const account = await signup(t.app);
      for (const essencePerCall of [0, 1000, 0.001, 1.005, 999.999, null]) {
        const response = await create(account, { essencePerCall });
        assert.equal(response.statusCode, 201, `${essencePerCall}: ${response.body}`);
        assert.equal(response.json<Created>().apiKey.essencePerCall, essencePerCall);
      }
      const named = await create(account, { name: 'n'.repeat(80), scopes: ['read', '*'] });
      assert.equal(named.statusCode, 201, named.body);
      assert.deepEqual(named.json<Created>().apiKey.scopes, ['*']);
    });

    test('the 26th live key → 409 conflict; revoking one makes room', async () => {
      const account = await signup(t.app);
      const ids: string[] = [];
      for (let i = 0; i < 25; i++) ids.push((await createKey(t.app, account, { name: `k${i}` })).id);
      const refused = await create(account, { name: 'one too many' });
      expectProblem(refused, 409, 'conflict');
      assert.equal((await list(account)).length, 25);
      const revoke = await withCookie(t.app, account.cookie, 'DELETE', `/api/v1/keys/${ids[0]}`);
      assert.equal(revoke.statusCode, 204);
      const room = await create(account, { name: 'replacement' });
      assert.equal(room.statusCode, 201, room.body);
    });

    test('at the limit, a rotation with a grace → 409 (the old key still counts); without one it replaces', async () => {
      const account = await signup(t.app);
      const ids: string[] = [];
      for (let i = 0; i < 25; i++) ids.push((await createKey(t.app, account, { name: `k${i}` })).id);
      expectProblem(await rotate(account, String(ids[0])), 409, 'conflict');
      expectProblem(await rotate(account, String(ids[0]), { graceHours: 1 }), 409, 'conflict');
      assert.equal((await list(account)).length, 25);
      const replaced = await rotate(account, String(ids[0]), { graceHours: 0 });
      assert.equal(replaced.statusCode, 201, replaced.body);
      const live = (await list(account)).filter((k) => k.revokedAt === null);
      assert.equal(live.length, 25);
    });

    test('with 24 live keys one rotation fits; the next is refused while the first is in its grace', async () => {
      const account = await signup(t.app);
      const ids: string[] = [];
      for (let i = 0; i < 24; i++) ids.push((await createKey(t.app, account, { name: `k${i}` })).id);
      assert.equal((await rotate(account, String(ids[0]))).statusCode, 201);
      expectProblem(await rotate(account, String(ids[1])), 409, 'conflict');
      expectProblem(await create(account, { name: 'one too many' }), 409, 'conflict');
    });

    test('a key with essencePerCall 0.5 is charged 0.5 per metered call', async () => {
      const account = await signup(t.app);
      const { key } = await createKey(t.app, account, { essencePerCall: 0.5 });
      for (const expected of ['999.5', '999']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/test/probe',
          headers: { 'x-api-key': key },
          payload: { echo: 'half' },
        });
        assert.equal(response.statusCode, 201, response.body);
        assert.equal(response.headers['essence-cost'], '0.5');
        assert.equal(response.headers['essence-balance'], expected);
      }
      assert.equal(await t.deps.essence.balanceMilli(account.user.id), 999_000);
      assert.equal(await t.deps.essence.ledgerSumMilli(account.user.id), 999_000);
      // The balance route is free whatever the key's cost.
      const free = await balance(key);
      assert.equal(free.headers['essence-cost'], '0');
      assert.deepEqual(free.json(), { balance: 999 });
    });
  });

  describe('delete', () => {
    test('→ 204 and the key stops working at once', async () => {
      const account = await signup(t.app);
      const { key, id } = await createKey(t.app, account);
      assert.equal((await balance(key)).statusCode, 200);
      const response = await withCookie(t.app, account.cookie, 'DELETE', `/api/v1/keys/${id}`);
      assert.equal(response.statusCode, 204);
      assert.equal(response.body, '');
      expectProblem(await balance(key), 401, 'unauthenticated');
      const record = await listed(account, id);
      assert.match(String(record.revokedAt), ISO_MS);
      // Deleting again is harmless.
      const again = await withCookie(t.app, account.cookie, 'DELETE', `/api/v1/keys/${id}`);
      assert.equal(again.statusCode, 204);
    });

    test("another account's key → 404, and it keeps working", async () => {
      const owner = await signup(t.app);
      const intruder = await signup(t.app);
      const { key, id } = await createKey(t.app, owner);
      const response = await withCookie(t.app, intruder.cookie, 'DELETE', `/api/v1/keys/${id}`);
      expectProblem(response, 404, 'not_found');
      const rotated = await rotate(intruder, id);
      expectProblem(rotated, 404, 'not_found');
      assert.equal((await balance(key)).statusCode, 200);
      assert.equal((await listed(owner, id)).revokedAt, null);
    });

    test('an unknown or malformed id → 404', async () => {
      const account = await signup(t.app);
      for (const id of ['key_00000000000000000000000000', 'nonsense', 'usr_00000000000000000000000000']) {
        const response = await withCookie(t.app, account.cookie, 'DELETE', `/api/v1/keys/${id}`);
        expectProblem(response, 404, 'not_found');
      }
    });
  });

  describe('rotate', () => {
    test('→ 201 with a new key of the same name, scopes, cost and expiry; the old one works during the grace', async () => {
      const account = await signup(t.app);
      const expiresAt = new Date(Date.now() + 10 * 86_400_000).toISOString();
      const created = await create(account, {
        name: 'rotating',
        scopes: ['read', 'write'],
        essencePerCall: 2.5,
        expiresAt,
      });
      const old = created.json<Created>();
      assert.equal((await balance(old.key)).statusCode, 200);

      const before = Date.now();
      const response = await rotate(account, old.apiKey.id);
      assert.equal(response.statusCode, 201, response.body);
      const fresh = response.json<Created>();
      assert.match(fresh.key, RAW_KEY);
      assert.notEqual(fresh.key, old.key);
      assert.notEqual(fresh.apiKey.id, old.apiKey.id);
      assert.equal(fresh.apiKey.prefix, fresh.key.slice(0, 10));
      assert.equal(fresh.apiKey.name, 'rotating');
      assert.deepEqual(fresh.apiKey.scopes, old.apiKey.scopes);
      assert.equal(fresh.apiKey.essencePerCall, 2.5);
      assert.equal(fresh.apiKey.expiresAt, expiresAt);
      assert.equal(fresh.apiKey.lastUsedAt, null);
      assert.equal(fresh.apiKey.revokedAt, null);

      assert.equal((await balance(fresh.key)).statusCode, 200);
      assert.equal((await balance(old.key)).statusCode, 200);
      const oldRecord = await listed(account, old.apiKey.id);
      // The default grace is 24 h, shorter than the remaining 10 days.
      const oldEnd = Date.parse(String(oldRecord.expiresAt));
      assert.ok(Math.abs(oldEnd - (before + 24 * 3_600_000)) < 60_000, String(oldRecord.expiresAt));
      assert.equal(oldRecord.revokedAt, null);
    });

    test('without a body the default grace applies', async () => {
      const account = await signup(t.app);
      const old = await createKey(t.app, account);
      const response = await rotate(account, old.id);
      assert.equal(response.statusCode, 201, response.body);
      assert.equal((await balance(old.key)).statusCode, 200);
    });

    test('graceHours 0 → the old key stops at once', async () => {
      const account = await signup(t.app);
      const old = await createKey(t.app, account);
      assert.equal((await balance(old.key)).statusCode, 200);
      const response = await rotate(account, old.id, { graceHours: 0 });
      assert.equal(response.statusCode, 201, response.body);
      expectProblem(await balance(old.key), 401, 'unauthenticated');
      assert.equal((await balance(response.json<Created>().key)).statusCode, 200);
      // A key that no longer works cannot be rotated again.
      expectProblem(await rotate(account, old.id), 404, 'not_found');
    });

    test('a key is rotated once: rotating it again → 409', async () => {
      const account = await signup(t.app);
      const old = await createKey(t.app, account);
      assert.equal((await rotate(account, old.id)).statusCode, 201);
      expectProblem(await rotate(account, old.id), 409, 'conflict');
      assert.equal((await list(account)).length, 2);
    });

    test('ten concurrent rotations of one key → exactly one 201 and nine 409', async () => {
      const account = await signup(t.app);
      const old = await createKey(t.app, account);
      const responses = await Promise.all(Array.from({ length: 10 }, () => rotate(account, old.id)));
      const statuses = responses.map((r) => r.statusCode).sort();
      assert.deepEqual(statuses, [201, 409, 409, 409, 409, 409, 409, 409, 409, 409], statuses.join(','));
      for (const refused of responses.filter((r) => r.statusCode === 409))
        expectProblem(refused, 409, 'conflict');
      const keys = await list(account);
      assert.equal(keys.length, 2);
      const successor = responses.find((r) => r.statusCode === 201)?.json<Created>();
      assert.ok(successor && keys.some((k) => k.id === successor.apiKey.id));
    });

    test('graceHours outside 0..168 or not an integer → 400', async () => {
      const account = await signup(t.app);
      const old = await createKey(t.app, account);
      for (const graceHours of [169, -1, 1.5, '24']) {
        expectInvalidField(await rotate(account, old.id, { graceHours }), '/graceHours');
      }
      expectInvalidField(await rotate(account, old.id, { grace: 1 }), '/grace');
      assert.equal((await list(account)).length, 1);
      const max = await rotate(account, old.id, { graceHours: 168 });
      assert.equal(max.statusCode, 201, max.body);
    });
  });

  describe('lastUsedAt', () => {
    test('is set after a use and not rewritten by another use within a minute', async () => {
      const account = await signup(t.app);
      const { key, id } = await createKey(t.app, account);
      assert.equal((await listed(account, id)).lastUsedAt, null);
      const before = Date.now();
      assert.equal((await balance(key)).statusCode, 200);
      const first = await eventually(async () => (await listed(account, id)).lastUsedAt ?? undefined);
      assert.match(first, ISO_MS);
      assert.ok(Date.parse(first) >= before - 5 && Date.parse(first) <= Date.now());

      await new Promise((resolve) => setTimeout(resolve, 30));
      assert.equal((await balance(key)).statusCode, 200);
      await new Promise((resolve) => setTimeout(resolve, 150));
      assert.equal((await listed(account, id)).lastUsedAt, first);
    });
  });
});
