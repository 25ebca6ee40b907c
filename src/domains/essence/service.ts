import { AppError } from '../../http/errors.ts';
import { fromMilli } from '../../lib/essence.ts';
import { decodeCursor, page } from '../../lib/paging.ts';
import { DAY, iso } from '../../lib/time.ts';
import type { Storage } from '../../storage/db.ts';
import type { Executor } from '../../storage/tx.ts';
import { type BalanceChange, type Charger, type UnitContext, utcDay } from './charge.ts';
import * as repo from './repo.ts';

export type { BalanceChange } from './charge.ts';

export interface LedgerEntry {
  id: string;
  userId: string;
  keyId: string | null;
  route: string;
  amount: number;
  balanceAfter: number;
  requestId: string;
  idempotencyKey: string | null;
  reason: string | null;
  createdAt: string;
}

export function ledgerEntryJson(row: repo.LedgerRow): LedgerEntry {
  return {
    id: row.id,
    userId: row.user_id,
    keyId: row.key_id,
    route: row.route,
    amount: fromMilli(Number(row.amount_milli)),
    balanceAfter: fromMilli(Number(row.balance_after_milli)),
    requestId: row.request_id,
    idempotencyKey: row.idempotency_key,
    reason: row.reason,
    createdAt: iso(Number(row.created_at)),
  };
}

const LEDGER_ID = /^led_[0-9a-z]{26}$/;
const USAGE_DAYS_MAX = 90;

export interface UsageDay {
  date: string;
  calls: {
    succeeded: number;
    insufficientEssence: number;
    rateLimited: number;
    refused: number;
    failed: number;
  };
  essenceSpent: number;
  byRoute: { route: string; calls: number; essenceSpent: number }[];
}

/**
 * A balance alert. `armed`: the balance is at or above the threshold, so the next debit that
 * takes it below will emit `essence.low`. `crossed`: the balance is below it; nothing more is
 * emitted until the balance is back at or above the threshold, which re-arms it. `off`: no alert.
 */
export interface EssenceAlert {
  threshold: number | null;
  state: 'armed' | 'crossed' | 'off';
  balance: number;
}

/** Whether a balance change from `beforeMilli` to `afterMilli` crosses the alert (emits once). */
export function crossesAlert(beforeMilli: number, afterMilli: number, thresholdMilli: number): boolean {
  return beforeMilli >= thresholdMilli && afterMilli < thresholdMilli;
}

export function alertState(balanceMilli: number, thresholdMilli: number | undefined): EssenceAlert {
  if (thresholdMilli === undefined)
    return { threshold: null, state: 'off', balance: fromMilli(balanceMilli) };
  return {
    threshold: fromMilli(thresholdMilli),
    state: balanceMilli >= thresholdMilli ? 'armed' : 'crossed',
    balance: fromMilli(balanceMilli),
  };
}

export class EssenceService {
  constructor(
    private readonly storage: Storage,
    private readonly charger: Charger,
  ) {}

  /**
   * Applies one balance change and its ledger row inside `unit` (see `Charger.inTransaction`):
   * the ledger row and the balance move together or not at all. Returns undefined when the
   * change would take the balance below zero.
   */
  async applyInTransaction(unit: UnitContext, change: BalanceChange): Promise<LedgerEntry | undefined> {
    const row = await this.charger.applyInTransaction(unit, change);
    return row === undefined ? undefined : ledgerEntryJson(row);
  }

  /** A transaction whose after-commit callbacks run once it commits (see `Charger.inTransaction`). */
  inTransaction<T>(work: (unit: UnitContext) => Promise<T>): Promise<T> {
    return this.charger.inTransaction(work);
  }

  /** An administrator's grant (positive) or revocation (negative); never takes a balance below zero. */
  async adjust(change: BalanceChange): Promise<LedgerEntry> {
    const result = await this.charger.adjust(change);
    if (result === undefined) throw AppError.notFound('user');
    if ('refusedAtMilli' in result) {
      throw new AppError(
        'conflict',
        `Cannot revoke ${fromMilli(-change.amountMilli)} Essence: the balance is ${fromMilli(result.refusedAtMilli)}.`,
        { extras: { balance: fromMilli(result.refusedAtMilli) } },
      );
    }
    return ledgerEntryJson(result);
  }

  /**
   * A key's calls over the last `days` UTC days (today included), oldest first, every day present.
   * Counts gathered in this process are written first; other instances' reach the table within a
   * second.
   */
  async usage(keyId: string, days: number, now = Date.now()): Promise<{ days: UsageDay[] }> {
    const count = Math.min(Math.max(1, Math.trunc(days)), USAGE_DAYS_MAX);
    await this.charger.flush();
    const dates = Array.from({ length: count }, (_, i) => utcDay(now - (count - 1 - i) * DAY));
    const rows = await repo.listUsage(this.storage.db, keyId, dates[0] as string);
    const byDay = new Map<string, UsageDay>(
      dates.map((date) => [
        date,
        {
          date,
          calls: { succeeded: 0, insufficientEssence: 0, rateLimited: 0, refused: 0, failed: 0 },
          essenceSpent: 0,
          byRoute: [],
        },
      ]),
    );
    const spentMilli = new Map<string, number>();
    for (const row of rows) {
      const day = byDay.get(row.day);
      if (day === undefined) continue;
      const calls = {
        succeeded: Number(row.succeeded),
        insufficientEssence: Number(row.insufficient_essence),
        rateLimited: Number(row.rate_limited),
        refused: Number(row.refused),
        failed: Number(row.failed),
      };
      day.calls.succeeded += calls.succeeded;
      day.calls.insufficientEssence += calls.insufficientEssence;
      day.calls.rateLimited += calls.rateLimited;
      day.calls.refused += calls.refused;
      day.calls.failed += calls.failed;
      spentMilli.set(row.day, (spentMilli.get(row.day) ?? 0) + Number(row.spent_milli));
      day.byRoute.push({
        route: row.route,
        calls: calls.succeeded + calls.insufficientEssence + calls.rateLimited + calls.refused + calls.failed,
        essenceSpent: fromMilli(Number(row.spent_milli)),
      });
    }
    for (const [date, milli] of spentMilli) {
      const day = byDay.get(date);
      if (day) day.essenceSpent = fromMilli(milli);
    }
    return { days: [...byDay.values()] };
  }

  async balanceMilli(userId: string, db: Executor = this.storage.db): Promise<number> {
    const balance = await repo.readBalance(db, userId);
    if (balance === undefined) throw AppError.notFound('user');
    return balance;
  }

  async ledger(userId: string, limit: number, cursor: string | undefined) {
    const beforeId = decodeCursor(cursor, LEDGER_ID);
    const rows = await repo.listLedger(this.storage.db, userId, { limit: limit + 1, beforeId });
    const { items, nextCursor } = page(rows, limit);
    return { ledger: items.map(ledgerEntryJson), nextCursor };
  }

  async ledgerSumMilli(userId: string): Promise<number> {
    return repo.sumLedger(this.storage.db, userId);
  }

  /**
   * A person's balance alert and its state, read on `db` (pass the debit's transaction to see the
   * balance it just wrote). The state follows from balance and threshold alone, so it is never
   * out of step with the ledger.
   */
  async alertFor(userId: string, db: Executor = this.storage.db): Promise<EssenceAlert> {
    const [balance, threshold] = await Promise.all([
      repo.readBalance(db, userId),
      repo.findAlert(db, userId),
    ]);
    if (balance === undefined) throw AppError.notFound('user');
    return alertState(balance, threshold);
  }

  /** Sets the alert's threshold in milli-Essence, or removes it with null. */
  async setAlert(userId: string, thresholdMilli: number | null): Promise<EssenceAlert> {
    await repo.setAlert(this.storage.db, userId, thresholdMilli, Date.now());
    return this.alertFor(userId);
  }

  async sweepIdempotency(): Promise<number> {
    return repo.sweepIdempotency(this.storage.db, Date.now());
  }
}
