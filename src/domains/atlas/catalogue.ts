import data from './moods.json' with { type: 'json' };

export const FAMILY_IDS = ['radiant', 'calm', 'stormy', 'heavy', 'still'] as const;
export type FamilyId = (typeof FAMILY_IDS)[number];

export interface Family {
  readonly id: FamilyId;
  readonly label: string;
  readonly color: string;
  readonly description: string;
}

export interface Layer {
  readonly index: number;
  readonly label: string;
  readonly description: string;
}

export interface Mood {
  readonly id: string;
  readonly label: string;
  readonly family: FamilyId;
  readonly valence: number;
  readonly arousal: number;
  readonly dominance: number;
  readonly color: string;
  readonly description: string;
  readonly synonyms: readonly string[];
}

/** A point in the Atlas: valence, arousal and dominance, each in −1..1. */
export interface AtlasPoint {
  readonly valence: number;
  readonly arousal: number;
  readonly dominance: number;
}

export interface Catalogue {
  readonly version: string;
  readonly dimensions: readonly string[];
  readonly stillRadius: number;
  readonly families: readonly Family[];
  readonly layers: readonly Layer[];
  readonly moods: readonly Mood[];
}

function isFamilyId(value: string): value is FamilyId {
  return (FAMILY_IDS as readonly string[]).includes(value);
}

function load(): Catalogue {
  const moods = data.moods.map((m): Mood => {
    if (!isFamilyId(m.family)) throw new Error(`Atlas: mood ${m.id} has unknown family ${m.family}`);
    return Object.freeze({ ...m, family: m.family, synonyms: Object.freeze([...m.synonyms]) });
  });
  const families = data.families.map((f): Family => {
    if (!isFamilyId(f.id)) throw new Error(`Atlas: unknown family ${f.id}`);
    return Object.freeze({ ...f, id: f.id });
  });
  return Object.freeze({
    version: data.version,
    dimensions: Object.freeze([...data.dimensions]),
    stillRadius: data.stillRadius,
    families: Object.freeze(families),
    layers: Object.freeze(data.layers.map((l) => Object.freeze({ ...l }))),
    moods: Object.freeze(moods),
  });
}

/** The Atlas catalogue, loaded and checked once per process; immutable. */
export const ATLAS: Catalogue = load();

const MOODS_BY_ID: ReadonlyMap<string, Mood> = new Map(ATLAS.moods.map((m) => [m.id, m]));
const FAMILIES_BY_ID: ReadonlyMap<FamilyId, Family> = new Map(ATLAS.families.map((f) => [f.id, f]));

export const MOOD_IDS: readonly string[] = ATLAS.moods.map((m) => m.id);
export const LAYER_COUNT = ATLAS.layers.length;

export function findMood(id: string): Mood | undefined {
  return MOODS_BY_ID.get(id);
}

/**
 * Ids renamed in a release, old → new. Mood ids are hyphen slugs; until the 2026-11 catalogue the
 * Atlas had one underscore id, and input still accepts it for one release (see CHANGELOG.md).
 */
const RENAMED_MOOD_IDS: ReadonlyMap<string, string> = new Map([['at_ease', 'at-ease']]);

/** The current id for an id a client sent: an old underscore spelling becomes its hyphen slug. */
export function canonicalMoodId(id: string): string {
  return RENAMED_MOOD_IDS.get(id) ?? id;
}

/**
 * The mood a client named on input (a check-in, a spawn target, an oracle mood): accepts the
 * renamed ids as aliases. Every input path resolves moods through here; outputs always carry the
 * current id.
 */
export function moodFromInput(id: string): Mood | undefined {
  return MOODS_BY_ID.get(canonicalMoodId(id));
}

export function family(id: FamilyId): Family {
  const found = FAMILIES_BY_ID.get(id);
  if (found === undefined) throw new Error(`Atlas: unknown family ${id}`);
  return found;
}

/** The family a point belongs to: `still` inside the still disc, else the valence × arousal quadrant. */
export function familyOf(point: Pick<AtlasPoint, 'valence' | 'arousal'>): FamilyId {
  if (Math.hypot(point.valence, point.arousal) <= ATLAS.stillRadius) return 'still';
  if (point.valence >= 0) return point.arousal >= 0 ? 'radiant' : 'calm';
  return point.arousal >= 0 ? 'stormy' : 'heavy';
}

/** Euclidean distance in the three Atlas dimensions. */
export function distance(a: AtlasPoint, b: AtlasPoint): number {
  return Math.hypot(a.valence - b.valence, a.arousal - b.arousal, a.dominance - b.dominance);
}

/** The catalogue mood closest to a point (ties go to the earlier mood in the catalogue). */
export function nearestMood(point: AtlasPoint): Mood {
  let best: Mood | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const mood of ATLAS.moods) {
    const d = distance(point, mood);
    if (d < bestDistance) {
      best = mood;
      bestDistance = d;
    }
  }
  if (best === undefined) throw new Error('Atlas: the catalogue is empty');
  return best;
}
