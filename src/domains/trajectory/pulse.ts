import { DAY, HOUR } from '../../lib/time.ts';
import type { FamilyId } from '../atlas/catalogue.ts';

export const PULSE_WINDOWS = ['1h', '24h', '7d'] as const;
export type PulseWindow = (typeof PULSE_WINDOWS)[number];

export const WINDOW_MS: Readonly<Record<PulseWindow, number>> = { '1h': HOUR, '24h': DAY, '7d': 7 * DAY };

/** The smallest group of distinct people the pulse ever reveals. */
export const MIN_GROUP = 5;
export const OTHER = 'other';

/** Distinct-people counts for one window, straight from the rollups; never published as is. */
export interface PulseCounts {
  /** People with at least one check-in in the window. */
  people: number;
  /** People by the mood of their latest check-in in the window. */
  moods: ReadonlyMap<string, number>;
  /** People by the family of their latest check-in in the window. */
  families: ReadonlyMap<string, number>;
  /** People who made each move (key `from>to`) at least once in the window. */
  moves: ReadonlyMap<string, number>;
}

export interface Share {
  id: string;
  share: number;
}

/** A published move; moves seen by fewer than five people fold into one `other` entry. */
export type TransitionShare =
  | { from: FamilyId; to: FamilyId; share: number }
  | { id: typeof OTHER; from: typeof OTHER; to: typeof OTHER; share: number };

export interface Pulse {
  window: PulseWindow;
  generatedAt: string;
  participants: number;
  families: Share[];
  moods: Share[];
  transitions: TransitionShare[];
}

const SHARE_DECIMALS = 4;
const SHARE_UNITS = 10 ** SHARE_DECIMALS;

/**
 * Shares rounded to four decimals by largest remainder, so that they sum to exactly 1: rounding
 * each share on its own could drift by half a unit per entry.
 */
export function roundShares(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((n) => (n / total) * SHARE_UNITS);
  const units = exact.map(Math.floor);
  let left = SHARE_UNITS - units.reduce((sum, n) => sum + n, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    units[index] = (units[index] ?? 0) + 1;
    left -= 1;
  }
  return units.map((u) => u / SHARE_UNITS);
}

/**
 * Laplace noise for the pulse's counts. `uniform` must return a number in the open interval
 * (0, 1) from a cryptographic source (see `cryptoUniform`): a predictable generator would let
 * anyone subtract the noise again.
 */
export interface PulseNoise {
  /** Privacy loss per count; smaller hides a person better and blurs the figures more. */
  epsilon: number;
  uniform: () => number;
}

/** A uniform draw in (0, 1) with 53 random bits from the operating system's CSPRNG. */
export function cryptoUniform(): number {
  const words = new Uint32Array(2);
  crypto.getRandomValues(words);
  const bits = (words[0] ?? 0) * 2 ** 21 + ((words[1] ?? 0) >>> 11);
  return (bits + 0.5) / 2 ** 53;
}

/** One draw of Laplace(0, 1/ε) by inverting its distribution function. */
export function laplace(epsilon: number, uniform: () => number): number {
  const u = uniform() - 0.5;
  return -(Math.sign(u) / epsilon) * Math.log(1 - 2 * Math.abs(u));
}

/** A count as published: the true one, and the one the figures are computed from. */
interface Released {
  id: string;
  /** Distinct people, exact; decides whether the group may be named at all. */
  count: number;
  /** The count the shares come from: with noise, rounded and never negative. */
  shown: number;
}

function release(count: number, noise: PulseNoise | null): number {
  if (noise === null) return count;
  return Math.max(0, Math.round(count + laplace(noise.epsilon, noise.uniform)));
}

/**
 * Splits groups into those at least `minGroup` people strong, published by id, and the rest,
 * whose total is published only as `other`. A group is named only when both its exact count and
 * its noisy count reach the minimum: noise may hide a group, never reveal a small one. Groups are
 * ordered by their shown count, largest first, then by id, so the order reveals nothing beyond
 * the shares.
 */
function anonymise(
  groups: ReadonlyMap<string, number>,
  minGroup: number,
  noise: PulseNoise | null,
): Released[] {
  const shown: Released[] = [];
  let folded = 0;
  let foldedShown = 0;
  for (const [id, count] of groups) {
    if (count <= 0) continue;
    const noisy = release(count, noise);
    if (count >= minGroup && noisy >= minGroup) shown.push({ id, count, shown: noisy });
    else {
      folded += count;
      foldedShown += noisy;
    }
  }
  shown.sort((a, b) => b.shown - a.shown || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (folded > 0 && foldedShown > 0) shown.push({ id: OTHER, count: folded, shown: foldedShown });
  return shown;
}

function toShares(groups: ReadonlyMap<string, number>, minGroup: number, noise: PulseNoise | null): Share[] {
  const kept = anonymise(groups, minGroup, noise);
  const shares = roundShares(kept.map((g) => g.shown));
  return kept.map((g, i) => ({ id: g.id, share: shares[i] ?? 0 }));
}

/**
 * The published pulse. Invariants (property-tested): no mood, family or move seen by fewer than
 * `minGroup` (≥ 5) distinct people appears by name; `participants` is a multiple of five, and when
 * fewer than `minGroup` people took part it is 0 and every list is empty; each non-empty list's
 * shares sum to 1. Counts never leave this function, only rounded shares. With `noise`, each
 * count gets Laplace noise before the threshold and the rounding.
 */
export function publishPulse(
  counts: PulseCounts,
  window: PulseWindow,
  generatedAt: Date,
  minGroup = MIN_GROUP,
  noise: PulseNoise | null = null,
): Pulse {
  if (!(minGroup >= MIN_GROUP)) throw new RangeError(`The pulse never names groups under ${MIN_GROUP}`);
  const base = { window, generatedAt: generatedAt.toISOString() };
  const people = release(counts.people, noise);
  if (counts.people < minGroup || people < minGroup) {
    return { ...base, participants: 0, families: [], moods: [], transitions: [] };
  }
  const transitions = toShares(counts.moves, minGroup, noise).map((entry): TransitionShare => {
    if (entry.id === OTHER) return { id: OTHER, from: OTHER, to: OTHER, share: entry.share };
    const [from, to] = entry.id.split('>') as [FamilyId, FamilyId];
    return { from, to, share: entry.share };
  });
  return {
    ...base,
    participants: Math.floor(people / MIN_GROUP) * MIN_GROUP,
    families: toShares(counts.families, minGroup, noise),
    moods: toShares(counts.moods, minGroup, noise),
    transitions,
  };
}

export function moveKey(from: string, to: string): string {
  return `${from}>${to}`;
}
