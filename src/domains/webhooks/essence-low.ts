import { fromMilli } from '../../lib/essence.ts';
import type { Executor } from '../../storage/tx.ts';
import type { BalanceMoveListener, BalanceMoveWatch } from '../essence/charge.ts';
import { crossesAlert } from '../essence/service.ts';
import { type NewEvent, notifyCommitted, recordEvents } from './outbox.ts';

/** The alert thresholds (milli-Essence) of those of these accounts that set one, read in `db`. */
export type ThresholdReader = (
  db: Executor,
  userIds: readonly string[],
) => Promise<ReadonlyMap<string, number>>;

/**
 * `essence.low`, written by the charge itself: registered with `Charger.onBalanceMoves`, it runs
 * inside every batch's transaction after the debits, with each account's balance before and after
 * the batch. A batch that takes a balance from at or above the account's threshold to below it
 * records the event in that same transaction. The alert's state is the balance itself: once below,
 * no further debit can cross the threshold again until a grant (or a lowered threshold) puts the
 * balance back at or above it, which is the re-arming. Several debits of one account in one batch
 * are one move, so they emit at most once.
 */
export function essenceLowListener(thresholds: ThresholdReader): BalanceMoveListener {
  return async (unit, moves) => {
    const falling = moves.filter((move) => move.afterMilli < move.beforeMilli);
    if (falling.length === 0) return;
    const byUser = await thresholds(unit.tx, [...new Set(falling.map((move) => move.userId))]);
    const events: NewEvent[] = [];
    for (const move of falling) {
      const threshold = byUser.get(move.userId);
      if (threshold === undefined || !crossesAlert(move.beforeMilli, move.afterMilli, threshold)) continue;
      events.push({
        userId: move.userId,
        type: 'essence.low',
        data: { balance: fromMilli(move.afterMilli), threshold: fromMilli(threshold) },
      });
    }
    if (events.length === 0) return;
    if ((await recordEvents(unit.tx, events)) > 0) unit.afterCommit(notifyCommitted);
  };
}

/** The accounts `essenceLowListener` may act on: those that set a threshold. */
export function essenceLowWatch(thresholds: ThresholdReader): BalanceMoveWatch {
  return async (db, userIds) => (await thresholds(db, userIds)).size > 0;
}
