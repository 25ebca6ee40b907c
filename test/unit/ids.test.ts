import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isId, newId } from '../../src/lib/ids.ts';

test('ids carry their prefix and 26 Crockford characters', () => {
  const id = newId('usr');
  assert.ok(isId(id, 'usr'), id);
  assert.equal(isId(id, 'key'), false);
  assert.equal(isId('usr_1', 'usr'), false);
});

test('ids made in one millisecond still sort in creation order', () => {
  const now = Date.now() + 10_000;
  const ids = Array.from({ length: 1000 }, () => newId('led', now));
  assert.deepEqual([...ids].sort(), ids);
  assert.equal(new Set(ids).size, ids.length);
});

test('a clock that steps back never breaks the order', () => {
  const a = newId('req', Date.now() + 20_000);
  const b = newId('req', Date.now());
  assert.ok(b > a);
});
