import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { fromMilli } from '../../lib/essence.ts';
import { newId } from '../../lib/ids.ts';
import { HOUR, iso, isoOrNull, MINUTE } from '../../lib/time.ts';
import type { Bus } from '../../storage/bus.ts';
import type { Storage } from '../../storage/db.ts';
import { LeasedJob } from '../../storage/leases.ts';
import type { Executor } from '../../storage/tx.ts';
import * as accounts from '../accounts/repo.ts';
import { notifyCommitted, recordEvent } from '../webhooks/outbox.ts';
import { displayPrefix, generateRawKey, hashKey, isWellFormedKey, sameHash } from './format.ts';
import * as repo from './repo.ts';

export const SCOPES = ['read', 'write', 'oracle', '*'] as const;
export type Scope = (typeof SCOPES)[number];

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: Scope[];
  essencePerCall: number | null;
  rateLimit: RateLimit | null;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
}

/** What the partner routes know about the caller once its key checked out. */
export interface VerifiedKey {
  id: string;
  userId: string;
  keyHash: string;
  scopes: ReadonlySet<Scope>;
  essencePerCallMilli: number | null;
  rateLimit: RateLimit | null;
  expiresAt: number | null;
  revokedAt: number | null;
}

/** A key's own limit: at most `limit` calls per fixed window of `windowSeconds`. */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

function rateLimitOf(row: repo.KeyRow): RateLimit | null {
  return row.rate_limit === null || row.rate_window_seconds === null
    ? null
    : { limit: Number(row.rate_limit), windowSeconds: Number(row.rate_window_seconds) };
}

export function apiKeyJson(row: repo.KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.split(' ') as Scope[],
    essencePerCall:
      row.essence_per_call_milli === null ? null : fromMilli(Number(row.essence_per_call_milli)),
    rateLimit: rateLimitOf(row),
    createdAt: iso(Number(row.created_at)),
    lastUsedAt: isoOrNull(row.last_used_at === null ? null : Number(row.last_used_at)),
    expiresAt: isoOrNull(row.expires_at === null ? null : Number(row.expires_at)),
    revokedAt: isoOrNull(row.revoked_at === null ? null : Number(row.revoked_at)),
  };
}

export function hasScope(key: VerifiedKey, required: Scope | 'any'): boolean {
  return required === 'any' || key.scopes.has('*') || key.scopes.has(required);
}

interface CacheEntry {
  key: VerifiedKey | null;
  until: number;
}

const REVOKED_CHANNEL = 'keys.revoked';
const CACHE_LIMIT = 50_000;
const KEY_ID = /^key_[0-9a-z]{26}$/;

export interface NewKeyInput {
  name?: string | undefined;
  scopes?: Scope[] | undefined;
  essencePerCallMilli?: number | null | undefined;
  expiresAt?: number | null | undefined;
  rateLimit?: RateLimit | null | undefined;
}

/** What `PATCH /api/v1/keys/{id}` may change; absent fields stay as they are. */
export interface KeyChanges {
  name?: string | undefined;
  scopes?: Scope[] | undefined;
  essencePerCallMilli?: number | null | undefined;
  rateLimit?: RateLimit | null | undefined;
}

export class KeysService {
  /**
   * Verified keys by hash. A revocation message evicts an entry at once; an entry also lives at
   * most `config.keyCacheMs` (≤ 5 s) from the moment its row was read, so a revocation, rotation
   * or expiry that this instance never heard about (message lost, Redis down or silent) still
   * takes effect within that time.
   */
  private readonly cache = new Map<string, CacheEntry>();
  /** Bumped on every revocation heard; a row read across a bump is served but not cached. */
  private revocations = 0;
  /** When this instance last recorded a key's use, by key id. */
  private readonly touched = new Map<string, number>();
  private endSweeper: LeasedJob | null = null;

  constructor(
    private readonly storage: Storage,
    private readonly bus: Bus,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await this.bus.subscribe(REVOKED_CHANNEL, (keyHash) => this.dropCached(keyHash));
  }

  async create(userId: string, input: NewKeyInput): Promise<{ key: string; apiKey: ApiKey }> {
    const now = Date.now();
    if (input.expiresAt != null && input.expiresAt <= now)
      throw AppError.field('/expiresAt', 'must be in the future');
    const raw = generateRawKey();
    const row: repo.KeyRow = {
      id: newId('key', now),
      user_id: userId,
      name: input.name?.trim() || 'Untitled key',
      prefix: displayPrefix(raw),
      key_hash: hashKey(raw),
      scopes: normaliseScopes(input.scopes ?? ['read']).join(' '),
      essence_per_call_milli: input.essencePerCallMilli ?? null,
      created_at: now,
      last_used_at: null,
      expires_at: input.expiresAt ?? null,
      revoked_at: null,
      rotated_to: null,
      rate_limit: input.rateLimit?.limit ?? null,
      rate_window_seconds: input.rateLimit?.windowSeconds ?? null,
      end_announced_at: null,
    };
    await this.storage.db.transaction().execute(async (tx) => {
      // The user row lock makes "count, then insert" atomic against a concurrent create.
      if (!(await accounts.lockUser(tx, userId))) throw AppError.unauthenticated();
      const live = await repo.countLiveKeys(tx, userId, now);
      if (live >= this.config.limits.liveKeysPerAccount) {
        throw new AppError(
          'conflict',
          `An account may hold at most ${this.config.limits.liveKeysPerAccount} live keys.`,
        );
      }
      await repo.insertKey(tx, row);
    });
    return { key: raw, apiKey: apiKeyJson(row) };
  }

  async list(userId: string): Promise<ApiKey[]> {
    return (await repo.listKeys(this.storage.db, userId)).map(apiKeyJson);
  }

  async revoke(userId: string, id: string): Promise<void> {
    const now = Date.now();
    const revoked = await this.storage.db.transaction().execute(async (tx) => {
      // A delete racing a rotation of the same account waits for it (the user row lock).
      if (!(await accounts.lockUser(tx, userId))) throw AppError.notFound('key');
      const owned = KEY_ID.test(id) ? await repo.findOwnedKey(tx, userId, id) : undefined;
      if (!owned) throw AppError.notFound('key');
      const row = await repo.revokeKey(tx, id, now);
      if (row) await this.announceEnd(tx, row, 'deleted', now);
      return row;
    });
    if (revoked) {
      notifyCommitted();
      await this.evict(revoked.key_hash);
    }
  }

  /**
   * Writes `key.revoked` for a key that stopped working, in `tx`, once per key whatever races
   * (a delete against the end-of-life sweep): the end is marked announced in the same statement
   * that decides whether to announce it.
   */
  private async announceEnd(
    tx: Executor,
    key: repo.KeyRow,
    reason: 'deleted' | 'rotated' | 'expired',
    revokedAt: number,
  ): Promise<void> {
    if (!(await repo.markEndAnnounced(tx, key.id, Date.now()))) return;
    await recordEvent(tx, {
      userId: key.user_id,
      type: 'key.revoked',
      at: revokedAt,
      data: { keyId: key.id, prefix: key.prefix, name: key.name, revokedAt: iso(revokedAt), reason },
    });
  }

  /**
   * Announces keys whose expiry passed: their own `expiresAt` (reason `expired`) or the end of a
   * rotation's grace (reason `rotated`). Such a key already stopped working at that instant (every
   * check compares `expiresAt` with the clock); the job only writes the event, on one instance at
   * a time, within `KEY_END_SWEEP_MS` of the end.
   */
  async announceEnds(now = Date.now()): Promise<number> {
    let total = 0;
    for (;;) {
      const ended = await this.storage.db.transaction().execute(async (tx) => {
        const rows = await repo.takeUnannouncedEnds(tx, now, 200);
        for (const row of rows) {
          const at = Number(row.expires_at);
          await recordEvent(tx, {
            userId: row.user_id,
            type: 'key.revoked',
            at,
            data: {
              keyId: row.id,
              prefix: row.prefix,
              name: row.name,
              revokedAt: iso(at),
              reason: row.rotated_to === null ? 'expired' : 'rotated',
            },
          });
        }
        return rows.length;
      });
      if (ended > 0) notifyCommitted();
      total += ended;
      if (ended < 200) return total;
    }
  }

  startEndSweeper(): void {
    if (this.endSweeper) return;
    this.endSweeper = new LeasedJob({
      db: this.storage.db,
      name: 'keys.end',
      intervalMs: this.config.webhooks.keyEndSweepMs,
      log: this.log,
      run: async () => {
        await this.announceEnds();
      },
    });
    this.endSweeper.start();
  }

  async close(): Promise<void> {
    await this.endSweeper?.stop();
    this.endSweeper = null;
  }

  /**
   * Issues a successor with the same name, scopes, cost and expiry. The old key keeps working
   * until the grace ends (0 → at once) and counts toward the live-key limit meanwhile, so with a
   * grace the successor needs a free slot: at the limit, rotation is refused (409). A key is rotated once;
   * a second rotation — also one racing the first — gets 409.
   */
  async rotate(userId: string, id: string, graceHours: number): Promise<{ key: string; apiKey: ApiKey }> {
    const now = Date.now();
    const raw = generateRawKey();
    const limit = this.config.limits.liveKeysPerAccount;
    const result = await this.storage.db.transaction().execute(async (tx) => {
      // The user row lock makes "count, then insert" atomic against a concurrent create.
      if (!(await accounts.lockUser(tx, userId))) throw AppError.unauthenticated();
      const old = KEY_ID.test(id) ? await repo.findOwnedKey(tx, userId, id) : undefined;
      if (!old || old.revoked_at !== null || (old.expires_at !== null && Number(old.expires_at) <= now)) {
        throw AppError.notFound('live key');
      }
      if (old.rotated_to !== null) throw alreadyRotated();
      // Without a grace the old key ends in this transaction: the successor takes its place.
      const ending = graceHours === 0 ? 1 : 0;
      if ((await repo.countLiveKeys(tx, userId, now)) - ending >= limit) {
        throw new AppError(
          'conflict',
          `An account may hold at most ${limit} live keys, a rotated key inside its grace included; revoke one first.`,
        );
      }
      const row: repo.KeyRow = {
        ...old,
        id: newId('key', now),
        prefix: displayPrefix(raw),
        key_hash: hashKey(raw),
        created_at: now,
        last_used_at: null,
        revoked_at: null,
        rotated_to: null,
        end_announced_at: null,
      };
      await repo.insertKey(tx, row);
      const graceEnd = now + graceHours * HOUR;
      const oldEnd = old.expires_at === null ? graceEnd : Math.min(Number(old.expires_at), graceEnd);
      // The guard, not the read above, is what makes a rotation happen once; losing it rolls
      // back the successor too.
      if (!(await repo.claimRotation(tx, old.id, oldEnd, row.id, null))) throw alreadyRotated();
      // Without a grace the old key ends now; otherwise the end-of-life sweep announces it when
      // the grace runs out.
      if (graceHours === 0) {
        const revoked = await repo.revokeKey(tx, old.id, now);
        if (revoked) await this.announceEnd(tx, revoked, 'rotated', now);
      }
      return { row, oldHash: old.key_hash };
    });
    if (graceHours === 0) notifyCommitted();
    await this.evict(result.oldHash);
    return { key: raw, apiKey: apiKeyJson(result.row) };
  }

  /**
   * Changes a live key's name, scopes, cost or rate limit. Cached copies are evicted here and on
   * every instance (as on revocation), so the change holds on the next call.
   */
  async update(userId: string, id: string, changes: KeyChanges): Promise<ApiKey> {
    const owned = KEY_ID.test(id) ? await repo.findOwnedKey(this.storage.db, userId, id) : undefined;
    if (!owned) throw AppError.notFound('key');
    const set: repo.KeyChanges = {};
    if (changes.name !== undefined) set.name = changes.name.trim() || 'Untitled key';
    if (changes.scopes !== undefined) set.scopes = normaliseScopes(changes.scopes).join(' ');
    if (changes.essencePerCallMilli !== undefined) set.essence_per_call_milli = changes.essencePerCallMilli;
    if (changes.rateLimit !== undefined) {
      set.rate_limit = changes.rateLimit?.limit ?? null;
      set.rate_window_seconds = changes.rateLimit?.windowSeconds ?? null;
    }
    const row = Object.keys(set).length === 0 ? owned : await repo.updateKey(this.storage.db, id, set);
    if (!row) throw AppError.notFound('key');
    await this.evict(row.key_hash);
    return apiKeyJson(row);
  }

  /** The account's key `id`, or 404 (someone else's key included). */
  async owned(userId: string, id: string): Promise<ApiKey> {
    const owned = KEY_ID.test(id) ? await repo.findOwnedKey(this.storage.db, userId, id) : undefined;
    if (!owned) throw AppError.notFound('key');
    return apiKeyJson(owned);
  }

  /** Drops keys whose rows are gone from this instance's cache and, by broadcast, every other's. */
  async forget(keyHashes: readonly string[]): Promise<void> {
    for (const keyHash of keyHashes) await this.evict(keyHash);
  }

  private dropCached(keyHash: string): void {
    this.revocations++;
    this.cache.delete(keyHash);
  }

  private async evict(keyHash: string): Promise<void> {
    this.dropCached(keyHash);
    try {
      await this.bus.publish(REVOKED_CHANNEL, keyHash);
    } catch (error) {
      // Other instances still drop the entry when its cache lifetime ends.
      this.log.warn({ err: error }, 'could not broadcast a key revocation');
    }
  }

  /**
   * Resolves a raw key to a live key, or null. Malformed keys never reach the cache or the
   * database. Revocation and expiry are checked on every call, cached or not.
   */
  async verify(raw: string): Promise<VerifiedKey | null> {
    if (!isWellFormedKey(raw)) return null;
    const keyHash = hashKey(raw);
    const now = Date.now();
    let entry = this.cache.get(keyHash);
    if (entry === undefined || entry.until <= now) {
      const heard = this.revocations;
      const row = await repo.findKeyByHash(this.storage.db, keyHash);
      const key: VerifiedKey | null =
        row && sameHash(row.key_hash, keyHash)
          ? {
              id: row.id,
              userId: row.user_id,
              keyHash,
              scopes: new Set(row.scopes.split(' ') as Scope[]),
              essencePerCallMilli:
                row.essence_per_call_milli === null ? null : Number(row.essence_per_call_milli),
              rateLimit: rateLimitOf(row),
              expiresAt: row.expires_at === null ? null : Number(row.expires_at),
              revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
            }
          : null;
      entry = { key, until: now + this.config.keyCacheMs };
      // A revocation heard while the row was in flight may not be in it.
      if (heard === this.revocations) {
        if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
        this.cache.set(keyHash, entry);
      }
    }
    const key = entry.key;
    if (key === null || key.revokedAt !== null || (key.expiresAt !== null && key.expiresAt <= now))
      return null;
    this.recordUse(key.id, now);
    return key;
  }

  private recordUse(id: string, now: number): void {
    const last = this.touched.get(id);
    if (last !== undefined && now - last < MINUTE) return;
    this.touched.set(id, now);
    if (this.touched.size > CACHE_LIMIT) this.touched.clear();
    repo.touchKey(this.storage.db, id, now).catch((error: unknown) => {
      this.log.warn({ err: error, keyId: id }, 'could not record key use');
    });
  }
}

function alreadyRotated(): AppError {
  return new AppError('conflict', 'This key was already rotated; rotate its successor instead.');
}

function normaliseScopes(scopes: Scope[]): Scope[] {
  const unique = [...new Set(scopes)];
  return unique.includes('*') ? ['*'] : SCOPES.filter((s) => unique.includes(s));
}
