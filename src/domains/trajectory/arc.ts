import { DAY, iso } from '../../lib/time.ts';
import type { FamilyId } from '../atlas/catalogue.ts';

/** The state before any check-in of the day, and the family of the neutral core. */
export const START_STATE: FamilyId = 'still';

export interface ArcCheckin {
  id: string;
  at: number;
  moodId: string;
  family: FamilyId;
  valence: number;
  arousal: number;
  dominance: number;
  intensity: number;
}

/** A check-in as the arc shows it: no id, and its time in ISO 8601. */
export type ArcPoint = Omit<ArcCheckin, 'id' | 'at'> & { at: string };

export interface Transition {
  from: FamilyId;
  to: FamilyId;
  at: string;
}

export interface ArcSummary {
  count: number;
  pathLength: number;
  netDisplacement: { valence: number; arousal: number; dominance: number };
  /** The family with the most points today; ties go to the one reached most recently. */
  dominantFamily: FamilyId | null;
}

export interface Arc {
  date: string;
  timezone: string;
  points: ArcPoint[];
  state: FamilyId;
  transitions: Transition[];
  summary: ArcSummary;
}

function round(value: number, decimals = 3): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * Today's arc from its check-ins in time order. The day starts in `still`; each check-in whose
 * family differs from the current state is a transition, one that stays is a drift.
 */
export function buildArc(date: string, timezone: string, checkins: readonly ArcCheckin[]): Arc {
  const transitions: Transition[] = [];
  const perFamily = new Map<FamilyId, { count: number; last: number }>();
  let state = START_STATE;
  let pathLength = 0;
  let previous: ArcCheckin | undefined;
  checkins.forEach((c, index) => {
    if (c.family !== state) transitions.push({ from: state, to: c.family, at: iso(c.at) });
    state = c.family;
    if (previous) {
      pathLength += Math.hypot(
        c.valence - previous.valence,
        c.arousal - previous.arousal,
        c.dominance - previous.dominance,
      );
    }
    previous = c;
    perFamily.set(c.family, { count: (perFamily.get(c.family)?.count ?? 0) + 1, last: index });
  });

  let dominantFamily: FamilyId | null = null;
  let best = { count: 0, last: -1 };
  for (const [familyId, tally] of perFamily) {
    if (tally.count > best.count || (tally.count === best.count && tally.last > best.last)) {
      dominantFamily = familyId;
      best = tally;
    }
  }
  const first = checkins[0];
  const last = checkins[checkins.length - 1];
  return {
    date,
    timezone,
    points: checkins.map(({ id: _id, at, ...point }): ArcPoint => ({ at: iso(at), ...point })),
    state,
    transitions,
    summary: {
      count: checkins.length,
      pathLength: round(pathLength),
      netDisplacement:
        first && last
          ? {
              valence: round(last.valence - first.valence),
              arousal: round(last.arousal - first.arousal),
              dominance: round(last.dominance - first.dominance),
            }
          : { valence: 0, arousal: 0, dominance: 0 },
      dominantFamily,
    },
  };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_CACHED_ZONES = 1000;

/** A formatter for an IANA zone, or null when the runtime does not know the zone. */
function formatterFor(timezone: string): Intl.DateTimeFormat | null {
  const cached = formatters.get(timezone);
  if (cached) return cached;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  } catch {
    return null;
  }
  if (formatters.size >= MAX_CACHED_ZONES) formatters.clear();
  formatters.set(timezone, formatter);
  return formatter;
}

export function isValidTimezone(timezone: string): boolean {
  return formatterFor(timezone) !== null;
}

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localTime(formatter: Intl.DateTimeFormat, epochMs: number): LocalTime {
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(epochMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at an instant, in ms (local wall time minus UTC). */
function offsetAt(formatter: Intl.DateTimeFormat, epochMs: number): number {
  const t = localTime(formatter, epochMs);
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return wall - (epochMs - (((epochMs % 1000) + 1000) % 1000));
}

/** The first instant whose local date is `year-month-day` in the zone. */
function startOfLocalDay(formatter: Intl.DateTimeFormat, year: number, month: number, day: number): number {
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  // Two passes settle the offset across a DST change; where local midnight does not exist (the
  // clock jumps over it) the first existing instant of the day is found by stepping forward.
  let guess = midnightAsUtc - offsetAt(formatter, midnightAsUtc);
  guess = midnightAsUtc - offsetAt(formatter, guess);
  const local = localTime(formatter, guess);
  const sameDay = local.year === year && local.month === month && local.day === day;
  if (!sameDay && Date.UTC(local.year, local.month - 1, local.day) < midnightAsUtc) {
    while (localTime(formatter, guess).day !== day) guess += 15 * 60_000;
  }
  return guess;
}

export interface LocalDay {
  date: string;
  start: number;
  end: number;
}

/** Today in an IANA zone: its date and the UTC instants [start, end) it spans. */
export function localDay(timezone: string, now: number): LocalDay {
  const formatter = formatterFor(timezone);
  if (formatter === null) throw new RangeError(`Unknown time zone ${timezone}`);
  const today = localTime(formatter, now);
  const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  const date = `${String(today.year).padStart(4, '0')}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
  return {
    date,
    start: startOfLocalDay(formatter, today.year, today.month, today.day),
    end: startOfLocalDay(
      formatter,
      tomorrow.getUTCFullYear(),
      tomorrow.getUTCMonth() + 1,
      tomorrow.getUTCDate(),
    ),
  };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar date `days` after a YYYY-MM-DD date (negative goes back). */
export function addDays(date: string, days: number): string {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  const next = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return next.toISOString().slice(0, 10);
}

/** Whether a YYYY-MM-DD string names a real calendar date. */
export function isCalendarDate(date: string): boolean {
  const match = DATE.exec(date);
  if (!match) return false;
  return addDays(date, 0) === date;
}

/**
 * The local days `from`..`to` (inclusive, YYYY-MM-DD) in an IANA zone with the UTC instants each
 * spans; a day ends where the next one starts, so DST days are 23 or 25 hours long.
 *
 * Asking the zone database for every day's start costs a few `formatToParts` calls a day, which
 * dominates a year's history. Offsets change at most a few times a year and never twice within a
 * week, so the starts are found a week at a time: when the instant seven days after a week's
 * start is local midnight seven dates later, every day in between is 24 hours long; otherwise the
 * week's days are each resolved exactly.
 */
export function localDays(timezone: string, from: string, to: string): LocalDay[] {
  const formatter = formatterFor(timezone);
  if (formatter === null) throw new RangeError(`Unknown time zone ${timezone}`);
  const startOf = (date: string) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return startOfLocalDay(formatter, year, month, day);
  };
  const isMidnightOf = (instant: number, date: string) => {
    const t = localTime(formatter, instant);
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return (
      t.year === year &&
      t.month === month &&
      t.day === day &&
      t.hour === 0 &&
      t.minute === 0 &&
      t.second === 0
    );
  };
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  dates.push(addDays(to, 1));
  const starts = new Array<number>(dates.length);
  starts[0] = startOf(from);
  for (let i = 0; i + 1 < dates.length; i += 7) {
    const j = Math.min(i + 7, dates.length - 1);
    const start = starts[i] as number;
    const guess = start + (j - i) * DAY;
    if (isMidnightOf(start, dates[i] as string) && isMidnightOf(guess, dates[j] as string)) {
      for (let k = i + 1; k <= j; k += 1) starts[k] = start + (k - i) * DAY;
    } else {
      for (let k = i + 1; k <= j; k += 1) starts[k] = startOf(dates[k] as string);
    }
  }
  const days: LocalDay[] = [];
  for (let i = 0; i + 1 < dates.length; i += 1) {
    days.push({ date: dates[i] as string, start: starts[i] as number, end: starts[i + 1] as number });
  }
  return days;
}
