import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ATLAS } from '../../src/domains/atlas/catalogue.ts';
import { createKey, signup, startTestApp, type TestApp } from '../helpers/app.ts';

describe('GET /api/v1/atlas/moods', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => t.close());

  test('serves the whole catalogue, cacheable, with a validator', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account, { scopes: ['read'] });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/atlas/moods',
      headers: { 'x-api-key': key, origin: 'https://widgets.example' },
    });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.version, ATLAS.version);
    assert.deepEqual(body.dimensions, ['valence', 'arousal', 'dominance']);
    assert.equal(body.moods.length, ATLAS.moods.length);
    assert.deepEqual(
      body.layers.map((l: { index: number }) => l.index),
      [0, 1, 2, 3, 4, 5, 6],
    );
    const serene = body.moods.find((m: { id: string }) => m.id === 'serene');
    assert.deepEqual(Object.keys(serene).sort(), [
      'arousal',
      'color',
      'description',
      'dominance',
      'family',
      'id',
      'label',
      'synonyms',
      'valence',
    ]);
    assert.match(String(response.headers.etag), /^"atlas-2026-11-[A-Za-z0-9_-]{16}"$/);
    assert.match(String(response.headers['cache-control']), /^public, max-age=\d+/);
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.equal(response.headers['essence-cost'], '0');
  });

  test('a matching If-None-Match is a 304 without a body, never charged', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account, { scopes: ['read'], essencePerCall: 2 });
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/v1/atlas/moods',
      headers: { 'x-api-key': key },
    });
    assert.equal(first.headers['essence-cost'], '2');
    const etag = String(first.headers.etag);
    for (const condition of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/v1/atlas/moods',
        headers: { 'x-api-key': key, 'if-none-match': condition },
      });
      assert.equal(again.statusCode, 304, condition);
      assert.equal(again.body, '');
      assert.equal(again.headers['essence-cost'], '0');
      assert.equal(again.headers.etag, etag);
    }
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/v1/atlas/moods',
      headers: { 'x-api-key': key, 'if-none-match': '"atlas-old"' },
    });
    assert.equal(stale.statusCode, 200);
    assert.equal(Number(stale.headers['essence-balance']), 996);
  });
});
