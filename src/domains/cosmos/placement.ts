/**
 * Where a cosmos object goes: pure geometry and labelling, no storage. See docs/cosmos.md.
 *
 * - Each layer is a spherical shell around the origin, layer 0 outermost.
 * - A mood's Atlas point picks a direction: the `still` family sits around the north pole (+y),
 *   the four quadrant families are sectors of longitude (valence → +x, arousal → +z), and the
 *   stronger the feeling (the farther from the Atlas centre in valence × arousal) the farther from
 *   the pole. Dominance picks the depth inside the shell: in control floats outward.
 * - Around that point, rings grow outward (ring 0 is the point itself) and slots run around each
 *   ring: ring r > 0 has 8·r slots. Positions are numbered in that order (ring by ring, slot by
 *   slot): the lower the number, the nearer the object sits to its mood.
 * - A position label is `L{layer}:{family}:{ring}-{slot}`, slot zero-padded to 3 digits. Labels
 *   are allocated per layer and family (the namespace `L{layer}:{family}`): every mood of a
 *   family shares the numbering, so the label plus the target mood give the coordinates.
 */
import { ATLAS, type AtlasPoint, FAMILY_IDS, type FamilyId, LAYER_COUNT } from '../atlas/catalogue.ts';

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

export interface Cell {
  ring: number;
  slot: number;
}

export interface Position extends Cell {
  layer: number;
  family: FamilyId;
}

/** Radius of the outermost shell (layer 0); each deeper layer is one unit further in. */
export const OUTER_RADIUS = 7;
export const LAYER_SPACING = 1;
/** How far dominance moves an object off its shell's radius, inward or outward (|d| ≤ 1). */
export const DEPTH = 0.3;
/** Largest angle from the pole a mood's direction can have (at |valence, arousal| = √2). */
export const MAX_POLAR = (135 * Math.PI) / 180;
/** Angle between consecutive rings near the mood's point. */
export const RING_STEP = (1.5 * Math.PI) / 180;
/** Rings approach but never reach this angle from the mood's point, however many there are. */
export const MAX_RING_ANGLE = Math.PI / 2;

export function slotsInRing(ring: number): number {
  return ring === 0 ? 1 : 8 * ring;
}

/** The position number of a cell: 0 for ring 0, then ring 1's 8 slots (1..8), ring 2's 16, … */
export function cellIndex(ring: number, slot: number): number {
  return ring === 0 ? 0 : 1 + 4 * ring * (ring - 1) + slot;
}

/** Inverse of `cellIndex`. Ring r starts at (2r − 1)², so r = ⌊(√i + 1) / 2⌋. */
export function cellAt(index: number): Cell {
  if (index === 0) return { ring: 0, slot: 0 };
  let ring = Math.floor((Math.sqrt(index) + 1) / 2);
  // Guard the floating-point square root at exact squares.
  while (cellIndex(ring, 0) > index) ring--;
  while (cellIndex(ring + 1, 0) <= index) ring++;
  return { ring, slot: index - cellIndex(ring, 0) };
}

export function namespaceOf(layer: number, family: FamilyId): string {
  return `L${layer}:${family}`;
}

export function positionLabel(layer: number, family: FamilyId, cell: Cell): string {
  return `${namespaceOf(layer, family)}:${cell.ring}-${String(cell.slot).padStart(3, '0')}`;
}

const LABEL = new RegExp(`^L(\\d+):(${FAMILY_IDS.join('|')}):(\\d+)-(\\d{3,})$`);

export function parsePosition(label: string): Position | null {
  const match = LABEL.exec(label);
  if (!match) return null;
  const layer = Number(match[1]);
  const ring = Number(match[3]);
  const slot = Number(match[4]);
  if (layer >= LAYER_COUNT || slot >= slotsInRing(ring)) return null;
  if (positionLabel(layer, match[2] as FamilyId, { ring, slot }) !== label) return null;
  return { layer, family: match[2] as FamilyId, ring, slot };
}

export function shellRadius(layer: number): number {
  return OUTER_RADIUS - layer * LAYER_SPACING;
}

/** The unit direction of an Atlas point (see the module comment). */
export function moodDirection(point: Pick<AtlasPoint, 'valence' | 'arousal'>): Vec3 {
  const strength = Math.min(Math.hypot(point.valence, point.arousal), Math.SQRT2);
  const polar = (strength / Math.SQRT2) * MAX_POLAR;
  const longitude = Math.atan2(point.arousal, point.valence);
  return {
    x: Math.sin(polar) * Math.cos(longitude),
    y: Math.cos(polar),
    z: Math.sin(polar) * Math.sin(longitude),
  };
}

/** The radius an object of this mood sits at inside the layer's shell. */
export function depthRadius(layer: number, point: Pick<AtlasPoint, 'dominance'>): number {
  return shellRadius(layer) + DEPTH * Math.max(-1, Math.min(1, point.dominance));
}

/**
 * Angle of ring r from the mood's point: about r · RING_STEP near the point, approaching but never
 * reaching MAX_RING_ANGLE however many rings there are (a rational curve, not tanh, so that far
 * rings stay distinct in floating point).
 */
export function ringAngle(ring: number): number {
  const x = (ring * RING_STEP) / MAX_RING_ANGLE;
  return MAX_RING_ANGLE * (x / (1 + x));
}

function normalise(v: Vec3): Vec3 {
  const length = Math.hypot(v.x, v.y, v.z);
  return { x: v.x / length, y: v.y / length, z: v.z / length };
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return { x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x };
}

/** The unit direction of a cell around a mood's direction `centre`. */
export function cellDirection(centre: Vec3, cell: Cell): Vec3 {
  if (cell.ring === 0) return centre;
  // A tangent frame at the centre; at the pole itself any horizontal axis will do.
  const pole = { x: 0, y: 1, z: 0 };
  const side = cross(pole, centre);
  const e1 = Math.hypot(side.x, side.y, side.z) < 1e-9 ? { x: 1, y: 0, z: 0 } : normalise(side);
  const e2 = cross(centre, e1);
  const alpha = ringAngle(cell.ring);
  const beta = (2 * Math.PI * cell.slot) / slotsInRing(cell.ring);
  const c = Math.cos(alpha);
  const s = Math.sin(alpha);
  return normalise({
    x: c * centre.x + s * (Math.cos(beta) * e1.x + Math.sin(beta) * e2.x),
    y: c * centre.y + s * (Math.cos(beta) * e1.y + Math.sin(beta) * e2.y),
    z: c * centre.z + s * (Math.cos(beta) * e1.z + Math.sin(beta) * e2.z),
  });
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** Where an object of `mood` in `layer` at `cell` sits, to 4 decimals. */
export function coordinates(mood: AtlasPoint, layer: number, cell: Cell): Vec3 {
  const direction = cellDirection(moodDirection(mood), cell);
  const radius = depthRadius(layer, mood);
  return { x: round(direction.x * radius), y: round(direction.y * radius), z: round(direction.z * radius) };
}

/**
 * The first position number at or after `from` that is not in `taken` (ascending, all ≥ `from`).
 * When `taken` was cut off by a query limit (`complete` false), the answer is only known up to
 * its last entry: returns null if every number up to it is taken.
 */
export function firstFree(from: number, taken: readonly number[], complete: boolean): number | null {
  let candidate = from;
  for (const index of taken) {
    if (candidate < index) return candidate;
    if (candidate === index) candidate++;
  }
  return complete ? candidate : null;
}

/** Angle in radians between two directions. */
export function angleBetween(a: Vec3, b: Vec3): number {
  const na = normalise(a);
  const nb = normalise(b);
  const dot = Math.max(-1, Math.min(1, na.x * nb.x + na.y * nb.y + na.z * nb.z));
  return Math.acos(dot);
}

export const STILL_CAP = (ATLAS.stillRadius / Math.SQRT2) * MAX_POLAR;
