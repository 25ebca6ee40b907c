import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { WINDOW_MS } from '../../src/domains/trajectory/pulse.ts';
import { rebuildRollups } from '../../src/domains/trajectory/repo.ts';
import { type Account, signup, startTestApp, type TestApp } from '../helpers/app.ts';
import { zoneWhereTodayHolds } from '../helpers/clock.ts';
import { expectInvalidField, expectProblem, withCookie } from '../helpers/http.ts';

interface Checkin {
  id: string;
  moodId: string;
  family: string;
  intensity: number;
  note: string | null;
  at: string;
  kind: string;
  associations: string[];
}

describe('check-ins a person owns', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { PULSE_CACHE_SECONDS: '0' } });
  });
  after(async () => t.close());

  const checkIn = async (account: Account, payload: Record<string, unknown>) => {
    const response = await withCookie(t.app, account.cookie, 'POST', '/api/trajectory/checkins', payload);
    return response;
  };
  const created = async (account: Account, payload: Record<string, unknown>): Promise<Checkin> => {
    const response = await checkIn(account, payload);
    assert.equal(response.statusCode, 201, response.body);
    return response.json<{ checkin: Checkin }>().checkin;
  };
  const list = async (account: Account, query = '') => {
    const response = await withCookie(t.app, account.cookie, 'GET', `/api/trajectory/checkins${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ checkins: Checkin[]; nextCursor: string | null }>();
  };
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

  test('kind and associations round-trip through create, list and edit', async () => {
    const me = await signup(t.app);
    const checkin = await created(me, {
      moodId: 'serene',
      kind: 'daily',
      associations: ['work', 'self-care', 'current-events'],
    });
    assert.equal(checkin.kind, 'daily');
    assert.deepEqual(checkin.associations, ['work', 'self-care', 'current-events']);
    const plain = await created(me, { moodId: 'happy' });
    assert.equal(plain.kind, 'momentary');
    assert.deepEqual(plain.associations, []);
    const { checkins } = await list(me);
    assert.deepEqual(
      checkins.map((c) => [c.id, c.kind, c.associations]),
      [
        [plain.id, 'momentary', []],
        [checkin.id, 'daily', ['work', 'self-care', 'current-events']],
      ],
    );
    const patched = await withCookie(t.app, me.cookie, 'PATCH', `/api/trajectory/checkins/${checkin.id}`, {
      associations: ['family'],
    });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.deepEqual(patched.json<{ checkin: Checkin }>().checkin.associations, ['family']);
    assert.equal(patched.json<{ checkin: Checkin }>().checkin.kind, 'daily');
    const again = await list(me);
    assert.deepEqual(again.checkins[1]?.associations, ['family']);
  });

  test('a bad kind or association is a 400 naming the field, and nothing is stored', async () => {
    const me = await signup(t.app);
    expectInvalidField(await checkIn(me, { moodId: 'serene', kind: 'weekly' }), '/kind');
    expectInvalidField(await checkIn(me, { moodId: 'serene', associations: ['gardening'] }), '/associations');
    expectInvalidField(await checkIn(me, { moodId: 'serene', associations: ['self_care'] }), '/associations');
    expectInvalidField(
      await checkIn(me, {
        moodId: 'serene',
        associations: ['work', 'family', 'friends', 'money', 'health', 'travel'],
      }),
      '/associations',
    );
    expectInvalidField(
      await checkIn(me, { moodId: 'serene', associations: ['work', 'work'] }),
      '/associations',
    );
    expectInvalidField(await checkIn(me, { moodId: 'serene', associations: 'work' }), '/associations');
    assert.deepEqual((await list(me)).checkins, []);
    const five = await created(me, {
      moodId: 'serene',
      associations: ['work', 'family', 'friends', 'money', 'health'],
    });
    assert.equal(five.associations.length, 5);
  });

  test('the old underscore mood id is accepted and stored as the hyphen slug', async () => {
    const me = await signup(t.app);
    const checkin = await created(me, { moodId: 'at_ease' });
    assert.equal(checkin.moodId, 'at-ease');
    assert.equal(checkin.family, 'calm');
    assert.equal((await created(me, { moodId: 'at-ease' })).moodId, 'at-ease');
    const patched = await withCookie(t.app, me.cookie, 'PATCH', `/api/trajectory/checkins/${checkin.id}`, {
      moodId: 'at_ease',
      intensity: 0.9,
    });
    assert.equal(patched.json<{ checkin: Checkin }>().checkin.moodId, 'at-ease');
  });

  test('the list is newest first, self only, bounded by from/to and paged by cursor', async () => {
    const me = await signup(t.app);
    const other = await signup(t.app);
    await created(other, { moodId: 'angry' });
    const ids: string[] = [];
    for (const m of [50, 40, 30, 20, 10])
      ids.push((await created(me, { moodId: 'calm', at: minutesAgo(m) })).id);
    const all = await list(me);
    assert.deepEqual(
      all.checkins.map((c) => c.id),
      [...ids].reverse(),
    );
    const window = await list(
      me,
      `?from=${encodeURIComponent(minutesAgo(45))}&to=${encodeURIComponent(minutesAgo(15))}`,
    );
    assert.deepEqual(
      window.checkins.map((c) => c.id),
      [ids[3], ids[2], ids[1]],
    );
    const first = await list(me, '?limit=2');
    assert.deepEqual(
      first.checkins.map((c) => c.id),
      [ids[4], ids[3]],
    );
    assert.ok(first.nextCursor);
    const second = await list(me, `?limit=2&cursor=${first.nextCursor}`);
    assert.deepEqual(
      second.checkins.map((c) => c.id),
      [ids[2], ids[1]],
    );
    // A date as `from`: the UTC day of the newest, ten minutes ago (today's date fails just after midnight).
    const newestDay = minutesAgo(10).slice(0, 10);
    assert.equal((await list(me, `?from=${newestDay}`)).checkins.length >= 1, true);
    expectInvalidField(
      await withCookie(t.app, me.cookie, 'GET', '/api/trajectory/checkins?from=soon'),
      '/query/from',
    );
    expectInvalidField(
      await withCookie(t.app, me.cookie, 'GET', '/api/trajectory/checkins?who=x'),
      '/query/who',
    );
  });

  test('edits and deletions are the owner’s alone; someone else’s check-in is a 404', async () => {
    const me = await signup(t.app);
    const other = await signup(t.app);
    const mine = await created(me, { moodId: 'serene', note: 'mine' });
    const url = `/api/trajectory/checkins/${mine.id}`;
    expectProblem(await withCookie(t.app, other.cookie, 'PATCH', url, { note: 'theirs' }), 404, 'not_found');
    expectProblem(await withCookie(t.app, other.cookie, 'DELETE', url), 404, 'not_found');
    expectProblem(
      await withCookie(t.app, me.cookie, 'PATCH', '/api/trajectory/checkins/chk_nothing', { note: 'x' }),
      404,
      'not_found',
    );
    expectInvalidField(await withCookie(t.app, me.cookie, 'PATCH', url, { moodId: 'giddy' }), '/moodId');
    expectInvalidField(await withCookie(t.app, me.cookie, 'PATCH', url, { at: minutesAgo(1) }), '/at');
    expectInvalidField(
      await withCookie(t.app, me.cookie, 'PATCH', url, { associations: ['x'] }),
      '/associations',
    );
    expectProblem(await withCookie(t.app, me.cookie, 'PATCH', url, {}), 400, 'invalid_request');
    assert.equal((await list(me)).checkins[0]?.note, 'mine');

    const patched = await withCookie(t.app, me.cookie, 'PATCH', url, {
      moodId: 'furious',
      intensity: 0.2,
      note: null,
    });
    assert.equal(patched.statusCode, 200, patched.body);
    const checkin = patched.json<{ checkin: Checkin }>().checkin;
    assert.deepEqual(
      [checkin.moodId, checkin.family, checkin.intensity, checkin.note, checkin.at],
      ['furious', 'stormy', 0.2, null, mine.at],
    );
    const deleted = await withCookie(t.app, me.cookie, 'DELETE', url);
    assert.equal(deleted.statusCode, 204);
    assert.equal(deleted.body, '');
    expectProblem(await withCookie(t.app, me.cookie, 'DELETE', url), 404, 'not_found');
    assert.deepEqual((await list(me)).checkins, []);
  });

  test('the arc follows an edit and a deletion', async () => {
    const me = await signup(t.app);
    const a = await created(me, { moodId: 'serene', at: minutesAgo(3) });
    const b = await created(me, { moodId: 'joyful', at: minutesAgo(2) });
    const todayArc = `/api/trajectory/user-arc?tz=${zoneWhereTodayHolds(3)}`;
    await withCookie(t.app, me.cookie, 'PATCH', `/api/trajectory/checkins/${a.id}`, { moodId: 'sad' });
    let arc = (await withCookie(t.app, me.cookie, 'GET', todayArc)).json();
    assert.deepEqual(
      arc.points.map((p: { moodId: string }) => p.moodId),
      ['sad', 'joyful'],
    );
    assert.equal(arc.state, 'radiant');
    await withCookie(t.app, me.cookie, 'DELETE', `/api/trajectory/checkins/${b.id}`);
    arc = (await withCookie(t.app, me.cookie, 'GET', todayArc)).json();
    assert.deepEqual(
      arc.points.map((p: { moodId: string }) => p.moodId),
      ['sad'],
    );
    assert.equal(arc.state, 'heavy');
  });

  test('after edits and deletions the pulse rollups equal a rebuild from the check-ins', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => signup(t.app)));
    const made: Array<{ who: Account; id: string }> = [];
    for (const [i, who] of people.entries()) {
      for (const [j, moodId] of ['serene', 'angry', 'sad', 'joyful'].entries()) {
        const c = await created(who, { moodId, at: minutesAgo(60 - i * 5 - j) });
        made.push({ who, id: c.id });
      }
    }
    // Edit the latest of some, delete the latest of others, delete everything of one.
    for (const [index, { who, id }] of made.entries()) {
      if (index % 4 === 3 && index < 8) {
        await withCookie(t.app, who.cookie, 'PATCH', `/api/trajectory/checkins/${id}`, { moodId: 'furious' });
      } else if (index % 4 === 3 && index < 16) {
        await withCookie(t.app, who.cookie, 'DELETE', `/api/trajectory/checkins/${id}`);
      } else if (index >= 20) {
        await withCookie(t.app, who.cookie, 'DELETE', `/api/trajectory/checkins/${id}`);
      } else if (index % 4 === 1) {
        await withCookie(t.app, who.cookie, 'PATCH', `/api/trajectory/checkins/${id}`, { moodId: 'calm' });
      }
    }
    const snapshot = async () => {
      const db = t.deps.storage.db;
      const ours = people.map((p) => p.user.id);
      const latest = await db
        .selectFrom('pulse_latest')
        .select(['user_id', 'checkin_id', 'mood_id', 'family'])
        .where('user_id', 'in', ours)
        .orderBy('user_id')
        .execute();
      const moves = await db
        .selectFrom('pulse_moves')
        .select(['user_id', 'from_family', 'to_family', 'at'])
        .where('user_id', 'in', ours)
        .orderBy('user_id')
        .orderBy('from_family')
        .orderBy('to_family')
        .execute();
      const hours = await db
        .selectFrom('pulse_latest_hours')
        .select(['hour', 'mood_id', 'people'])
        .where('people', '<>', 0)
        .orderBy('hour')
        .orderBy('mood_id')
        .execute();
      const moveHours = await db
        .selectFrom('pulse_move_hours')
        .select(['hour', 'from_family', 'to_family', 'people'])
        .where('people', '<>', 0)
        .orderBy('hour')
        .orderBy('from_family')
        .orderBy('to_family')
        .execute();
      const numbers = <T extends Record<string, unknown>>(rows: T[]) =>
        rows.map((r) =>
          Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? v : Number(v)])),
        );
      return { latest, moves: numbers(moves), hours: numbers(hours), moveHours: numbers(moveHours) };
    };
    const incremental = await snapshot();
    assert.equal(incremental.latest.length, 5);
    await t.deps.storage.db.transaction().execute((tx) => rebuildRollups(tx, Date.now() - WINDOW_MS['7d']));
    assert.deepEqual(incremental, await snapshot());

    const pulse = (
      await t.app.inject({ method: 'GET', url: '/api/trajectory/collective-pulse?window=24h' })
    ).json();
    assert.equal(pulse.participants >= 5, true);
  });

  test('a later pulse follows an edit and a deletion', async () => {
    const five = await Promise.all(Array.from({ length: 5 }, () => signup(t.app)));
    const ids: string[] = [];
    for (const who of five) ids.push((await created(who, { moodId: 'amazed' })).id);
    const named = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/trajectory/collective-pulse?window=1h' }))
        .json()
        .moods.some((m: { id: string }) => m.id === 'amazed');
    assert.equal(await named(), true);
    const last = five[4] as Account;
    await withCookie(t.app, last.cookie, 'PATCH', `/api/trajectory/checkins/${ids[4]}`, { moodId: 'proud' });
    assert.equal(await named(), false);
    await withCookie(t.app, last.cookie, 'PATCH', `/api/trajectory/checkins/${ids[4]}`, { moodId: 'amazed' });
    assert.equal(await named(), true);
    await withCookie(t.app, last.cookie, 'DELETE', `/api/trajectory/checkins/${ids[4]}`);
    assert.equal(await named(), false);
  });
});
