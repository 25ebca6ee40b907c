/**
 * How the two stages of crisis detection decide together. The rules give a score per flag
 * (`CRISIS_THRESHOLD` is their own threshold); the learned stage gives a crisis probability. A
 * text is a crisis when:
 *
 * - the rules score it at least `rulesAlone` (several rules agree, or one strong one twice);
 * - or the learned stage reaches its `threshold` on its own;
 * - or the rules reach their threshold and the learned stage gives at least `withRules`: a
 *   single rule match flags unless the learned stage finds the text plainly ordinary.
 *
 * With `rulesAlone` at the rules' threshold this is "rules OR learned", what Orrery ships (see
 * docs/safety.md for why); `scripts/train-crisis.ts --choose-decision` searches the others.
 */
import { CRISIS_THRESHOLD, type CrisisFlag, type CrisisScores, rulesFlag } from './crisis.ts';

export interface CrisisDecision {
  /** The rules score at which a text is flagged whatever the learned stage says. */
  readonly rulesAlone: number;
  /** The learned probability at which a text the rules score at least 1 is flagged. */
  readonly withRules: number;
}

/** Rules OR learned: what a model without a decision of its own gets. */
export const RULES_OR_LEARNED: CrisisDecision = { rulesAlone: 1, withRules: 0 };

export type RuleScores = Pick<CrisisScores, 'self_harm' | 'harm_to_others'>;

export interface LearnedReading {
  readonly score: number;
  readonly flag: CrisisFlag;
}

/**
 * The flag both stages agree on, or null. The rules' flag wins when they count. `learned` is
 * read only when the rules alone do not decide.
 */
export function decideCrisis(
  rules: RuleScores,
  learned: LearnedReading | (() => LearnedReading),
  threshold: number,
  decision: CrisisDecision,
): CrisisFlag | null {
  const ruleScore = Math.max(rules.self_harm, rules.harm_to_others);
  if (ruleScore >= Math.max(CRISIS_THRESHOLD, decision.rulesAlone)) return rulesFlag(rules);
  const reading = typeof learned === 'function' ? learned() : learned;
  if (ruleScore >= CRISIS_THRESHOLD && reading.score >= decision.withRules) return rulesFlag(rules);
  return reading.score >= threshold ? reading.flag : null;
}
