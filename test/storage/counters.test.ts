import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';

describe('counter store: hits of one moment share one write', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => t.close());

  test('concurrent hits on one counter each get their own count, in order, and all are stored', async () => {
    const key = `coalesce:${Date.now()}`;
    const states = await Promise.all(Array.from({ length: 25 }, () => t.deps.counters.hit(key, 60_000)));
    assert.deepEqual(
      states.map((s) => s.count),
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    assert.equal((await t.deps.counters.peek(key))?.count, 25);
    const next = await t.deps.counters.hit(key, 60_000, 2);
    assert.equal(next.count, 27);
  });

  test('hits on different counters stay apart', async () => {
    const [a, b] = [`coalesce-a:${Date.now()}`, `coalesce-b:${Date.now()}`];
    const states = await Promise.all([a, b, a, b, a].map((key) => t.deps.counters.hit(key, 60_000)));
    assert.deepEqual(
      states.map((s) => s.count),
      [1, 1, 2, 2, 3],
    );
  });
});
