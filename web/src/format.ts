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
