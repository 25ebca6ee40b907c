const essenceFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 });
const percentFormat = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });

/** An Essence amount as the person reads it (at most three decimals). */
export function essence(amount: number): string {
  return essenceFormat.format(amount);
}

export function signedEssence(amount: number): string {
  return amount > 0 ? `+${essence(amount)}` : essence(amount);
}

export function percent(share: number): string {
  return percentFormat.format(share);
}

export function dateTime(iso: string | null, fallback = '—'): string {
  if (iso === null) return fallback;
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function time(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });
}

/** The browser's IANA time zone (the arc's "today" is the person's day, not UTC's). */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 minutes ago", "in 2 days", "now": how long from `now` to `iso`, in the largest fitting unit. */
export function relativeTime(iso: string, now = Date.now()): string {
  const delta = Date.parse(iso) - now;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(delta) >= ms) return relativeFormat.format(Math.round(delta / ms), unit);
  }
  return relativeFormat.format(0, 'second');
}
