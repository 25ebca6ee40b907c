import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { acquireLease } from '../../src/storage/leases.ts';
import { signupAdmin, startTestApp, type TestApp } from '../helpers/app.ts';
import { type FeedServer, startFeedServer } from '../helpers/feed-server.ts';
import { withCookie } from '../helpers/http.ts';
import { runCli } from '../helpers/processes.ts';

const run = runCli;

describe('orrery council pull', () => {
  let server: FeedServer;
  before(async () => {
    server = await startFeedServer();
  });
  after(() => server.close());

  /** A fresh database with three feeds, one of them malformed; the command runs against it. */
  async function setup(): Promise<{ t: TestApp; env: Record<string, string> }> {
    const t = await startTestApp({ env: { COUNCIL_ALLOW_PRIVATE_HOSTS: 'true' } });
    const admin = (await signupAdmin(t)).cookie;
    for (const path of ['/feeds/rss.xml', '/malformed.xml', '/feeds/feed.json']) {
      const response = await withCookie(t.app, admin, 'POST', '/api/admin/feeds', {
        url: `${server.url}${path}`,
      });
      assert.equal(response.statusCode, 201, response.body);
    }
    return {
      t,
      env: { DATABASE_URL: t.databaseUrl, COUNCIL_ALLOW_PRIVATE_HOSTS: 'true', LOG_LEVEL: 'silent' },
    };
  }

  it('prints one line per feed and a summary, logs each feed, and exits 3 when one failed', async () => {
    const { t, env } = await setup();
    try {
      const { code, stdout, stderr } = await run(['council', 'pull'], { ...env, LOG_LEVEL: 'info' });
      const lines = stdout.trim().split('\n');
      assert.equal(lines.length, 4, stdout);
      assert.match(lines[0] ?? '', /^\[1\/3\] Example News … 3 new, 0 seen \(\d+(\.\d)? m?s\)$/);
      assert.match(lines[1] ?? '', /^\[2\/3\] 127\.0\.0\.1 … failed: malformed: .* \(\d+(\.\d)? m?s\)$/);
      assert.match(lines[2] ?? '', /^\[3\/3\] JSON Dispatch … 2 new, 0 seen /);
      assert.match(lines[3] ?? '', /^3 feeds in \d+(\.\d)? m?s: 5 new, 0 seen, 1 failed, 0 skipped$/);
      assert.equal(code, 3, stderr);
      // Structured logs go to stderr, one JSON line per feed.
      const logs = stderr
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l));
      const perFeed = logs.filter((l) => l.msg === 'council feed pulled' || l.msg === 'council feed failed');
      assert.equal(perFeed.length, 3, stderr);
      for (const line of perFeed)
        assert.ok(line.feedId && line.feedUrl && typeof line.durationMs === 'number');

      const signals = (await t.app.inject({ method: 'GET', url: '/api/council/world-signals' })).json()
        .signals;
      assert.equal(signals.length, 5);
    } finally {
      await t.close();
    }
  });

  it('skips a backing-off feed unless --force, and reports 304s', async () => {
    const { t, env } = await setup();
    try {
      assert.equal((await run(['council', 'pull'], env)).code, 3);
      const again = await run(['council', 'pull'], env);
      assert.match(again.stdout, /\[\d\/3\] 127\.0\.0\.1 … skipped: backing off until \d{4}-/);
      assert.match(again.stdout, /Example News … skipped/, 'a feed pulled moments ago is not due yet');
      assert.equal(again.code, 0);
      const forced = await run(['council', 'pull', '--force'], env);
      assert.match(forced.stdout, /Example News … not modified/);
      assert.match(forced.stdout, /127\.0\.0\.1 … failed: malformed/);
    } finally {
      await t.close();
    }
  });

  it('stands aside while another instance holds the lease', async () => {
    const { t, env } = await setup();
    try {
      assert.ok(await acquireLease(t.deps.storage.db, 'council.pull', 'busy-instance', 60_000));
      const { code, stdout, stderr } = await run(['council', 'pull'], env);
      assert.equal(code, 1);
      assert.equal(stdout, '');
      assert.match(stderr, /lease held by busy-instance/);
    } finally {
      await t.close();
    }
  });
});
