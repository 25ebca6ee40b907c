import { Type } from 'typebox';
import { Cursor, IsoTime, Limit, Strict } from '../../http/schemas.ts';
import { MULTILINE } from '../../http/validation.ts';
import { LAYER_COUNT } from '../atlas/catalogue.ts';
import { TITLE_MAX } from './service.ts';

function objectType(options: { default?: string } = {}) {
  // `enum` rather than a union of literals: a wrong value is reported as "must be equal to one of
  // the allowed values" instead of one "must be equal to constant" per literal.
  return Type.Enum(['billboard', 'event', 'notification', 'content_node'], {
    description: 'billboard · event · notification · content_node',
    ...options,
  });
}
export const ObjectTypeSchema = objectType();

function layer(options: { default?: number } = {}) {
  return Type.Integer({
    minimum: 0,
    maximum: LAYER_COUNT - 1,
    description: 'Layer 0 (surface) … 6 (core).',
    ...options,
  });
}

export const SpawnBody = Strict({
  type: Type.Optional(objectType({ default: 'notification' })),
  title: Type.String({
    minLength: 1,
    description: `Required; 1..${TITLE_MAX} characters once leading and trailing whitespace is trimmed.`,
  }),
  description: Type.Optional(Type.String({ [MULTILINE]: true, maxLength: 2000, default: '' })),
  moodTarget: Type.Optional(
    Type.String({ default: 'neutral', description: 'An Atlas mood id (GET /api/v1/atlas/moods).' }),
  ),
  layerTarget: Type.Optional(layer({ default: 0 })),
  durationHours: Type.Optional(
    Type.Number({
      exclusiveMinimum: 0,
      maximum: 720,
      description:
        'Lifetime in hours. Default: notification 1, event 24, billboard 72, content_node none (persistent).',
    }),
  ),
});

const Coordinates = Type.Object({ x: Type.Number(), y: Type.Number(), z: Type.Number() });

export const Spawned = Type.Object({
  ok: Type.Literal(true),
  objectId: Type.String(),
  type: ObjectTypeSchema,
  title: Type.String(),
  expiresAt: Type.Union([IsoTime, Type.Null()]),
  position: Type.String({ description: 'L{layer}:{family}:{ring}-{slot}, unique among live objects.' }),
  moodTarget: Type.String(),
  layerTarget: Type.Integer(),
});

export const CosmosObjectSchema = Type.Object({
  objectId: Type.String(),
  type: ObjectTypeSchema,
  title: Type.String(),
  description: Type.String(),
  moodTarget: Type.String(),
  layerTarget: Type.Integer(),
  position: Type.String(),
  coordinates: Coordinates,
  createdAt: IsoTime,
  expiresAt: Type.Union([IsoTime, Type.Null()]),
});

export const ObjectsQuery = Strict({
  layer: Type.Optional(layer()),
  type: Type.Optional(ObjectTypeSchema),
  limit: Type.Optional(Limit),
  cursor: Type.Optional(Cursor),
});

export const ObjectsPage = Type.Object({
  objects: Type.Array(CosmosObjectSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const ObjectParams = Strict({ id: Type.String({ minLength: 1, maxLength: 64 }) });
