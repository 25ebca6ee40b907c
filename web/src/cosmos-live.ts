import { ApiError } from './api.ts';
import type { CosmosObject, CosmosObjectType, CosmosPage } from './types.ts';

/** The page reads (and draws) at most this many objects; beyond it the oldest leave first. */
export const MAX_OBJECTS = 2000;
const PAGE_SIZE = 100;
/** After the stream closes for good (a 503, say) or the listing fails, the next try is this much later. */
const REOPEN_MS = 5000;
/** The listing waits this long for the stream to open, then goes ahead without it. */
const OPEN_WAIT_MS = 2000;
/** A clock difference smaller than this is left alone (the Date header has 1 s resolution). */
const SKEW_TOLERANCE_MS = 2000;

export type ConnectionState = 'connecting' | 'live' | 'reconnecting';
export type RemovalReason = 'expired' | 'evicted' | 'gone';

export interface LiveHandlers {
  added(object: CosmosObject, fromStream: boolean): void;
  removed(objectId: string, reason: RemovalReason): void;
  connection(state: ConnectionState): void;
  /** The list could not be loaded (the stream keeps trying on its own). */
  problem(error: unknown): void;
}

const TYPES: ReadonlySet<string> = new Set<CosmosObjectType>([
  'billboard',
  'event',
  'notification',
  'content_node',
]);

/** Whether a stream payload has the shape of an object (the stream is public; trust nothing). */
function isObject(value: unknown): value is CosmosObject {
  if (typeof value !== 'object' || value === null) return false;
  const o = value as Partial<CosmosObject>;
  const c = o.coordinates;
  return (
    typeof o.objectId === 'string' &&
    typeof o.type === 'string' &&
    TYPES.has(o.type) &&
    typeof o.title === 'string' &&
    typeof o.description === 'string' &&
    typeof o.moodTarget === 'string' &&
    typeof o.layerTarget === 'number' &&
    typeof o.position === 'string' &&
    typeof c === 'object' &&
    c !== null &&
    Number.isFinite(c.x) &&
    Number.isFinite(c.y) &&
    Number.isFinite(c.z) &&
    typeof o.createdAt === 'string' &&
    (o.expiresAt === null || typeof o.expiresAt === 'string')
  );
}

interface Entry {
  object: CosmosObject;
  expiresMs: number;
  createdMs: number;
}

/**
 * The live set of cosmos objects: the listing, then the stream, then local expiry.
 *
 * The race between the two sources: the listing is read once the stream is open (the service
 * subscribes a stream before its first byte goes out, so every spawn committed after the listing's
 * read is streamed), and stream events are held while the listing is read, then applied in order.
 * A spawn seen by both is added once (by id); a spawn and its expiry both held are applied after
 * the listing, so an object the listing still showed is removed again. Every (re)open of the stream
 * reads the listing again the same way, so nothing missed while disconnected is kept or lost. If
 * the stream does not open soon, the listing is read anyway and again once it does. Whatever the
 * stream says, an object leaves the moment its `expiresAt` passes (by the service's clock,
 * estimated from the Date header when the two clocks differ by more than a second or two).
 */
export class LiveCosmos {
  private readonly entries = new Map<string, Entry>();
  private source: EventSource | null = null;
  private held: MessageEvent[] | null = null;
  private offsetMs = 0;
  private timer = 0;
  private reopenTimer = 0;
  private retryTimer = 0;
  private loaded = false;
  private streaming = false;
  private resyncing = false;
  private resyncAgain = false;
  /** Whether the listing stopped at MAX_OBJECTS with more to read. */
  truncated = false;

  constructor(
    private readonly handlers: LiveHandlers,
    private readonly base = '/api/cosmos',
  ) {}

  /** Now by the service's clock. */
  now(): number {
    return Date.now() + this.offsetMs;
  }

  get size(): number {
    return this.entries.size;
  }

  get(objectId: string): CosmosObject | undefined {
    return this.entries.get(objectId)?.object;
  }

  /** How much of its life an object has left, 0..1 (1 for a persistent one). */
  remaining(objectId: string): number {
    const entry = this.entries.get(objectId);
    if (entry === undefined) return 0;
    if (!Number.isFinite(entry.expiresMs)) return 1;
    const life = entry.expiresMs - entry.createdMs;
    if (life <= 0) return 0;
    return Math.min(1, Math.max(0, (entry.expiresMs - this.now()) / life));
  }

  start(): void {
    this.openStream();
    window.setTimeout(() => {
      if (!this.loaded && !this.resyncing) void this.resync();
    }, OPEN_WAIT_MS);
    this.timer = window.setInterval(() => this.expire(), 1000);
  }

  stop(): void {
    window.clearInterval(this.timer);
    window.clearTimeout(this.reopenTimer);
    window.clearTimeout(this.retryTimer);
    this.source?.close();
    this.source = null;
  }

  private openStream(): void {
    this.source?.close();
    const source = new EventSource(`${this.base}/stream`);
    this.source = source;
    const onEvent = (event: MessageEvent) => {
      if (this.held !== null) this.held.push(event);
      else this.apply(event);
    };
    source.addEventListener('spawned', onEvent);
    source.addEventListener('expired', onEvent);
    source.addEventListener('open', () => {
      this.streaming = true;
      void this.resync();
    });
    source.addEventListener('error', () => {
      this.streaming = false;
      this.report();
      if (source.readyState !== EventSource.CLOSED) return;
      // Closed for good (the service refused the stream): try a fresh one later.
      window.clearTimeout(this.reopenTimer);
      this.reopenTimer = window.setTimeout(() => this.openStream(), REOPEN_MS);
    });
  }

  private report(): void {
    if (this.streaming && this.loaded) this.handlers.connection('live');
    else this.handlers.connection(this.loaded ? 'reconnecting' : 'connecting');
  }

  private apply(event: MessageEvent): void {
    let data: unknown;
    try {
      data = JSON.parse(String(event.data));
    } catch {
      return;
    }
    if (!isObject(data)) return;
    if (event.type === 'spawned') this.add(data, true);
    else if (event.type === 'expired') this.remove(data.objectId, 'expired');
  }

  /** Reads the listing and reconciles; a call while one runs makes it run once more after. */
  private async resync(): Promise<void> {
    if (this.resyncing) {
      this.resyncAgain = true;
      return;
    }
    this.resyncing = true;
    this.held = [];
    try {
      const listed = await this.list();
      const seen = new Set(listed.map((o) => o.objectId));
      // With a truncated listing, only objects at least as new as its oldest are known to be gone.
      const oldest = listed.reduce((min, o) => Math.min(min, Date.parse(o.createdAt)), Infinity);
      for (const [id, entry] of [...this.entries]) {
        if (seen.has(id)) continue;
        if (!this.truncated || entry.createdMs >= oldest) this.remove(id, 'gone');
      }
      // Oldest first, so each is added above the ones before it.
      for (const object of [...listed].reverse()) this.add(object, false);
      this.loaded = true;
    } catch (error) {
      this.handlers.problem(error);
      // The stream may be fine and never reopen: read the listing again a little later.
      window.clearTimeout(this.retryTimer);
      this.retryTimer = window.setTimeout(() => void this.resync(), REOPEN_MS);
    } finally {
      const held = this.held ?? [];
      this.held = null;
      for (const event of held) this.apply(event);
      this.resyncing = false;
      this.report();
    }
    if (this.resyncAgain) {
      this.resyncAgain = false;
      await this.resync();
    }
  }

  private async list(): Promise<CosmosObject[]> {
    const objects: CosmosObject[] = [];
    let cursor: string | null = null;
    this.truncated = false;
    do {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (cursor !== null) query.set('cursor', cursor);
      const page: CosmosPage = await this.fetchPage(`${this.base}/objects?${query}`);
      objects.push(...page.objects.filter(isObject));
      cursor = page.nextCursor;
      if (cursor !== null && objects.length >= MAX_OBJECTS) this.truncated = true;
    } while (cursor !== null && !this.truncated);
    return objects.slice(0, MAX_OBJECTS);
  }

  private async fetchPage(url: string): Promise<CosmosPage> {
    const sent = Date.now();
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    } catch {
      throw new ApiError(0, 'network', 'Orrery could not be reached. Check the connection and try again.');
    }
    if (!response.ok) {
      throw new ApiError(response.status, 'unknown', `The cosmos could not be read (${response.status}).`);
    }
    const date = Date.parse(response.headers.get('date') ?? '');
    if (Number.isFinite(date)) {
      // The header truncates to the second: the service's time was in [date, date + 1 s).
      const offset = date + 500 - (sent + Date.now()) / 2;
      this.offsetMs = Math.abs(offset) > SKEW_TOLERANCE_MS ? offset : 0;
    }
    return (await response.json()) as CosmosPage;
  }

  private add(object: CosmosObject, fromStream: boolean): void {
    if (this.entries.has(object.objectId)) return;
    const expiresMs = object.expiresAt === null ? Infinity : Date.parse(object.expiresAt);
    if (expiresMs <= this.now()) return;
    this.entries.set(object.objectId, { object, expiresMs, createdMs: Date.parse(object.createdAt) });
    this.handlers.added(object, fromStream);
    if (this.entries.size > MAX_OBJECTS) {
      let oldest: Entry | undefined;
      for (const entry of this.entries.values()) {
        if (oldest === undefined || entry.createdMs < oldest.createdMs) oldest = entry;
      }
      if (oldest !== undefined) this.remove(oldest.object.objectId, 'evicted');
    }
  }

  private remove(objectId: string, reason: RemovalReason): void {
    if (!this.entries.delete(objectId)) return;
    this.handlers.removed(objectId, reason);
  }

  private expire(): void {
    const now = this.now();
    for (const [id, entry] of [...this.entries]) {
      if (entry.expiresMs <= now) this.remove(id, 'expired');
    }
  }
}
