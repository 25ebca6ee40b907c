import { Type } from 'typebox';
import { IsoTime, Strict } from '../../http/schemas.ts';

export const FeedSchema = Type.Object({
  id: Type.String(),
  url: Type.String(),
  name: Type.String(),
  paused: Type.Boolean(),
  createdAt: IsoTime,
  lastFetchedAt: Type.Union([IsoTime, Type.Null()]),
  lastSuccessAt: Type.Union([IsoTime, Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  failureCount: Type.Integer(),
  nextAttemptAt: Type.Union([IsoTime, Type.Null()]),
  signalCount: Type.Integer(),
});

export const FeedEnvelope = Type.Object({ feed: FeedSchema });

export const CreateFeedBody = Strict({
  url: Type.String({
    minLength: 1,
    maxLength: 2000,
    description: 'An http(s) URL of an RSS, Atom, RDF or JSON feed.',
  }),
  name: Type.Optional(
    Type.String({ minLength: 1, maxLength: 120, description: 'Source name; default the feed title.' }),
  ),
});

export const UpdateFeedBody = Type.Object(
  {
    paused: Type.Optional(Type.Boolean()),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const WorldSignalSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  sourceUrl: Type.String(),
  sourceName: Type.String(),
  publishedAt: Type.Union([IsoTime, Type.Null()]),
  absorbedAt: IsoTime,
  moodId: Type.String(),
  family: Type.String(),
});

export const WorldSignalsQuery = Strict({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'How many (1..100).' }),
  ),
});
