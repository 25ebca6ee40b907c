import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import {
  type Account,
  createKey,
  setBalance,
  signup,
  signupAdmin,
  startTestApp,
  type TestApp,
} from '../helpers/app.ts';
import { type FeedServer, startFeedServer } from '../helpers/feed-server.ts';
import { withCookie } from '../helpers/http.ts';

/**
 * Property: whatever people write in check-in notes and memories never reaches a discovery card,
 * a world signal or the embed. Notes go in through `POST /api/trajectory/checkins` (session) and
 * memories through `POST /api/v1/user/memory` (API key), the routes people actually use; each
 * carries a random marker that is then searched for in every public output.
 */
describe('no personal text in public outputs (property)', () => {
  let t: TestApp;
  let server: FeedServer;
  const people: { account: Account; key: string }[] = [];
  const MOODS = ['serene', 'joyful', 'anxious', 'melancholic', 'neutral', 'proud'];

  before(async () => {
    server = await startFeedServer();
    t = await startTestApp({ env: { COUNCIL_ALLOW_PRIVATE_HOSTS: 'true', PULSE_CACHE_SECONDS: '0' } });
    const admin = await signupAdmin(t);
    await withCookie(t.app, admin.cookie, 'POST', '/api/admin/feeds', {
      url: `${server.url}/feeds/atom.xml`,
    });
    await t.deps.council.pull();
    for (let i = 0; i < 6; i++) {
      const account = await signup(t.app);
      await setBalance(t, account.user.id, 100_000);
      const { key } = await createKey(t.app, account, { scopes: ['read', 'write'] });
      people.push({ account, key });
    }
  });
  after(async () => {
    await t.close();
    await server.close();
  });

  async function publicText(): Promise<string> {
    const parts: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/mood/discovery-feed?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await t.app.inject({ method: 'GET', url });
      assert.equal(page.statusCode, 200, page.body);
      parts.push(page.body);
      cursor = page.json().nextCursor;
    } while (cursor !== null);
    // Past the discovery snapshot's reuse window, so the pulse and objects are read afresh.
    parts.push(JSON.stringify(await t.deps.discovery.page(100, undefined, Date.now() + 60_000)));
    parts.push((await t.app.inject({ method: 'GET', url: '/api/council/world-signals?limit=100' })).body);
    parts.push((await t.app.inject({ method: 'GET', url: '/embed/pulse?limit=6' })).body);
    parts.push(
      (await t.app.inject({ method: 'GET', url: '/api/trajectory/collective-pulse?window=24h' })).body,
    );
    return parts.join('\n');
  }

  it('check-in notes and memories carrying markers never appear', async () => {
    const marker = fc.stringMatching(/^[a-f0-9]{16}$/).map((hex) => `MARK${hex}`);
    const entry = fc.record({
      person: fc.integer({ min: 0, max: people.length - 1 }),
      mood: fc.constantFrom(...MOODS),
      marker,
      // Notes and memories that look like what people write, with the marker somewhere inside.
      before: fc.oneof(fc.constant(''), fc.lorem({ maxCount: 8 }), fc.string({ maxLength: 40 })),
      after: fc.oneof(fc.constant(''), fc.lorem({ maxCount: 8 }), fc.emailAddress()),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 4 }), async (entries) => {
        const markers: string[] = [];
        for (const e of entries) {
          const person = people[e.person];
          assert.ok(person);
          const note = `${e.before} ${e.marker} ${e.after}`.slice(0, 500);
          const checkin = await withCookie(t.app, person.account.cookie, 'POST', '/api/trajectory/checkins', {
            moodId: e.mood,
            note,
          });
          assert.equal(checkin.statusCode, 201, checkin.body);
          const memoryMarker = `${e.marker}m`;
          const memory = await t.app.inject({
            method: 'POST',
            url: '/api/v1/user/memory',
            headers: { authorization: `Bearer ${person.key}` },
            payload: {
              content: `${e.after} ${memoryMarker} ${e.before}`.trim(),
              tags: [memoryMarker.slice(0, 32)],
            },
          });
          assert.equal(memory.statusCode, 201, memory.body);
          markers.push(e.marker, memoryMarker);
        }
        const text = await publicText();
        for (const m of markers) assert.ok(!text.includes(m), `marker ${m} leaked`);
        // No email address, account id or key reaches the public outputs either.
        assert.doesNotMatch(text, /usr_[0-9a-z]{26}|orr_[A-Za-z0-9]{10}/);
        for (const person of people) assert.ok(!text.includes(person.account.user.email));
      }),
      { numRuns: 15 },
    );
    // The property was exercised with a pulse big enough to be shown.
    const cards = (await t.deps.discovery.page(100, undefined, Date.now() + 120_000)).cards;
    assert.ok(
      cards.some((c) => c.kind === 'pulse'),
      'the pulse card was part of what was checked',
    );
  });
});
