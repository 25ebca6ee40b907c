import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ATLAS, FAMILY_IDS, familyOf, LAYER_COUNT } from '../../src/domains/atlas/catalogue.ts';
import {
  angleBetween,
  type Cell,
  cellAt,
  cellDirection,
  cellIndex,
  coordinates,
  DEPTH,
  firstFree,
  MAX_RING_ANGLE,
  moodDirection,
  parsePosition,
  positionLabel,
  RING_STEP,
  ringAngle,
  STILL_CAP,
  shellRadius,
  slotsInRing,
} from '../../src/domains/cosmos/placement.ts';

const LABEL = /^L[0-6]:(radiant|calm|stormy|heavy|still):\d+-\d{3,}$/;
const mood = fc.constantFrom(...ATLAS.moods);
const layer = fc.integer({ min: 0, max: LAYER_COUNT - 1 });
const cell = fc
  .integer({ min: 0, max: 400 })
  .chain((ring) => fc.integer({ min: 0, max: slotsInRing(ring) - 1 }).map((slot): Cell => ({ ring, slot })));
const length = (v: { x: number; y: number; z: number }) => Math.hypot(v.x, v.y, v.z);

describe('cosmos placement: labels and numbering', () => {
  test('the contract example parses, and labels pad the slot to 3 digits', () => {
    assert.deepEqual(parsePosition('L3:calm:2-014'), { layer: 3, family: 'calm', ring: 2, slot: 14 });
    assert.equal(positionLabel(0, 'still', { ring: 0, slot: 0 }), 'L0:still:0-000');
    assert.equal(positionLabel(6, 'heavy', { ring: 125, slot: 999 }), 'L6:heavy:125-999');
    assert.equal(positionLabel(6, 'heavy', { ring: 200, slot: 1599 }), 'L6:heavy:200-1599');
  });

  test('malformed or impossible labels do not parse', () => {
    for (const label of [
      'L7:calm:0-000',
      'L3:calm:2-16',
      'L3:calm:2-016',
      'L3:calm:1-008',
      'L3:blue:0-000',
      'L3:calm:0-0000',
      'x',
    ]) {
      assert.equal(parsePosition(label), null, label);
    }
  });

  test('ring 0 has one slot, ring r has 8r; numbering runs ring by ring', () => {
    assert.equal(cellIndex(0, 0), 0);
    assert.equal(cellIndex(1, 0), 1);
    assert.equal(cellIndex(1, 7), 8);
    assert.equal(cellIndex(2, 0), 9);
    assert.equal(cellIndex(2, 14), 23);
    assert.deepEqual(cellAt(23), { ring: 2, slot: 14 });
  });

  test('property: numbering is a bijection between numbers and cells', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), (index) => {
        const { ring, slot } = cellAt(index);
        assert.ok(slot >= 0 && slot < slotsInRing(ring));
        assert.equal(cellIndex(ring, slot), index);
      }),
      { numRuns: 5000 },
    );
  });

  test('property: nearer rings always come first', () => {
    fc.assert(
      fc.property(cell, cell, (a, b) => {
        if (a.ring < b.ring) assert.ok(cellIndex(a.ring, a.slot) < cellIndex(b.ring, b.slot));
      }),
    );
  });

  test('property: labels round-trip and match the contract format', () => {
    fc.assert(
      fc.property(layer, fc.constantFrom(...FAMILY_IDS), cell, (l, family, c) => {
        const label = positionLabel(l, family, c);
        assert.match(label, LABEL);
        assert.deepEqual(parsePosition(label), { layer: l, family, ...c });
      }),
    );
  });
});

describe('cosmos placement: geometry', () => {
  test('layer 0 is the outermost shell and the shells never overlap', () => {
    for (let l = 1; l < LAYER_COUNT; l++) {
      assert.ok(shellRadius(l) < shellRadius(l - 1));
      assert.ok(shellRadius(l - 1) - DEPTH > shellRadius(l) + DEPTH, 'the shells overlap');
    }
    assert.ok(shellRadius(LAYER_COUNT - 1) - DEPTH > 0);
  });

  test('still moods sit in the cap around the pole; every other family outside it, in its own quadrant', () => {
    for (const m of ATLAS.moods) {
      const direction = moodDirection(m);
      const fromPole = angleBetween(direction, { x: 0, y: 1, z: 0 });
      if (m.family === 'still') {
        assert.ok(fromPole <= STILL_CAP + 1e-9, m.id);
      } else {
        assert.ok(fromPole > STILL_CAP, m.id);
        // valence → +x, arousal → +z
        assert.equal(familyOf({ valence: direction.x, arousal: direction.z }), m.family, m.id);
      }
    }
  });

  test('property: every object lies within its layer shell', () => {
    fc.assert(
      fc.property(mood, layer, cell, (m, l, c) => {
        const r = length(coordinates(m, l, c));
        assert.ok(
          r >= shellRadius(l) - DEPTH - 1e-3 && r <= shellRadius(l) + DEPTH + 1e-3,
          `${r} in layer ${l}`,
        );
      }),
      { numRuns: 2000 },
    );
  });

  test('property: ring 0 is the mood’s own point, and ring r sits at angle ringAngle(r) from it', () => {
    fc.assert(
      fc.property(mood, cell, (m, c) => {
        const centre = moodDirection(m);
        const angle = angleBetween(centre, cellDirection(centre, c));
        assert.ok(Math.abs(angle - ringAngle(c.ring)) < 1e-6, `${angle} vs ${ringAngle(c.ring)}`);
      }),
      { numRuns: 2000 },
    );
  });

  test('property: rings grow outward, one step at a time near the mood, never past the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (ring) => {
        assert.ok(ringAngle(ring + 1) > ringAngle(ring));
        assert.ok(ringAngle(ring) < MAX_RING_ANGLE);
        assert.ok(ringAngle(ring) <= ring * RING_STEP + 1e-12);
      }),
    );
    assert.ok(Math.abs(ringAngle(1) - RING_STEP) < RING_STEP * 0.02);
  });

  test('property: distinct positions of one mood never coincide', () => {
    fc.assert(
      fc.property(mood, cell, cell, (m, a, b) => {
        fc.pre(a.ring !== b.ring || a.slot !== b.slot);
        const centre = moodDirection(m);
        assert.ok(angleBetween(cellDirection(centre, a), cellDirection(centre, b)) > 1e-9);
      }),
      { numRuns: 2000 },
    );
  });

  test('the first positions of a mood are its nearest ones', () => {
    const serene = ATLAS.moods.find((m) => m.id === 'serene');
    assert.ok(serene);
    const centre = coordinates(serene, 3, { ring: 0, slot: 0 });
    let previous = 0;
    for (let index = 0; index < 200; index++) {
      const at = coordinates(serene, 3, cellAt(index));
      const d = Math.hypot(at.x - centre.x, at.y - centre.y, at.z - centre.z);
      assert.ok(d >= previous - 1e-3, `position ${index} is nearer than an earlier one`);
      previous = Math.max(previous, d);
    }
  });
});

describe('cosmos placement: first free position', () => {
  test('examples', () => {
    assert.equal(firstFree(0, [], true), 0);
    assert.equal(firstFree(0, [0, 1, 2], true), 3);
    assert.equal(firstFree(0, [0, 2], true), 1);
    assert.equal(firstFree(5, [5, 6, 8], false), 7);
    assert.equal(firstFree(5, [5, 6, 7], false), null);
  });

  test('property: the answer is the least number ≥ from that is not taken', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 120 }), { maxLength: 80 }),
        (from, raw) => {
          const taken = raw.filter((n) => n >= from).sort((a, b) => a - b);
          let expected = from;
          while (taken.includes(expected)) expected++;
          assert.equal(firstFree(from, taken, true), expected);
          const partial = firstFree(from, taken, false);
          const last = taken[taken.length - 1];
          if (last === undefined) return; // an empty page is always complete
          assert.equal(partial, expected < last ? expected : null);
        },
      ),
    );
  });
});
