import { createHmac, randomBytes } from 'node:crypto';
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
 * Laplace noise for the pulse's counts. `uniform(label)` returns a number in the open interval
 * (0, 1) that must be unpredictable without a secret (see `keyedUniform`): a predictable draw
 * would let anyone subtract the noise again. The label names the count being released.
 */
export interface PulseNoise {
  /** Privacy loss per count; smaller hides a person better and blurs the figures more. */
  epsilon: number;
  uniform: (label: string) => number;
}

/**
 * Draws keyed by a secret of 32 bytes from the operating system's CSPRNG: HMAC-SHA256(secret,
 * label) read as 53 uniform bits. The same count released again under the same label gets the
 * same noise, so asking for the pulse over and over cannot average the noise away; a different
 * count, window or time bucket gets an independent draw.
 */
export function keyedUniform(secret: Buffer = randomBytes(32)): (label: string) => number {
  return (label) => {
    const digest = createHmac('sha256', secret).update(label).digest();
    const bits = digest.readUIntBE(0, 6) * 32 + (digest.readUInt8(6) >>> 3);
    return (bits + 0.5) / 2 ** 53;
  };
}

/** One draw of Laplace(0, 1/ε) by inverting its distribution function; `u` in (0, 1). */
export function laplace(epsilon: number, u: number): number {
  const centred = u - 0.5;
  return -(Math.sign(centred) / epsilon) * Math.log(1 - 2 * Math.abs(centred));
}

/** A count as published: the true one, and the one the figures are computed from. */
interface Released {
  id: string;
  /** Distinct people, exact; decides whether the group may be named at all. */
  count: number;
  /** The count the shares come from: with noise, rounded and never negative. */
  shown: number;
}

/** A count with noise: the label holds the count itself, so a changed count draws afresh. */
function release(count: number, noise: PulseNoise | null, label: string): number {
  if (noise === null) return count;
  return Math.max(0, Math.round(count + laplace(noise.epsilon, noise.uniform(`${label}=${count}`))));
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
  scope: string,
): Released[] {
  const shown: Released[] = [];
  let folded = 0;
  let foldedShown = 0;
  for (const [id, count] of groups) {
    if (count <= 0) continue;
    const noisy = release(count, noise, `${scope}:${id}`);
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

function toShares(
  groups: ReadonlyMap<string, number>,
  minGroup: number,
  noise: PulseNoise | null,
  scope: string,
): Share[] {
  const kept = anonymise(groups, minGroup, noise, scope);
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
  /** Names this release for the noise (e.g. the window and its time bucket, or the day). */
  releaseLabel: string = window,
): Pulse {
  if (!(minGroup >= MIN_GROUP)) throw new RangeError(`The pulse never names groups under ${MIN_GROUP}`);
  const base = { window, generatedAt: generatedAt.toISOString() };
  const people = release(counts.people, noise, `${releaseLabel}:people`);
  if (counts.people < minGroup || people < minGroup) {
    return { ...base, participants: 0, families: [], moods: [], transitions: [] };
  }
  const transitions = toShares(counts.moves, minGroup, noise, `${releaseLabel}:moves`).map(
    (entry): TransitionShare => {
      if (entry.id === OTHER) return { id: OTHER, from: OTHER, to: OTHER, share: entry.share };
      const [from, to] = entry.id.split('>') as [FamilyId, FamilyId];
      return { from, to, share: entry.share };
    },
  );
  return {
    ...base,
    participants: Math.floor(people / MIN_GROUP) * MIN_GROUP,
    families: toShares(counts.families, minGroup, noise, `${releaseLabel}:families`),
    moods: toShares(counts.moods, minGroup, noise, `${releaseLabel}:moods`),
    transitions,
  };
}

export function moveKey(from: string, to: string): string {
  return `${from}>${to}`;
}
