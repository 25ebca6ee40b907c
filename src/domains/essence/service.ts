import { AppError } from '../../http/errors.ts';
import { fromMilli } from '../../lib/essence.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, page } from '../../lib/paging.ts';
import { iso } from '../../lib/time.ts';
import type { Storage } from '../../storage/db.ts';
import type { Executor } from '../../storage/tx.ts';
import * as repo from './repo.ts';

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

export interface BalanceChange {
  userId: string;
  amountMilli: number;
  route: string;
  requestId: string;
  keyId?: string | null;
  idempotencyKey?: string | null;
  reason?: string | null;
}

const LEDGER_ID = /^led_[0-9a-z]{26}$/;

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
  constructor(private readonly storage: Storage) {}

  /**
   * Applies one balance change and its ledger row on `db`, which must be a transaction: the
   * ledger row and the balance move together or not at all, so the balance always equals the
   * sum of the ledger. Returns undefined when the change would take the balance below zero.
   */
  async applyInTransaction(db: Executor, change: BalanceChange): Promise<LedgerEntry | undefined> {
    const row = await repo.applyChange(db, {
      id: newId('led'),
      user_id: change.userId,
      key_id: change.keyId ?? null,
      route: change.route,
      amount_milli: change.amountMilli,
      request_id: change.requestId,
      idempotency_key: change.idempotencyKey ?? null,
      reason: change.reason ?? null,
      created_at: Date.now(),
    });
    return row === undefined ? undefined : ledgerEntryJson(row);
  }

  /** An administrator's grant (positive) or revocation (negative); never takes a balance below zero. */
  async adjust(change: BalanceChange): Promise<LedgerEntry> {
    return this.storage.db.transaction().execute(async (tx) => {
      const entry = await this.applyInTransaction(tx, change);
      if (entry !== undefined) return entry;
      const balance = await repo.readBalance(tx, change.userId);
      if (balance === undefined) throw AppError.notFound('user');
      throw new AppError(
        'conflict',
        `Cannot revoke ${fromMilli(-change.amountMilli)} Essence: the balance is ${fromMilli(balance)}.`,
        { extras: { balance: fromMilli(balance) } },
      );
    });
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
