import type { LedgerEntry } from './types.ts';

/** A partner call's ledger route, e.g. `POST /api/v1/mood/analyze` (admin grants are not spend). */
const PARTNER_ROUTE = /^[A-Z]+ \/api\/v1\//;

export interface SpendSeries {
  /** Local midnight of each day, oldest first. */
  days: Date[];
  /** Routes with any spend in the range, most spent first. */
  routes: string[];
  /** amounts[r][d]: Essence spent on routes[r] on days[d]. */
  amounts: number[][];
}

function localMidnight(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** The last `dayCount` days (today included) of partner spend, per day and route, in local time. */
export function spendByDay(entries: readonly LedgerEntry[], dayCount: number, now = new Date()): SpendSeries {
  const today = localMidnight(now);
  const days = Array.from(
    { length: dayCount },
    (_, i) => new Date(today.getFullYear(), today.getMonth(), today.getDate() - (dayCount - 1 - i)),
  );
  const dayIndex = new Map(days.map((d, i) => [d.getTime(), i]));
  // Sums in milli-Essence so that adding many small costs stays exact.
  const perRoute = new Map<string, number[]>();
  for (const entry of entries) {
    if (entry.amount >= 0 || !PARTNER_ROUTE.test(entry.route)) continue;
    const index = dayIndex.get(localMidnight(new Date(entry.createdAt)).getTime());
    if (index === undefined) continue;
    let row = perRoute.get(entry.route);
    if (row === undefined) {
      row = new Array<number>(dayCount).fill(0);
      perRoute.set(entry.route, row);
    }
    row[index] = (row[index] ?? 0) + Math.round(-entry.amount * 1000);
  }
  const total = (row: number[]) => row.reduce((a, b) => a + b, 0);
  const routes = [...perRoute.keys()].sort(
    (a, b) => total(perRoute.get(b) ?? []) - total(perRoute.get(a) ?? []) || a.localeCompare(b),
  );
  return {
    days,
    routes,
    amounts: routes.map((r) => (perRoute.get(r) ?? []).map((milli) => milli / 1000)),
  };
}

/** Bottom-up running totals, so bars drawn tallest-first show each route as its own band. */
export function stacked(amounts: readonly number[][]): number[][] {
  const out: number[][] = amounts.map((row) => [...row]);
  for (let r = out.length - 2; r >= 0; r--) {
    const row = out[r] as number[];
    const below = out[r + 1] as number[];
    for (let d = 0; d < row.length; d++) row[d] = Math.round(((row[d] ?? 0) + (below[d] ?? 0)) * 1000) / 1000;
  }
  return out;
}
