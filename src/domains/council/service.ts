import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { iso, isoOrNull, MINUTE } from '../../lib/time.ts';
import { BlockedHostError, resolveAllowed } from '../../net/addresses.ts';
import type { Storage } from '../../storage/db.ts';
import { analyzeText } from '../analysis/analyzer.ts';
import {
  checkFeedUrl,
  createPinnedDispatcher,
  FeedFetchError,
  type FetchLimits,
  fetchFeed,
  type PinnedDispatcher,
} from './fetcher.ts';
import { FeedParseError, parseFeedDocument } from './parser.ts';
import * as repo from './repo.ts';
import { summarise } from './text.ts';

export interface Feed {
  id: string;
  url: string;
  name: string;
  paused: boolean;
  createdAt: string;
  lastFetchedAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  failureCount: number;
  /** When the scheduled job will next try this feed (null: at its next run). */
  nextAttemptAt: string | null;
  signalCount: number;
}

export interface WorldSignal {
  id: string;
  title: string;
  summary: string;
  sourceUrl: string;
  sourceName: string;
  publishedAt: string | null;
  absorbedAt: string;
  moodId: string;
  family: string;
}

export type FeedStatus = 'pulled' | 'not-modified' | 'failed' | 'skipped';

/** What one feed gave in one pull. */
export interface FeedOutcome {
  feedId: string;
  name: string;
  url: string;
  status: FeedStatus;
  /** Entries absorbed as new signals. */
  added: number;
  /** Entries whose link was already absorbed. */
  seen: number;
  error: string | null;
  /** For `skipped`: when the feed is due again. */
  dueAt: string | null;
  durationMs: number;
}

export interface PullSummary {
  feeds: FeedOutcome[];
  added: number;
  seen: number;
  failed: number;
  skipped: number;
  durationMs: number;
}

export interface PullOptions {
  /** Also pull feeds that are backing off after failures. */
  force?: boolean;
  /** Called for each feed in the feeds' order, once it and every feed before it finished. */
  onProgress?: (outcome: FeedOutcome, done: number, total: number) => void;
  /** Stops starting new feeds once aborted (the lease was lost, or shutdown). */
  signal?: AbortSignal;
}

/** Feeds fetched at the same time in one pull. */
const PULL_CONCURRENCY = 4;
/** The longest a failing feed waits between attempts. */
const MAX_BACKOFF_MS = 24 * 60 * MINUTE;
const ERROR_LIMIT = 500;
const REGISTRATION_LOOKUP_MS = 2000;

function toFeed(row: repo.FeedRow, signalCount: number): Feed {
  return {
    id: row.id,
    url: row.url,
    name: row.name,
    paused: Number(row.paused) === 1,
    createdAt: iso(Number(row.created_at)),
    lastFetchedAt: isoOrNull(row.last_fetched_at === null ? null : Number(row.last_fetched_at)),
    lastSuccessAt: isoOrNull(row.last_success_at === null ? null : Number(row.last_success_at)),
    lastError: row.last_error,
    failureCount: Number(row.failure_count),
    nextAttemptAt: isoOrNull(row.next_attempt_at === null ? null : Number(row.next_attempt_at)),
    signalCount,
  };
}

export function toSignal(row: repo.SignalRow): WorldSignal {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    sourceUrl: row.link,
    sourceName: row.source_name,
    publishedAt: isoOrNull(row.published_at === null ? null : Number(row.published_at)),
    absorbedAt: iso(Number(row.absorbed_at)),
    moodId: row.mood_id,
    family: row.family,
  };
}

function defaultName(url: URL): string {
  return url.hostname.replace(/^www\./, '');
}

/**
 * The Council: feeds administrators register, and the world signals absorbed from them. A pull
 * fetches every due feed (each failure stays with its feed), reads new entries, and stores each
 * story once, by canonical link.
 */
/** A stored world signal as other domains read it; `sortAt` orders them. */
export interface SignalRecord {
  id: string;
  title: string;
  summary: string;
  link: string;
  sourceName: string;
  moodId: string;
  sortAt: number;
}

export class CouncilService {
  private readonly limits: FetchLimits;
  private readonly periodMs: number;

  constructor(
    private readonly storage: Storage,
    private readonly config: Config,
    private readonly log: Logger,
  ) {
    this.limits = {
      timeoutMs: config.council.fetchTimeoutMs,
      maxBytes: config.council.maxFeedBytes,
      maxRedirects: config.council.maxRedirects,
      allowPrivateHosts: config.council.allowPrivateHosts,
      userAgent: `Orrery-Council/1 (+${config.baseUrl.origin})`,
    };
    this.periodMs = (config.council.intervalMinutes || 15) * MINUTE;
  }

  // ---- Feeds (administration) ----------------------------------------------------------------

  async addFeed(input: { url: string; name?: string | undefined }): Promise<Feed> {
    let url: URL;
    try {
      url = checkFeedUrl(input.url);
    } catch (error) {
      throw AppError.field('/url', error instanceof Error ? error.message : 'is not a feed URL');
    }
    try {
      // Bounded: a slow resolver must not hold the administrator's request.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        resolveAllowed(url.hostname, this.config.council.allowPrivateHosts),
        new Promise((resolve) => {
          timer = setTimeout(resolve, REGISTRATION_LOOKUP_MS);
        }),
      ]).finally(() => clearTimeout(timer));
    } catch (error) {
      // A name that does not resolve today may tomorrow; the pull records that. An address the
      // guard refuses will be refused on every pull, so say so now.
      if (error instanceof BlockedHostError) {
        throw AppError.field('/url', `refers to a ${error.kind} address; only public hosts are fetched`);
      }
    }
    const now = Date.now();
    const row: repo.FeedRow = {
      id: newId('feed', now),
      url: url.href,
      name: input.name?.trim() || defaultName(url),
      named: input.name?.trim() ? 1 : 0,
      paused: 0,
      etag: null,
      last_modified: null,
      last_fetched_at: null,
      last_success_at: null,
      last_error: null,
      failure_count: 0,
      next_attempt_at: null,
      created_at: now,
    };
    if (!(await repo.insertFeed(this.storage.db, row))) {
      throw new AppError('conflict', 'A feed with this URL is already registered.');
    }
    return toFeed(row, 0);
  }

  async listFeeds(): Promise<Feed[]> {
    const [rows, counts] = await Promise.all([
      repo.listFeeds(this.storage.db),
      repo.signalCounts(this.storage.db),
    ]);
    return rows.map((row) => toFeed(row, counts.get(row.id) ?? 0));
  }

  async updateFeed(
    id: string,
    changes: { paused?: boolean | undefined; name?: string | undefined },
  ): Promise<Feed> {
    const set: Parameters<typeof repo.updateFeed>[2] = {};
    if (changes.paused !== undefined) {
      set.paused = changes.paused ? 1 : 0;
      // A resumed feed is due at the next run, whatever its backoff said.
      if (!changes.paused) set.next_attempt_at = null;
    }
    if (changes.name !== undefined) {
      if (changes.name.trim() === '') throw AppError.field('/name', 'must not be blank');
      set.name = changes.name.trim();
      set.named = 1;
    }
    const row =
      Object.keys(set).length === 0
        ? await repo.findFeed(this.storage.db, id)
        : await repo.updateFeed(this.storage.db, id, set);
    if (row === undefined) throw AppError.notFound('feed');
    const counts = await repo.signalCounts(this.storage.db);
    return toFeed(row, counts.get(row.id) ?? 0);
  }

  async deleteFeed(id: string): Promise<void> {
    const deleted = await this.storage.db.transaction().execute((tx) => repo.deleteFeed(tx, id));
    if (!deleted) throw AppError.notFound('feed');
  }

  // ---- Signals -------------------------------------------------------------------------------

  async listSignals(limit: number): Promise<WorldSignal[]> {
    return (await repo.listSignals(this.storage.db, limit)).map(toSignal);
  }

  /** Signals newest first strictly before a `(sortAt, id)` position; for the discovery feed. */
  async signalsBefore(limit: number, before: { at: number; id: string } | null): Promise<SignalRecord[]> {
    const rows = await repo.listSignals(this.storage.db, limit, before);
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      summary: row.summary,
      link: row.link,
      sourceName: row.source_name,
      moodId: row.mood_id,
      sortAt: Number(row.sort_at),
    }));
  }

  // ---- Pulling -------------------------------------------------------------------------------

  /** When a feed that has failed `failures` times in a row is tried again (see docs/operations.md). */
  backoffUntil(failures: number, now: number): number {
    // Half a period of slack keeps the attempt due at the intended run despite run-time jitter:
    // 1 failure → the next run, 2 → skip one run, 3 → skip three, … at most a day.
    const periods = 2 ** Math.min(Math.max(failures, 1) - 1, 20);
    return now + Math.min(periods * this.periodMs - this.periodMs / 2, MAX_BACKOFF_MS);
  }

  async pull(options: PullOptions = {}): Promise<PullSummary> {
    const started = Date.now();
    const feeds = await repo.listActiveFeeds(this.storage.db);
    const results: (FeedOutcome | undefined)[] = new Array(feeds.length);
    const dispatcher = createPinnedDispatcher(this.limits.allowPrivateHosts);
    let next = 0;
    let reported = 0;
    const total = feeds.length;
    // Feeds are fetched a few at a time but reported in their own order, so progress reads
    // top to bottom; a slow feed holds back the lines after it, not their work.
    const report = (index: number, outcome: FeedOutcome) => {
      results[index] = outcome;
      for (let ready = results[reported]; ready !== undefined; ready = results[reported]) {
        reported++;
        options.onProgress?.(ready, reported, total);
      }
    };
    const worker = async () => {
      for (;;) {
        const index = next++;
        const feed = feeds[index];
        if (feed === undefined) return;
        const due = feed.next_attempt_at === null || Number(feed.next_attempt_at) <= Date.now();
        if (options.signal?.aborted || (!due && !options.force)) {
          report(index, {
            feedId: feed.id,
            name: feed.name,
            url: feed.url,
            status: 'skipped',
            added: 0,
            seen: 0,
            error: options.signal?.aborted ? 'the pull was stopped' : null,
            dueAt: isoOrNull(feed.next_attempt_at === null ? null : Number(feed.next_attempt_at)),
            durationMs: 0,
          });
          continue;
        }
        report(index, await this.pullFeed(feed, dispatcher));
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(PULL_CONCURRENCY, Math.max(1, total)) }, worker));
    } finally {
      await dispatcher?.close().catch(() => {});
    }
    const outcomes = results.filter((o): o is FeedOutcome => o !== undefined);
    return {
      feeds: outcomes,
      added: outcomes.reduce((sum, o) => sum + o.added, 0),
      seen: outcomes.reduce((sum, o) => sum + o.seen, 0),
      failed: outcomes.filter((o) => o.status === 'failed').length,
      skipped: outcomes.filter((o) => o.status === 'skipped').length,
      durationMs: Date.now() - started,
    };
  }

  /** Fetches, parses and absorbs one feed. Never throws: a failure is recorded on the feed. */
  async pullFeed(feed: repo.FeedRow, dispatcher: PinnedDispatcher | null = null): Promise<FeedOutcome> {
    const started = Date.now();
    const base = { feedId: feed.id, name: feed.name, url: feed.url, dueAt: null };
    const log = this.log.child({ feedId: feed.id, feedUrl: feed.url });
    try {
      const fetched = await fetchFeed(
        feed.url,
        { etag: feed.etag, lastModified: feed.last_modified },
        this.limits,
        dispatcher,
      );
      const now = Date.now();
      if (fetched.status === 'not-modified') {
        await repo.updateFeed(this.storage.db, feed.id, this.succeeded(now));
        const outcome = {
          ...base,
          status: 'not-modified' as const,
          added: 0,
          seen: 0,
          error: null,
          durationMs: now - started,
        };
        log.info({ status: outcome.status, durationMs: outcome.durationMs }, 'council feed pulled');
        return outcome;
      }
      const parsed = parseFeedDocument(fetched.body, fetched.url);
      const name = Number(feed.named) === 1 || parsed.title === null ? feed.name : parsed.title;
      const links = parsed.entries.map((e) => e.link);
      const known = await repo.knownLinks(this.storage.db, links);
      const fresh = new Map<string, (typeof parsed.entries)[number]>();
      for (const entry of parsed.entries) if (!known.has(entry.link)) fresh.set(entry.link, entry);

      const rows = [...fresh.values()]
        .map((entry) => {
          const summary = summarise(entry.text);
          const mood = analyzeText(`${entry.title}. ${summary}`);
          const sortAt = Math.min(entry.publishedAt ?? now, now);
          return { entry, summary, mood, sortAt };
        })
        // Oldest first, so that ids (time-ordered) follow publication within one pull.
        .sort((a, b) => a.sortAt - b.sortAt)
        .map(
          ({ entry, summary, mood, sortAt }): repo.SignalRow => ({
            id: newId('sig'),
            feed_id: feed.id,
            link: entry.link,
            title: entry.title,
            summary,
            source_name: name,
            published_at: entry.publishedAt,
            absorbed_at: now,
            sort_at: sortAt,
            mood_id: mood.moodId,
            family: mood.family,
          }),
        );
      const added = await this.storage.db.transaction().execute(async (tx) => {
        const inserted = await repo.insertSignals(tx, rows);
        // Validators are kept only once the document was read and stored: a 304 must never
        // stand for a document that failed to parse.
        await repo.updateFeed(tx, feed.id, {
          ...this.succeeded(now),
          name,
          etag: fetched.etag,
          last_modified: fetched.lastModified,
        });
        return inserted;
      });
      const outcome: FeedOutcome = {
        ...base,
        name,
        status: 'pulled',
        added,
        seen: parsed.entries.length - added,
        error: null,
        durationMs: Date.now() - started,
      };
      log.info(
        {
          status: outcome.status,
          format: parsed.format,
          bytes: fetched.bytes,
          entries: parsed.entries.length,
          added,
          seen: outcome.seen,
          durationMs: outcome.durationMs,
        },
        'council feed pulled',
      );
      return outcome;
    } catch (error) {
      const message = describeFailure(error).slice(0, ERROR_LIMIT);
      const now = Date.now();
      const failures = Number(feed.failure_count) + 1;
      try {
        await repo.updateFeed(this.storage.db, feed.id, {
          last_fetched_at: now,
          last_error: message,
          failure_count: failures,
          next_attempt_at: this.backoffUntil(failures, now),
        });
      } catch (recordError) {
        log.error({ err: recordError }, 'could not record a feed failure');
      }
      const outcome: FeedOutcome = {
        ...base,
        status: 'failed',
        added: 0,
        seen: 0,
        error: message,
        durationMs: now - started,
      };
      log.warn(
        { status: 'failed', error: message, failures, durationMs: outcome.durationMs },
        'council feed failed',
      );
      return outcome;
    }
  }

  private succeeded(now: number) {
    return {
      last_fetched_at: now,
      last_success_at: now,
      last_error: null,
      failure_count: 0,
      // Half a period: due again at the next scheduled run, not at a run another instance
      // starts a few seconds later.
      next_attempt_at: now + this.periodMs / 2,
    };
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof FeedFetchError) return `${error.reason}: ${error.message}`;
  if (error instanceof FeedParseError) return `malformed: ${error.message}`;
  return `internal: ${error instanceof Error ? error.message : String(error)}`;
}
