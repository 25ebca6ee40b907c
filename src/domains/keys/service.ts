import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { fromMilli } from '../../lib/essence.ts';
import { newId } from '../../lib/ids.ts';
import { HOUR, iso, isoOrNull, MINUTE } from '../../lib/time.ts';
import type { Bus } from '../../storage/bus.ts';
import type { Storage } from '../../storage/db.ts';
import * as accounts from '../accounts/repo.ts';
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
  expiresAt: number | null;
  revokedAt: number | null;
}

export function apiKeyJson(row: repo.KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.split(' ') as Scope[],
    essencePerCall:
      row.essence_per_call_milli === null ? null : fromMilli(Number(row.essence_per_call_milli)),
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

  constructor(
    private readonly storage: Storage,
    private readonly bus: Bus,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await this.bus.subscribe(REVOKED_CHANNEL, (keyHash) => this.forget(keyHash));
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
    const owned = KEY_ID.test(id) ? await repo.findOwnedKey(this.storage.db, userId, id) : undefined;
    if (!owned) throw AppError.notFound('key');
    const revoked = await repo.revokeKey(this.storage.db, id, Date.now());
    if (revoked) await this.evict(revoked.key_hash);
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
      };
      await repo.insertKey(tx, row);
      const graceEnd = now + graceHours * HOUR;
      const oldEnd = old.expires_at === null ? graceEnd : Math.min(Number(old.expires_at), graceEnd);
      // The guard, not the read above, is what makes a rotation happen once; losing it rolls
      // back the successor too.
      if (!(await repo.claimRotation(tx, old.id, oldEnd, row.id, graceHours === 0 ? now : null)))
        throw alreadyRotated();
      return { row, oldHash: old.key_hash };
    });
    await this.evict(result.oldHash);
    return { key: raw, apiKey: apiKeyJson(result.row) };
  }

  private forget(keyHash: string): void {
    this.revocations++;
    this.cache.delete(keyHash);
  }

  private async evict(keyHash: string): Promise<void> {
    this.forget(keyHash);
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
