import { Type } from 'typebox';

export const CrisisResourceSchema = Type.Object({
  name: Type.String(),
  url: Type.String(),
  phone: Type.Optional(Type.String()),
  region: Type.String({ description: 'A country or region, or "international".' }),
});

/** `safety` of every oracle and analysis answer (contract §7). */
export const SafetySchema = Type.Union(
  [
    Type.Object({
      flag: Type.Union([Type.Literal('self_harm'), Type.Literal('harm_to_others')]),
      resources: Type.Array(CrisisResourceSchema),
    }),
    Type.Null(),
  ],
  {
    description:
      'Set when the text expresses a risk of suicide or self-harm, or of harming someone else: the flag and where to reach a person now (configured with CRISIS_RESOURCES). Null otherwise.',
  },
);
