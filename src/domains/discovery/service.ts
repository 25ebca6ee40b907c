import type { Logger } from 'pino';
import { AppError } from '../../http/errors.ts';
import {
  atlasCard,
  type Card,
  isDiscoverySafe,
  type ObjectView,
  objectCard,
  PUBLIC_OBJECT_TYPES,
  PULSE_MIN_PARTICIPANTS,
  type PulseView,
  pulseCards,
  type SignalView,
  signalCard,
} from './cards.ts';

/** Where cards come from; deps.ts wires these to the trajectory, cosmos and council services. */
export interface DiscoverySources {
  /** The 24-hour collective pulse, or null when it cannot be read. */
  pulse(): Promise<PulseView | null>;
  /** Newest live objects of one type. */
  liveObjects(type: (typeof PUBLIC_OBJECT_TYPES)[number], limit: number): Promise<ObjectView[]>;
  /** World signals newest first by `(sortAt, id)`, strictly before `before`. */
  signals(limit: number, before: Position | null): Promise<SignalView[]>;
}

/** A place in the card order: `(createdAt in ms, id)`, both descending. */
export interface Position {
  at: number;
  id: string;
}

/** Live objects of each public type the feed considers (the newest ones). */
export const OBJECTS_PER_TYPE = 100;
/** How long the pulse, Atlas and object cards are reused between requests. */
const SNAPSHOT_MS = 5_000;
const MAX_SIGNAL_BATCHES = 20;
/** Verdicts remembered; signals and objects never change after they are stored. */
const VERDICTS = 20_000;

const CURSOR = /^(\d{1,15})\.([a-z0-9_-]{1,80})$/;

export function encodePosition(position: Position): string {
  return Buffer.from(`${position.at}.${position.id}`, 'utf8').toString('base64url');
}

export function decodePosition(cursor: string | undefined): Position | null {
  if (cursor === undefined) return null;
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (match === null) throw AppError.field('/query/cursor', 'is not a cursor from a previous page');
  return { at: Number(match[1]), id: match[2] as string };
}

function positionOf(card: Card): Position {
  return { at: Date.parse(card.createdAt), id: card.id };
}

/** Whether `a` comes after `b` in the feed (older, or as old with a smaller id). */
function isAfter(a: Position, b: Position): boolean {
  return a.at < b.at || (a.at === b.at && a.id < b.id);
}

function newestFirst(a: Card, b: Card): number {
  const pa = positionOf(a);
  const pb = positionOf(b);
  return pb.at - pa.at || (pa.id < pb.id ? 1 : pa.id > pb.id ? -1 : 0);
}

interface Snapshot {
  /** The pulse, only when it is big enough to show (see `pulseCards`). */
  pulse: PulseView | null;
  cards: Card[];
  objects: { card: Card; expiresAt: number | null }[];
  takenAt: number;
}

/**
 * The discovery feed: one stream of cards, newest first by `(createdAt, id)`, merged from the
 * pulse, the Atlas, world signals and public cosmos objects. A cursor is the position of the
 * last card served; the next page holds only cards strictly after it, so no card appears twice
 * however the sources change between pages (cards newer than the cursor wait for a fresh first
 * page). Every card passes `isDiscoverySafe` before it is served.
 */
export class DiscoveryService {
  private snapshot: Promise<Snapshot> | null = null;
  private readonly verdicts = new Map<string, boolean>();

  constructor(
    private readonly sources: DiscoverySources,
    private readonly origin: string,
    private readonly log: Logger,
  ) {}

  /**
   * The safety filter, remembered per signal and object id: their text never changes once stored,
   * and the profanity matcher is the costliest step of a page. Pulse and Atlas cards (ids reused
   * with new text) are judged every time.
   */
  private isSafe(card: Card): boolean {
    if (card.kind !== 'signal' && card.kind !== 'object') return isDiscoverySafe(card);
    const known = this.verdicts.get(card.id);
    if (known !== undefined) return known;
    const verdict = isDiscoverySafe(card);
    if (this.verdicts.size >= VERDICTS) this.verdicts.clear();
    this.verdicts.set(card.id, verdict);
    return verdict;
  }

  /** Pulse, Atlas and object cards, shared by requests for a few seconds (one read at a time). */
  private async others(now: number): Promise<Snapshot> {
    const current = this.snapshot;
    if (current !== null) {
      const snap = await current;
      if (now - snap.takenAt < SNAPSHOT_MS) return snap;
      if (this.snapshot !== current) return this.others(now);
    }
    const next = this.takeSnapshot(now);
    this.snapshot = next;
    next.catch(() => {
      if (this.snapshot === next) this.snapshot = null;
    });
    return next;
  }

  private async takeSnapshot(now: number): Promise<Snapshot> {
    const [pulse, ...objectLists] = await Promise.all([
      this.sources.pulse().catch((error: unknown) => {
        this.log.warn({ err: error }, 'discovery: the pulse could not be read');
        return null;
      }),
      ...PUBLIC_OBJECT_TYPES.map((type) => this.sources.liveObjects(type, OBJECTS_PER_TYPE)),
    ]);
    const cards = pulse === null ? [] : pulseCards(pulse, this.origin);
    const atlas = atlasCard(now);
    if (!cards.some((c) => c.moodId === atlas.moodId && c.kind === 'mood')) cards.push(atlas);
    const objects = objectLists.flat().map((object) => ({
      card: objectCard(object, this.origin),
      expiresAt: object.expiresAt === null ? null : Date.parse(object.expiresAt),
    }));
    const shown = pulse !== null && pulse.participants >= PULSE_MIN_PARTICIPANTS ? pulse : null;
    return { pulse: shown, cards, objects, takenAt: now };
  }

  async page(
    limit: number,
    cursor: string | undefined,
    now = Date.now(),
  ): Promise<{ cards: Card[]; nextCursor: string | null }> {
    const before = decodePosition(cursor);
    const snap = await this.others(now);
    const fixed = [
      ...snap.cards,
      // An object leaves the feed the moment it expires, even from a snapshot taken earlier.
      ...snap.objects.filter((o) => o.expiresAt === null || o.expiresAt > now).map((o) => o.card),
    ].filter((card) => (before === null || isAfter(positionOf(card), before)) && this.isSafe(card));

    // Signals are read in batches until the page is full: a batch that does not exhaust them
    // sets a horizon, and only cards at or before it are certain to have no unread signal
    // in between.
    const signalCards: Card[] = [];
    let position = before;
    let horizon: Position | null = null;
    const batchSize = Math.min(100, limit + 10);
    for (let batch = 0; batch < MAX_SIGNAL_BATCHES; batch++) {
      const rows = await this.sources.signals(batchSize, position);
      for (const row of rows) {
        const card = signalCard(row);
        if (this.isSafe(card)) signalCards.push(card);
      }
      const last = rows[rows.length - 1];
      if (rows.length < batchSize || last === undefined) {
        horizon = null;
        break;
      }
      position = { at: last.sortAt, id: last.id };
      horizon = position;
      const eligible = fixed.filter((c) => !isAfter(positionOf(c), position as Position)).length;
      if (signalCards.length + eligible > limit) break;
    }

    const merged = [...fixed, ...signalCards]
      .filter((card) => horizon === null || !isAfter(positionOf(card), horizon))
      .sort(newestFirst);
    const cards = merged.slice(0, limit);
    const more = merged.length > limit || horizon !== null;
    const last = cards[cards.length - 1];
    const resumeAt = last !== undefined ? positionOf(last) : horizon;
    return { cards, nextCursor: more && resumeAt !== null ? encodePosition(resumeAt) : null };
  }

  /** What the embeddable widget shows: the pulse (when big enough) and the first cards. */
  async widget(limit: number, now = Date.now()): Promise<{ pulse: PulseView | null; cards: Card[] }> {
    const [snap, { cards }] = await Promise.all([this.others(now), this.page(limit + 1, undefined, now)]);
    return { pulse: snap.pulse, cards: cards.filter((c) => c.kind !== 'pulse').slice(0, limit) };
  }
}
