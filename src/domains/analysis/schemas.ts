import { Type } from 'typebox';
import { Strict } from '../../http/schemas.ts';
import { MULTILINE } from '../../http/validation.ts';
import { SafetySchema } from '../safety/schemas.ts';

export const TEXT_MAX = 5000;

export const AnalyzeBody = Strict({
  text: Type.String({
    [MULTILINE]: true,
    minLength: 1,
    maxLength: TEXT_MAX,
    description: `The text to read (1..${TEXT_MAX} characters, not only whitespace).`,
  }),
});

const Dimension = Type.Number({ minimum: -1, maximum: 1 });

export const MoodAnalysisSchema = Type.Object({
  moodId: Type.String(),
  family: Type.Union([
    Type.Literal('radiant'),
    Type.Literal('calm'),
    Type.Literal('stormy'),
    Type.Literal('heavy'),
    Type.Literal('still'),
  ]),
  valence: Dimension,
  arousal: Dimension,
  dominance: Dimension,
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  emotions: Type.Array(
    Type.Object({ moodId: Type.String(), score: Type.Number({ minimum: 0, maximum: 1 }) }),
  ),
  disclaimer: Type.String(),
  safety: SafetySchema,
});
