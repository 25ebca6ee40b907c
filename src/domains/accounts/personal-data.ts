import { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { enforceWindow } from '../../http/quota.ts';
import { DAY, HOUR, iso } from '../../lib/time.ts';
import type { CounterStore } from '../../storage/counters.ts';
import type { Storage } from '../../storage/db.ts';
import type { Executor } from '../../storage/tx.ts';
import { verifyPassword } from './passwords.ts';
import * as repo from './repo.ts';
import { rateLimited, userJson } from './service.ts';

/** Work a section needs done once the erasure has committed (e.g. telling other instances). */
export type AfterErasure = () => Promise<void>;

/**
 * One domain's part of a person's record. Each domain that stores rows about a person declares
 * a section, and the list of sections (built in `deps.ts`) is the one place that says what an
 * export contains and what an erasure removes — a new domain adds its section there.
 */
export interface PersonalDataSection {
  /** The section's key in the export document, e.g. `checkins`; absent: erased, never exported. */
  readonly exportKey?: string;
  /**
   * The person's rows as they appear in the export, one at a time, paging through the database
   * so that no record is ever held in memory whole. No secrets: no raw keys, hashes or signing
   * secrets.
   */
  exportRows?(userId: string): AsyncIterable<unknown>;
  /**
   * Removes the person's rows (or cuts them loose from the person) inside the account's deletion
   * transaction, before the user row goes. Returns what must happen after the commit, if anything.
   */
  erase(tx: Executor, userId: string): Promise<AfterErasure | undefined>;
}

/** The export document's sections, in the order §2 of the contract lists them. */
export interface ExportedAccount {
  contentType: string;
  filename: string;
  body: Readable;
}

/**
 * The rights of access and erasure: the whole record as one download, and the account's
 * deletion. Sections are exported and erased in the order given.
 */
export class PersonalDataService {
  constructor(
    private readonly storage: Storage,
    private readonly counters: CounterStore,
    private readonly config: Config,
    private readonly log: Pick<Logger, 'warn'>,
    private readonly sections: readonly PersonalDataSection[],
  ) {}

  /**
   * Counts one download of the record against the account's hourly allowance (429 past it, with
   * `Retry-After`): an export reads the whole record, so it is not something to loop on.
   */
  async chargeExport(userId: string): Promise<Record<string, string>> {
    const limit = this.config.limits.exportsPerHour;
    return enforceWindow(this.counters, {
      key: `export:${userId}`,
      limit,
      windowMs: HOUR,
      policy: 'hour',
      code: 'rate_limited',
      detail: (resetSeconds) =>
        `Your record can be downloaded ${limit} times an hour; try again in ${resetSeconds} s.`,
    });
  }

  /**
   * The record as one JSON document, written as it is read: `{exportedAt, user, <section>: [...],
   * …}`. Rows are serialised one by one, so memory stays flat however long the record is.
   */
  async exportJson(userId: string, now = Date.now()): Promise<ExportedAccount> {
    const user = await repo.findUserById(this.storage.db, userId);
    if (!user) throw AppError.unauthenticated();
    const sections = this.sections.filter((s) => s.exportKey !== undefined && s.exportRows !== undefined);
    async function* document(): AsyncGenerator<string> {
      yield `{"exportedAt":${JSON.stringify(iso(now))},"user":${JSON.stringify(userJson(user as repo.UserRow))}`;
      for (const section of sections) {
        yield `,${JSON.stringify(section.exportKey)}:[`;
        let first = true;
        let chunk = '';
        for await (const row of (section.exportRows as (id: string) => AsyncIterable<unknown>)(userId)) {
          chunk += (first ? '' : ',') + JSON.stringify(row);
          first = false;
          // Batches of ~64 KiB: fewer, larger writes, still a bounded amount in memory.
          if (chunk.length >= 65_536) {
            yield chunk;
            chunk = '';
          }
        }
        yield `${chunk}]`;
      }
      yield '}\n';
    }
    return {
      contentType: 'application/json; charset=utf-8',
      filename: `orrery-export-${iso(now).slice(0, 10)}.json`,
      body: Readable.from(document()),
    };
  }

  /**
   * Erases the account after checking its password: every section in one transaction, then the
   * sessions and the user row. Wrong passwords count like failed sign-ins (and are throttled the
   * same way), so a stolen session cannot guess its way to deleting the account.
   */
  async deleteAccount(userId: string, password: string): Promise<void> {
    const user = await repo.findUserById(this.storage.db, userId);
    if (!user) throw AppError.unauthenticated();
    const failureKey = `login-failures:${user.email}`;
    const windowMs = this.config.limits.loginFailureWindowSeconds * 1000;
    const attempts = await this.counters.hit(failureKey, windowMs);
    if (attempts.count > this.config.limits.loginFailuresPerEmail) {
      throw rateLimited('Too many wrong passwords for this account; try again later.', attempts.resetAt);
    }
    if (!(await verifyPassword(user.password_hash, password))) {
      throw new AppError('forbidden', 'The password is wrong; the account was not deleted.');
    }
    const after = await this.storage.db.transaction().execute(async (tx) => {
      if (!(await repo.lockUser(tx, userId))) throw AppError.unauthenticated();
      const pending: AfterErasure[] = [];
      for (const section of this.sections) {
        const work = await section.erase(tx, userId);
        if (work) pending.push(work);
      }
      await repo.deleteSessions(tx, userId);
      await repo.deleteUser(tx, userId);
      return pending;
    });
    // Counters named after the person (failed sign-ins, today's and yesterday's quota) go too;
    // in Redis they would otherwise linger until their window ends.
    const today = Math.floor(Date.now() / DAY);
    const counterKeys = [
      failureKey,
      `export:${userId}`,
      `quota:${today}:user:${userId}`,
      `quota:${today - 1}:user:${userId}`,
    ];
    for (const work of [...after, ...counterKeys.map((key) => () => this.counters.reset(key))]) {
      try {
        await work();
      } catch (error) {
        this.log.warn({ err: error }, 'erasure follow-up failed');
      }
    }
  }
}
