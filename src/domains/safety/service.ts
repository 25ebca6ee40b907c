import { type CrisisFlag, scoreCrisis } from './crisis.ts';
import { decideCrisis, RULES_OR_LEARNED } from './decision.ts';
import { learnedModel, scoreWith } from './learned.ts';
import type { CrisisResource } from './resources.ts';

export type { CrisisResource } from './resources.ts';

/** What the oracle and the analyzer say about a crisis (contract §7); `null` when there is none. */
export interface Safety {
  readonly flag: CrisisFlag;
  readonly resources: readonly CrisisResource[];
}

/** Whether a text is a crisis, and which, as the rules and the learned stage decide together. */
export function crisisFlag(text: string): CrisisFlag | null {
  const model = learnedModel();
  return decideCrisis(
    scoreCrisis(text),
    () => scoreWith(model, text),
    model.model.threshold,
    model.model.decision ?? RULES_OR_LEARNED,
  );
}

/** The crisis reading of a text: the flag and where to turn, or null (see `decision.ts`). */
export function assessSafety(text: string, resources: readonly CrisisResource[]): Safety | null {
  const flag = crisisFlag(text);
  return flag === null ? null : { flag, resources };
}

const MESSAGES: Readonly<Record<CrisisFlag, string>> = {
  self_harm:
    'Thank you for saying this. It sounds like you are in a great deal of pain, and you deserve support from a person right now, not a quotation. ' +
    'Please reach out now to someone you trust, or to a crisis line: the people there listen without judging, and the resources below can connect you with one near you. ' +
    'If you might act on these thoughts, or you are in danger, call your local emergency number now. You do not have to carry this alone.',
  harm_to_others:
    'It sounds like things have become overwhelming and you are thinking about hurting someone. Please pause, put distance between yourself and anything you could use to hurt anyone, and talk to a person right now. ' +
    'A crisis line can help, any time of day: the resources below can connect you with one near you. ' +
    'If anyone is in immediate danger, call your local emergency number now.',
};

/** The short, warm answer the oracle gives in a crisis instead of consulting anything. */
export function crisisMessage(flag: CrisisFlag): string {
  return MESSAGES[flag];
}
