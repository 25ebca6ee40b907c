import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { isId, newId } from '../../lib/ids.ts';
import { decodeCursor, page } from '../../lib/paging.ts';
import { DAY, HOUR, iso, isoOrNull, MINUTE } from '../../lib/time.ts';
import type { Bus } from '../../storage/bus.ts';
import type { Storage } from '../../storage/db.ts';
import { LeasedJob } from '../../storage/leases.ts';
import type { Executor } from '../../storage/tx.ts';
import { moodFromInput } from '../atlas/catalogue.ts';
import { notifyCommitted, recordEvent, recordEvents } from '../webhooks/outbox.ts';
import {
  cellAt,
  cellIndex,
  coordinates,
  firstFree,
  namespaceOf,
  parsePosition,
  positionLabel,
} from './placement.ts';
import * as repo from './repo.ts';

export const OBJECT_TYPES = ['billboard', 'event', 'notification', 'content_node'] as const;
export type ObjectType = (typeof OBJECT_TYPES)[number];

/** Lifetime when the spawn names none; null = persistent. */
export const DEFAULT_DURATION_HOURS: Readonly<Record<ObjectType, number | null>> = {
  notification: 1,
  event: 24,
  billboard: 72,
  content_node: null,
};

export const TITLE_MAX = 120;

export interface CosmosObject {
  objectId: string;
  type: ObjectType;
  title: string;
  description: string;
  moodTarget: string;
  layerTarget: number;
  position: string;
  coordinates: { x: number; y: number; z: number };
  createdAt: string;
  expiresAt: string | null;
}

export interface SpawnInput {
  type: ObjectType;
  title: string;
  description: string;
  moodTarget: string;
  layerTarget: number;
  durationHours?: number | undefined;
}

/** One entry of the event log: `data` is the object, as JSON, exactly as streamed. */
export interface CosmosEvent {
  id: number;
  kind: 'spawned' | 'expired';
  data: string;
}

export interface SpawnResult {
  object: CosmosObject;
  /** Announce it (`announce`) once the spawn's transaction has committed, never before. */
  event: CosmosEvent;
  /** An `object.spawned` was queued for the owner's endpoints: wake the worker after the commit. */
  webhooksRecorded: boolean;
}

/** Someone reading the stream: gets every event from the moment it subscribes. */
export interface StreamSink {
  send(event: CosmosEvent): void;
  close(): void;
  /**
   * Resolves true once the client has taken what was sent (there is room for more), false if
   * the stream ended meanwhile. A replay waits on it between pages, so a client that does not
   * read holds one page in memory, not the whole replay.
   */
  drained(): Promise<boolean>;
}

export type ActiveCounts = Record<ObjectType, number>;

const OBJECT_ID = /^obj_[0-9a-z]{26}$/;
const CHANNEL = 'cosmos.events';
/** Live positions read per allocation query. */
const SCAN = 512;
/** Events replayed to a reconnecting stream at most. */
export const REPLAY_LIMIT = 1000;
/** Events read and sent per step of a replay. */
const REPLAY_PAGE = 100;
/** The event log keeps the last hour, and at most this many events. */
export const EVENT_LOG_SIZE = 10_000;
const EVENT_LOG_AGE = HOUR;
const ARCHIVE_AGE = 30 * DAY;
const SWEEP_BATCH = 500;
/** Without Redis, how often an instance with open streams reads events other instances logged. */
const POLL_MS = 250;

export function objectJson(row: repo.ObjectRow): CosmosObject {
  return {
    objectId: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    moodTarget: row.mood_target,
    layerTarget: Number(row.layer_target),
    position: row.position,
    coordinates: { x: Number(row.x), y: Number(row.y), z: Number(row.z) },
    createdAt: iso(Number(row.created_at)),
    expiresAt: isoOrNull(row.expires_at === null ? null : Number(row.expires_at)),
  };
}

/** The body of a spawn's 201 (the `object.spawned` event adds `createdAt`). */
export function spawnedJson(object: CosmosObject) {
  return {
    ok: true as const,
    objectId: object.objectId,
    type: object.type,
    title: object.title,
    expiresAt: object.expiresAt,
    position: object.position,
    moodTarget: object.moodTarget,
    layerTarget: object.layerTarget,
  };
}

function encode(event: CosmosEvent): string {
  return `${event.id}\n${event.kind}\n${event.data}`;
}

function decode(message: string): CosmosEvent | null {
  const first = message.indexOf('\n');
  const second = message.indexOf('\n', first + 1);
  if (first < 0 || second < 0) return null;
  const id = Number(message.slice(0, first));
  const kind = message.slice(first + 1, second);
  if (!Number.isSafeInteger(id) || (kind !== 'spawned' && kind !== 'expired')) return null;
  return { id, kind, data: message.slice(second + 1) };
}

function eventOf(row: repo.EventRow): CosmosEvent {
  return { id: Number(row.id), kind: row.kind, data: row.data };
}

/** A bounded set of recently seen ids (oldest forgotten first). */
class RecentIds {
  private readonly ids = new Set<number>();
  constructor(private readonly capacity: number) {}
  /** True the first time an id is offered. */
  add(id: number): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.capacity) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) this.ids.delete(oldest);
    }
    return true;
  }
}

/**
 * The cosmos: spawning and placing objects, their expiry, reads, and the live event feed.
 *
 * Events: every spawn and every expiry writes a row to `cosmos_events` in the same transaction
 * as the change itself, so the log holds an event exactly when the change happened. After the
 * commit the event is published on the bus; every instance (Redis) or this one (local bus)
 * hands it to its open streams. Without Redis, instances with open streams also poll the log,
 * which is how events logged elsewhere still reach them within a second.
 */
export class CosmosService {
  private readonly listeners = new Set<(event: CosmosEvent) => void>();
  private readonly sinks = new Set<StreamSink>();
  private readonly delivered = new RecentIds(4096);
  /** Per namespace, the lowest position number that may be free (everything below is taken). */
  private readonly hints = new Map<string, number>();
  private readonly locks = new Map<string, Promise<void>>();
  private sweeper: LeasedJob | null = null;
  private poller: NodeJS.Timeout | null = null;
  private pollCursor = 0;
  private lastPoll = 0;
  private polling = false;
  private lastPrune = 0;
  private closed = false;

  constructor(
    private readonly storage: Storage,
    private readonly bus: Bus,
    private readonly config: Config,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    await this.bus.subscribe(CHANNEL, (message) => {
      const event = decode(message);
      if (event) this.deliver(event);
    });
    if (!this.bus.shared) {
      this.pollCursor = await repo.lastEventId(this.storage.db);
      this.poller = setInterval(() => void this.poll(), POLL_MS);
      this.poller.unref();
    }
  }

  /** Runs the expiry sweep every `COSMOS_SWEEP_INTERVAL_MS` on one instance at a time (a lease). */
  startSweeper(): void {
    if (this.sweeper || this.closed) return;
    this.sweeper = new LeasedJob({
      db: this.storage.db,
      name: 'cosmos.sweeper',
      intervalMs: this.config.cosmos.sweepIntervalMs,
      log: this.log,
      run: async () => {
        await this.sweep();
      },
    });
    this.sweeper.start();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    await this.sweeper?.stop();
    this.sweeper = null;
    for (const sink of [...this.sinks]) sink.close();
    this.sinks.clear();
    this.listeners.clear();
  }

  // ---- spawning ----------------------------------------------------------------------------

  /**
   * Creates an object inside `db`, the caller's transaction (the partner call's debit): if that
   * rolls back, the object, its position and its event go with it.
   */
  async spawn(
    db: Executor,
    owner: { userId: string; keyId: string },
    input: SpawnInput,
    now = Date.now(),
  ): Promise<SpawnResult> {
    const title = input.title.trim();
    const titleLength = [...title].length;
    if (titleLength === 0) throw AppError.field('/title', 'must contain more than whitespace');
    if (titleLength > TITLE_MAX)
      throw AppError.field('/title', `must be at most ${TITLE_MAX} characters after trimming`);
    const mood = moodFromInput(input.moodTarget);
    if (mood === undefined) {
      throw AppError.field('/moodTarget', 'is not an Atlas mood id (see GET /api/v1/atlas/moods)');
    }
    const hours = input.durationHours ?? DEFAULT_DURATION_HOURS[input.type];
    // At least 1 ms, so that no object is born expired.
    const expiresAt = hours === null ? null : now + Math.max(1, Math.round(hours * HOUR));

    const id = newId('obj', now);
    const ns = namespaceOf(input.layerTarget, mood.family);
    const rowAt = (idx: number): repo.ObjectRow => {
      const cell = cellAt(idx);
      const at = coordinates(mood, input.layerTarget, cell);
      return {
        id,
        owner_id: owner.userId,
        key_id: owner.keyId,
        type: input.type,
        title,
        description: input.description,
        mood_target: mood.id,
        family: mood.family,
        layer_target: input.layerTarget,
        position: positionLabel(input.layerTarget, mood.family, cell),
        x: at.x,
        y: at.y,
        z: at.z,
        created_at: now,
        expires_at: expiresAt,
      };
    };

    // The fast path: the next number after the last claim, taken in memory before any await, so
    // concurrent spawns of a namespace (several batches in flight) claim distinct numbers without
    // queueing on each other; claim, object and event are one statement on PostgreSQL. Only a
    // lost claim (another instance took the number) falls back to the scan under the lock.
    const next = this.hints.get(ns);
    if (next !== undefined && !this.locks.has(ns)) {
      this.hints.set(ns, next + 1);
      const row = rowAt(next);
      const object = objectJson(row);
      const data = JSON.stringify(object);
      const eventId = await repo.claimAndInsert(db, { ns, idx: next }, row, data, now);
      if (eventId !== null) return this.spawned(db, owner.userId, object, eventId, data, now);
    }

    const row = rowAt(await this.allocate(db, ns, id, expiresAt, now));
    await repo.insertObject(db, row);
    const object = objectJson(row);
    const data = JSON.stringify(object);
    const eventId = await repo.insertEvent(db, { kind: 'spawned', object_id: id, data, created_at: now });
    return this.spawned(db, owner.userId, object, eventId, data, now);
  }

  /** The spawn's `object.spawned` webhook event, in the spawn's transaction, and its result. */
  private async spawned(
    db: Executor,
    userId: string,
    object: CosmosObject,
    eventId: number,
    data: string,
    now: number,
  ): Promise<SpawnResult> {
    const recorded = await recordEvent(db, {
      userId,
      type: 'object.spawned',
      at: now,
      data: { ...spawnedJson(object), createdAt: object.createdAt },
    });
    return { object, event: { id: eventId, kind: 'spawned', data }, webhooksRecorded: recorded !== null };
  }

  /**
   * The lowest free position number of a namespace, claimed in `db`.
   *
   * The race: two spawns may read the same free number at once (the claim of the first is not
   * visible to the second until it commits). The primary key of `cosmos_positions` settles it:
   * the second claim finds the first's row, returns nothing, and the loop moves on to the next
   * number. Within one process spawns of a namespace allocate one at a time (the lock below,
   * held for the read and the claim only, not until commit) and the hint moves past each claim,
   * so they never queue on each other's uncommitted rows; only instances contend, and then only
   * for one number each time. An expired holder does not block a claim: the claim takes it over.
   */
  private async allocate(
    db: Executor,
    ns: string,
    objectId: string,
    expiresAt: number | null,
    now: number,
  ): Promise<number> {
    return this.withLock(ns, async () => {
      const hint = this.hints.get(ns) ?? 0;
      const claimed = (idx: number) => {
        // Everything from the hint to `idx` was taken. An expiry heard meanwhile may have lowered
        // the hint; then it stays lowered.
        if ((this.hints.get(ns) ?? 0) === hint) this.hints.set(ns, idx + 1);
        return idx;
      };
      // The hint is usually exactly the next free number: try it before reading anything.
      if (await repo.claimPosition(db, { ns, idx: hint, objectId, expiresAt }, now)) return claimed(hint);
      let from = hint + 1;
      for (;;) {
        const taken = await repo.liveIndices(db, ns, from, SCAN, now);
        const candidate = firstFree(from, taken, taken.length < SCAN);
        if (candidate === null) {
          from = (taken[taken.length - 1] as number) + 1;
          continue;
        }
        if (await repo.claimPosition(db, { ns, idx: candidate, objectId, expiresAt }, now)) {
          return claimed(candidate);
        }
        from = candidate + 1;
      }
    });
  }

  private async withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(key) ?? Promise.resolve();
    let release = () => {};
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => mine);
    this.locks.set(key, tail);
    await previous;
    try {
      return await fn();
    } finally {
      release();
      if (this.locks.get(key) === tail) this.locks.delete(key);
    }
  }

  // ---- reads -------------------------------------------------------------------------------

  async get(id: string, now = Date.now()): Promise<CosmosObject> {
    const row = isId(id, 'obj') ? await repo.findLive(this.storage.db, id, now) : undefined;
    if (!row) throw AppError.notFound('live object');
    return objectJson(row);
  }

  /** Live objects, newest first. */
  async listLive(
    options: {
      layer?: number | undefined;
      type?: ObjectType | undefined;
      limit: number;
      cursor?: string | undefined;
    },
    now = Date.now(),
  ): Promise<{ objects: CosmosObject[]; nextCursor: string | null }> {
    const beforeId = decodeCursor(options.cursor, OBJECT_ID);
    const rows = await repo.listLive(
      this.storage.db,
      { layer: options.layer, type: options.type, beforeId, limit: options.limit + 1 },
      now,
    );
    const { items, nextCursor } = page(rows, options.limit);
    return { objects: items.map(objectJson), nextCursor };
  }

  /** How many objects of each type are live right now. */
  async activeCounts(now = Date.now()): Promise<ActiveCounts> {
    const counts: ActiveCounts = { billboard: 0, event: 0, notification: 0, content_node: 0 };
    for (const { type, n } of await repo.countLiveByType(this.storage.db, now)) {
      if (type in counts) counts[type as ObjectType] = n;
    }
    return counts;
  }

  // ---- expiry ------------------------------------------------------------------------------

  /**
   * Moves every object expired by `now` to the archive, frees its position and announces an
   * `expired` event for it. Reads never show an expired object anyway; the sweep keeps the
   * live table small and tells the streams. Returns how many objects it archived.
   */
  async sweep(now = Date.now()): Promise<number> {
    let total = 0;
    for (;;) {
      let webhooksRecorded = 0;
      const events = await this.storage.db.transaction().execute(async (tx) => {
        const rows = await repo.takeExpired(tx, now, SWEEP_BATCH);
        if (rows.length === 0) return [];
        await repo.archive(tx, rows, now);
        const held = [];
        for (const row of rows) {
          const position = parsePosition(row.position);
          if (position === null) continue;
          const idx = cellIndex(position.ring, position.slot);
          held.push({ ns: namespaceOf(position.layer, position.family), idx, objectId: row.id });
        }
        await repo.releasePositions(tx, held);
        webhooksRecorded += await recordEvents(
          tx,
          rows.map((row) => ({
            userId: row.owner_id,
            type: 'object.expired' as const,
            at: Number(row.expires_at),
            data: {
              objectId: row.id,
              type: row.type,
              title: row.title,
              expiredAt: iso(Number(row.expires_at)),
            },
          })),
        );
        const logged: CosmosEvent[] = [];
        for (const row of rows) {
          const data = JSON.stringify(objectJson(row));
          const id = await repo.insertEvent(tx, {
            kind: 'expired',
            object_id: row.id,
            data,
            created_at: now,
          });
          logged.push({ id, kind: 'expired', data });
        }
        return logged;
      });
      if (webhooksRecorded > 0) notifyCommitted();
      for (const event of events) await this.announce(event);
      total += events.length;
      if (events.length < SWEEP_BATCH) break;
    }
    if (now - this.lastPrune >= MINUTE) {
      this.lastPrune = now;
      await repo.pruneEvents(this.storage.db, now - EVENT_LOG_AGE, EVENT_LOG_SIZE);
      await repo.pruneArchive(this.storage.db, now - ARCHIVE_AGE);
    }
    return total;
  }

  // ---- the event feed ----------------------------------------------------------------------

  /** Publishes a committed event to every instance's streams. */
  async announce(event: CosmosEvent): Promise<void> {
    try {
      await this.bus.publish(CHANNEL, encode(event));
    } catch (error) {
      // Other instances miss it live (a reconnect replays it from the log); this one need not.
      this.log.warn({ err: error }, 'could not publish a cosmos event');
      this.deliver(event);
    }
  }

  private deliver(event: CosmosEvent): void {
    if (!this.delivered.add(event.id)) return;
    if (event.kind === 'expired') this.released(event);
    for (const listener of this.listeners) listener(event);
  }

  /** An expired object's position is free again: let the next spawn in its namespace see it. */
  private released(event: CosmosEvent): void {
    try {
      const position = parsePosition((JSON.parse(event.data) as CosmosObject).position);
      if (position === null) return;
      const ns = namespaceOf(position.layer, position.family);
      const idx = cellIndex(position.ring, position.slot);
      const hint = this.hints.get(ns);
      if (hint !== undefined && idx < hint) this.hints.set(ns, idx);
    } catch {
      // A malformed message from the bus changes nothing.
    }
  }

  /** Reads events other instances logged, where no shared bus carries them. */
  private async poll(): Promise<void> {
    const now = Date.now();
    if (this.polling || this.closed) return;
    // With nobody streaming, polling only keeps position hints fresh: once a sweep interval.
    if (this.listeners.size === 0 && now - this.lastPoll < this.config.cosmos.sweepIntervalMs) return;
    this.polling = true;
    this.lastPoll = now;
    try {
      // PostgreSQL assigns ids before commit, so a lower id can appear a moment after a higher
      // one: look back a little and let the delivered-ids set drop repeats.
      const lookback = this.storage.engine === 'postgres' ? 64 : 0;
      // Nobody streaming: only expiries matter here (they lower position hints).
      const kind = this.listeners.size === 0 ? 'expired' : undefined;
      for (;;) {
        const rows = await repo.eventsAfter(
          this.storage.db,
          Math.max(0, this.pollCursor - lookback),
          500,
          kind,
        );
        for (const row of rows) {
          const event = eventOf(row);
          this.pollCursor = Math.max(this.pollCursor, event.id);
          this.deliver(event);
        }
        if (rows.length < 500) break;
      }
      if (kind !== undefined)
        this.pollCursor = Math.max(this.pollCursor, await repo.lastEventId(this.storage.db));
    } catch (error) {
      this.log.warn({ err: error }, 'could not read the cosmos event log');
    } finally {
      this.polling = false;
    }
  }

  get streamCount(): number {
    return this.sinks.size;
  }

  /**
   * Opens a stream: every event from now on goes to `sink`. With `lastEventId`, the logged
   * events after it (at most `REPLAY_LIMIT`) go first, in order, and live events arriving
   * meanwhile follow them without repeats. Returns the function that closes it.
   */
  /**
   * Sends the logged events after `lastEventId` — at most `replayMaxEvents`, none older than
   * `replayWindowMs`, the newest of them — a page at a time, waiting for the client to take each
   * page. Resolves false if the stream ended meanwhile.
   */
  private async replay(sink: StreamSink, lastEventId: number, replayed: Set<number>): Promise<boolean> {
    const { replayMaxEvents, replayWindowMs } = this.config.cosmos;
    const since = Date.now() - replayWindowMs;
    let cursor = await repo.replayStart(this.storage.db, lastEventId, since, replayMaxEvents);
    let left = replayMaxEvents;
    while (left > 0) {
      const rows = await repo.replayPage(this.storage.db, cursor, since, Math.min(REPLAY_PAGE, left));
      for (const row of rows) {
        replayed.add(Number(row.id));
        sink.send(eventOf(row));
      }
      left -= rows.length;
      const last = rows.at(-1);
      if (last === undefined || rows.length < REPLAY_PAGE) break;
      cursor = Number(last.id);
      if (!(await sink.drained())) return false;
    }
    return true;
  }

  openStream(sink: StreamSink, lastEventId: number | null): () => void {
    if (this.closed) {
      sink.close();
      return () => {};
    }
    let replaying = lastEventId !== null;
    const buffered: CosmosEvent[] = [];
    const replayed = new Set<number>();
    const listener = (event: CosmosEvent) => {
      if (!replaying) {
        if (!replayed.has(event.id)) sink.send(event);
      } else if (buffered.push(event) > this.config.cosmos.replayMaxEvents) {
        // Live events pile up behind a replay the client is not reading: drop it.
        close();
        sink.close();
      }
    };
    this.listeners.add(listener);
    this.sinks.add(sink);
    const close = () => {
      this.listeners.delete(listener);
      this.sinks.delete(sink);
    };
    if (lastEventId !== null) {
      this.replay(sink, lastEventId, replayed)
        .then((open) => {
          if (!open) return;
          replaying = false;
          for (const event of buffered.splice(0)) if (!replayed.has(event.id)) sink.send(event);
        })
        .catch((error: unknown) => {
          this.log.warn({ err: error }, 'could not replay cosmos events');
          close();
          sink.close();
        });
    }
    return close;
  }
}
