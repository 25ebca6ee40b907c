import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findMood } from '../../src/domains/atlas/catalogue.ts';
import {
  type ArcCheckin,
  buildArc,
  isValidTimezone,
  localDay,
  localDays,
} from '../../src/domains/trajectory/arc.ts';

function checkin(moodId: string, at: string): ArcCheckin {
  const mood = findMood(moodId);
  if (!mood) throw new Error(moodId);
  return { id: `chk_${at}`, at: Date.parse(at), moodId, family: mood.family, ...pick(mood), intensity: 0.5 };
}

function pick(m: { valence: number; arousal: number; dominance: number }) {
  return { valence: m.valence, arousal: m.arousal, dominance: m.dominance };
}

test('the day starts in still; changes of family are transitions, staying is a drift', () => {
  const arc = buildArc('2026-11-21', 'UTC', [
    checkin('angry', '2026-11-21T08:00:00.000Z'),
    checkin('frustrated', '2026-11-21T09:00:00.000Z'),
    checkin('serene', '2026-11-21T10:00:00.000Z'),
    checkin('neutral', '2026-11-21T11:00:00.000Z'),
  ]);
  assert.deepEqual(
    arc.transitions.map((t) => `${t.from}>${t.to}`),
    ['still>stormy', 'stormy>calm', 'calm>still'],
  );
  assert.equal(arc.state, 'still');
  assert.equal(arc.summary.count, 4);
  assert.equal(arc.summary.dominantFamily, 'stormy');
});

test('a first check-in in still is a drift, not a transition', () => {
  const arc = buildArc('2026-11-21', 'UTC', [checkin('neutral', '2026-11-21T08:00:00.000Z')]);
  assert.deepEqual(arc.transitions, []);
  assert.equal(arc.state, 'still');
});

test('path length is the sum of Euclidean steps; displacement is last minus first', () => {
  const a = checkin('angry', '2026-11-21T08:00:00.000Z');
  const b = checkin('serene', '2026-11-21T09:00:00.000Z');
  const c = checkin('sad', '2026-11-21T10:00:00.000Z');
  const step = (p: ArcCheckin, q: ArcCheckin) =>
    Math.hypot(q.valence - p.valence, q.arousal - p.arousal, q.dominance - p.dominance);
  const arc = buildArc('2026-11-21', 'UTC', [a, b, c]);
  assert.equal(arc.summary.pathLength, Math.round((step(a, b) + step(b, c)) * 1000) / 1000);
  assert.equal(arc.summary.netDisplacement.valence, Math.round((c.valence - a.valence) * 1000) / 1000);
  assert.equal(arc.summary.netDisplacement.dominance, Math.round((c.dominance - a.dominance) * 1000) / 1000);
});

test('an empty day: still, nothing dominant, zero path', () => {
  const arc = buildArc('2026-11-21', 'Asia/Tokyo', []);
  assert.equal(arc.state, 'still');
  assert.equal(arc.summary.dominantFamily, null);
  assert.equal(arc.summary.pathLength, 0);
  assert.deepEqual(arc.summary.netDisplacement, { valence: 0, arousal: 0, dominance: 0 });
});

test('a tie for the dominant family goes to the family reached last', () => {
  const arc = buildArc('2026-11-21', 'UTC', [
    checkin('angry', '2026-11-21T08:00:00.000Z'),
    checkin('serene', '2026-11-21T09:00:00.000Z'),
  ]);
  assert.equal(arc.summary.dominantFamily, 'calm');
});

test('local days in zones east and west of UTC', () => {
  const now = Date.parse('2026-11-21T02:30:00.000Z');
  assert.deepEqual(localDay('UTC', now), {
    date: '2026-11-21',
    start: Date.parse('2026-11-21T00:00:00.000Z'),
    end: Date.parse('2026-11-22T00:00:00.000Z'),
  });
  assert.deepEqual(localDay('America/New_York', now), {
    date: '2026-11-20',
    start: Date.parse('2026-11-20T05:00:00.000Z'),
    end: Date.parse('2026-11-21T05:00:00.000Z'),
  });
  assert.deepEqual(localDay('Asia/Kolkata', now), {
    date: '2026-11-21',
    start: Date.parse('2026-11-20T18:30:00.000Z'),
    end: Date.parse('2026-11-21T18:30:00.000Z'),
  });
});

test('days across daylight-saving changes last 23 and 25 hours', () => {
  const spring = localDay('Europe/Paris', Date.parse('2026-03-29T12:00:00.000Z'));
  assert.equal(spring.date, '2026-03-29');
  assert.equal(spring.start, Date.parse('2026-03-28T23:00:00.000Z'));
  assert.equal(spring.end - spring.start, 23 * 3_600_000);
  const autumn = localDay('Europe/Paris', Date.parse('2026-10-25T12:00:00.000Z'));
  assert.equal(autumn.end - autumn.start, 25 * 3_600_000);
});

test('a zone whose clocks skip midnight starts its day at the first instant that exists', () => {
  // Santiago springs forward at 24:00 on the first Saturday of September: 00:00–00:59 never happen.
  const day = localDay('America/Santiago', Date.parse('2026-09-06T15:00:00.000Z'));
  assert.equal(day.date, '2026-09-06');
  assert.equal(day.start, Date.parse('2026-09-06T04:00:00.000Z'));
});

test('time zone validation', () => {
  assert.ok(isValidTimezone('Europe/Paris'));
  assert.ok(isValidTimezone('UTC'));
  assert.ok(!isValidTimezone('Mars/Olympus_Mons'));
  assert.ok(!isValidTimezone('not a zone'));
});

test('a year of local days, found a week at a time, equals asking for each day', () => {
  for (const zone of [
    'Europe/Paris',
    'America/Sao_Paulo',
    'Australia/Lord_Howe',
    'America/Havana',
    'Asia/Tehran',
    'UTC',
  ]) {
    const days = localDays(zone, '2025-12-20', '2027-01-10');
    assert.equal(days.length, 387);
    for (const [i, day] of days.entries()) {
      const exact = localDay(zone, day.start);
      assert.deepEqual(day, exact, `${zone} ${day.date}`);
      if (i > 0) assert.equal(days[i - 1]?.end, day.start);
    }
  }
});
