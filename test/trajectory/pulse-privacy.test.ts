import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { findMood } from '../../src/domains/atlas/catalogue.ts';
import { moveKey, type Pulse } from '../../src/domains/trajectory/pulse.ts';
import { TrajectoryService } from '../../src/domains/trajectory/service.ts';
import { newId } from '../../src/lib/ids.ts';
import { type Account, signup, startTestApp, type TestApp } from '../helpers/app.ts';
import { expectInvalidField, withCookie } from '../helpers/http.ts';

const HOUR = 3_600_000;

describe('a pulse that cannot single anyone out', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { PULSE_MIN_ACCOUNT_AGE_HOURS: '24', PULSE_CACHE_SECONDS: '0' } });
  });
  after(async () => t.close());

  const age = async (accounts: Account[], hours: number) => {
    await t.deps.storage.db
      .updateTable('users')
      .set({ created_at: Date.now() - hours * HOUR })
      .where(
        'id',
        'in',
        accounts.map((a) => a.user.id),
      )
      .execute();
  };
  const checkIn = async (who: Account, moodId: string, at?: string) => {
    const response = await withCookie(t.app, who.cookie, 'POST', '/api/trajectory/checkins', {
      moodId,
      ...(at ? { at } : {}),
    });
    assert.equal(response.statusCode, 201, response.body);
  };
  const pulse = async (window = '1h') =>
    (await t.app.inject({ method: 'GET', url: `/api/trajectory/collective-pulse?window=${window}` })).json();

  /** Empties the trajectory tables, so each scenario sees only its own people. */
  const clear = async () => {
    for (const table of [
      'pulse_latest',
      'pulse_moves',
      'pulse_latest_hours',
      'pulse_move_hours',
      'checkins',
      'pulse_days',
    ] as const) {
      await t.deps.storage.db.deleteFrom(table).execute();
    }
  };

  test('only accounts older than PULSE_MIN_ACCOUNT_AGE_HOURS count; the response states its privacy', async () => {
    await clear();
    const aged = await Promise.all(Array.from({ length: 5 }, () => signup(t.app)));
    await age(aged, 25);
    for (const who of aged.slice(0, 4)) await checkIn(who, 'serene');
    const lonely = aged[4] as Account;
    await checkIn(lonely, 'furious');
    let body = await pulse();
    assert.deepEqual(body.privacy, { minGroup: 5, epsilon: null });
    assert.equal(body.participants, 5);
    assert.deepEqual(
      body.moods.map((m: { id: string }) => m.id),
      ['other'],
    );

    // Four fresh accounts join the lonely person's mood: the group is still one real person.
    const fresh = await Promise.all(Array.from({ length: 4 }, () => signup(t.app)));
    for (const who of fresh) await checkIn(who, 'furious');
    body = await pulse();
    assert.equal(body.participants, 5);
    assert.ok(!body.moods.some((m: { id: string }) => m.id === 'furious'), JSON.stringify(body.moods));
    assert.ok(!body.families.some((f: { id: string }) => f.id === 'stormy'), JSON.stringify(body.families));

    // A day later they are people like any other, and count.
    await age(fresh, 24.1);
    body = await pulse();
    assert.equal(body.participants, 5);
    assert.ok(body.moods.some((m: { id: string }) => m.id === 'furious'));
  });

  test("the widget's valence trend does not count fresh accounts either", async () => {
    await clear();
    const earlier = await Promise.all(Array.from({ length: 5 }, () => signup(t.app)));
    const lonely = await signup(t.app);
    await age([...earlier, lonely], 48);
    const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR).toISOString();
    for (const who of earlier) await checkIn(who, 'sad', hoursAgo(18));
    await checkIn(lonely, 'joyful');
    const fresh = await Promise.all(Array.from({ length: 4 }, () => signup(t.app)));
    for (const who of fresh) await checkIn(who, 'joyful');
    assert.equal((await t.deps.trajectory.snapshot()).valenceTrend, 'steady');
    await age(fresh, 25);
    assert.equal((await t.deps.trajectory.snapshot()).valenceTrend, 'rising');
  });

  test('with PULSE_EPSILON the counts are noisy, the response says so, and asking again does not redraw', async () => {
    const noisy = () =>
      new TrajectoryService(t.deps.storage, {
        ...t.deps.config,
        limits: { ...t.deps.config.limits, pulseEpsilon: 0.05, pulseMinAccountAgeMs: 0 },
      });
    const one = noisy();
    assert.deepEqual(one.privacy(), { minGroup: 5, epsilon: 0.05 });
    await clear();
    const people = await Promise.all(Array.from({ length: 40 }, () => signup(t.app)));
    for (const [i, who] of people.entries()) await checkIn(who, i % 2 === 0 ? 'serene' : 'joyful');
    const now = Date.now();
    const first = await one.computePulse('1h', now);
    assert.equal(first.participants % 5, 0);
    // The same counts released again by the same instance carry the same noise: nothing to average.
    assert.deepEqual(await one.computePulse('1h', now + 1000), {
      ...first,
      generatedAt: new Date(now + 1000).toISOString(),
    });
    // Other secrets draw other noise: at ε = 0.05 the figures move by about 20 people.
    const seen = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const result = await noisy().computePulse('1h', now);
      seen.add(JSON.stringify([result.participants, result.moods]));
    }
    assert.ok(seen.size > 1, 'six instances released identical noisy figures');
    const exact = await t.deps.trajectory.computePulse('1h');
    assert.equal(exact.participants, 0); // every account here is younger than 24 hours
  });

  test('past days are published once, after the day ended, and never recomputed', async () => {
    await clear();
    const people = await Promise.all(Array.from({ length: 6 }, () => signup(t.app)));
    await age(people, 72);
    // Yesterday noon (UTC) is 12 to 36 hours ago: inside the 48 hours a check-in may go back.
    const at = new Date(Date.UTC(...ymd(Date.now() - 24 * HOUR), 12)).toISOString();
    for (const who of people) await checkIn(who, 'calm', at);
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/trajectory/collective-pulse/history?window=24h&days=3',
    });
    assert.equal(first.statusCode, 200, first.body);
    const body = first.json();
    assert.deepEqual(
      body.days.map((d: { date: string }) => d.date),
      [1, 2, 3].map((n) => new Date(Date.now() - n * 24 * HOUR).toISOString().slice(0, 10)),
    );
    assert.deepEqual(body.privacy, { minGroup: 5, epsilon: null });
    assert.deepEqual(body.days[0].privacy, { minGroup: 5, epsilon: null });
    const yesterday = body.days[0].pulse as Pulse;
    assert.equal(yesterday.participants, 5);
    assert.equal(yesterday.window, '24h');

    // Later changes to that day do not touch what was published.
    const late = await Promise.all(Array.from({ length: 5 }, () => signup(t.app)));
    await age(late, 72);
    for (const who of late) await checkIn(who, 'sad', at);
    const again = (
      await t.app.inject({ method: 'GET', url: '/api/trajectory/collective-pulse/history?days=3' })
    ).json();
    assert.deepEqual(again.days, body.days);

    for (const query of ['days=0', 'days=91', 'window=1h', 'days=x', 'from=2026-01-01']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/trajectory/collective-pulse/history?${query}`,
      });
      expectInvalidField(response, `/query/${query.split('=')[0]}`);
    }
  });

  test('the daily job publishes under a lease', async () => {
    await clear();
    t.deps.trajectory.startDailyPulseJob(t.deps.log);
    try {
      const until = Date.now() + 10_000;
      for (;;) {
        const stored = await t.deps.storage.db.selectFrom('pulse_days').select('date').execute();
        if (stored.length >= 90) break;
        assert.ok(Date.now() < until, `the job stored ${stored.length} days`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const lease = await t.deps.storage.db
        .selectFrom('leases')
        .select('name')
        .where('name', '=', 'pulse.days')
        .execute();
      assert.equal(lease.length, 1);
    } finally {
      await t.deps.trajectory.close();
    }
  });

  test('property: up to four fresh accounts never make a published figure describe fewer than five real people', async () => {
    const moods = ['serene', 'joyful', 'furious', 'sad'] as const;
    const person = fc.record({
      moods: fc.array(fc.constantFrom(...moods), { minLength: 1, maxLength: 3 }),
    });
    const scenario = fc.record({
      real: fc.array(person, { minLength: 0, maxLength: 14 }),
      fresh: fc.array(person, { minLength: 0, maxLength: 4 }),
      epsilon: fc.constantFrom(null, 0.5, 2),
    });
    const service = (epsilon: number | null) =>
      new TrajectoryService(t.deps.storage, {
        ...t.deps.config,
        limits: { ...t.deps.config.limits, pulseEpsilon: epsilon, pulseMinAccountAgeMs: 24 * HOUR },
      });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ real, fresh, epsilon }) => {
        run += 1;
        await clear();
        const now = Date.now();
        const latest = new Map<string, number>();
        const families = new Map<string, number>();
        const moves = new Map<string, number>();
        const everyone = [
          ...real.map((p) => ({ ...p, createdAt: now - 30 * HOUR, counts: true })),
          ...fresh.map((p) => ({ ...p, createdAt: now - HOUR, counts: false })),
        ];
        const trajectory = service(epsilon);
        for (const [i, p] of everyone.entries()) {
          const id = newId('usr');
          await t.deps.storage.db
            .insertInto('users')
            .values({
              id,
              email: `p${run}-${i}@property.test`,
              password_hash: '!',
              display_name: 'p',
              tier: 'free',
              role: 'member',
              balance_milli: 0,
              created_at: p.createdAt,
            })
            .execute();
          const made = new Set<string>();
          for (const [j, moodId] of p.moods.entries()) {
            await trajectory.checkIn(
              id,
              { moodId, at: new Date(now - (10 - j) * 60_000).toISOString() },
              now,
            );
            const before = j > 0 ? findMood(p.moods[j - 1] as string)?.family : undefined;
            const after = findMood(moodId)?.family;
            if (before && after && before !== after) made.add(moveKey(before, after));
          }
          if (!p.counts) continue;
          const last = p.moods[p.moods.length - 1] as string;
          latest.set(last, (latest.get(last) ?? 0) + 1);
          const family = findMood(last)?.family as string;
          families.set(family, (families.get(family) ?? 0) + 1);
          for (const move of made) moves.set(move, (moves.get(move) ?? 0) + 1);
        }
        const published = await trajectory.computePulse('1h', now + 1);
        if (published.participants > 0)
          assert.ok(real.length >= 5, `participants from ${real.length} people`);
        for (const m of published.moods) {
          if (m.id !== 'other') assert.ok((latest.get(m.id) ?? 0) >= 5, `mood ${m.id}`);
        }
        for (const f of published.families) {
          if (f.id !== 'other') assert.ok((families.get(f.id) ?? 0) >= 5, `family ${f.id}`);
        }
        for (const tr of published.transitions) {
          if (!('id' in tr))
            assert.ok((moves.get(moveKey(tr.from, tr.to)) ?? 0) >= 5, `move ${tr.from}>${tr.to}`);
        }
      }),
      { numRuns: 25 },
    );
  });
});

function ymd(epoch: number): [number, number, number] {
  const d = new Date(epoch);
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
}
