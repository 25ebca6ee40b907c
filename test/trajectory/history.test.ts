import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { findMood } from '../../src/domains/atlas/catalogue.ts';
import { newId } from '../../src/lib/ids.ts';
import { type Account, signup, startTestApp, type TestApp } from '../helpers/app.ts';
import { expectInvalidField, withCookie } from '../helpers/http.ts';

interface Day {
  date: string;
  count: number;
  dominantFamily: string;
  mean: { valence: number; arousal: number; dominance: number };
  transitions: number;
}

describe('looking back', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => t.close());

  /** Check-ins at exact past instants (the API only takes the last 48 hours). */
  const seed = async (who: Account, entries: Array<[string, string]>) => {
    await t.deps.storage.db
      .insertInto('checkins')
      .values(
        entries.map(([at, moodId]) => {
          const mood = findMood(moodId);
          if (!mood) throw new Error(moodId);
          const time = Date.parse(at);
          return {
            id: newId('chk', time),
            user_id: who.user.id,
            mood_id: mood.id,
            family: mood.family,
            valence: mood.valence,
            arousal: mood.arousal,
            dominance: mood.dominance,
            intensity: 0.5,
            note: null,
            at: time,
            created_at: time,
            kind: 'momentary',
            associations: '[]',
          };
        }),
      )
      .execute();
  };
  const history = (who: Account, query: string) =>
    withCookie(t.app, who.cookie, 'GET', `/api/trajectory/history?${query}`);

  test('per local day: count, dominant family, mean point and transitions; empty days omitted', async () => {
    const me = await signup(t.app);
    const other = await signup(t.app);
    await seed(me, [
      // 1 March in Paris (UTC+1) begins at 28 February 23:00 UTC.
      ['2026-02-28T23:30:00.000Z', 'serene'],
      ['2026-03-01T08:00:00.000Z', 'joyful'],
      ['2026-03-01T20:00:00.000Z', 'serene'],
      ['2026-03-03T10:00:00.000Z', 'sad'],
    ]);
    await seed(other, [['2026-03-01T12:00:00.000Z', 'furious']]);
    const response = await history(me, 'from=2026-02-28&to=2026-03-04&tz=Europe/Paris');
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json<{ timezone: string; days: Day[] }>();
    assert.equal(body.timezone, 'Europe/Paris');
    const serene = findMood('serene');
    const joyful = findMood('joyful');
    assert.ok(serene && joyful);
    const mean = (key: 'valence' | 'arousal' | 'dominance') =>
      Math.round(((serene[key] * 2 + joyful[key]) / 3) * 1000) / 1000;
    assert.deepEqual(body.days, [
      {
        date: '2026-03-01',
        count: 3,
        dominantFamily: 'calm',
        mean: { valence: mean('valence'), arousal: mean('arousal'), dominance: mean('dominance') },
        transitions: 3, // still → calm → radiant → calm
      },
      {
        date: '2026-03-03',
        count: 1,
        dominantFamily: 'heavy',
        mean: {
          valence: findMood('sad')?.valence,
          arousal: findMood('sad')?.arousal,
          dominance: findMood('sad')?.dominance,
        },
        transitions: 1,
      },
    ]);
    // In UTC the first check-in falls on 28 February.
    const utc = (await history(me, 'from=2026-02-28&to=2026-03-04')).json<{ days: Day[] }>();
    assert.deepEqual(
      utc.days.map((d) => [d.date, d.count]),
      [
        ['2026-02-28', 1],
        ['2026-03-01', 2],
        ['2026-03-03', 1],
      ],
    );
  });

  test('at most 366 days; bad dates, zones and fields are a 400 naming them', async () => {
    const me = await signup(t.app);
    assert.equal((await history(me, 'from=2025-03-01&to=2026-03-01')).statusCode, 200); // 366 days
    expectInvalidField(await history(me, 'from=2025-03-01&to=2026-03-02'), '/query/to');
    expectInvalidField(await history(me, 'from=2026-03-02&to=2026-03-01'), '/query/to');
    expectInvalidField(await history(me, 'from=2026-02-30&to=2026-03-01'), '/query/from');
    expectInvalidField(await history(me, 'from=2026-2-3&to=2026-03-01'), '/query/from');
    expectInvalidField(await history(me, 'to=2026-03-01'), '/query/from');
    expectInvalidField(await history(me, 'from=2026-03-01&to=2026-03-01&tz=Mars/Olympus'), '/query/tz');
    expectInvalidField(await history(me, 'from=2026-03-01&to=2026-03-01&userId=usr_x'), '/query/userId');
  });

  test('the arc of a past day, and the history, follow edits and deletions', async () => {
    const me = await signup(t.app);
    await seed(me, [
      ['2026-01-10T09:00:00.000Z', 'calm'],
      ['2026-01-10T18:00:00.000Z', 'angry'],
    ]);
    const arc = await withCookie(t.app, me.cookie, 'GET', '/api/trajectory/user-arc?date=2026-01-10&tz=UTC');
    assert.equal(arc.statusCode, 200, arc.body);
    const body = arc.json();
    assert.equal(body.date, '2026-01-10');
    assert.deepEqual(
      body.points.map((p: { moodId: string }) => p.moodId),
      ['calm', 'angry'],
    );
    assert.equal(body.state, 'stormy');
    expectInvalidField(
      await withCookie(t.app, me.cookie, 'GET', '/api/trajectory/user-arc?date=2026-13-01'),
      '/query/date',
    );
    const today = (await withCookie(t.app, me.cookie, 'GET', '/api/trajectory/user-arc')).json();
    assert.equal(today.date, new Date().toISOString().slice(0, 10));

    const { checkins } = (await withCookie(t.app, me.cookie, 'GET', '/api/trajectory/checkins')).json();
    const angry = checkins.find((c: { moodId: string }) => c.moodId === 'angry');
    await withCookie(t.app, me.cookie, 'PATCH', `/api/trajectory/checkins/${angry.id}`, { moodId: 'calm' });
    let day = (await history(me, 'from=2026-01-10&to=2026-01-10')).json<{ days: Day[] }>().days[0];
    assert.deepEqual([day?.count, day?.dominantFamily, day?.transitions], [2, 'calm', 1]);
    await withCookie(t.app, me.cookie, 'DELETE', `/api/trajectory/checkins/${angry.id}`);
    day = (await history(me, 'from=2026-01-10&to=2026-01-10')).json<{ days: Day[] }>().days[0];
    assert.equal(day?.count, 1);
  });
});
