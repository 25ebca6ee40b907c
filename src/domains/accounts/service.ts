import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { fromMilli } from '../../lib/essence.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, page } from '../../lib/paging.ts';
import { DAY, HOUR, iso } from '../../lib/time.ts';
import type { CounterStore } from '../../storage/counters.ts';
import type { Storage } from '../../storage/db.ts';
import type { EssenceService } from '../essence/service.ts';
import { burnVerification, hashPassword, verifyPassword } from './passwords.ts';
import * as repo from './repo.ts';

export type Tier = 'free' | 'plus' | 'pro';
export type Role = 'member' | 'admin';

export interface User {
  id: string;
  email: string;
  displayName: string;
  tier: Tier;
  role: Role;
  essence: number;
  createdAt: string;
}

export function userJson(row: repo.UserRow): User {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    tier: row.tier,
    role: row.role,
    essence: fromMilli(Number(row.balance_milli)),
    createdAt: iso(Number(row.created_at)),
  };
}

/** What `ensureAdmin` did, so that whoever ran it can be told. */
export interface AdminOutcome {
  user: User;
  created: boolean;
  /** The account was not an administrator before. */
  promoted: boolean;
  passwordReplaced: boolean;
}

/** The sentence the CLI and the start-up log say about an `ensureAdmin` outcome. */
export function describeAdminOutcome(outcome: AdminOutcome): string {
  const who = `${outcome.user.email} (${outcome.user.id})`;
  if (outcome.created) return `created administrator ${who}`;
  const role = outcome.promoted ? `promoted ${who} to administrator` : `${who} is already an administrator`;
  return outcome.passwordReplaced
    ? `${role}; password replaced`
    : `${role}; password unchanged (pass --reset-password to replace it)`;
}

export const SESSION_TTL_MS = 30 * DAY;
/** A session's expiry slides forward at most once an hour, so browsing is not a write per request. */
const SESSION_SLIDE_AFTER_MS = HOUR;

export interface ResolvedSession {
  sessionId: string;
  user: repo.UserRow;
  /** Set when the expiry moved and the cookie should be sent again. */
  renewedUntil: number | null;
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const USER_ID = /^usr_[0-9a-z]{26}$/;

export class AccountsService {
  constructor(
    private readonly storage: Storage,
    private readonly counters: CounterStore,
    private readonly essence: EssenceService,
    private readonly config: Config,
  ) {}

  async signup(
    input: { email: string; password: string; displayName?: string | undefined },
    clientAddress: string,
    requestId: string,
  ): Promise<{ user: User; token: string; expiresAt: number }> {
    const limit = this.config.limits.signupsPerAddressPerHour;
    const window = await this.counters.hit(`signup:${clientAddress}`, HOUR);
    if (window.count > limit) throw rateLimited('Too many sign-ups from this address.', window.resetAt);
    const created = await this.createAccount(input, requestId);
    const session = await this.openSession(created.id);
    return { user: userJson(created), ...session };
  }

  /** Creates an account with its welcome grant; no throttle (callers apply theirs). */
  private async createAccount(
    input: { email: string; password: string; displayName?: string | undefined },
    requestId: string,
  ): Promise<repo.UserRow> {
    const email = input.email.trim().toLowerCase();
    const passwordHash = await hashPassword(input.password);
    const now = Date.now();
    const row: repo.UserRow = {
      id: newId('usr', now),
      email,
      password_hash: passwordHash,
      display_name: input.displayName?.trim() || email.split('@')[0] || email,
      tier: 'free',
      role: 'member',
      balance_milli: 0,
      created_at: now,
    };
    const created = await this.essence
      .inTransaction(async ({ tx, afterCommit }) => {
        if (await repo.findUserByEmail(tx, email)) return undefined;
        await repo.insertUser(tx, row);
        if (this.config.signupEssenceMilli > 0) {
          // The welcome grant is a ledger entry like any other, so balance = sum(ledger) from the start.
          await this.essence.applyInTransaction(
            { tx, afterCommit },
            {
              userId: row.id,
              amountMilli: this.config.signupEssenceMilli,
              route: 'POST /api/auth/signup',
              requestId,
              reason: 'welcome grant',
            },
          );
        }
        return repo.findUserById(tx, row.id);
      })
      .catch((error: unknown) => {
        // Two sign-ups racing for one email: the unique index decides, the loser hears "taken".
        if (isUniqueViolation(error)) return undefined;
        throw error;
      });
    if (!created) throw new AppError('conflict', 'An account with this email already exists.');
    return created;
  }

  async login(input: {
    email: string;
    password: string;
  }): Promise<{ user: User; token: string; expiresAt: number }> {
    const email = input.email.trim().toLowerCase();
    const failureKey = `login-failures:${email}`;
    const windowMs = this.config.limits.loginFailureWindowSeconds * 1000;
    // Every attempt counts as a failure until it succeeds: counting only after the slow password
    // check would let any number of concurrent guesses slip under the limit together.
    const attempts = await this.counters.hit(failureKey, windowMs);
    if (attempts.count > this.config.limits.loginFailuresPerEmail) {
      throw rateLimited('Too many failed sign-ins for this account; try again later.', attempts.resetAt);
    }
    const user = await repo.findUserByEmail(this.storage.db, email);
    let ok = false;
    if (user) ok = await verifyPassword(user.password_hash, input.password);
    else await burnVerification(input.password);
    if (!user || !ok) throw AppError.unauthenticated('Email or password is wrong.');
    await this.counters.hit(failureKey, windowMs, -1);
    const session = await this.openSession(user.id);
    return { user: userJson(user), ...session };
  }

  private async openSession(userId: string): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    const expiresAt = now + SESSION_TTL_MS;
    await repo.insertSession(this.storage.db, {
      id: newId('ses', now),
      token_hash: tokenHash(token),
      user_id: userId,
      created_at: now,
      expires_at: expiresAt,
    });
    return { token, expiresAt };
  }

  async resolveSession(token: string): Promise<ResolvedSession | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const now = Date.now();
    const found = await repo.findLiveSession(this.storage.db, tokenHash(token), now);
    if (!found) return null;
    let renewedUntil: number | null = null;
    if (now + SESSION_TTL_MS - found.session.expires_at > SESSION_SLIDE_AFTER_MS) {
      renewedUntil = now + SESSION_TTL_MS;
      await repo.extendSession(this.storage.db, found.session.id, renewedUntil);
    }
    return { sessionId: found.session.id, user: found.user, renewedUntil };
  }

  async logout(sessionId: string): Promise<void> {
    await repo.revokeSession(this.storage.db, sessionId, Date.now());
  }

  async me(userId: string): Promise<User> {
    const row = await repo.findUserById(this.storage.db, userId);
    if (!row) throw AppError.unauthenticated();
    return userJson(row);
  }

  /**
   * Creates the administrator, or promotes the existing account with that email. An existing
   * account's password is never replaced unless `resetPassword` says so: whoever holds that
   * account keeps their way in, and whoever runs the command learns what it did.
   */
  async ensureAdmin(
    email: string,
    password: string | null,
    requestId = 'bootstrap',
    options: { resetPassword?: boolean } = {},
  ): Promise<AdminOutcome> {
    const normalised = email.trim().toLowerCase();
    const existing = await repo.findUserByEmail(this.storage.db, normalised);
    if (existing) {
      const replace = options.resetPassword === true;
      if (replace && password === null)
        throw AppError.field('/password', 'is needed to replace the password');
      const patch: Partial<Pick<repo.UserRow, 'role' | 'password_hash'>> = { role: 'admin' };
      if (replace && password !== null) patch.password_hash = await hashPassword(password);
      const updated = await repo.updateUser(this.storage.db, existing.id, patch);
      if (!updated) throw AppError.notFound('user');
      return {
        user: userJson(updated),
        created: false,
        promoted: existing.role !== 'admin',
        passwordReplaced: replace,
      };
    }
    if (password === null) throw AppError.field('/password', 'is needed to create the account');
    const user = await this.createAccount({ email: normalised, password }, requestId);
    const promoted = await repo.updateUser(this.storage.db, user.id, { role: 'admin' });
    if (!promoted) throw AppError.notFound('user');
    return { user: userJson(promoted), created: true, promoted: true, passwordReplaced: false };
  }

  async listUsers(options: { q?: string | undefined; limit: number; cursor?: string | undefined }) {
    const beforeId = decodeCursor(options.cursor, USER_ID);
    const rows = await repo.listUsers(this.storage.db, {
      query: options.q?.trim() || null,
      limit: options.limit + 1,
      beforeId,
    });
    const { items, nextCursor } = page(rows, options.limit);
    return { users: items.map(userJson), nextCursor };
  }

  async getUser(id: string): Promise<User> {
    const row = USER_ID.test(id) ? await repo.findUserById(this.storage.db, id) : undefined;
    if (!row) throw AppError.notFound('user');
    return userJson(row);
  }

  async updateUser(id: string, patch: { tier?: Tier | undefined; role?: Role | undefined }): Promise<User> {
    const changes: { tier?: Tier; role?: Role } = {};
    if (patch.tier !== undefined) changes.tier = patch.tier;
    if (patch.role !== undefined) changes.role = patch.role;
    if (Object.keys(changes).length === 0) return this.getUser(id);
    const row = USER_ID.test(id) ? await repo.updateUser(this.storage.db, id, changes) : undefined;
    if (!row) throw AppError.notFound('user');
    return userJson(row);
  }
}

export function rateLimited(detail: string, resetAt: number): AppError {
  const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  return new AppError('rate_limited', detail, { headers: { 'retry-after': String(retryAfter) } });
}

export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
