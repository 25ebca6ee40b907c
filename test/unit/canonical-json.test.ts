import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { canonicalJson } from '../../src/lib/canonical-json.ts';

/** Rebuilds a JSON value with every object's keys in a shuffled order. */
function shuffled(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((item, i) => shuffled(item, seed + i));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  entries.sort(
    (a, b) => ((a[0].length * 31 + seed) % 7) - ((b[0].length * 31 + seed) % 7) || (seed % 2 ? 1 : -1),
  );
  return Object.fromEntries(entries.map(([k, v]) => [k, shuffled(v, seed + 1)]));
}

test('the same JSON value has one canonical text, whatever its key order or spacing', () => {
  fc.assert(
    fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 1000 }), (value, seed) => {
      const text = JSON.stringify(value);
      const other = JSON.stringify(shuffled(JSON.parse(text), seed), null, seed % 3);
      assert.equal(canonicalJson(JSON.parse(other)), canonicalJson(JSON.parse(text)));
      assert.deepEqual(JSON.parse(canonicalJson(JSON.parse(text))), JSON.parse(text));
    }),
  );
});

test('different values have different canonical texts', () => {
  assert.notEqual(canonicalJson({ a: 1, b: 2 }), canonicalJson({ a: 1, b: 3 }));
  assert.notEqual(canonicalJson([1, 2]), canonicalJson([2, 1]));
  assert.notEqual(canonicalJson({ a: '1' }), canonicalJson({ a: 1 }));
  assert.equal(canonicalJson({ b: [1, { d: 1, c: 2 }], a: null }), '{"a":null,"b":[1,{"c":2,"d":1}]}');
});
