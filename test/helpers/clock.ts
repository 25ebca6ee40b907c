/**
 * Tests of "today" (the arc, the calendar, a list from today's date) create check-ins a few
 * minutes in the past. Run just after midnight in the zone the test reads, those check-ins fall on
 * yesterday and the test fails for an hour a day. These helpers pick a zone where they do not.
 */

/** The local date (YYYY-MM-DD) of an instant in an IANA zone. */
export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
}

/**
 * A zone, UTC when it will do, in which the last `minutes` minutes and the next ten fall on one
 * local day. UTC and Tokyo are nine hours apart, so one of them always does for spans under
 * eight hours.
 */
export function zoneWhereTodayHolds(minutes: number, now = new Date()): string {
  const earliest = new Date(now.getTime() - minutes * 60_000);
  const latest = new Date(now.getTime() + 10 * 60_000);
  for (const zone of ['UTC', 'Asia/Tokyo']) {
    if (localDate(earliest, zone) === localDate(latest, zone)) return zone;
  }
  throw new Error(`no zone holds a span of ${minutes} minutes on one day`);
}
