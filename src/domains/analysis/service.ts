import { assessSafety, type CrisisResource, type Safety } from '../safety/service.ts';
import { analyzeText, type MoodAnalysis } from './analyzer.ts';
import { DISCLAIMER } from './disclaimer.ts';

export interface AnalysisAnswer extends MoodAnalysis {
  readonly disclaimer: string;
  /** Set when the text expresses a crisis (contract §7); the reading is given all the same. */
  readonly safety: Safety | null;
}

/** `POST /api/v1/mood/analyze`: the mood reading of a text, and its crisis reading. */
export function analyze(text: string, resources: readonly CrisisResource[]): AnalysisAnswer {
  return { ...analyzeText(text), disclaimer: DISCLAIMER, safety: assessSafety(text, resources) };
}
