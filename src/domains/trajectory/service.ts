import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, encodeCursor } from '../../lib/paging.ts';
import { DAY, HOUR, iso } from '../../lib/time.ts';
import type { Storage } from '../../storage/db.ts';
import type { Executor } from '../../storage/tx.ts';
import { type FamilyId, findMood } from '../atlas/catalogue.ts';
import { type Arc, type ArcCheckin, buildArc, localDay } from './arc.ts';
import { moveKey, type Pulse, type PulseWindow, publishPulse, WINDOW_MS } from './pulse.ts';
import * as repo from './repo.ts';

export interface CheckinInput {
  moodId: string;
  intensity?: number;
  note?: string;
  at?: string;
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
  };
}

const CHECKIN_CURSOR = /^\d{1,16}:chk_[0-9a-z]{26}$/;

interface CachedPulse {
  pulse: Pulse;
  computedAt: number;
}

export class TrajectoryService {
  private readonly pulseCache = new Map<PulseWindow, Promise<CachedPulse>>();

  constructor(
    private readonly storage: Storage,
    private readonly config: Config,
  ) {}

  async checkIn(
    userId: string,
    input: CheckinInput,
    now = Date.now(),
  ): Promise<{ checkin: Checkin; state: FamilyId }> {
    const mood = findMood(input.moodId);
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
    };

    const state = await this.storage.db.transaction().execute(async (tx) => {
      await repo.lockPerson(tx, this.storage.engine, userId);
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

    const since = now - ROLLUP_HORIZON_MS;
    const first = await repo.previousCheckin(tx, row.user_id, since, '');
    const recent = await repo.checkinsBetween(tx, row.user_id, since, Number.MAX_SAFE_INTEGER);
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
    await repo.replaceMoves(tx, row.user_id, [...latestMove.values()]);
    return ((await repo.latestFamily(tx, row.user_id)) ?? row.family) as FamilyId;
  }

  async listCheckins(userId: string, limit: number, cursor: string | undefined) {
    const decoded = decodeCursor(cursor, CHECKIN_CURSOR);
    let before: { at: number; id: string } | null = null;
    if (decoded !== null) {
      const [at = '0', id = ''] = decoded.split(':');
      before = { at: Number(at), id };
    }
    const rows = await repo.listCheckins(this.storage.db, userId, limit + 1, before);
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return {
      checkins: items.map(checkinJson),
      nextCursor: rows.length > limit && last ? encodeCursor(`${Number(last.at)}:${last.id}`) : null,
    };
  }

  /** Today's arc of one person in an IANA zone (validated by the caller). */
  async arc(userId: string, timezone: string, now = Date.now()): Promise<Arc> {
    const day = localDay(timezone, now);
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

  /** Computes a pulse from the rollups, bypassing the cache. */
  async computePulse(window: PulseWindow, now = Date.now()): Promise<Pulse> {
    const since = now - WINDOW_MS[window];
    const [moodRows, moveRows] = await Promise.all([
      repo.latestMoodCounts(this.storage.db, since),
      repo.moveCounts(this.storage.db, since),
    ]);
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
      moves.set(key, (moves.get(key) ?? 0) + row.people);
    }
    return publishPulse(
      { people, moods, families, moves },
      window,
      new Date(now),
      this.config.limits.pulseMinGroup,
    );
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

  /**
   * The widget snapshot. The valence trend compares people whose latest check-in is from the
   * last 12 hours with those whose latest is 12–24 hours old; with fewer than the pulse's
   * minimum group on either side it says `steady`, so it never reflects a handful of people.
   */
  async snapshot(now = Date.now()): Promise<CollectiveSnapshot> {
    const [{ pulse }, day, recent] = await Promise.all([
      this.pulse('24h'),
      repo.latestMoodCounts(this.storage.db, now - DAY),
      repo.latestMoodCounts(this.storage.db, now - TREND_SPLIT_MS),
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
    const minGroup = this.config.limits.pulseMinGroup;
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
