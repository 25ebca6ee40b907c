import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findMood } from '../../src/domains/atlas/catalogue.ts';
import {
  atlasCard,
  hasPersonalData,
  isDiscoverySafe,
  pulseCards,
} from '../../src/domains/discovery/cards.ts';
import { createKey, signup, signupAdmin, startTestApp, type TestApp } from '../helpers/app.ts';
import { type FeedServer, startFeedServer } from '../helpers/feed-server.ts';
import { expectInvalidField, withCookie } from '../helpers/http.ts';

interface Card {
  id: string;
  kind: 'pulse' | 'mood' | 'signal' | 'object';
  title: string;
  body: string;
  moodId: string;
  family: string;
  color: string;
  link: string | null;
  createdAt: string;
}

const CARD_KEYS = ['body', 'color', 'createdAt', 'family', 'id', 'kind', 'link', 'moodId', 'title'];

async function allCards(t: TestApp, limit = 3): Promise<Card[]> {
  const cards: Card[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const url: string = `/api/mood/discovery-feed?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await t.app.inject({ method: 'GET', url });
    assert.equal(response.statusCode, 200, response.body);
    const page = response.json();
    assert.ok(page.cards.length <= limit);
    cards.push(...page.cards);
    cursor = page.nextCursor;
    if (cursor === null) return cards;
  }
  throw new Error('the feed did not end');
}

function assertOrdered(cards: Card[]) {
  for (let i = 1; i < cards.length; i++) {
    const a = cards[i - 1] as Card;
    const b = cards[i] as Card;
    const ta = Date.parse(a.createdAt);
    const tb = Date.parse(b.createdAt);
    assert.ok(ta > tb || (ta === tb && a.id > b.id), `cards out of order: ${a.id} then ${b.id}`);
  }
}

async function spawn(t: TestApp, key: string, body: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/world/spawn',
    headers: { authorization: `Bearer ${key}` },
    payload: body,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().objectId as string;
}

describe('GET /api/mood/discovery-feed', () => {
  let server: FeedServer;
  let t: TestApp;
  let key: string;
  const objects: Record<string, string> = {};

  before(async () => {
    server = await startFeedServer();
    t = await startTestApp({ env: { COUNCIL_ALLOW_PRIVATE_HOSTS: 'true', PULSE_CACHE_SECONDS: '0' } });
    const admin = await signupAdmin(t);
    for (const path of ['/feeds/rss.xml', '/feeds/rdf.xml']) {
      const response = await withCookie(t.app, admin.cookie, 'POST', '/api/admin/feeds', {
        url: `${server.url}${path}`,
      });
      assert.equal(response.statusCode, 201);
    }
    server.serve(
      '/rude.xml',
      `<rss version="2.0"><channel><title>Rude Wire</title>
        <item><title>What the fuck happened at the market</title><link>https://rude.example/1</link><description>Shit.</description></item>
        <item><title>Contact the editor</title><link>https://rude.example/2</link><description>Write to editor@rude.example with tips.</description></item>
        <item><title>Gentle rain expected</title><link>https://rude.example/3</link><description>A calm and quiet evening ahead.</description></item>
      </channel></rss>`,
    );
    await withCookie(t.app, admin.cookie, 'POST', '/api/admin/feeds', { url: `${server.url}/rude.xml` });
    await t.deps.council.pull();

    const partner = await signup(t.app);
    key = (await createKey(t.app, partner, { scopes: ['read', 'write'] })).key;
    objects.billboard = await spawn(t, key, {
      type: 'billboard',
      title: 'Harvest fair this weekend',
      moodTarget: 'joyful',
    });
    objects.event = await spawn(t, key, {
      type: 'event',
      title: 'Quiet hour at the lake',
      moodTarget: 'serene',
    });
    objects.content = await spawn(t, key, {
      type: 'content_node',
      title: 'A poem about rain',
      moodTarget: 'melancholic',
    });
    objects.notification = await spawn(t, key, {
      type: 'notification',
      title: 'Private ping for one person',
    });
    objects.profane = await spawn(t, key, { type: 'billboard', title: 'Buy this shit now' });
    objects.email = await spawn(t, key, {
      type: 'event',
      title: 'Meetup',
      description: 'RSVP to host@example.org',
    });
    objects.markup = await spawn(t, key, {
      type: 'event',
      title: '<script>alert(1)</script> Lanterns',
      moodTarget: 'amazed',
    });
  });
  after(async () => {
    await t.close();
    await server.close();
  });

  it('serves cards of the documented shape, newest first, to any origin', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/mood/discovery-feed',
      headers: { origin: 'https://blog.example' },
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.equal(response.headers['cache-control'], 'public, max-age=30');
    assert.match(String(response.headers.etag), /^"[\w-]{27}"$/);
    const { cards, nextCursor } = response.json();
    assert.ok(cards.length > 0 && cards.length <= 20);
    assert.equal(nextCursor, null);
    for (const card of cards as Card[]) {
      assert.deepEqual(Object.keys(card).sort(), CARD_KEYS);
      assert.ok(findMood(card.moodId), card.moodId);
      assert.equal(findMood(card.moodId)?.family, card.family);
      assert.match(card.color, /^#[0-9A-Fa-f]{6}$/);
      assert.ok(!Number.isNaN(Date.parse(card.createdAt)));
      if (card.link !== null) assert.match(card.link, /^https?:\/\//);
    }
    assertOrdered(cards);
  });

  it('draws on world signals, Atlas moods and public cosmos objects (never notifications)', async () => {
    const cards = await allCards(t, 100);
    const ids = new Set(cards.map((c) => c.id));
    assert.ok(ids.has(objects.billboard as string));
    assert.ok(ids.has(objects.event as string));
    assert.ok(ids.has(objects.content as string));
    assert.ok(!ids.has(objects.notification as string), 'a notification is never a discovery card');
    const signals = cards.filter((c) => c.kind === 'signal');
    assert.ok(
      signals.some(
        (c) =>
          c.title === 'Town opens a new riverside park' && c.link === 'https://news.example/stories/park',
      ),
    );
    assert.ok(signals.some((c) => c.title === 'Gentle rain expected'));
    assert.ok(cards.some((c) => c.kind === 'mood' && c.id.startsWith('mood_hour_')));
    // Fewer than five people have checked in: no pulse card.
    assert.ok(!cards.some((c) => c.kind === 'pulse'));
    const object = cards.find((c) => c.id === objects.event);
    assert.equal(object?.moodId, 'serene');
    assert.equal(object?.link, `http://localhost:8080/cosmos#${objects.event}`);
  });

  it('drops profanity and anything that identifies a person', async () => {
    const cards = await allCards(t, 100);
    const ids = new Set(cards.map((c) => c.id));
    assert.ok(!ids.has(objects.profane as string));
    assert.ok(!ids.has(objects.email as string));
    const text = cards.map((c) => `${c.title} ${c.body}`).join('\n');
    assert.doesNotMatch(text, /fuck|shit/i);
    assert.doesNotMatch(text, /@/);
    // World signals themselves are headlines as published; only the discovery feed filters.
    const signals = (
      await t.app.inject({ method: 'GET', url: '/api/council/world-signals?limit=100' })
    ).json().signals;
    assert.ok(signals.some((s: { title: string }) => /fuck/.test(s.title)));
  });

  it('pages with an opaque cursor: every card once, in order, whatever the page size', async () => {
    const whole = await allCards(t, 100);
    for (const size of [1, 2, 5]) {
      const paged = await allCards(t, size);
      assert.deepEqual(
        paged.map((c) => c.id),
        whole.map((c) => c.id),
        `page size ${size}`,
      );
    }
    assertOrdered(whole);
  });

  it('answers 304 to If-None-Match with the current ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/mood/discovery-feed?limit=5' });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/mood/discovery-feed?limit=5',
      headers: { 'if-none-match': etag },
    });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    assert.equal(again.headers.etag, etag);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/mood/discovery-feed?limit=4',
      headers: { 'if-none-match': etag },
    });
    assert.equal(other.statusCode, 200);
  });

  it('validates limit and cursor', async () => {
    const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/mood/discovery-feed?${query}` });
    expectInvalidField(await get('limit=0'), '/query/limit');
    expectInvalidField(await get('limit=101'), '/query/limit');
    expectInvalidField(await get('cursor=not-a-cursor'), '/query/cursor');
    expectInvalidField(await get(`cursor=${Buffer.from('12.UPPER').toString('base64url')}`), '/query/cursor');
    expectInvalidField(await get('extra=1'), '/query/extra');
  });
});

describe('paging through many signals', () => {
  let server: FeedServer;
  let t: TestApp;
  before(async () => {
    server = await startFeedServer();
    t = await startTestApp({ env: { COUNCIL_ALLOW_PRIVATE_HOSTS: 'true' } });
    const admin = await signupAdmin(t);
    for (const feed of ['a', 'b']) {
      // 70 items each; every fifth is profane (dropped from discovery); many share a pubDate.
      const items = Array.from({ length: 70 }, (_, i) => {
        const title = i % 5 === 0 ? `Damn shit number ${i}` : `Story ${feed}${i} about the harbour`;
        const day = String(1 + (i % 9)).padStart(2, '0');
        return `<item><title>${title}</title><link>https://${feed}.example/${i}</link><description>Item ${i}.</description><pubDate>${day} Nov 2026 10:00:00 GMT</pubDate></item>`;
      }).join('');
      server.serve(
        `/${feed}.xml`,
        `<rss version="2.0"><channel><title>Wire ${feed}</title>${items}</channel></rss>`,
      );
      const response = await withCookie(t.app, admin.cookie, 'POST', '/api/admin/feeds', {
        url: `${server.url}/${feed}.xml`,
      });
      assert.equal(response.statusCode, 201);
    }
    const summary = await t.deps.council.pull();
    assert.equal(summary.added, 140);
  });
  after(async () => {
    await t.close();
    await server.close();
  });

  it('serves every safe signal exactly once across pages of any size', async () => {
    const whole = await allCards(t, 100);
    const signals = whole.filter((c) => c.kind === 'signal');
    assert.equal(signals.length, 112);
    assert.equal(new Set(whole.map((c) => c.id)).size, whole.length);
    assertOrdered(whole);
    for (const size of [7, 33]) {
      assert.deepEqual(
        (await allCards(t, size)).map((c) => c.id),
        whole.map((c) => c.id),
        `page size ${size}`,
      );
    }
  });
});

describe('the pulse in the discovery feed', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { PULSE_CACHE_SECONDS: '0' } });
  });
  after(() => t.close());

  it('shows the pulse once five people have checked in, and the mood of the moment', async () => {
    const checkIn = async () => {
      const person = await signup(t.app);
      const response = await withCookie(t.app, person.cookie, 'POST', '/api/trajectory/checkins', {
        moodId: 'serene',
      });
      assert.equal(response.statusCode, 201, response.body);
    };
    for (let i = 0; i < 4; i++) await checkIn();
    const four = (await t.app.inject({ method: 'GET', url: '/api/mood/discovery-feed' })).json()
      .cards as Card[];
    assert.ok(
      !four.some((c) => c.kind === 'pulse' || c.id.startsWith('mood_now_')),
      'four people are no pulse',
    );
    await checkIn();
    // The pulse and object cards are reused for a few seconds: read as of a moment later.
    const cards = await t.deps.discovery.page(100, undefined, Date.now() + 10_000).then((p) => p.cards);
    const pulse = cards.find((c) => c.kind === 'pulse');
    assert.ok(pulse, JSON.stringify(cards.map((c) => c.id)));
    assert.equal(pulse.family, 'calm');
    assert.match(pulse.body, /^5 people checked in over the last 24 hours\. Most felt calm: calm 100%\.$/);
    assert.equal(pulse.link, 'http://localhost:8080/pulse');
    const moment = cards.find((c) => c.id === 'mood_now_serene');
    assert.ok(moment);
    assert.equal(moment.title, 'Mood of the moment: Serene');
  });
});

describe('discovery cards (unit)', () => {
  it('make no pulse card for fewer than five participants', () => {
    const pulse = {
      window: '24h',
      generatedAt: '2026-11-21T09:00:00.000Z',
      participants: 0,
      families: [],
      moods: [],
    };
    assert.deepEqual(pulseCards(pulse, 'https://o.example'), []);
    assert.equal(
      pulseCards(
        {
          ...pulse,
          participants: 10,
          families: [{ id: 'radiant', share: 1 }],
          moods: [{ id: 'joyful', share: 1 }],
        },
        'https://o.example',
      ).length,
      2,
    );
  });

  it('rotate the Atlas card by the hour, stable within it', () => {
    const hour = 3_600_000;
    const base = Date.parse('2026-11-21T10:00:00.000Z');
    assert.equal(atlasCard(base).id, atlasCard(base + hour - 1).id);
    const seen = new Set(Array.from({ length: 24 }, (_, i) => atlasCard(base + i * hour).moodId));
    assert.ok(seen.size >= 12, `only ${seen.size} moods in a day`);
    assert.equal(atlasCard(base + 5).createdAt, '2026-11-21T10:00:00.000Z');
  });

  it('recognise personal data', () => {
    for (const text of [
      'mail me at jo@example.com',
      'jo at example dot com',
      `my id is usr_${'0'.repeat(26)}`,
      'key orr_abcdefghijklmnop',
      'call +44 20 7946 0958',
    ]) {
      assert.ok(hasPersonalData(text), text);
    }
    for (const text of ['A calm evening at the harbour', 'The 2026 season opens on 3 May', 'Meet at noon']) {
      assert.ok(!hasPersonalData(text), text);
    }
    assert.ok(!isDiscoverySafe({ title: 'what the fuck', body: '' }));
  });
});
