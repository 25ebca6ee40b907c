import { Type } from 'typebox';
import { Strict } from '../../http/schemas.ts';
import { MULTILINE } from '../../http/validation.ts';
import { SafetySchema } from '../safety/schemas.ts';

export const QUESTION_MAX = 2000;

export const OracleStyleSchema = Type.Union(
  [Type.Literal('stoic'), Type.Literal('taoist'), Type.Literal('existential'), Type.Literal('any')],
  {
    description:
      'Which tradition answers: stoic (Marcus Aurelius, Epictetus, Seneca), taoist (Tao Te Ching), existential (Ecclesiastes and passages on mortality, meaning and time), any (default).',
  },
);

export const OracleBody = Strict({
  question: Type.String({
    [MULTILINE]: true,
    minLength: 1,
    maxLength: QUESTION_MAX,
    description: `A question of meaning, feeling, choice or perspective (1..${QUESTION_MAX} characters).`,
  }),
  moodId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'An Atlas mood id; when absent the mood is read from the question.',
    }),
  ),
  style: Type.Optional(OracleStyleSchema),
});

const Family = Type.Union([
  Type.Literal('radiant'),
  Type.Literal('calm'),
  Type.Literal('stormy'),
  Type.Literal('heavy'),
  Type.Literal('still'),
]);

export const OracleAnswerSchema = Type.Object({
  answer: Type.String(),
  themes: Type.Array(Type.String()),
  moodReading: Type.Object({ moodId: Type.String(), family: Family }),
  sources: Type.Array(Type.Object({ work: Type.String(), author: Type.String(), locator: Type.String() })),
  disclaimer: Type.String(),
  provider: Type.Union([Type.Literal('builtin'), Type.Literal('openai-compatible'), Type.Literal('safety')], {
    description: '"safety" when the question expressed a crisis and nothing else was consulted.',
  }),
  safety: SafetySchema,
});
