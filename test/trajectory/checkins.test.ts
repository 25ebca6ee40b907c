import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import { type Account, signup, startTestApp, type TestApp } from '../helpers/app.ts';
import { localDate, zoneWhereTodayHolds } from '../helpers/clock.ts';
import { expectInvalidField, expectProblem } from '../helpers/http.ts';

describe('check-ins and the arc', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => t.close());

  const send = (account: Account, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, cookie: account.cookie } });
  const checkIn = (account: Account, payload: Record<string, unknown>) =>
    send(account, { method: 'POST', url: '/api/trajectory/checkins', payload });
  const arc = (account: Account, query = '') =>
    send(account, { method: 'GET', url: `/api/trajectory/user-arc${query}` });
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

  test("a check-in lands at the mood's Atlas point and sets the state", async () => {
    const me = await signup(t.app);
    const response = await checkIn(me, { moodId: 'serene', intensity: 0.8, note: '  quiet morning  ' });
    assert.equal(response.statusCode, 201);
    const { checkin, state } = response.json();
    assert.match(checkin.id, /^chk_[0-9a-z]{26}$/);
    assert.deepEqual(
      [checkin.moodId, checkin.family, checkin.valence, checkin.arousal, checkin.intensity],
      ['serene', 'calm', 0.62, -0.55, 0.8],
    );
    assert.equal(checkin.note, 'quiet morning');
    assert.equal(state, 'calm');
  });

  test('intensity defaults to 0.5 and time to now', async () => {
    const me = await signup(t.app);
    const before = Date.now();
    const { checkin } = (await checkIn(me, { moodId: 'happy' })).json();
    assert.equal(checkin.intensity, 0.5);
    assert.ok(Date.parse(checkin.at) >= before - 5 && Date.parse(checkin.at) <= Date.now());
  });

  test('validation names the field and stores nothing', async () => {
    const me = await signup(t.app);
    expectInvalidField(await checkIn(me, {}), '/moodId');
    expectInvalidField(await checkIn(me, { moodId: 'giddy-ish' }), '/moodId');
    expectInvalidField(await checkIn(me, { moodId: 'serene', intensity: 1.01 }), '/intensity');
    expectInvalidField(await checkIn(me, { moodId: 'serene', intensity: '0.3' }), '/intensity');
    expectInvalidField(await checkIn(me, { moodId: 'serene', note: 'x'.repeat(501) }), '/note');
    expectInvalidField(await checkIn(me, { moodId: 'serene', at: 'yesterday' }), '/at');
    expectInvalidField(await checkIn(me, { moodId: 'serene', at: minutesAgo(-6) }), '/at');
    expectInvalidField(await checkIn(me, { moodId: 'serene', at: minutesAgo(48 * 60 + 1) }), '/at');
    expectInvalidField(await checkIn(me, { moodId: 'serene', userId: 'usr_x' }), '/userId');
    const list = await send(me, { method: 'GET', url: '/api/trajectory/checkins' });
    assert.deepEqual(list.json().checkins, []);
  });

  test('the edges of the time window are accepted', async () => {
    const me = await signup(t.app);
    assert.equal((await checkIn(me, { moodId: 'calm', at: minutesAgo(-4) })).statusCode, 201);
    assert.equal((await checkIn(me, { moodId: 'calm', at: minutesAgo(47 * 60) })).statusCode, 201);
  });

  test('check-ins need a session, and a cross-site form is refused', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/trajectory/checkins',
      payload: { moodId: 'calm' },
    });
    expectProblem(anonymous, 401, 'unauthenticated');
    const me = await signup(t.app);
    const crossSite = await send(me, {
      method: 'POST',
      url: '/api/trajectory/checkins',
      payload: { moodId: 'calm' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expectProblem(crossSite, 403, 'csrf_rejected');
  });

  test('the state is the family of the latest check-in, even after a back-dated one', async () => {
    const me = await signup(t.app);
    await checkIn(me, { moodId: 'angry', at: minutesAgo(30) });
    const backDated = await checkIn(me, { moodId: 'sad', at: minutesAgo(60) });
    assert.equal(backDated.json().state, 'stormy');
    const latest = await checkIn(me, { moodId: 'joyful' });
    assert.equal(latest.json().state, 'radiant');
  });

  test("today's arc: points in time order, transitions from still, summary", async () => {
    const me = await signup(t.app);
    const zone = zoneWhereTodayHolds(3);
    await checkIn(me, { moodId: 'anxious', at: minutesAgo(3) });
    await checkIn(me, { moodId: 'serene', at: minutesAgo(1) });
    await checkIn(me, { moodId: 'worried', at: minutesAgo(2) });
    const response = await arc(me, zone === 'UTC' ? '' : `?tz=${zone}`);
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.timezone, zone);
    assert.equal(body.date, localDate(new Date(), zone));
    assert.deepEqual(
      body.points.map((p: { moodId: string }) => p.moodId),
      ['anxious', 'worried', 'serene'],
    );
    assert.equal(body.state, 'calm');
    assert.deepEqual(
      body.transitions.map((x: { from: string; to: string }) => `${x.from}>${x.to}`),
      ['still>stormy', 'stormy>calm'],
    );
    assert.equal(body.summary.count, 3);
    assert.equal(body.summary.dominantFamily, 'stormy');
    assert.ok(body.summary.pathLength > 0);
    assert.equal(JSON.stringify(body).includes('note'), false);
  });

  test('the arc follows the given time zone and refuses unknown ones', async () => {
    const me = await signup(t.app);
    const tokyo = await arc(me, '?tz=Asia/Tokyo');
    assert.equal(tokyo.statusCode, 200);
    assert.equal(tokyo.json().timezone, 'Asia/Tokyo');
    const tokyoDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
    assert.equal(tokyo.json().date, tokyoDate);
    expectInvalidField(await arc(me, '?tz=Mars/Olympus'), '/query/tz');
    expectInvalidField(await arc(me, '?tz=..%2F..%2Fetc'), '/query/tz');
  });

  test('the arc is self only: any way of naming a person is a 400', async () => {
    const me = await signup(t.app);
    const other = await signup(t.app);
    for (const query of [
      `?userId=${other.user.id}`,
      `?user=${other.user.id}`,
      `?email=${other.user.email}`,
      `?userId=${me.user.id}`,
    ]) {
      const response = await arc(me, query);
      assert.equal(response.statusCode, 400, query);
    }
    expectInvalidField(
      await send(me, { method: 'GET', url: `/api/trajectory/user-arc/${other.user.id}` }),
      '/params/user',
    );
  });

  test("one person's check-ins never show in another's arc or list", async () => {
    const alice = await signup(t.app);
    const bob = await signup(t.app);
    await checkIn(alice, { moodId: 'proud', note: 'alice-private-note' });
    const bobArc = await arc(bob);
    assert.deepEqual(bobArc.json().points, []);
    const bobList = await send(bob, { method: 'GET', url: '/api/trajectory/checkins' });
    assert.equal(bobList.body.includes('alice-private-note'), false);
    const aliceList = await send(alice, { method: 'GET', url: '/api/trajectory/checkins' });
    assert.equal(aliceList.json().checkins[0].note, 'alice-private-note');
  });

  test('the own list pages newest first by time felt', async () => {
    const me = await signup(t.app);
    for (const m of [50, 10, 30, 20, 40]) await checkIn(me, { moodId: 'calm', at: minutesAgo(m) });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const response = await send(me, { method: 'GET', url: `/api/trajectory/checkins?limit=2${query}` });
      const body = response.json();
      seen.push(...body.checkins.map((c: { at: string }) => c.at));
      cursor = body.nextCursor;
    } while (cursor);
    assert.equal(seen.length, 5);
    assert.deepEqual(seen, [...seen].sort().reverse());
    const bad = await send(me, { method: 'GET', url: '/api/trajectory/checkins?cursor=abc' });
    expectInvalidField(bad, '/query/cursor');
  });
});
