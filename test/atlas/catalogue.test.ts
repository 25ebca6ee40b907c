import assert from 'node:assert/strict';
import { test } from 'node:test';
import catalogue from '../../src/domains/atlas/moods.json' with { type: 'json' };

type FamilyId = 'radiant' | 'calm' | 'stormy' | 'heavy' | 'still';

interface Family {
  readonly id: string;
  readonly label: string;
  readonly color: string;
  readonly description: string;
}

interface Layer {
  readonly index: number;
  readonly label: string;
  readonly description: string;
}

interface Mood {
  readonly id: string;
  readonly label: string;
  readonly family: string;
  readonly valence: number;
  readonly arousal: number;
  readonly dominance: number;
  readonly color: string;
  readonly description: string;
  readonly synonyms: readonly string[];
}

interface Catalogue {
  readonly version: string;
  readonly dimensions: readonly string[];
  readonly stillRadius: number;
  readonly families: readonly Family[];
  readonly layers: readonly Layer[];
  readonly moods: readonly Mood[];
}

const data: Catalogue = catalogue;

const FAMILY_IDS: readonly FamilyId[] = ['radiant', 'calm', 'stormy', 'heavy', 'still'];
const SLUG = /^[a-z][a-z0-9-]*$/;
const HEX = /^#[0-9A-Fa-f]{6}$/;

const HEALTHKIT_LABELS: readonly string[] = [
  'amazed',
  'amused',
  'angry',
  'annoyed',
  'anxious',
  'ashamed',
  'brave',
  'calm',
  'confident',
  'content',
  'disappointed',
  'discouraged',
  'disgusted',
  'drained',
  'embarrassed',
  'excited',
  'frustrated',
  'grateful',
  'guilty',
  'happy',
  'hopeful',
  'hopeless',
  'indifferent',
  'irritated',
  'jealous',
  'joyful',
  'lonely',
  'overwhelmed',
  'passionate',
  'peaceful',
  'proud',
  'relieved',
  'sad',
  'satisfied',
  'scared',
  'stressed',
  'surprised',
  'worried',
];

/** The family a point must belong to under the Atlas rule, or null if it is on an axis outside the still disc. */
function expectedFamily(valence: number, arousal: number, stillRadius: number): FamilyId | null {
  if (Math.hypot(valence, arousal) <= stillRadius) return 'still';
  if (valence === 0 || arousal === 0) return null;
  if (valence > 0) return arousal > 0 ? 'radiant' : 'calm';
  return arousal > 0 ? 'stormy' : 'heavy';
}

function isTwoDecimal(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-9;
}

const moodById = new Map<string, Mood>(data.moods.map((m) => [m.id, m]));

test('catalogue header', () => {
  assert.equal(typeof data.version, 'string');
  assert.deepEqual([...data.dimensions], ['valence', 'arousal', 'dominance']);
  assert.equal(data.stillRadius, 0.25);
});

test('has at least 60 moods', () => {
  assert.ok(data.moods.length >= 60, `only ${data.moods.length} moods`);
});

test('mood ids are unique slugs', () => {
  const seen = new Set<string>();
  for (const m of data.moods) {
    assert.match(m.id, SLUG, `bad id ${m.id}`);
    assert.ok(!seen.has(m.id), `duplicate id ${m.id}`);
    seen.add(m.id);
  }
});

test('all HealthKit State of Mind labels are present as ids', () => {
  assert.equal(HEALTHKIT_LABELS.length, 38);
  const missing = HEALTHKIT_LABELS.filter((id) => !moodById.has(id));
  assert.deepEqual(missing, []);
});

test('anchor moods exist with the required families', () => {
  const anchors: ReadonlyArray<readonly [string, FamilyId]> = [
    ['neutral', 'still'],
    ['serene', 'calm'],
    ['melancholic', 'heavy'],
  ];
  for (const [id, family] of anchors) {
    const mood = moodById.get(id);
    assert.ok(mood, `missing ${id}`);
    assert.equal(mood.family, family, `${id} should be ${family}`);
  }
});

test('every coordinate is a two-decimal number in -1..1', () => {
  for (const m of data.moods) {
    for (const [axis, value] of [
      ['valence', m.valence],
      ['arousal', m.arousal],
      ['dominance', m.dominance],
    ] as const) {
      assert.ok(Number.isFinite(value), `${m.id}.${axis} not finite`);
      assert.ok(value >= -1 && value <= 1, `${m.id}.${axis}=${value} out of range`);
      assert.ok(isTwoDecimal(value), `${m.id}.${axis}=${value} has more than two decimals`);
    }
  }
});

test('every mood sits in its family region', () => {
  for (const m of data.moods) {
    const expected = expectedFamily(m.valence, m.arousal, data.stillRadius);
    assert.notEqual(expected, null, `${m.id} lies on an axis outside the still disc`);
    assert.equal(m.family, expected, `${m.id} (${m.valence}, ${m.arousal}) should be ${String(expected)}`);
  }
});

test('no two moods share identical coordinates', () => {
  const seen = new Map<string, string>();
  for (const m of data.moods) {
    const key = `${m.valence},${m.arousal},${m.dominance}`;
    const other = seen.get(key);
    assert.equal(other, undefined, `${m.id} duplicates coordinates of ${String(other)}`);
    seen.set(key, m.id);
  }
});

test('families are exactly the five', () => {
  const ids = data.families.map((f) => f.id).sort();
  assert.deepEqual(ids, [...FAMILY_IDS].sort());
  for (const f of data.families) {
    assert.match(f.color, HEX, `family ${f.id} colour`);
    assert.ok(f.label.length > 0);
    assert.ok(f.description.length > 0);
  }
  const familyIds = new Set<string>(ids);
  for (const m of data.moods) assert.ok(familyIds.has(m.family), `${m.id} has unknown family ${m.family}`);
});

test('every family is populated', () => {
  for (const family of FAMILY_IDS) {
    assert.ok(
      data.moods.some((m) => m.family === family),
      `no moods in ${family}`,
    );
  }
});

test('layers are exactly indexes 0..6', () => {
  assert.deepEqual(
    data.layers.map((l) => l.index),
    [0, 1, 2, 3, 4, 5, 6],
  );
  for (const l of data.layers) {
    assert.ok(l.label.length > 0, `layer ${l.index} label`);
    assert.ok(l.description.length > 0, `layer ${l.index} description`);
  }
});

test('mood colours, labels and descriptions are well formed', () => {
  for (const m of data.moods) {
    assert.match(m.color, HEX, `${m.id} colour ${m.color}`);
    assert.ok(m.label.trim().length > 0, `${m.id} label empty`);
    assert.ok(m.description.trim().length > 0, `${m.id} description empty`);
    assert.ok(m.description.length <= 120, `${m.id} description too long`);
  }
});

test('synonyms are lowercase, 2-6 per mood, and never collide with mood ids', () => {
  for (const m of data.moods) {
    assert.ok(m.synonyms.length >= 2 && m.synonyms.length <= 6, `${m.id} has ${m.synonyms.length} synonyms`);
    for (const s of m.synonyms) {
      assert.equal(s, s.toLowerCase(), `${m.id} synonym ${s} not lowercase`);
      assert.ok(s.trim().length > 0, `${m.id} has an empty synonym`);
      assert.ok(!moodById.has(s), `${m.id} synonym ${s} collides with a mood id`);
    }
  }
});
