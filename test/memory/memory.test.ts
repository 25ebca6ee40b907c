import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { isId } from '../../src/lib/ids.ts';
import { type Account, createKey, signup, startTestApp, type TestApp } from '../helpers/app.ts';
import { expectInvalidField, expectProblem, withCookie } from '../helpers/http.ts';

interface MemoryJson {
  id: string;
  content: string;
  tags: string[];
  createdAt: string;
  keyId?: string;
}

function remember(
  t: TestApp,
  key: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/user/memory',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });
}

function recall(
  t: TestApp,
  key: string,
  query: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const search = new URLSearchParams(query).toString();
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/user/memory${search ? `?${search}` : ''}`,
    headers: { 'x-api-key': key },
  });
}

async function contents(t: TestApp, key: string, query: Record<string, string> = {}): Promise<string[]> {
  const response = await recall(t, key, { limit: '100', ...query });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<{ memories: MemoryJson[] }>().memories.map((m) => m.content);
}

async function store(t: TestApp, key: string, content: string, tags?: string[]): Promise<MemoryJson> {
  const response = await remember(t, key, tags === undefined ? { content } : { content, tags });
  assert.equal(response.statusCode, 201, response.body);
  return response.json<{ memory: MemoryJson }>().memory;
}

async function owner(t: TestApp): Promise<{ account: Account; key: string; keyId: string }> {
  const account = await signup(t.app);
  const { key, id } = await createKey(t.app, account, { scopes: ['read', 'write'] });
  return { account, key, keyId: id };
}

describe('memory bridge', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => t.close());

  test('POST stores a memory: 201, its shape, 10 Essence', async () => {
    const { account, key } = await owner(t);
    const response = await remember(t, key, {
      content: 'The sea was grey and kind.',
      tags: ['sea', 'Evening walk'],
    });
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.headers['essence-cost'], '10');
    assert.equal(response.headers['essence-balance'], '990');
    const { memory } = response.json<{ memory: MemoryJson }>();
    assert.deepEqual(Object.keys(memory).sort(), ['content', 'createdAt', 'id', 'tags']);
    assert.ok(isId(memory.id, 'mem'), memory.id);
    assert.equal(memory.content, 'The sea was grey and kind.');
    assert.deepEqual(memory.tags, ['sea', 'Evening walk']);
    assert.match(memory.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.equal(await t.deps.essence.balanceMilli(account.user.id), 990_000);

    const untagged = await store(t, key, 'No tags on this one.');
    assert.deepEqual(untagged.tags, []);

    const read = await recall(t, key);
    assert.equal(read.statusCode, 200);
    assert.equal(read.headers['essence-cost'], '10');
    const page = read.json<{ memories: MemoryJson[]; nextCursor: string | null }>();
    assert.deepEqual(page.memories, [untagged, memory]);
    assert.equal(page.nextCursor, null);
  });

  test('memories are scoped to the key: another key of the same owner sees none', async () => {
    const { account, key: first } = await owner(t);
    const { key: second } = await createKey(t.app, account, { scopes: ['read', 'write'] });
    const { key: stranger } = await owner(t);
    await store(t, first, 'first key, one');
    await store(t, first, 'first key, two');
    await store(t, second, 'second key, one');
    assert.deepEqual(await contents(t, first), ['first key, two', 'first key, one']);
    assert.deepEqual(await contents(t, second), ['second key, one']);
    assert.deepEqual(await contents(t, stranger), []);
    // Searching and filtering never cross keys either.
    assert.deepEqual(await contents(t, second, { q: 'first' }), []);
    assert.deepEqual(await contents(t, stranger, { q: 'key' }), []);
  });

  test('full-text search: words, stems, phrases, or, exclusions', async () => {
    const { key } = await owner(t);
    await store(t, key, 'Walked along the harbour at dawn, the boats were still.');
    await store(t, key, 'Long talk with my sister about moving abroad.');
    await store(t, key, 'Walking home in the rain, soaked and laughing.');
    await store(t, key, 'The harbour smelled of diesel and rain.');

    assert.deepEqual(await contents(t, key, { q: 'harbour' }), [
      'The harbour smelled of diesel and rain.',
      'Walked along the harbour at dawn, the boats were still.',
    ]);
    // Every word must match.
    assert.deepEqual(await contents(t, key, { q: 'harbour rain' }), [
      'The harbour smelled of diesel and rain.',
    ]);
    // Stemming: "walks" finds "walked" and "walking".
    assert.deepEqual(await contents(t, key, { q: 'walks' }), [
      'Walking home in the rain, soaked and laughing.',
      'Walked along the harbour at dawn, the boats were still.',
    ]);
    // Case does not matter.
    assert.deepEqual(await contents(t, key, { q: 'SISTER' }), [
      'Long talk with my sister about moving abroad.',
    ]);
    // A quoted phrase must appear in order.
    assert.deepEqual(await contents(t, key, { q: '"home in the rain"' }), [
      'Walking home in the rain, soaked and laughing.',
    ]);
    assert.deepEqual(await contents(t, key, { q: '"rain home"' }), []);
    // Alternatives.
    assert.deepEqual(await contents(t, key, { q: 'sister or diesel' }), [
      'The harbour smelled of diesel and rain.',
      'Long talk with my sister about moving abroad.',
    ]);
    // Exclusions.
    assert.deepEqual(await contents(t, key, { q: 'rain -harbour' }), [
      'Walking home in the rain, soaked and laughing.',
    ]);
    assert.deepEqual(await contents(t, key, { q: 'volcano' }), []);
  });

  test('search text is never query syntax: odd input answers 200', async () => {
    const { key } = await owner(t);
    await store(t, key, 'Plain words about a quiet night.');
    for (const q of [
      '"',
      '*',
      'quiet*',
      'content:quiet',
      'NEAR(quiet night)',
      'quiet AND',
      '(((',
      '!!!',
      '-',
      'or',
      "it's",
    ]) {
      const response = await recall(t, key, { q });
      assert.equal(response.statusCode, 200, `${q}: ${response.body}`);
    }
    assert.deepEqual(await contents(t, key, { q: '!!!' }), []);
    // Only exclusions: nothing to look for, so nothing matches (on both engines).
    assert.deepEqual(await contents(t, key, { q: '-night' }), []);
    assert.deepEqual(await contents(t, key, { q: '-volcano' }), []);
    assert.deepEqual(await contents(t, key, { q: 'quiet!' }), ['Plain words about a quiet night.']);
  });

  test('tag filter is exact, and combines with search', async () => {
    const { key } = await owner(t);
    await store(t, key, 'Morning run by the river.', ['running', 'river']);
    await store(t, key, 'Evening run, legs heavy.', ['running']);
    await store(t, key, 'Sat by the river and read.', ['River']);
    assert.deepEqual(await contents(t, key, { tag: 'running' }), [
      'Evening run, legs heavy.',
      'Morning run by the river.',
    ]);
    assert.deepEqual(await contents(t, key, { tag: 'river' }), ['Morning run by the river.']);
    assert.deepEqual(await contents(t, key, { tag: 'River' }), ['Sat by the river and read.']);
    assert.deepEqual(await contents(t, key, { tag: 'run' }), []);
    assert.deepEqual(await contents(t, key, { tag: 'running', q: 'legs' }), ['Evening run, legs heavy.']);
  });

  test('paging: newest first, opaque cursors, no repeats, null on the last page', async () => {
    const { key } = await owner(t);
    const made: string[] = [];
    for (let i = 1; i <= 5; i++) made.push((await store(t, key, `note ${i}`, ['paged'])).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const query: Record<string, string> = { limit: '2', tag: 'paged' };
      if (cursor !== null) query.cursor = cursor;
      const response = await recall(t, key, query);
      assert.equal(response.statusCode, 200, response.body);
      const page = response.json<{ memories: MemoryJson[]; nextCursor: string | null }>();
      sizes.push(page.memories.length);
      seen.push(...page.memories.map((m) => m.id));
      cursor = page.nextCursor;
      if (cursor !== null) assert.ok(!cursor.includes('mem_'), 'cursors are opaque');
    } while (cursor !== null);
    assert.deepEqual(sizes, [2, 2, 1]);
    assert.deepEqual(seen, [...made].reverse());

    expectInvalidField(await recall(t, key, { cursor: 'not-a-cursor' }), '/query/cursor');
  });

  test('invalid bodies and queries → 400 naming the field, nothing charged', async () => {
    const { account, key } = await owner(t);
    const cases: [unknown, string][] = [
      [{}, '/content'],
      [{ content: '' }, '/content'],
      [{ content: '  \n ' }, '/content'],
      [{ content: 'x'.repeat(4001) }, '/content'],
      [{ content: 7 }, '/content'],
      [{ content: 'ok', tags: 'one' }, '/tags'],
      [{ content: 'ok', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, '/tags'],
      [{ content: 'ok', tags: ['same', 'same'] }, '/tags'],
      [{ content: 'ok', tags: [''] }, '/tags/0'],
      [{ content: 'ok', tags: ['x'.repeat(33)] }, '/tags/0'],
      [{ content: 'ok', tags: [3] }, '/tags/0'],
      [{ content: 'ok', tags: ['fine', 'bad\u0000tag'] }, '/tags/1'],
      [{ content: 'ok', mood: 'calm' }, '/mood'],
    ];
    for (const [payload, path] of cases) expectInvalidField(await remember(t, key, payload), path);
    expectInvalidField(await recall(t, key, { q: 'x'.repeat(201) }), '/query/q');
    expectInvalidField(await recall(t, key, { q: '' }), '/query/q');
    expectInvalidField(await recall(t, key, { tag: 'x'.repeat(33) }), '/query/tag');
    expectInvalidField(await recall(t, key, { limit: '0' }), '/query/limit');
    expectInvalidField(await recall(t, key, { limit: '101' }), '/query/limit');
    expectInvalidField(await recall(t, key, { sort: 'old' }), '/query/sort');
    assert.equal(await t.deps.essence.balanceMilli(account.user.id), 1_000_000);
    assert.deepEqual(await contents(t, key), []);

    // Exactly at the limits is fine.
    const full = await store(
      t,
      key,
      'y'.repeat(4000),
      Array.from({ length: 10 }, (_, i) => `${i}`.repeat(32)),
    );
    assert.equal(full.tags.length, 10);
  });

  test('an idempotent POST replayed creates one memory and charges once', async () => {
    const { account, key } = await owner(t);
    const body = { content: 'Only once, please.', tags: ['once'] };
    const first = await remember(t, key, body, { 'idempotency-key': 'memory-once-1' });
    const second = await remember(t, key, body, { 'idempotency-key': 'memory-once-1' });
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(second.statusCode, 201);
    assert.equal(second.body, first.body);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.deepEqual(await contents(t, key), ['Only once, please.']);
    // 10 for the POST, 10 for the read just above.
    assert.equal(await t.deps.essence.balanceMilli(account.user.id), 980_000);
    const other = await remember(
      t,
      key,
      { content: 'Something else.' },
      { 'idempotency-key': 'memory-once-1' },
    );
    expectProblem(other, 409, 'idempotency_conflict');
  });

  test('a free key (essencePerCall 0) stores memories too', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account, { scopes: ['read', 'write'], essencePerCall: 0 });
    const response = await remember(t, key, { content: 'Free of charge.' });
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.headers['essence-cost'], '0');
    assert.deepEqual(await contents(t, key), ['Free of charge.']);
  });

  test('the owner lists every key’s memories with keyId; others see none', async () => {
    const { account, key: first, keyId: firstId } = await owner(t);
    const { key: second, id: secondId } = await createKey(t.app, account, { scopes: ['write'] });
    const a = await store(t, first, 'from the first key');
    const b = await store(t, second, 'from the second key');
    const response = await withCookie(t.app, account.cookie, 'GET', '/api/memory');
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['essence-cost'], undefined);
    const page = response.json<{ memories: MemoryJson[]; nextCursor: string | null }>();
    assert.deepEqual(page.memories, [
      { ...b, keyId: secondId },
      { ...a, keyId: firstId },
    ]);
    assert.equal(page.nextCursor, null);

    const firstPage = await withCookie(t.app, account.cookie, 'GET', '/api/memory?limit=1');
    const cursor = firstPage.json<{ nextCursor: string }>().nextCursor;
    assert.ok(cursor);
    const secondPage = await withCookie(t.app, account.cookie, 'GET', `/api/memory?limit=1&cursor=${cursor}`);
    assert.deepEqual(
      secondPage.json<{ memories: MemoryJson[] }>().memories.map((m) => m.id),
      [a.id],
    );

    const stranger = await signup(t.app);
    const theirs = await withCookie(t.app, stranger.cookie, 'GET', '/api/memory');
    assert.deepEqual(theirs.json<{ memories: MemoryJson[] }>().memories, []);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/memory' });
    expectProblem(anonymous, 401, 'unauthenticated');
  });

  test('the owner deletes a memory; another person gets 404 and it stays', async () => {
    const { account, key } = await owner(t);
    const keep = await store(t, key, 'keep this harbour note', ['keep']);
    const drop = await store(t, key, 'drop this harbour note', ['drop']);

    const stranger = await signup(t.app);
    const refused = await withCookie(t.app, stranger.cookie, 'DELETE', `/api/memory/${keep.id}`);
    expectProblem(refused, 404, 'not_found');
    expectProblem(
      await withCookie(t.app, account.cookie, 'DELETE', '/api/memory/mem_nothing'),
      404,
      'not_found',
    );

    const deleted = await withCookie(t.app, account.cookie, 'DELETE', `/api/memory/${drop.id}`);
    assert.equal(deleted.statusCode, 204, deleted.body);
    assert.equal(deleted.body, '');
    const again = await withCookie(t.app, account.cookie, 'DELETE', `/api/memory/${drop.id}`);
    expectProblem(again, 404, 'not_found');

    assert.deepEqual(await contents(t, key), ['keep this harbour note']);
    // The search index and the tags follow the delete.
    assert.deepEqual(await contents(t, key, { q: 'drop' }), []);
    assert.deepEqual(await contents(t, key, { tag: 'drop' }), []);
    assert.deepEqual(await contents(t, key, { q: 'harbour' }), ['keep this harbour note']);
  });

  test('the owner routes refuse bad paging and malformed ids', async () => {
    const account = await signup(t.app);
    const list = (query: string) => withCookie(t.app, account.cookie, 'GET', `/api/memory${query}`);
    expectInvalidField(await list('?limit=0'), '/query/limit');
    expectInvalidField(await list('?limit=101'), '/query/limit');
    expectInvalidField(await list('?cursor=not-a-cursor'), '/query/cursor');
    expectInvalidField(await list('?keyId=key_x'), '/query/keyId');
    const malformed = await withCookie(t.app, account.cookie, 'DELETE', `/api/memory/${'x'.repeat(300)}`);
    assert.ok([400, 404].includes(malformed.statusCode), `${malformed.statusCode} ${malformed.body}`);
  });
});

describe('memory bridge: the per-key cap', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { MEMORY_LIMIT_PER_KEY: '3' } });
  });
  after(async () => t.close());

  test('a key holds at most the configured number; 409 beyond, uncharged; a delete frees a slot', async () => {
    const { account, key } = await owner(t);
    const made: MemoryJson[] = [];
    for (let i = 1; i <= 3; i++) made.push(await store(t, key, `memory ${i}`));
    const balance = await t.deps.essence.balanceMilli(account.user.id);

    const refused = await remember(t, key, { content: 'one too many' });
    const problem = expectProblem(refused, 409, 'conflict');
    assert.match(problem.detail, /3/);
    assert.equal(await t.deps.essence.balanceMilli(account.user.id), balance);
    const withKey = await remember(t, key, { content: 'one too many' }, { 'idempotency-key': 'cap-1' });
    expectProblem(withKey, 409, 'conflict');
    assert.equal(await t.deps.essence.balanceMilli(account.user.id), balance);

    // The cap is per key: another key of the same owner still has room.
    const { key: other } = await createKey(t.app, account, { scopes: ['read', 'write'] });
    await store(t, other, 'the other key has room');

    const first = made[0];
    assert.ok(first);
    const deleted = await withCookie(t.app, account.cookie, 'DELETE', `/api/memory/${first.id}`);
    assert.equal(deleted.statusCode, 204);
    await store(t, key, 'room again');
    expectProblem(await remember(t, key, { content: 'full again' }), 409, 'conflict');
    assert.deepEqual(await contents(t, key), ['room again', 'memory 3', 'memory 2']);
  });

  test('concurrent writers cannot pass the cap', async () => {
    const { account, key } = await owner(t);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => remember(t, key, { content: `racing ${i}` })),
    );
    const created = responses.filter((r) => r.statusCode === 201).length;
    const conflicts = responses.filter((r) => r.statusCode === 409).length;
    assert.equal(created, 3, responses.map((r) => r.statusCode).join(','));
    assert.equal(conflicts, 5);
    assert.equal((await contents(t, key)).length, 3);
    assert.equal(await t.deps.essence.balanceMilli(account.user.id), 1_000_000 - 3 * 10_000 - 10_000);
  });

  test('concurrent writers on a free key cannot pass the cap either', async () => {
    // A free call takes no debit, so no balance row lock serialises these writers: only the
    // guarded counter does.
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account, { scopes: ['read', 'write'], essencePerCall: 0 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => remember(t, key, { content: `free racing ${i}` })),
    );
    assert.equal(responses.filter((r) => r.statusCode === 201).length, 3);
    assert.equal(responses.filter((r) => r.statusCode === 409).length, 5);
    assert.equal((await contents(t, key)).length, 3);
  });
});

describe('MEMORY_LIMIT_PER_KEY', () => {
  test('defaults to the contract ceiling and refuses values outside 1..10000', () => {
    assert.equal(loadConfig({}).limits.memoriesPerKey, 10_000);
    assert.equal(loadConfig({ MEMORY_LIMIT_PER_KEY: '250' }).limits.memoriesPerKey, 250);
    for (const bad of ['0', '10001', 'many', '-5', '2.5']) {
      assert.throws(
        () => loadConfig({ MEMORY_LIMIT_PER_KEY: bad }),
        (error: unknown) => error instanceof ConfigError && error.variable === 'MEMORY_LIMIT_PER_KEY',
        bad,
      );
    }
  });
});
