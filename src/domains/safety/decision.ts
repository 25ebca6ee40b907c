/**
 * How the two stages of crisis detection decide together. The rules give a score per flag (1 is
 * their own threshold); the learned stage gives a crisis probability. A text is a crisis when:
 *
 * - the rules score it at least `rulesAlone` (several rules agree, or one strong one twice);
 * - or the learned stage reaches its `threshold` on its own;
 * - or the rules reach 1 and the learned stage gives at least `withRules`: a single rule match
 *   flags unless the learned stage finds the text plainly ordinary.
 *
 * With `rulesAlone` 1 this is "rules OR learned". The training script chooses the three numbers
 * by cross-validation on texts the rules were never tuned on (`scripts/train-crisis.ts`).
 */
import type { CrisisFlag } from './crisis.ts';

export interface CrisisDecision {
  /** The rules score at which a text is flagged whatever the learned stage says. */
  readonly rulesAlone: number;
  /** The learned probability at which a text the rules score at least 1 is flagged. */
  readonly withRules: number;
}

/** Rules OR learned: what a model without a decision of its own gets. */
export const RULES_OR_LEARNED: CrisisDecision = { rulesAlone: 1, withRules: 0 };

/** The rules' threshold: a score of 1 is a match in the rules' own terms. */
const RULES_MATCH = 1;

export interface RuleScores {
  readonly self_harm: number;
  readonly harm_to_others: number;
}

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
  const rulesFlag: CrisisFlag = rules.harm_to_others > rules.self_harm ? 'harm_to_others' : 'self_harm';
  if (ruleScore >= Math.max(RULES_MATCH, decision.rulesAlone)) return rulesFlag;
  const reading = typeof learned === 'function' ? learned() : learned;
  if (ruleScore >= RULES_MATCH && reading.score >= decision.withRules) return rulesFlag;
  return reading.score >= threshold ? reading.flag : null;
}
