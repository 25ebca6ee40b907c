import { Type } from 'typebox';
import { IsoTime, Strict } from '../../http/schemas.ts';
import { MULTILINE } from '../../http/validation.ts';

const FamilyId = Type.Union(
  [
    Type.Literal('radiant'),
    Type.Literal('calm'),
    Type.Literal('stormy'),
    Type.Literal('heavy'),
    Type.Literal('still'),
  ],
  { description: 'An Atlas family.' },
);
const Window = Type.Union([Type.Literal('1h'), Type.Literal('24h'), Type.Literal('7d')]);
const Unit = Type.Number({ minimum: -1, maximum: 1 });

export function CheckinBody(noteChars: number) {
  return Strict({
    moodId: Type.String({ minLength: 1, maxLength: 64, description: 'An Atlas mood id.' }),
    intensity: Type.Optional(Type.Number({ minimum: 0, maximum: 1, default: 0.5 })),
    note: Type.Optional(
      Type.String({
        [MULTILINE]: true,
        maxLength: noteChars,
        description: 'Private forever: only its owner ever sees it.',
      }),
    ),
    at: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'When it was felt; at most 5 minutes ahead and 48 hours back. Default: now.',
      }),
    ),
  });
}

export const CheckinJson = Type.Object({
  id: Type.String(),
  moodId: Type.String(),
  family: FamilyId,
  valence: Unit,
  arousal: Unit,
  dominance: Unit,
  intensity: Type.Number(),
  note: Type.Union([Type.String(), Type.Null()]),
  at: IsoTime,
  createdAt: IsoTime,
});

export const CheckinCreated = Type.Object({ checkin: CheckinJson, state: FamilyId });

export const CheckinPage = Type.Object({
  checkins: Type.Array(CheckinJson),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const ArcQuery = Strict(
  {
    tz: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'An IANA time zone, e.g. Europe/Paris. Default UTC.',
      }),
    ),
  },
  "Self only: the arc is always the signed-in person's; naming anyone (userId, email, …) is a 400.",
);

export const ArcJson = Type.Object({
  date: Type.String({ format: 'date' }),
  timezone: Type.String(),
  points: Type.Array(
    Type.Object({
      at: IsoTime,
      moodId: Type.String(),
      family: FamilyId,
      valence: Unit,
      arousal: Unit,
      dominance: Unit,
      intensity: Type.Number(),
    }),
  ),
  state: FamilyId,
  transitions: Type.Array(Type.Object({ from: FamilyId, to: FamilyId, at: IsoTime })),
  summary: Type.Object({
    count: Type.Integer(),
    pathLength: Type.Number(),
    netDisplacement: Type.Object({
      valence: Type.Number(),
      arousal: Type.Number(),
      dominance: Type.Number(),
    }),
    dominantFamily: Type.Union([FamilyId, Type.Null()]),
  }),
});

export const PulseQuery = Strict({
  window: Type.Optional(
    Type.Union([Type.Literal('1h'), Type.Literal('24h'), Type.Literal('7d')], {
      default: '24h',
      description: 'The window: the last hour, day or week.',
    }),
  ),
});

const Share = Type.Number({ minimum: 0, maximum: 1 });

export const PulseJson = Type.Object({
  window: Window,
  generatedAt: IsoTime,
  participants: Type.Integer({ minimum: 0, multipleOf: 5 }),
  families: Type.Array(Type.Object({ id: Type.String(), share: Share })),
  moods: Type.Array(Type.Object({ id: Type.String(), share: Share })),
  transitions: Type.Array(
    Type.Object({
      id: Type.Optional(Type.Literal('other')),
      from: Type.String(),
      to: Type.String(),
      share: Share,
    }),
  ),
});

export const PulseResponse = Type.Object({ ...PulseJson.properties, disclaimer: Type.String() });

const ObjectCounts = Type.Object({
  billboard: Type.Integer(),
  event: Type.Integer(),
  notification: Type.Integer(),
  content_node: Type.Integer(),
});

export const CollectiveJson = Type.Object({
  generatedAt: IsoTime,
  pulse: PulseJson,
  dominantFamily: Type.Union([FamilyId, Type.Null()]),
  valenceTrend: Type.Union([Type.Literal('rising'), Type.Literal('falling'), Type.Literal('steady')]),
  cosmos: Type.Object({ active: ObjectCounts }),
  disclaimer: Type.String(),
});
