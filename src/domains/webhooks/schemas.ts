import { type TSchema, Type } from 'typebox';
import { documentWebhookEvent } from '../../http/openapi.ts';
import { Cursor, IsoTime, Limit, Problem, Strict } from '../../http/schemas.ts';
import { ObjectTypeSchema } from '../cosmos/schemas.ts';

export const EVENT_TYPES = [
  'object.spawned',
  'object.expired',
  'essence.low',
  'key.revoked',
  'webhook.test',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const DESCRIPTION_MAX = 200;
export const URL_MAX = 2000;

const EventTypeSchema = Type.Enum([...EVENT_TYPES], { description: EVENT_TYPES.join(' · ') });
const WebhookId = Type.String({ minLength: 1, maxLength: 64 });

export const EndpointSchema = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(EventTypeSchema),
  description: Type.String(),
  enabled: Type.Boolean({ description: 'False once the endpoint was disabled after failing for 5 days.' }),
  createdAt: IsoTime,
  disabledAt: Type.Union([IsoTime, Type.Null()]),
});

const Secret = Type.String({
  pattern: '^whsec_[A-Za-z0-9+/]{43}=$',
  description: '`whsec_` + base64 of 32 random bytes. Shown only by create and rotate.',
});

export const CreateEndpointBody = Strict({
  url: Type.String({
    minLength: 1,
    maxLength: URL_MAX,
    description: 'An absolute http(s) URL on a public address.',
  }),
  events: Type.Array(EventTypeSchema, { minItems: 1, maxItems: EVENT_TYPES.length, uniqueItems: true }),
  description: Type.Optional(Type.String({ maxLength: DESCRIPTION_MAX, default: '' })),
});

export const CreatedEndpoint = Type.Object({ endpoint: EndpointSchema, secret: Secret });
export const EndpointList = Type.Object({ endpoints: Type.Array(EndpointSchema) });
export const RotatedSecret = Type.Object({ secret: Secret });
export const TestSent = Type.Object({ deliveryId: Type.String() });

export const EndpointParams = Strict({ id: WebhookId });
export const DeliveryParams = Strict({ id: WebhookId, deliveryId: WebhookId });
export const DeliveriesQuery = Strict({ limit: Type.Optional(Limit), cursor: Type.Optional(Cursor) });

export const DeliverySchema = Type.Object({
  id: Type.String({ description: 'Also the `webhook-id` header of every attempt.' }),
  eventId: Type.String(),
  eventType: EventTypeSchema,
  status: Type.Enum(['pending', 'succeeded', 'failed', 'exhausted']),
  attempts: Type.Integer(),
  lastStatusCode: Type.Union([Type.Integer(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()], {
    description:
      'Why the last attempt failed: the start of the response body (≤ 4 KiB) or the network error.',
  }),
  nextAttemptAt: Type.Union([IsoTime, Type.Null()]),
  createdAt: IsoTime,
});

export const DeliveriesPage = Type.Object({
  deliveries: Type.Array(DeliverySchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const Accepted = Type.Object({});

/** Problem responses every session route of this domain can give. */
export const SESSION_PROBLEMS = { 400: Problem, 401: Problem, 403: Problem } as const;

// ---- event payloads ---------------------------------------------------------------------------

const ObjectSpawnedData = Type.Object({
  ok: Type.Literal(true),
  objectId: Type.String(),
  type: ObjectTypeSchema,
  title: Type.String(),
  expiresAt: Type.Union([IsoTime, Type.Null()]),
  position: Type.String(),
  moodTarget: Type.String(),
  layerTarget: Type.Integer(),
  createdAt: IsoTime,
});

const ObjectExpiredData = Type.Object({
  objectId: Type.String(),
  type: ObjectTypeSchema,
  title: Type.String(),
  expiredAt: IsoTime,
});

const EssenceLowData = Type.Object({
  balance: Type.Number({ multipleOf: 0.001 }),
  threshold: Type.Number({ multipleOf: 0.001 }),
});

const KeyRevokedData = Type.Object({
  keyId: Type.String(),
  prefix: Type.String(),
  name: Type.String(),
  revokedAt: IsoTime,
  reason: Type.Enum(['deleted', 'rotated', 'expired'], {
    description:
      'deleted: removed by its owner; rotated: the grace of a rotation ended; expired: its expiresAt passed.',
  }),
});

const WebhookTestData = Type.Object({});

/** The `data` of each event type. */
export const EVENT_DATA = {
  'object.spawned': ObjectSpawnedData,
  'object.expired': ObjectExpiredData,
  'essence.low': EssenceLowData,
  'key.revoked': KeyRevokedData,
  'webhook.test': WebhookTestData,
} as const satisfies Record<EventType, TSchema>;

const EVENT_SUMMARY: Record<EventType, string> = {
  'object.spawned': 'An object was spawned with one of the account’s keys.',
  'object.expired': 'An object the account spawned expired.',
  'essence.low': 'A debit took the balance from at or above the alert threshold to below it.',
  'key.revoked': 'One of the account’s keys stopped working.',
  'webhook.test': 'Sent on request from the portal or POST /api/webhooks/{id}/test.',
};

function envelope<T extends EventType>(type: T) {
  return Type.Object(
    { type: Type.Literal(type), timestamp: IsoTime, data: EVENT_DATA[type] },
    { description: EVENT_SUMMARY[type] },
  );
}

/**
 * The request body of each event type, `{type, timestamp, data}`; the OpenAPI
 * document's `webhooks` section describes the same envelope.
 */
export const EVENT_SCHEMAS = {
  'object.spawned': envelope('object.spawned'),
  'object.expired': envelope('object.expired'),
  'essence.low': envelope('essence.low'),
  'key.revoked': envelope('key.revoked'),
  'webhook.test': envelope('webhook.test'),
} as const satisfies Record<EventType, TSchema>;

// Each event's body goes into the OpenAPI document's `webhooks` section, with the Standard
// Webhooks headers. A plain JSON copy: the document needs the schema, not TypeBox's symbols.
for (const type of EVENT_TYPES) {
  documentWebhookEvent({
    type,
    summary: EVENT_SUMMARY[type],
    data: JSON.parse(JSON.stringify(EVENT_DATA[type])) as TSchema,
  });
}
