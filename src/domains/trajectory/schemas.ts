import { Type } from 'typebox';
import { Cursor, IsoTime, Limit, Strict } from '../../http/schemas.ts';
import { MULTILINE } from '../../http/validation.ts';
import { ASSOCIATIONS, MAX_ASSOCIATIONS } from './associations.ts';

export { ASSOCIATIONS, type Association, MAX_ASSOCIATIONS } from './associations.ts';

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

export const CHECKIN_KINDS = ['momentary', 'daily'] as const;
export type CheckinKind = (typeof CHECKIN_KINDS)[number];

const Kind = Type.Union([Type.Literal('momentary'), Type.Literal('daily')], {
  description: 'A feeling of the moment, or how the day felt overall (HealthKit State of Mind).',
});
const Associations = Type.Array(Type.Union(ASSOCIATIONS.map((a) => Type.Literal(a))), {
  maxItems: MAX_ASSOCIATIONS,
  uniqueItems: true,
  description: `What the feeling was about: at most ${MAX_ASSOCIATIONS} of ${ASSOCIATIONS.join(', ')}.`,
});
const MoodIdInput = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'An Atlas mood id. The old underscore spelling `at_ease` is still accepted this release.',
});

function Note(noteChars: number) {
  return Type.String({
    [MULTILINE]: true,
    maxLength: noteChars,
    description: 'Private forever: only its owner ever sees it.',
  });
}

export function CheckinBody(noteChars: number) {
  return Strict({
    moodId: MoodIdInput,
    intensity: Type.Optional(Type.Number({ minimum: 0, maximum: 1, default: 0.5 })),
    note: Type.Optional(Note(noteChars)),
    at: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'When it was felt; at most 5 minutes ahead and 48 hours back. Default: now.',
      }),
    ),
    kind: Type.Optional(Kind),
    associations: Type.Optional(Associations),
  });
}

/** A correction of one's own check-in: any of these, at least one. The time stays. */
export function CheckinPatch(noteChars: number) {
  return Type.Object(
    {
      moodId: Type.Optional(MoodIdInput),
      intensity: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
      note: Type.Optional(Type.Union([Note(noteChars), Type.Null()], { description: 'null removes it.' })),
      associations: Type.Optional(Associations),
    },
    { additionalProperties: false, minProperties: 1 },
  );
}

export const CheckinParams = Strict({ id: Type.String({ minLength: 1, maxLength: 64 }) });

const Instant = Type.String({
  minLength: 1,
  maxLength: 40,
  description: 'An ISO 8601 time, or a date (YYYY-MM-DD, meaning 00:00 UTC).',
});

export const CheckinListQuery = Strict({
  from: Type.Optional(Instant),
  to: Type.Optional(Instant),
  limit: Type.Optional(Limit),
  cursor: Type.Optional(Cursor),
});

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
  kind: Kind,
  associations: Type.Array(Type.String()),
});

export const CheckinCreated = Type.Object({ checkin: CheckinJson, state: FamilyId });

export const CheckinPage = Type.Object({
  checkins: Type.Array(CheckinJson),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Timezone = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'An IANA time zone, e.g. Europe/Paris. Default UTC.',
});

export const ArcQuery = Strict(
  {
    tz: Type.Optional(Timezone),
    date: Type.Optional(
      Type.String({
        pattern: '^\\d{4}-\\d{2}-\\d{2}$',
        description: 'A past day (YYYY-MM-DD) in the zone; default today.',
      }),
    ),
  },
  "Self only: the arc is always the signed-in person's; naming anyone (userId, email, …) is a 400.",
);

export const HistoryQuery = Strict({
  from: DateString,
  to: DateString,
  tz: Type.Optional(Timezone),
});

export const HistoryJson = Type.Object({
  timezone: Type.String(),
  days: Type.Array(
    Type.Object({
      date: Type.String({ format: 'date' }),
      count: Type.Integer({ minimum: 1 }),
      dominantFamily: FamilyId,
      mean: Type.Object({ valence: Unit, arousal: Unit, dominance: Unit }),
      transitions: Type.Integer({
        minimum: 0,
        description: "Moves between families that day, counted as the day's arc counts them.",
      }),
    }),
  ),
});

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

export const PulsePrivacy = Type.Object({
  minGroup: Type.Integer({ minimum: 5, description: 'No group smaller than this is ever named.' }),
  epsilon: Type.Union([Type.Number({ exclusiveMinimum: 0 }), Type.Null()], {
    description: 'The Laplace noise parameter on each count; null when no noise is added.',
  }),
});

export const PulseResponse = Type.Object({
  ...PulseJson.properties,
  privacy: PulsePrivacy,
  disclaimer: Type.String(),
});

export const PulseHistoryQuery = Strict({
  window: Type.Optional(
    Type.Literal('24h', { default: '24h', description: 'The window of each day: the whole UTC day.' }),
  ),
  days: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 90, default: 7, description: 'How many past UTC days (1..90).' }),
  ),
});

export const PulseHistoryJson = Type.Object({
  window: Type.Literal('24h'),
  privacy: PulsePrivacy,
  days: Type.Array(
    Type.Object({
      date: Type.String({ format: 'date' }),
      pulse: PulseJson,
      privacy: Type.Object(PulsePrivacy.properties, {
        description: 'The privacy this day was released under (the top-level `privacy` is today’s).',
      }),
    }),
  ),
  disclaimer: Type.String(),
});

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
