import assert from 'node:assert/strict';
import { test } from 'node:test';
import { localDate, zoneWhereTodayHolds } from '../helpers/clock.ts';

test('a test of "today" reads a zone where its check-ins are today, at any hour', () => {
  assert.equal(zoneWhereTodayHolds(40, new Date('2026-11-28T12:00:00Z')), 'UTC');
  const justAfterMidnight = new Date('2026-11-28T00:02:00Z');
  assert.equal(zoneWhereTodayHolds(3, justAfterMidnight), 'Asia/Tokyo');
  const justBefore = new Date('2026-11-27T23:55:00Z');
  assert.equal(zoneWhereTodayHolds(40, justBefore), 'Asia/Tokyo');
  assert.equal(localDate(justAfterMidnight, 'Asia/Tokyo'), '2026-11-28');
  assert.equal(localDate(new Date('2026-11-27T23:55:00Z'), 'Europe/Paris'), '2026-11-28');
});
