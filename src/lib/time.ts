/** Timestamps are stored as integer epoch milliseconds in both engines and leave as ISO 8601 UTC. */
export function iso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

export function isoOrNull(epochMs: number | null): string | null {
  return epochMs === null ? null : iso(epochMs);
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
