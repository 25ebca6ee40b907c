import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { findMood, MOOD_IDS } from '../../src/domains/atlas/catalogue.ts';
import { moveKey, type PulseWindow, publishPulse, WINDOW_MS } from '../../src/domains/trajectory/pulse.ts';
import { rebuildRollups } from '../../src/domains/trajectory/repo.ts';
import { newId } from '../../src/lib/ids.ts';
import { DAY, HOUR, MINUTE } from '../../src/lib/time.ts';
import { createKey, signup, startTestApp, type TestApp, uniqueEmail } from '../helpers/app.ts';

/** People made straight in the database: the pulse needs many, and sign-up hashing is slow on purpose. */
async function people(t: TestApp, n: number): Promise<string[]> {
  const now = Date.now();
  const rows = Array.from({ length: n }, () => ({
    id: newId('usr'),
    email: uniqueEmail('pulse'),
    password_hash: '!',
    display_name: 'Pulse Person',
    tier: 'free' as const,
    role: 'member' as const,
    balance_milli: 0,
    created_at: now,
  }));
  await t.deps.storage.db.insertInto('users').values(rows).execute();
  return rows.map((r) => r.id);
}

interface Planned {
  person: number;
  moodId: string;
  /** Offset from the run's `now` in ms (back-dated up to 48 h, ahead up to 5 min). */
  offset: number;
  note: string;
}

/** The rules of the contract computed the slow way, straight from the check-ins. */
function referenceCounts(
  checkins: ReadonlyArray<{ userId: string; id: string; at: number; moodId: string; family: string }>,
  since: number,
) {
  const byPerson = new Map<string, typeof checkins>();
  for (const c of checkins) byPerson.set(c.userId, [...(byPerson.get(c.userId) ?? []), c]);
  const moods = new Map<string, number>();
  const families = new Map<string, number>();
  const moves = new Map<string, number>();
  let people = 0;
  for (const list of byPerson.values()) {
    const ordered = [...list].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
    const latest = ordered[ordered.length - 1];
    if (latest && latest.at >= since) {
      people += 1;
      moods.set(latest.moodId, (moods.get(latest.moodId) ?? 0) + 1);
      families.set(latest.family, (families.get(latest.family) ?? 0) + 1);
    }
    const made = new Set<string>();
    for (let i = 1; i < ordered.length; i += 1) {
      const a = ordered[i - 1];
      const b = ordered[i];
      if (a && b && b.at >= since && a.family !== b.family) made.add(moveKey(a.family, b.family));
    }
    for (const move of made) moves.set(move, (moves.get(move) ?? 0) + 1);
  }
  return { people, moods, families, moves };
}

describe('the collective pulse', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { PULSE_CACHE_SECONDS: '0' } });
  });
  after(async () => t.close());

  const pulse = async (window = '24h') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/trajectory/collective-pulse?window=${window}`,
    });
    assert.equal(response.statusCode, 200, response.body);
    return response;
  };

  test('the rollups give exactly what the rules imply, for any check-ins, back-dated or not, and so does a rebuild', async () => {
    // Each run lives 30 days after the previous one, so runs never share a window.
    let run = 0;
    const base = Date.now() + 400 * DAY;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 14 }).chain((n) =>
          fc.tuple(
            fc.constant(n),
            fc.array(
              fc.record({
                person: fc.integer({ min: 0, max: n - 1 }),
                moodId: fc.constantFrom('serene', 'angry', 'sad', 'joyful', 'neutral', 'calm', 'anxious'),
                offset: fc.integer({ min: -48 * HOUR + MINUTE, max: 5 * MINUTE }),
                note: fc.string({ maxLength: 20 }),
              }),
              { minLength: 1, maxLength: 40 },
            ),
          ),
        ),
        fc.constantFrom<PulseWindow>('1h', '24h', '7d'),
        async ([n, planned], window) => {
          run += 1;
          const now = base + run * 30 * DAY;
          const ids = await people(t, n);
          const notes: string[] = [];
          const made: Array<{ userId: string; id: string; at: number; moodId: string; family: string }> = [];
          for (const p of planned as Planned[]) {
            const userId = ids[p.person] as string;
            const at = new Date(now + p.offset).toISOString();
            const note = `marker-${run}-${made.length}-${p.note}`;
            notes.push(note);
            const { checkin } = await t.deps.trajectory.checkIn(userId, { moodId: p.moodId, at, note }, now);
            made.push({
              userId,
              id: checkin.id,
              at: Date.parse(checkin.at),
              moodId: checkin.moodId,
              family: checkin.family,
            });
          }
          const published = await t.deps.trajectory.computePulse(window, now);
          const expected = publishPulse(
            referenceCounts(made, now - WINDOW_MS[window]),
            window,
            new Date(now),
          );
          assert.deepEqual(published, expected);
          const text = JSON.stringify(published);
          for (const secret of [...ids, ...notes]) assert.equal(text.includes(secret), false, secret);
          // The bulk rebuild (after seeding) must agree with the per-check-in maintenance.
          await t.deps.storage.db.transaction().execute((tx) => rebuildRollups(tx, now - WINDOW_MS['7d']));
          assert.deepEqual(await t.deps.trajectory.computePulse(window, now), expected);
        },
      ),
      { numRuns: 40 },
    );
  });

  test('fewer than five people: nothing but zero', async () => {
    const fresh = await startTestApp({ env: { PULSE_CACHE_SECONDS: '0' } });
    try {
      for (const id of await people(fresh, 4)) await fresh.deps.trajectory.checkIn(id, { moodId: 'serene' });
      const body = (
        await fresh.app.inject({ method: 'GET', url: '/api/trajectory/collective-pulse' })
      ).json();
      assert.deepEqual([body.participants, body.families, body.moods, body.transitions], [0, [], [], []]);
    } finally {
      await fresh.close();
    }
  });

  test('small groups fold into other; each person counts once, by their latest check-in', async () => {
    const fresh = await startTestApp({ env: { PULSE_CACHE_SECONDS: '0' } });
    try {
      const ids = await people(fresh, 12);
      const marker = `secret-note-${newId('req')}`;
      for (const [i, id] of ids.entries()) {
        // Everyone first felt angry an hour ago; six then became serene, four angry again, two sad.
        await fresh.deps.trajectory.checkIn(id, {
          moodId: 'angry',
          at: new Date(Date.now() - HOUR).toISOString(),
        });
        const moodId = i < 6 ? 'serene' : i < 10 ? 'angry' : 'sad';
        await fresh.deps.trajectory.checkIn(id, { moodId, note: marker });
      }
      const response = await fresh.app.inject({ method: 'GET', url: '/api/trajectory/collective-pulse' });
      const body = response.json();
      assert.equal(body.participants, 10);
      assert.deepEqual(body.moods, [
        { id: 'serene', share: 0.5 },
        { id: 'other', share: 0.5 },
      ]);
      assert.deepEqual(body.families, [
        { id: 'calm', share: 0.5 },
        { id: 'other', share: 0.5 },
      ]);
      // Moves: stormy→calm by 6 people, stormy→heavy by 2 (folded). The 4 who stayed made none.
      assert.deepEqual(body.transitions, [
        { from: 'stormy', to: 'calm', share: 0.75 },
        { id: 'other', from: 'other', to: 'other', share: 0.25 },
      ]);
      assert.match(body.disclaimer, /philosophical exploration/);
      assert.equal(response.headers['access-control-allow-origin'], '*');
      for (const secret of [marker, ...ids]) assert.equal(response.body.includes(secret), false);
    } finally {
      await fresh.close();
    }
  });

  test('windows: an hour, a day, a week', async () => {
    const fresh = await startTestApp({ env: { PULSE_CACHE_SECONDS: '0' } });
    try {
      const ids = await people(fresh, 15);
      const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
      for (const [i, id] of ids.entries()) {
        const at = i < 5 ? ago(10 * MINUTE) : i < 10 ? ago(5 * HOUR) : ago(40 * HOUR);
        await fresh.deps.trajectory.checkIn(id, { moodId: 'joyful', at });
      }
      const participants = async (window: string) =>
        (
          await fresh.app.inject({ method: 'GET', url: `/api/trajectory/collective-pulse?window=${window}` })
        ).json().participants;
      assert.equal(await participants('1h'), 5);
      assert.equal(await participants('24h'), 10);
      assert.equal(await participants('7d'), 15);
      const bad = await fresh.app.inject({
        method: 'GET',
        url: '/api/trajectory/collective-pulse?window=2h',
      });
      assert.equal(bad.statusCode, 400);
    } finally {
      await fresh.close();
    }
  });

  test('cached at most 30 s: Cache-Control counts down from the computation', async () => {
    const cached = await startTestApp({ env: { PULSE_CACHE_SECONDS: '30' } });
    try {
      const first = await cached.app.inject({
        method: 'GET',
        url: '/api/trajectory/collective-pulse?window=1h',
      });
      const maxAge = Number(/max-age=(\d+)/.exec(String(first.headers['cache-control']))?.[1]);
      assert.ok(maxAge <= 30 && maxAge >= 29, String(first.headers['cache-control']));
      const second = await cached.app.inject({
        method: 'GET',
        url: '/api/trajectory/collective-pulse?window=1h',
      });
      assert.equal(second.json().generatedAt, first.json().generatedAt);
    } finally {
      await cached.close();
    }
  });

  test('the widget snapshot: the 24 h pulse, dominant family, trend, cosmos counts; costs 1', async () => {
    const fresh = await startTestApp({ env: { PULSE_CACHE_SECONDS: '0' } });
    try {
      const ids = await people(fresh, 10);
      for (const [i, id] of ids.entries()) {
        // Five felt heavy 18 h ago; five feel radiant now: the mood is rising.
        const [moodId, at] = i < 5 ? ['sad', Date.now() - 18 * HOUR] : ['joyful', Date.now()];
        await fresh.deps.trajectory.checkIn(id, { moodId, at: new Date(at).toISOString() });
      }
      const owner = await signup(fresh.app);
      const { key } = await createKey(fresh.app, owner, { scopes: ['read', 'write'] });
      const spawned = await fresh.app.inject({
        method: 'POST',
        url: '/api/v1/world/spawn',
        headers: { authorization: `Bearer ${key}` },
        payload: { type: 'billboard', title: 'Hello cosmos' },
      });
      assert.equal(spawned.statusCode, 201, spawned.body);
      const response = await fresh.app.inject({
        method: 'GET',
        url: '/api/v1/collective',
        headers: { authorization: `Bearer ${key}` },
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['essence-cost'], '1');
      const body = response.json();
      assert.equal(body.pulse.window, '24h');
      assert.equal(body.pulse.participants, 10);
      assert.equal(body.valenceTrend, 'rising');
      assert.ok(['radiant', 'heavy'].includes(body.dominantFamily));
      assert.deepEqual(body.cosmos.active, { billboard: 1, event: 0, notification: 0, content_node: 0 });
      assert.match(body.disclaimer, /philosophical exploration/);
    } finally {
      await fresh.close();
    }
  });

  test('every mood id in the catalogue is accepted', async () => {
    const [id] = await people(t, 1);
    for (const moodId of MOOD_IDS) {
      const { checkin } = await t.deps.trajectory.checkIn(id as string, { moodId });
      assert.equal(checkin.family, findMood(moodId)?.family);
    }
    await pulse('7d');
  });
});
