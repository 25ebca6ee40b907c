import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { findMood } from '../../src/domains/atlas/catalogue.ts';
import { createKey, signup, startTestApp, type TestApp } from '../helpers/app.ts';
import { expectInvalidField } from '../helpers/http.ts';

describe('POST /api/v1/mood/analyze', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => t.close());

  async function readKey(): Promise<{ key: string; userId: string }> {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account, { scopes: ['read'] });
    return { key, userId: account.user.id };
  }

  function analyze(key: string, payload: unknown) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/mood/analyze',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  }

  test('answers the analysis, the disclaimer, and charges 5 Essence', async () => {
    const { key, userId } = await readKey();
    const response = await analyze(key, { text: 'I am so happy and grateful today!' });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['essence-cost'], '5');
    assert.equal(response.headers['essence-balance'], '995');
    assert.equal(await t.deps.essence.balanceMilli(userId), 995_000);
    const body = response.json();
    assert.deepEqual(Object.keys(body).sort(), [
      'arousal',
      'confidence',
      'disclaimer',
      'dominance',
      'emotions',
      'family',
      'moodId',
      'safety',
      'valence',
    ]);
    assert.equal(body.safety, null);
    assert.match(body.disclaimer, /philosophical exploration/);
    assert.equal(body.family, 'radiant');
    assert.equal(findMood(body.moodId)?.family, body.family);
    assert.ok(body.valence > 0 && body.valence <= 1);
    assert.ok(body.confidence > 0 && body.confidence <= 1);
    assert.ok(Array.isArray(body.emotions) && body.emotions.length >= 3 && body.emotions.length <= 5);
    for (const emotion of body.emotions) {
      assert.ok(findMood(emotion.moodId));
      assert.ok(emotion.score >= 0 && emotion.score <= 1);
    }
  });

  test('is deterministic: the same text gives the same body', async () => {
    const { key } = await readKey();
    const text = 'Not very calm, a bit anxious about the exam, but the tea helps.';
    const first = await analyze(key, { text });
    const second = await analyze(key, { text });
    assert.equal(first.statusCode, 200);
    assert.equal(first.body, second.body);
  });

  test('takes exactly 5,000 characters', async () => {
    const { key } = await readKey();
    const response = await analyze(key, { text: 'calm '.repeat(1000) });
    assert.equal(response.statusCode, 200, response.body);
  });

  test('invalid bodies → 400 naming /text, nothing charged', async () => {
    const { key, userId } = await readKey();
    for (const payload of [
      {},
      { text: '' },
      { text: '   \n\t ' },
      { text: 'x'.repeat(5001) },
      { text: 42 },
      { text: null },
      { text: ['happy'] },
    ]) {
      const response = await analyze(key, payload);
      expectInvalidField(response, '/text');
      assert.notEqual(response.headers['essence-cost'], '5');
    }
    expectInvalidField(await analyze(key, { text: 'fine', mood: 'happy' }), '/mood');
    assert.equal(await t.deps.essence.balanceMilli(userId), 1_000_000);
  });

  test('a whitespace-only text with an Idempotency-Key is refused and charges nothing', async () => {
    const { key, userId } = await readKey();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mood/analyze',
      headers: { 'x-api-key': key, 'idempotency-key': 'blank-1' },
      payload: { text: '   ' },
    });
    expectInvalidField(response, '/text');
    assert.equal(await t.deps.essence.balanceMilli(userId), 1_000_000);
  });
});
