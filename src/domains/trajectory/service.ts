import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, encodeCursor } from '../../lib/paging.ts';
import { DAY, HOUR, iso } from '../../lib/time.ts';
import type { Storage } from '../../storage/db.ts';
import { LeasedJob } from '../../storage/leases.ts';
import type { Executor } from '../../storage/tx.ts';
import { type FamilyId, moodFromInput } from '../atlas/catalogue.ts';
import {
  type Arc,
  type ArcCheckin,
  addDays,
  buildArc,
  type LocalDay,
  localDay,
  localDays,
  START_STATE,
} from './arc.ts';
import {
  keyedUniform,
  MIN_GROUP,
  moveKey,
  type Pulse,
  type PulseCounts,
  type PulseNoise,
  type PulseWindow,
  publishPulse,
  WINDOW_MS,
} from './pulse.ts';
import * as repo from './repo.ts';
import type { CheckinKind } from './schemas.ts';

export interface CheckinInput {
  moodId: string;
  intensity?: number;
  note?: string;
  at?: string;
  kind?: CheckinKind;
  associations?: string[];
}

export interface CheckinPatchInput {
  moodId?: string | undefined;
  intensity?: number | undefined;
  note?: string | null | undefined;
  associations?: string[] | undefined;
}

export interface HistoryDay {
  date: string;
  count: number;
  dominantFamily: FamilyId;
  mean: { valence: number; arousal: number; dominance: number };
  transitions: number;
}

export interface PulsePrivacy {
  minGroup: number;
  epsilon: number | null;
}

/** One day's release as stored in `pulse_days`: the pulse and the privacy it was released under. */
interface StoredDay {
  pulse: Pulse;
  privacy: PulsePrivacy;
}

/** A check-in as its owner sees it. The note never appears anywhere else. */
export interface Checkin {
  id: string;
  moodId: string;
  family: FamilyId;
  valence: number;
  arousal: number;
  dominance: number;
  intensity: number;
  note: string | null;
  at: string;
  createdAt: string;
  kind: CheckinKind;
  associations: string[];
}

export type ValenceTrend = 'rising' | 'falling' | 'steady';

export interface CollectiveSnapshot {
  generatedAt: string;
  pulse: Pulse;
  dominantFamily: FamilyId | null;
  valenceTrend: ValenceTrend;
}

/** Moves older than the widest pulse window can never be published again. */
const ROLLUP_HORIZON_MS = WINDOW_MS['7d'];
const TREND_SPLIT_MS = 12 * HOUR;
/** Mean valence must move by more than this between the halves to count as a trend. */
const TREND_THRESHOLD = 0.1;
/** The contract lets the pulse be at most this old when a client reads it. */
const PULSE_MAX_AGE_MS = 30_000;
/** The longest history one request may ask for. */
export const HISTORY_MAX_DAYS = 366;

function parseAssociations(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return [];
  }
}

function checkinJson(row: repo.CheckinRow): Checkin {
  return {
    id: row.id,
    moodId: row.mood_id,
    family: row.family as FamilyId,
    valence: row.valence,
    arousal: row.arousal,
    dominance: row.dominance,
    intensity: row.intensity,
    note: row.note,
    at: iso(Number(row.at)),
    createdAt: iso(Number(row.created_at)),
    kind: row.kind === 'daily' ? 'daily' : 'momentary',
    associations: parseAssociations(row.associations),
  };
}

/** `from`/`to` of a listing: an ISO 8601 time, or a date meaning 00:00 UTC. */
function parseInstant(value: string | undefined, field: string): number | null {
  if (value === undefined) return null;
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value;
  const parsed = /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(parsed)) throw AppError.field(field, 'must be an ISO 8601 time or a YYYY-MM-DD date');
  return parsed;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

const CHECKIN_CURSOR = /^\d{1,16}:chk_[0-9a-z]{26}$/;

interface CachedPulse {
  pulse: Pulse;
  computedAt: number;
}

/** How often the daily-pulse job looks for a finished day without a release. */
const PULSE_DAYS_INTERVAL_MS = 10 * 60_000;
/** How far back the job (and the history route) keep releases filled. */
export const PULSE_HISTORY_MAX_DAYS = 90;

export class TrajectoryService {
  private readonly pulseCache = new Map<PulseWindow, Promise<CachedPulse>>();
  /** This instance's noise source (a secret drawn at start; see `keyedUniform`). */
  private readonly uniform = keyedUniform();
  private dailyPulseJob: LeasedJob | null = null;
  /** The fill in progress on this instance: concurrent history readers wait for one fill. */
  private filling: Promise<number> | null = null;

  constructor(
    private readonly storage: Storage,
    private readonly config: Config,
  ) {}

  async checkIn(
    userId: string,
    input: CheckinInput,
    now = Date.now(),
  ): Promise<{ checkin: Checkin; state: FamilyId }> {
    const mood = moodFromInput(input.moodId);
    if (mood === undefined) throw AppError.field('/moodId', 'is not an Atlas mood id');
    const at = input.at === undefined ? now : Date.parse(input.at);
    const { checkinFutureMs, checkinPastMs } = this.config.limits;
    if (at > now + checkinFutureMs) {
      throw AppError.field('/at', `may be at most ${checkinFutureMs / 1000} seconds in the future`);
    }
    if (at < now - checkinPastMs) {
      throw AppError.field('/at', `may be at most ${checkinPastMs / HOUR} hours in the past`);
    }
    const note = input.note?.trim() ?? '';
    const row: repo.CheckinRow = {
      id: newId('chk', now),
      user_id: userId,
      mood_id: mood.id,
      family: mood.family,
      valence: mood.valence,
      arousal: mood.arousal,
      dominance: mood.dominance,
      intensity: input.intensity ?? 0.5,
      note: note === '' ? null : note,
      at,
      created_at: now,
      kind: input.kind ?? 'momentary',
      associations: JSON.stringify(input.associations ?? []),
    };

    const state = await this.storage.db.transaction().execute(async (tx) => {
      if (!(await repo.lockPerson(tx, this.storage.engine, userId))) throw AppError.unauthenticated();
      await repo.insertCheckin(tx, row);
      return this.updateRollups(tx, row, now);
    });
    return { checkin: checkinJson(row), state };
  }

  /**
   * Keeps the pulse rollups equal to what the person's check-ins imply; runs in the check-in's
   * transaction with the person serialised. The common case appends: the new check-in is the
   * latest, so it becomes `pulse_latest` and adds at most one move (from the previous latest).
   * A back-dated check-in splits an existing pair of neighbours, so that person's moves inside
   * the rollup horizon are rebuilt from their check-ins — bounded by one person's week.
   */
  private async updateRollups(tx: Executor, row: repo.CheckinRow, now: number): Promise<FamilyId> {
    if (!(await repo.hasLaterCheckin(tx, row.user_id, row.at, row.id))) {
      const previous = await repo.previousCheckin(tx, row.user_id, row.at, row.id);
      await repo.setLatest(tx, {
        user_id: row.user_id,
        checkin_id: row.id,
        at: row.at,
        mood_id: row.mood_id,
        family: row.family,
        valence: row.valence,
      });
      if (previous && previous.family !== row.family) {
        await repo.recordMove(tx, row.user_id, previous.family, row.family, row.at);
      }
      return row.family as FamilyId;
    }

    await this.rebuildMoves(tx, row.user_id, now);
    return ((await repo.latestFamily(tx, row.user_id)) ?? row.family) as FamilyId;
  }

  /**
   * Rebuilds one person's moves inside the rollup horizon from their check-ins — bounded by one
   * person's week. Person locked.
   */
  private async rebuildMoves(tx: Executor, userId: string, now: number): Promise<void> {
    const since = now - ROLLUP_HORIZON_MS;
    const first = await repo.previousCheckin(tx, userId, since, '');
    const recent = await repo.checkinsBetween(tx, userId, since, Number.MAX_SAFE_INTEGER);
    const ordered = first ? [first, ...recent] : recent;
    const latestMove = new Map<string, { from: string; to: string; at: number }>();
    for (let i = 1; i < ordered.length; i += 1) {
      const before = ordered[i - 1];
      const after = ordered[i];
      if (!before || !after || before.family === after.family) continue;
      latestMove.set(moveKey(before.family, after.family), {
        from: before.family,
        to: after.family,
        at: Number(after.at),
      });
    }
    await repo.replaceMoves(tx, userId, [...latestMove.values()]);
  }

  /**
   * After an edit or a deletion the person's latest check-in and their moves may both have
   * changed: both rollups are rebuilt for that person (their latest, and their moves of the
   * rollup horizon), exactly as a back-dated check-in rebuilds them. Person locked.
   */
  private async rebuildPerson(tx: Executor, userId: string, now: number): Promise<void> {
    const latest = await repo.latestCheckin(tx, userId);
    if (latest) {
      await repo.setLatest(tx, {
        user_id: userId,
        checkin_id: latest.id,
        at: Number(latest.at),
        mood_id: latest.mood_id,
        family: latest.family,
        valence: latest.valence,
      });
    } else {
      await repo.clearLatest(tx, userId);
    }
    await this.rebuildMoves(tx, userId, now);
  }

  /** Corrects one's own check-in; someone else's (or an unknown id) is 404. Its time stays. */
  async updateCheckin(
    userId: string,
    id: string,
    patch: CheckinPatchInput,
    now = Date.now(),
  ): Promise<Checkin> {
    const mood = patch.moodId === undefined ? undefined : moodFromInput(patch.moodId);
    if (patch.moodId !== undefined && mood === undefined) {
      throw AppError.field('/moodId', 'is not an Atlas mood id');
    }
    return this.storage.db.transaction().execute(async (tx) => {
      if (!(await repo.lockPerson(tx, this.storage.engine, userId))) throw AppError.unauthenticated();
      const current = await repo.findOwnedCheckin(tx, userId, id);
      if (!current) throw AppError.notFound('check-in');
      const changes: Parameters<typeof repo.updateCheckin>[2] = {};
      if (mood !== undefined) {
        Object.assign(changes, {
          mood_id: mood.id,
          family: mood.family,
          valence: mood.valence,
          arousal: mood.arousal,
          dominance: mood.dominance,
        });
      }
      if (patch.intensity !== undefined) changes.intensity = patch.intensity;
      if (patch.note !== undefined) {
        const note = patch.note?.trim() ?? '';
        changes.note = note === '' ? null : note;
      }
      if (patch.associations !== undefined) changes.associations = JSON.stringify(patch.associations);
      await repo.updateCheckin(tx, id, changes);
      // Only the mood moves the person in the pulse; rebuilding is needed only when it changed.
      if (mood !== undefined && mood.id !== current.mood_id) await this.rebuildPerson(tx, userId, now);
      return checkinJson({ ...current, ...changes });
    });
  }

  /** Removes one's own check-in; someone else's (or an unknown id) is 404. */
  async deleteCheckin(userId: string, id: string, now = Date.now()): Promise<void> {
    await this.storage.db.transaction().execute(async (tx) => {
      if (!(await repo.lockPerson(tx, this.storage.engine, userId))) throw AppError.unauthenticated();
      const current = await repo.findOwnedCheckin(tx, userId, id);
      if (!current) throw AppError.notFound('check-in');
      await repo.deleteCheckin(tx, id);
      await this.rebuildPerson(tx, userId, now);
    });
  }

  async listCheckins(
    userId: string,
    options: {
      limit: number;
      cursor?: string | undefined;
      from?: string | undefined;
      to?: string | undefined;
    },
  ) {
    const from = parseInstant(options.from, '/query/from');
    const to = parseInstant(options.to, '/query/to');
    if (from !== null && to !== null && from > to)
      throw AppError.field('/query/to', 'must not be before from');
    const decoded = decodeCursor(options.cursor, CHECKIN_CURSOR);
    let before: { at: number; id: string } | null = null;
    if (decoded !== null) {
      const [at = '0', id = ''] = decoded.split(':');
      before = { at: Number(at), id };
    }
    const { limit } = options;
    const rows = await repo.listCheckins(this.storage.db, userId, limit + 1, before, { from, to });
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return {
      checkins: items.map(checkinJson),
      nextCursor: rows.length > limit && last ? encodeCursor(`${Number(last.at)}:${last.id}`) : null,
    };
  }

  /** Every check-in of a person, oldest first, a page at a time (for the export). */
  async *allCheckins(userId: string, pageSize = 1000): AsyncGenerator<Checkin> {
    let after: { at: number; id: string } | null = null;
    for (;;) {
      const rows = await repo.checkinsAfter(this.storage.db, userId, after, pageSize);
      for (const row of rows) yield checkinJson(row);
      const last = rows[rows.length - 1];
      if (rows.length < pageSize || !last) return;
      after = { at: Number(last.at), id: last.id };
    }
  }

  /**
   * A person's days `from`..`to` (local dates in `timezone`, at most 366): per day with check-ins
   * its count, dominant family (as the arc chooses it), mean point and number of transitions (the
   * day starts in `still`, as the arc does). One indexed range read.
   */
  async history(userId: string, from: string, to: string, timezone: string): Promise<HistoryDay[]> {
    const days = localDays(timezone, from, to);
    const first = days[0];
    const last = days[days.length - 1];
    if (!first || !last) return [];
    const rows = await repo.historyPoints(this.storage.db, userId, first.start, last.end);
    const result: HistoryDay[] = [];
    let index = 0;
    for (const day of days) {
      while (index < rows.length && Number(rows[index]?.at) < day.start) index += 1;
      // The day's summary as the arc computes it: the day starts in `still`; the dominant family
      // has the most check-ins, ties going to the one reached last.
      let state: string = START_STATE;
      let transitions = 0;
      let count = 0;
      const sum = { valence: 0, arousal: 0, dominance: 0 };
      const perFamily = new Map<string, { count: number; last: number }>();
      while (index < rows.length && Number(rows[index]?.at) < day.end) {
        const r = rows[index] as (typeof rows)[number];
        if (r.family !== state) transitions += 1;
        state = r.family;
        sum.valence += r.valence;
        sum.arousal += r.arousal;
        sum.dominance += r.dominance;
        perFamily.set(r.family, { count: (perFamily.get(r.family)?.count ?? 0) + 1, last: count });
        count += 1;
        index += 1;
      }
      if (count === 0) continue;
      let dominant = START_STATE as string;
      let best = { count: 0, last: -1 };
      for (const [family, tally] of perFamily) {
        if (tally.count > best.count || (tally.count === best.count && tally.last > best.last)) {
          dominant = family;
          best = tally;
        }
      }
      result.push({
        date: day.date,
        count,
        dominantFamily: dominant as FamilyId,
        mean: {
          valence: round3(sum.valence / count),
          arousal: round3(sum.arousal / count),
          dominance: round3(sum.dominance / count),
        },
        transitions,
      });
    }
    return result;
  }

  /** The arc of one person's day in an IANA zone (validated by the caller): today, or `date`. */
  async arc(userId: string, timezone: string, now = Date.now(), date?: string): Promise<Arc> {
    const day: LocalDay | undefined =
      date === undefined ? localDay(timezone, now) : localDays(timezone, date, date)[0];
    if (day === undefined) throw AppError.field('/query/date', 'is not a date');
    const rows = await repo.checkinsBetween(this.storage.db, userId, day.start, day.end);
    const checkins: ArcCheckin[] = rows.map((r) => ({
      id: r.id,
      at: Number(r.at),
      moodId: r.mood_id,
      family: r.family as FamilyId,
      valence: r.valence,
      arousal: r.arousal,
      dominance: r.dominance,
      intensity: r.intensity,
    }));
    return buildArc(day.date, timezone, checkins);
  }

  /**
   * Publishes each finished UTC day's pulse soon after the day ends, on one instance at a time (a
   * lease); the history route fills any day the job has not reached yet.
   */
  startDailyPulseJob(log: Pick<Logger, 'warn' | 'error'>): void {
    if (this.dailyPulseJob) return;
    this.dailyPulseJob = new LeasedJob({
      db: this.storage.db,
      name: 'pulse.days',
      intervalMs: PULSE_DAYS_INTERVAL_MS,
      log,
      run: async () => {
        await this.fillPulseDays(PULSE_HISTORY_MAX_DAYS);
      },
    });
    this.dailyPulseJob.start();
  }

  async close(): Promise<void> {
    await this.dailyPulseJob?.stop();
    this.dailyPulseJob = null;
  }

  /** What the pulse promises about privacy, as its responses state it. */
  privacy(): PulsePrivacy {
    return { minGroup: this.config.limits.pulseMinGroup, epsilon: this.config.limits.pulseEpsilon };
  }

  private noise(): PulseNoise | null {
    const epsilon = this.config.limits.pulseEpsilon;
    return epsilon === null ? null : { epsilon, uniform: this.uniform };
  }

  /**
   * Computes a pulse from the rollups, bypassing the cache. Accounts younger than
   * `pulseMinAccountAgeMs` are subtracted from the rollups' counts (they are few: the sign-ups of
   * the last day), so a handful of fresh accounts can never make up the rest of a group of five
   * around one real person.
   */
  async computePulse(window: PulseWindow, now = Date.now()): Promise<Pulse> {
    const since = now - WINDOW_MS[window];
    const minAge = this.config.limits.pulseMinAccountAgeMs;
    const [moodRows, moveRows, youngMoods, youngMoves] = await Promise.all([
      repo.latestMoodCounts(this.storage.db, since),
      repo.moveCounts(this.storage.db, since),
      minAge > 0 ? repo.youngLatestCounts(this.storage.db, since, now - minAge) : [],
      minAge > 0 ? repo.youngMoveCounts(this.storage.db, since, now - minAge) : [],
    ]);
    const counts = tally(
      [...moodRows, ...youngMoods.map((r) => ({ ...r, people: -r.people }))],
      [...moveRows, ...youngMoves.map((r) => ({ ...r, people: -r.people }))],
    );
    // Noise is keyed by the window and the window-long time bucket as well as each count, so
    // repeated reads of unchanged counts release the same figures.
    const bucket = Math.floor(now / WINDOW_MS[window]);
    return publishPulse(
      counts,
      window,
      new Date(now),
      this.config.limits.pulseMinGroup,
      this.noise(),
      `${window}@${bucket}`,
    );
  }

  /**
   * The pulse of UTC day `date` (YYYY-MM-DD), from its check-ins: each person by their latest
   * check-in of the day, each move they made in it once; only accounts that were old enough when
   * the day ended.
   */
  async computeDayPulse(date: string, now = Date.now()): Promise<Pulse> {
    const start = Date.parse(`${date}T00:00:00.000Z`);
    const end = start + DAY;
    const minAge = this.config.limits.pulseMinAccountAgeMs;
    const { moods, moves } = await repo.intervalCounts(
      this.storage.db,
      start,
      end,
      end - minAge,
      ROLLUP_HORIZON_MS,
    );
    return publishPulse(
      tally(moods, moves),
      '24h',
      new Date(now),
      this.config.limits.pulseMinGroup,
      this.noise(),
      `day@${date}`,
    );
  }

  /**
   * Stores the pulse of every finished UTC day of the last `days` that has none yet; a stored day
   * is never recomputed (a later deletion or edit could otherwise be read off the difference
   * between two releases). Safe to run on several instances at once: the first insert stands.
   */
  async fillPulseDays(days: number, now = Date.now()): Promise<number> {
    const dates = pastDays(days, now);
    const stored = new Set((await repo.pulseDays(this.storage.db, '24h', dates)).map((r) => r.date));
    let filled = 0;
    for (const date of dates) {
      if (stored.has(date)) continue;
      const pulse = await this.computeDayPulse(date, now);
      // The privacy the day was released under is stored with it: a later change of ε or of the
      // minimum group must not relabel what was published.
      const release: StoredDay = { pulse, privacy: this.privacy() };
      await repo.insertPulseDay(this.storage.db, {
        window: '24h',
        date,
        pulse: JSON.stringify(release),
        computed_at: now,
      });
      filled += 1;
    }
    return filled;
  }

  /** The stored daily pulses of the last `days` finished UTC days, newest first; missing ones are filled first. */
  async pulseHistory(days: number, now = Date.now()): Promise<Array<{ date: string } & StoredDay>> {
    if (this.filling === null) {
      this.filling = this.fillPulseDays(PULSE_HISTORY_MAX_DAYS, now).finally(() => {
        this.filling = null;
      });
    }
    await this.filling;
    const rows = await repo.pulseDays(this.storage.db, '24h', pastDays(days, now));
    return rows
      .map((r) => ({ date: r.date, ...(JSON.parse(r.pulse) as StoredDay) }))
      .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  }

  /**
   * The pulse, served from memory for `pulseCacheMs`; concurrent readers of an expired entry share
   * one computation. Returns how many seconds a client may keep it so that its total age stays
   * within the 30 s the contract allows.
   */
  async pulse(window: PulseWindow): Promise<{ pulse: Pulse; maxAgeSeconds: number }> {
    const ttl = this.config.limits.pulseCacheMs;
    const now = Date.now();
    let entry = this.pulseCache.get(window);
    if (entry !== undefined) {
      const cached = await entry;
      if (now - cached.computedAt >= ttl) entry = undefined;
    }
    if (entry === undefined) {
      entry = this.computePulse(window, now).then((pulse) => ({ pulse, computedAt: now }));
      this.pulseCache.set(window, entry);
      entry.catch(() => this.pulseCache.delete(window));
    }
    const { pulse, computedAt } = await entry;
    const age = Date.now() - computedAt;
    return { pulse, maxAgeSeconds: Math.max(0, Math.floor((PULSE_MAX_AGE_MS - age) / 1000)) };
  }

  /** `latestMoodCounts` without the accounts too young to count (as the pulse subtracts them). */
  private async settledLatestCounts(since: number, now: number) {
    const minAge = this.config.limits.pulseMinAccountAgeMs;
    const [all, young] = await Promise.all([
      repo.latestMoodCounts(this.storage.db, since),
      minAge > 0 ? repo.youngLatestCounts(this.storage.db, since, now - minAge) : [],
    ]);
    return [...all, ...young.map((r) => ({ ...r, people: -r.people, valence: -r.valence }))];
  }

  /**
   * The widget snapshot. The valence trend compares people whose latest check-in is from the
   * last 12 hours with those whose latest is 12–24 hours old; with fewer than the pulse's
   * minimum group on either side it says `steady`, so it never reflects a handful of people;
   * accounts too young for the pulse do not count here either.
   */
  async snapshot(now = Date.now()): Promise<CollectiveSnapshot> {
    const [{ pulse }, day, recent] = await Promise.all([
      this.pulse('24h'),
      this.settledLatestCounts(now - DAY, now),
      this.settledLatestCounts(now - TREND_SPLIT_MS, now),
    ]);
    const total = (rows: typeof day) =>
      rows.reduce((sum, r) => ({ people: sum.people + r.people, valence: sum.valence + r.valence }), {
        people: 0,
        valence: 0,
      });
    const dayTotal = total(day);
    const recentTotal = total(recent);
    const named = pulse.families.filter((f) => f.id !== 'other');
    const dominantFamily = (named[0]?.id ?? null) as FamilyId | null;
    const minGroup = Math.max(MIN_GROUP, this.config.limits.pulseMinGroup);
    const recentPeople = recentTotal.people;
    const earlierPeople = dayTotal.people - recentTotal.people;
    let valenceTrend: ValenceTrend = 'steady';
    if (recentPeople >= minGroup && earlierPeople >= minGroup) {
      const delta =
        recentTotal.valence / recentPeople - (dayTotal.valence - recentTotal.valence) / earlierPeople;
      if (delta > TREND_THRESHOLD) valenceTrend = 'rising';
      else if (delta < -TREND_THRESHOLD) valenceTrend = 'falling';
    }
    return { generatedAt: iso(now), pulse, dominantFamily, valenceTrend };
  }
}

/** The last `days` finished UTC days before `now`, newest first. */
function pastDays(days: number, now: number): string[] {
  const today = iso(now).slice(0, 10);
  return Array.from({ length: days }, (_, i) => addDays(today, -(i + 1)));
}

/** Rollup rows (negative `people` subtract) → the distinct-people counts a pulse is published from. */
function tally(
  moodRows: ReadonlyArray<{ mood_id: string; family: string; people: number }>,
  moveRows: ReadonlyArray<{ from_family: string; to_family: string; people: number }>,
): PulseCounts {
  const moods = new Map<string, number>();
  const families = new Map<string, number>();
  let people = 0;
  for (const row of moodRows) {
    const n = Number(row.people);
    people += n;
    moods.set(row.mood_id, (moods.get(row.mood_id) ?? 0) + n);
    families.set(row.family, (families.get(row.family) ?? 0) + n);
  }
  const moves = new Map<string, number>();
  for (const row of moveRows) {
    const key = moveKey(row.from_family, row.to_family);
    moves.set(key, (moves.get(key) ?? 0) + Number(row.people));
  }
  return { people, moods, families, moves };
}
