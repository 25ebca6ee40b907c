import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findMood } from '../../src/domains/atlas/catalogue.ts';
import { COUNCIL_LEASE, CouncilJob, pullUnderLease } from '../../src/domains/council/job.ts';
import type { FeedOutcome, PullSummary } from '../../src/domains/council/service.ts';
import { acquireLease } from '../../src/storage/leases.ts';
import { signupAdmin, startTestApp, type TestApp } from '../helpers/app.ts';
import { type FeedServer, fixture, startFeedServer } from '../helpers/feed-server.ts';
import { withCookie } from '../helpers/http.ts';

const ENV = {
  COUNCIL_ALLOW_PRIVATE_HOSTS: 'true',
  // Short enough that the slow feed fails fast, long enough for a loaded machine to stream 2 MiB.
  COUNCIL_FETCH_TIMEOUT_MS: '3000',
  COUNCIL_SIGNALS_RATE_PER_MINUTE: '1000',
};

let server: FeedServer;
before(async () => {
  server = await startFeedServer({ slowMs: 15_000 });
});
after(() => server.close());

interface Ctx {
  t: TestApp;
  admin: string;
  add(path: string, name?: string): Promise<string>;
  pull(force?: boolean): Promise<PullSummary>;
  outcome(summary: PullSummary, feedId: string): FeedOutcome;
  feed(id: string): Promise<Record<string, unknown>>;
}

/** A fresh app (and database) per test: a pull takes every active feed, so tests share none. */
async function withApp(fn: (ctx: Ctx) => Promise<void>, env: Record<string, string> = {}): Promise<void> {
  const t = await startTestApp({ env: { ...ENV, ...env } });
  try {
    const admin = (await signupAdmin(t)).cookie;
    const ctx: Ctx = {
      t,
      admin,
      async add(path, name) {
        const response = await withCookie(t.app, admin, 'POST', '/api/admin/feeds', {
          url: `${server.url}${path}`,
          ...(name ? { name } : {}),
        });
        assert.equal(response.statusCode, 201, response.body);
        return response.json().feed.id;
      },
      pull: (force = false) => t.deps.council.pull({ force }),
      outcome(summary, feedId) {
        const found = summary.feeds.find((f) => f.feedId === feedId);
        assert.ok(found, `no outcome for ${feedId}`);
        return found;
      },
      async feed(id) {
        const feeds = (await withCookie(t.app, admin, 'GET', '/api/admin/feeds')).json().feeds;
        const found = feeds.find((f: { id: string }) => f.id === id);
        assert.ok(found);
        return found;
      },
    };
    await fn(ctx);
  } finally {
    await t.close();
  }
}

async function signals(t: TestApp, limit = 100) {
  const response = await t.app.inject({ method: 'GET', url: `/api/council/world-signals?limit=${limit}` });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().signals as {
    id: string;
    title: string;
    summary: string;
    sourceUrl: string;
    sourceName: string;
    publishedAt: string | null;
    absorbedAt: string;
    moodId: string;
    family: string;
  }[];
}

describe('Council pulls', () => {
  it('absorbs RSS 2.0, Atom, RDF and JSON Feed, one signal per canonical link', () =>
    withApp(async ({ t, add, pull, outcome, feed }) => {
      // RSS first: feeds are fetched concurrently, and the park story both carry must be
      // absorbed from RSS for the assertions below to know its title.
      const rss = await add('/feeds/rss.xml');
      const first = await pull();
      assert.equal(outcome(first, rss).status, 'pulled');
      assert.equal(first.added, 3, 'RSS: 3 linked items (one has no link)');
      const ids = {
        rss,
        atom: await add('/feeds/atom.xml'),
        rdf: await add('/feeds/rdf.xml'),
        json: await add('/feeds/feed.json', 'The Dispatch'),
      };
      const summary = await pull();
      for (const id of [ids.atom, ids.rdf, ids.json]) assert.equal(outcome(summary, id).status, 'pulled');
      // Atom: 3, one of them the RSS park story under other tracking parameters; RDF: 2; JSON: 2.
      assert.equal(outcome(summary, ids.atom).seen, 1);
      assert.equal(outcome(summary, ids.atom).added, 2);
      assert.equal(summary.added, 6);
      assert.equal(summary.failed, 0);

      const list = await signals(t);
      assert.equal(list.length, 9);
      const links = list.map((s) => s.sourceUrl);
      assert.equal(new Set(links).size, 9);
      assert.ok(links.includes('https://news.example/stories/park'));
      assert.ok(links.includes('https://news.example/stories/storm'));
      assert.ok(links.includes('https://json.example/bridge?page=2'));
      assert.ok(links.includes(`${server.url}/relative/story`));
      for (const signal of list) {
        assert.match(signal.id, /^sig_[0-9a-z]{26}$/);
        assert.ok(signal.summary.length <= 280);
        assert.doesNotMatch(`${signal.title} ${signal.summary}`, /[<>]/);
        const mood = findMood(signal.moodId);
        assert.ok(mood, `unknown mood ${signal.moodId}`);
        assert.match(signal.family, /^(radiant|calm|stormy|heavy|still)$/);
        assert.ok(!Number.isNaN(Date.parse(signal.absorbedAt)));
      }
      const park = list.find((s) => s.sourceUrl === 'https://news.example/stories/park');
      assert.ok(park);
      assert.equal(park.title, 'Town opens a new riverside park');
      assert.equal(park.publishedAt, '2026-11-03T09:15:00.000Z');
      assert.ok(park.summary.length > 100 && park.summary.length <= 280, park.summary);
      assert.doesNotMatch(park.summary, /Read more|park\.jpg/);
      const sources = new Set(list.map((s) => s.sourceName));
      assert.deepEqual([...sources].sort(), [
        'Atom Gazette',
        'Example News',
        'RDF Chronicle',
        'The Dispatch',
      ]);
      // Newest first by publication time.
      const times = list.map((s) => Date.parse(s.publishedAt ?? s.absorbedAt));
      assert.deepEqual(
        times,
        [...times].sort((a, b) => b - a),
      );
      // A feed named by nobody takes its title; an administrator's name stays.
      assert.equal((await feed(ids.rss)).name, 'Example News');
      assert.equal((await feed(ids.json)).name, 'The Dispatch');
      assert.equal((await feed(ids.rss)).signalCount, 3);
    }));

  it('reads the mood of each signal from its title and summary', () =>
    withApp(async ({ t, add, pull }) => {
      await add('/feeds/rdf.xml');
      await pull();
      const festival = (await signals(t)).find((s) => s.sourceUrl === 'https://rdf.example/festival');
      assert.ok(festival);
      assert.equal(festival.family, 'radiant', JSON.stringify(festival));
    }));

  it('sends a conditional GET and takes 304 as nothing new', () =>
    withApp(async ({ t, add, pull, outcome }) => {
      const id = await add('/feeds/atom.xml');
      assert.equal(outcome(await pull(), id).added, 3);
      const before = server.requests.length;
      const second = outcome(await pull(true), id);
      assert.equal(second.status, 'not-modified');
      assert.equal(second.added, 0);
      const request = server.requests.slice(before).find((r) => r.path === '/feeds/atom.xml');
      assert.ok(request);
      assert.match(String(request.headers['if-none-match']), /^"[0-9a-f]{16}"$/);
      assert.equal(request.headers['if-modified-since'], 'Mon, 02 Nov 2026 12:00:00 GMT');
      assert.equal((await signals(t)).length, 3);
    }));

  it('stores items that repeat across pulls once', () =>
    withApp(async ({ t, add, pull, outcome }) => {
      const id = await add('/repeat.xml');
      const first = outcome(await pull(), id);
      assert.deepEqual([first.added, first.seen], [3, 0]);
      const second = outcome(await pull(true), id);
      assert.deepEqual([second.added, second.seen], [1, 2]);
      const titles = (await signals(t)).map((s) => s.title).sort();
      assert.deepEqual(titles, ['Story A', 'Story B', 'Story C', 'Story D']);
    }));

  it('records a malformed feed as failed, with its error, and pulls the others', () =>
    withApp(async ({ t, add, pull, outcome, feed }) => {
      const bad = await add('/malformed.xml');
      const good = await add('/feeds/rdf.xml');
      const summary = await pull();
      assert.equal(outcome(summary, bad).status, 'failed');
      assert.match(String(outcome(summary, bad).error), /^malformed: /);
      assert.equal(outcome(summary, good).status, 'pulled');
      assert.equal((await signals(t)).length, 2);
      const row = await feed(bad);
      assert.match(String(row.lastError), /^malformed: /);
      assert.equal(row.failureCount, 1);
      assert.ok(Date.parse(String(row.nextAttemptAt)) > Date.now());
    }));

  it('aborts a feed that streams past the size cap, and one that announces too much', () =>
    withApp(async ({ add, pull, outcome, feed }) => {
      const streamed = await add('/oversize.xml');
      const declared = await add('/oversize-declared.xml');
      const summary = await pull();
      assert.match(String(outcome(summary, streamed).error), /^too_large: /);
      assert.match(String(outcome(summary, declared).error), /^too_large: .*declares 5000000 bytes/);
      assert.match(String((await feed(streamed)).lastError), /larger than 2097152 bytes/);
    }));

  it('gives up on a feed slower than the timeout', () =>
    withApp(async ({ add, pull, outcome }) => {
      const slow = await add('/slow.xml');
      const quick = await add('/feeds/feed.json');
      const summary = await pull();
      assert.match(String(outcome(summary, slow).error), /^timeout: no complete answer within 3000 ms/);
      assert.equal(outcome(summary, quick).status, 'pulled');
    }));

  it('follows at most three redirects and stops a redirect loop', () =>
    withApp(async ({ add, pull, outcome }) => {
      const loop = await add('/loop');
      const three = await add('/hop/3');
      const four = await add('/hop/4');
      const summary = await pull();
      assert.match(String(outcome(summary, loop).error), /^too_many_redirects: more than 3 redirects/);
      assert.equal(outcome(summary, three).status, 'pulled');
      assert.match(String(outcome(summary, four).error), /^too_many_redirects/);
    }));

  it('records HTTP errors on the feed', () =>
    withApp(async ({ add, pull, outcome }) => {
      const id = await add('/status/503');
      assert.equal(outcome(await pull(), id).error, 'http_status: HTTP 503');
    }));

  it('backs a failing feed off exponentially; a forced pull or resuming it retries at once', () =>
    withApp(async ({ t, admin, add, pull, outcome, feed }) => {
      const id = await add('/status/500');
      await pull();
      const skipped = outcome(await pull(), id);
      assert.equal(skipped.status, 'skipped');
      assert.ok(skipped.dueAt !== null && Date.parse(skipped.dueAt) > Date.now());
      assert.equal(outcome(await pull(true), id).status, 'failed');
      assert.equal((await feed(id)).failureCount, 2);
      // Pausing and resuming makes it due at the next run.
      await withCookie(t.app, admin, 'PATCH', `/api/admin/feeds/${id}`, { paused: true });
      const whilePaused = await pull(true);
      assert.equal(whilePaused.feeds.length, 0, 'a paused feed is not pulled');
      await withCookie(t.app, admin, 'PATCH', `/api/admin/feeds/${id}`, { paused: false });
      assert.equal(outcome(await pull(), id).status, 'failed');
      assert.equal((await feed(id)).failureCount, 3);

      // 1 failure → the next run; 2 → one run skipped; 3 → three skipped; never more than a day.
      const period = 15 * 60_000;
      const at = (failures: number) => t.deps.council.backoffUntil(failures, 0);
      assert.equal(at(1), period / 2);
      assert.equal(at(2), 1.5 * period);
      assert.equal(at(3), 3.5 * period);
      assert.equal(at(30), 24 * 60 * 60_000);
    }));

  it('runs one pull at a time: a held lease makes the job and the command stand aside', () =>
    withApp(async ({ t, add }) => {
      await add('/feeds/rdf.xml');
      assert.ok(await acquireLease(t.deps.storage.db, COUNCIL_LEASE, 'someone-else', 60_000));
      const held = await pullUnderLease(t.deps.storage, t.deps.council, 'me', {}, t.deps.log);
      assert.deepEqual(held, { ran: false, holder: 'someone-else' });
      const job = new CouncilJob(t.deps.storage, t.deps.council, 15, t.deps.log);
      assert.deepEqual(await job.runOnce(), { ran: false, holder: 'someone-else' });
      assert.equal((await signals(t)).length, 0);

      await t.deps.storage.db.deleteFrom('leases').where('name', '=', COUNCIL_LEASE).execute();
      const ran = await job.runOnce();
      assert.ok(ran?.ran);
      assert.equal((await signals(t)).length, 2);
      // The lease is released when the run ends.
      const lease = await t.deps.storage.db
        .selectFrom('leases')
        .selectAll()
        .where('name', '=', COUNCIL_LEASE)
        .execute();
      assert.equal(lease.length, 0);
    }));

  it('deleting a feed removes its signals', () =>
    withApp(async ({ t, admin, add, pull }) => {
      const id = await add('/feeds/feed.json');
      await pull();
      assert.equal((await signals(t)).length, 2);
      assert.equal((await withCookie(t.app, admin, 'DELETE', `/api/admin/feeds/${id}`)).statusCode, 204);
      assert.equal((await signals(t)).length, 0);
    }));

  it('keeps validators only for a document that was read: a feed that turns malformed is refetched whole', () =>
    withApp(async ({ add, pull, outcome }) => {
      server.serve('/changing.xml', fixture('malformed.xml'));
      const id = await add('/changing.xml');
      assert.equal(outcome(await pull(), id).status, 'failed');
      server.serve('/changing.xml', fixture('repeat-1.xml'));
      const fixed = outcome(await pull(true), id);
      assert.equal(fixed.status, 'pulled');
      assert.equal(fixed.added, 3);
    }));
});
