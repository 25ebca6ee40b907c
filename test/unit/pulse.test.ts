import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { FAMILY_IDS, MOOD_IDS } from '../../src/domains/atlas/catalogue.ts';
import {
  keyedUniform,
  laplace,
  MIN_GROUP,
  moveKey,
  OTHER,
  type Pulse,
  type PulseCounts,
  publishPulse,
  roundShares,
} from '../../src/domains/trajectory/pulse.ts';

const NOW = new Date('2026-11-21T09:30:00.000Z');

const groups = (ids: readonly string[]) =>
  fc.dictionary(fc.constantFrom(...ids), fc.integer({ min: 1, max: 40 }), { maxKeys: 12 });

const MOVE_IDS = FAMILY_IDS.flatMap((from) =>
  FAMILY_IDS.filter((to) => to !== from).map((to) => moveKey(from, to)),
);

/** Counts as the rollups could produce them: every person has one latest mood and family. */
const countsArbitrary = fc
  .record({ moods: groups(MOOD_IDS), moves: groups(MOVE_IDS) })
  .map(({ moods, moves }): PulseCounts => {
    const families = new Map<string, number>();
    let people = 0;
    for (const [moodId, n] of Object.entries(moods)) {
      people += n;
      const family = FAMILY_IDS[MOOD_IDS.indexOf(moodId) % FAMILY_IDS.length] ?? 'still';
      families.set(family, (families.get(family) ?? 0) + n);
    }
    return { people, moods: new Map(Object.entries(moods)), families, moves: new Map(Object.entries(moves)) };
  });

function sum(entries: ReadonlyArray<{ share: number }>): number {
  return entries.reduce((total, e) => total + e.share, 0);
}

function namedTransitions(pulse: Pulse): string[] {
  return pulse.transitions.filter((t) => !('id' in t)).map((t) => moveKey(t.from, t.to));
}

test('no group under five people is ever named, whatever the counts', () => {
  fc.assert(
    fc.property(countsArbitrary, fc.constantFrom('1h', '24h', '7d' as const), (counts, window) => {
      const pulse = publishPulse(counts, window, NOW);
      for (const mood of pulse.moods) {
        if (mood.id !== OTHER) assert.ok((counts.moods.get(mood.id) ?? 0) >= MIN_GROUP, mood.id);
      }
      for (const family of pulse.families) {
        if (family.id !== OTHER) assert.ok((counts.families.get(family.id) ?? 0) >= MIN_GROUP, family.id);
      }
      for (const move of namedTransitions(pulse)) assert.ok((counts.moves.get(move) ?? 0) >= MIN_GROUP, move);
    }),
    { numRuns: 500 },
  );
});

test('participants are a multiple of five, never more than the people counted', () => {
  fc.assert(
    fc.property(countsArbitrary, (counts) => {
      const pulse = publishPulse(counts, '24h', NOW);
      assert.equal(pulse.participants % 5, 0);
      assert.ok(pulse.participants <= counts.people);
      assert.ok(counts.people - pulse.participants < 5);
      if (counts.people < MIN_GROUP) {
        assert.equal(pulse.participants, 0);
        assert.deepEqual([pulse.moods, pulse.families, pulse.transitions], [[], [], []]);
      }
    }),
    { numRuns: 500 },
  );
});

test('each published list sums to 1 and folds the small groups into one "other"', () => {
  fc.assert(
    fc.property(countsArbitrary, (counts) => {
      const pulse = publishPulse(counts, '24h', NOW);
      if (pulse.participants === 0) return;
      for (const list of [pulse.moods, pulse.families]) {
        assert.ok(Math.abs(sum(list) - 1) <= 0.001, `sum ${sum(list)}`);
        assert.ok(list.filter((e) => e.id === OTHER).length <= 1);
      }
      if (pulse.transitions.length > 0) assert.ok(Math.abs(sum(pulse.transitions) - 1) <= 0.001);
      const smallMoods = [...counts.moods.values()].filter((n) => n < MIN_GROUP).reduce((a, n) => a + n, 0);
      const other = pulse.moods.find((m) => m.id === OTHER);
      assert.equal(other !== undefined, smallMoods > 0);
    }),
    { numRuns: 500 },
  );
});

test('the published pulse carries only ids and shares: no counts, no people', () => {
  const pulse = publishPulse(
    { people: 12, moods: new Map([['serene', 12]]), families: new Map([['calm', 12]]), moves: new Map() },
    '1h',
    NOW,
  );
  assert.deepEqual(Object.keys(pulse).sort(), [
    'families',
    'generatedAt',
    'moods',
    'participants',
    'transitions',
    'window',
  ]);
  assert.deepEqual(pulse.moods, [{ id: 'serene', share: 1 }]);
  assert.equal(pulse.participants, 10);
});

test('the minimum group can be raised, never lowered', () => {
  const counts: PulseCounts = {
    people: 7,
    moods: new Map([['serene', 7]]),
    families: new Map([['calm', 7]]),
    moves: new Map(),
  };
  assert.equal(publishPulse(counts, '24h', NOW, 8).participants, 0);
  assert.throws(() => publishPulse(counts, '24h', NOW, 4), RangeError);
});

test('largest-remainder rounding sums to exactly 1 at four decimals', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 120 }),
      (counts) => {
        const shares = roundShares(counts);
        const units = shares.reduce((total, s) => total + Math.round(s * 10_000), 0);
        assert.equal(units, 10_000);
        for (const s of shares) assert.equal(Number(s.toFixed(4)), s);
      },
    ),
  );
  assert.deepEqual(roundShares([1, 1, 1]), [0.3334, 0.3333, 0.3333]);
});

test('Laplace noise: keyed draws are uniform in (0, 1), repeatable per label, with the spread 1/ε', () => {
  const uniform = keyedUniform();
  assert.equal(uniform('a'), uniform('a'));
  assert.notEqual(uniform('a'), uniform('b'));
  assert.notEqual(keyedUniform()('a'), uniform('a'));
  const draws = Array.from({ length: 20_000 }, (_, i) => laplace(0.5, uniform(`n${i}`)));
  const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
  const meanAbs = draws.reduce((a, b) => a + Math.abs(b), 0) / draws.length;
  assert.ok(Math.abs(mean) < 0.1, `mean ${mean}`);
  assert.ok(Math.abs(meanAbs - 2) < 0.1, `mean |x| ${meanAbs} (expected 1/ε = 2)`);
  for (const u of [uniform('x'), uniform('y')]) assert.ok(u > 0 && u < 1);
});

test('with noise, a group is named only when its exact count reaches five', () => {
  fc.assert(
    fc.property(countsArbitrary, fc.constantFrom(0.1, 1, 5), (counts, epsilon) => {
      const pulse = publishPulse(counts, '24h', NOW, MIN_GROUP, { epsilon, uniform: keyedUniform() });
      for (const mood of pulse.moods) {
        if (mood.id !== OTHER) assert.ok((counts.moods.get(mood.id) ?? 0) >= MIN_GROUP, mood.id);
      }
      for (const move of namedTransitions(pulse)) assert.ok((counts.moves.get(move) ?? 0) >= MIN_GROUP, move);
      if (pulse.participants > 0) assert.ok(counts.people >= MIN_GROUP);
      assert.equal(pulse.participants % 5, 0);
    }),
    { numRuns: 300 },
  );
});
