import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Account, createKey, signup, startTestApp, type TestApp } from '../helpers/app.ts';
import { expectInvalidField } from '../helpers/http.ts';

const DECOMPOSED = 'Cafe\u0301 au lait, nai\u0308ve'; // "Café au lait, naïve" spelled with combining marks
const COMPOSED = 'Café au lait, naïve';

describe('text at the door: every text field, every route (contract §1)', () => {
  let t: TestApp;
  let account: Account;
  let key: string;

  before(async () => {
    t = await startTestApp();
    account = await signup(t.app);
    key = (await createKey(t.app, account, { scopes: ['*'] })).key;
  });
  after(async () => t.close());

  function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${key}`, ...headers },
      payload: payload as Record<string, unknown>,
    });
  }

  async function balance(): Promise<number> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/essence',
      headers: { authorization: `Bearer ${key}` },
    });
    return response.json().balance;
  }

  test('text is stored in NFC whatever form it was sent in (memory content and tags)', async () => {
    const created = await post('/api/v1/user/memory', { content: DECOMPOSED, tags: ['re\u0301sume\u0301'] });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().memory.content, COMPOSED);
    assert.deepEqual(created.json().memory.tags, ['résumé']);
    // Read back from the database (SQLite here; PostgreSQL with TEST_DATABASE_URL): the same code points.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/memory?tag=${encodeURIComponent('résumé')}`,
      headers: { authorization: `Bearer ${key}` },
    });
    assert.equal(listed.statusCode, 200, listed.body);
    const stored = listed.json().memories.find((m: { id: string }) => m.id === created.json().memory.id);
    assert.equal(stored?.content, COMPOSED);
    assert.equal(stored?.content.normalize('NFC'), stored?.content);
    // A query in decomposed form finds the composed text: queries are normalised too.
    const byDecomposedTag = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/memory?tag=${encodeURIComponent('re\u0301sume\u0301')}`,
      headers: { authorization: `Bearer ${key}` },
    });
    assert.ok(byDecomposedTag.json().memories.some((m: { id: string }) => m.id === created.json().memory.id));
  });

  test('check-in notes are stored in NFC too, and may hold line breaks and tabs', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/trajectory/checkins',
      headers: { cookie: account.cookie },
      payload: { moodId: 'calm', note: `${DECOMPOSED}\n\tsecond line` },
    });
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json().checkin.note, `${COMPOSED}\n\tsecond line`);
  });

  const BAD: [string, string][] = [
    ['a lone high surrogate', 'abc\ud800def'],
    ['a lone low surrogate', 'abc\udc00'],
    ['a C0 control', 'bell\u0007'],
    ['a carriage return', 'one\r\ntwo'],
    ['a C1 control', 'next\u0085line'],
    ['DEL', 'x\u007f'],
    ['a right-to-left override', 'abc\u202Etxt.exe'],
    ['a left-to-right embedding', '\u202Ahello'],
    ['a first-strong isolate', 'hi \u2068there\u2069'],
  ];

  for (const [what, text] of BAD) {
    test(`${what} → 400 naming the field, uncharged (oracle question, analysis text)`, async () => {
      const before = await balance();
      expectInvalidField(await post('/api/v1/oracle', { question: `How do I live? ${text}` }), '/question');
      expectInvalidField(await post('/api/v1/mood/analyze', { text }), '/text');
      const keyed = await post('/api/v1/mood/analyze', { text }, { 'idempotency-key': `bad-${what}` });
      expectInvalidField(keyed, '/text');
      assert.equal(await balance(), before);
    });
  }

  test('a single-line field refuses line breaks and tabs; a multi-line one takes them', async () => {
    expectInvalidField(await post('/api/v1/world/spawn', { title: 'two\nlines' }), '/title');
    expectInvalidField(await post('/api/v1/world/spawn', { title: 'tab\there' }), '/title');
    const ok = await post('/api/v1/world/spawn', { title: 'One line', description: 'first\nsecond\tthird' });
    assert.equal(ok.statusCode, 201, ok.body);
    expectInvalidField(await post('/api/v1/user/memory', { content: 'ok', tags: ['a\nb'] }), '/tags/0');
    const multi = await post('/api/v1/mood/analyze', { text: 'line one\nline two\tand a tab' });
    assert.equal(multi.statusCode, 200, multi.body);
  });

  test('a required text with no visible character → 400', async () => {
    for (const invisible of [' ', '\u200b\u200b', '\u00a0\u3000', '\u2800', '\t\n', '\u0301']) {
      expectInvalidField(await post('/api/v1/oracle', { question: invisible }), '/question');
      expectInvalidField(await post('/api/v1/user/memory', { content: invisible }), '/content');
      expectInvalidField(await post('/api/v1/world/spawn', { title: invisible }), '/title');
    }
  });

  test('query strings and path parameters go through the same rules', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/memory?q=${encodeURIComponent('bad\u202Eone')}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expectInvalidField(response, '/query/q');
  });
});
