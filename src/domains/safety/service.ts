import { type CrisisFlag, detectCrisis } from './crisis.ts';
import { learnedCrisis } from './learned.ts';
import type { CrisisResource } from './resources.ts';

export type { CrisisResource } from './resources.ts';

/** What the oracle and the analyzer say about a crisis (contract §7); `null` when there is none. */
export interface Safety {
  readonly flag: CrisisFlag;
  readonly resources: readonly CrisisResource[];
}

/**
 * The crisis reading of a text: the flag and where to turn, or null. A text is a crisis when
 * the rules or the learned stage say so; when both do, the rules' flag wins.
 */
export function assessSafety(text: string, resources: readonly CrisisResource[]): Safety | null {
  const verdict = detectCrisis(text) ?? learnedCrisis(text);
  return verdict === null ? null : { flag: verdict.flag, resources };
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
