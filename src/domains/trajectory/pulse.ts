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
 * Splits groups into those at least `MIN_GROUP` people strong, published by id, and the rest,
 * whose total is published only as `other`. Groups are ordered largest first, then by id, so the
 * order reveals nothing beyond the shares.
 */
function anonymise(
  groups: ReadonlyMap<string, number>,
  minGroup: number,
): Array<{ id: string; count: number }> {
  const shown: Array<{ id: string; count: number }> = [];
  let folded = 0;
  for (const [id, count] of groups) {
    if (count <= 0) continue;
    if (count >= minGroup) shown.push({ id, count });
    else folded += count;
  }
  shown.sort((a, b) => b.count - a.count || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (folded > 0) shown.push({ id: OTHER, count: folded });
  return shown;
}

function toShares(groups: ReadonlyMap<string, number>, minGroup: number): Share[] {
  const kept = anonymise(groups, minGroup);
  const shares = roundShares(kept.map((g) => g.count));
  return kept.map((g, i) => ({ id: g.id, share: shares[i] ?? 0 }));
}

/**
 * The published pulse. Invariants (property-tested): no mood, family or move seen by fewer than
 * `minGroup` (≥ 5) distinct people appears by name; `participants` is a multiple of five, and when
 * fewer than `minGroup` people took part it is 0 and every list is empty; each non-empty list's shares sum to 1.
 * Counts never leave this function, only rounded shares.
 */
export function publishPulse(
  counts: PulseCounts,
  window: PulseWindow,
  generatedAt: Date,
  minGroup = MIN_GROUP,
): Pulse {
  if (!(minGroup >= MIN_GROUP)) throw new RangeError(`The pulse never names groups under ${MIN_GROUP}`);
  const base = { window, generatedAt: generatedAt.toISOString() };
  if (counts.people < minGroup) return { ...base, participants: 0, families: [], moods: [], transitions: [] };
  const transitions = toShares(counts.moves, minGroup).map((entry): TransitionShare => {
    if (entry.id === OTHER) return { id: OTHER, from: OTHER, to: OTHER, share: entry.share };
    const [from, to] = entry.id.split('>') as [FamilyId, FamilyId];
    return { from, to, share: entry.share };
  });
  return {
    ...base,
    participants: Math.floor(counts.people / MIN_GROUP) * MIN_GROUP,
    families: toShares(counts.families, minGroup),
    moods: toShares(counts.moods, minGroup),
    transitions,
  };
}

export function moveKey(from: string, to: string): string {
  return `${from}>${to}`;
}
