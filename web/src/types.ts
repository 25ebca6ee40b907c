/** Response shapes of the Orrery HTTP contract that the pages read. */

export type Tier = 'free' | 'plus' | 'pro';
export type Role = 'member' | 'admin';
export type Scope = 'read' | 'write' | 'oracle' | '*';
export type FamilyId = 'radiant' | 'calm' | 'stormy' | 'heavy' | 'still';

export interface User {
  id: string;
  email: string;
  displayName: string;
  tier: Tier;
  role: Role;
  essence: number;
  createdAt: string;
}

export interface LedgerEntry {
  id: string;
  userId: string;
  keyId: string | null;
  route: string;
  amount: number;
  balanceAfter: number;
  requestId: string;
  idempotencyKey: string | null;
  reason: string | null;
  createdAt: string;
}

export interface EssencePage {
  balance: number;
  ledger: LedgerEntry[];
  nextCursor: string | null;
}

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: Scope[];
  essencePerCall: number | null;
  rateLimit: RateLimit | null;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
}

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

export interface UsageCalls {
  succeeded: number;
  insufficientEssence: number;
  rateLimited: number;
  refused: number;
  failed: number;
}

export interface KeyUsage {
  days: {
    date: string;
    calls: UsageCalls;
    essenceSpent: number;
    byRoute: { route: string; calls: number; essenceSpent: number }[];
  }[];
}

export interface CreatedKey {
  key: string;
  apiKey: ApiKey;
}

export interface Family {
  id: FamilyId;
  label: string;
  color: string;
  description?: string;
}

export interface Mood {
  id: string;
  label: string;
  family: FamilyId;
  valence: number;
  arousal: number;
  dominance: number;
  color: string;
  description: string;
  synonyms?: string[];
}

export interface Atlas {
  version: string;
  dimensions: string[];
  /** Radius of the `still` disc around (0, 0) in the valence × arousal plane. */
  stillRadius?: number;
  families: Family[];
  layers: { index: number; label: string }[];
  moods: Mood[];
}

export interface ArcPoint {
  at: string;
  moodId: string;
  family: FamilyId;
  valence: number;
  arousal: number;
  dominance: number;
  intensity: number;
}

export interface Transition {
  from: FamilyId;
  to: FamilyId;
  at: string;
}

export interface UserArc {
  date: string;
  timezone: string;
  points: ArcPoint[];
  state: FamilyId;
  transitions: Transition[];
  summary: {
    count: number;
    pathLength: number;
    netDisplacement: { valence: number; arousal: number; dominance: number };
    dominantFamily: FamilyId | null;
  };
}

export interface Pulse {
  window: '1h' | '24h' | '7d';
  generatedAt: string;
  participants: number;
  families: { id: string; share: number }[];
  moods: { id: string; share: number }[];
  /** Moves seen from fewer than 5 people are folded into one entry with `id: "other"`. */
  transitions: { from?: string; to?: string; id?: string; share: number }[];
}

export type CosmosObjectType = 'billboard' | 'event' | 'notification' | 'content_node';

/** A live object of the cosmos, as `GET /api/cosmos/objects` lists it and the stream sends it. */
export interface CosmosObject {
  objectId: string;
  type: CosmosObjectType;
  title: string;
  description: string;
  moodTarget: string;
  layerTarget: number;
  position: string;
  coordinates: { x: number; y: number; z: number };
  createdAt: string;
  /** null only for a persistent content node. */
  expiresAt: string | null;
}

export interface CosmosPage {
  objects: CosmosObject[];
  nextCursor: string | null;
}

export type WebhookEventType =
  | 'object.spawned'
  | 'object.expired'
  | 'essence.low'
  | 'key.revoked'
  | 'webhook.test';

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEventType[];
  description: string;
  enabled: boolean;
  createdAt: string;
  disabledAt: string | null;
}

export interface WebhookDelivery {
  id: string;
  eventId: string;
  eventType: WebhookEventType;
  status: 'pending' | 'succeeded' | 'failed' | 'exhausted';
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
}

export interface Checkin {
  id: string;
  moodId: string;
  family: FamilyId;
  valence: number;
  arousal: number;
  dominance: number;
  intensity: number;
  note: string | null;
  at: string;
  createdAt: string;
  kind: 'momentary' | 'daily';
  associations: string[];
}

export interface CheckinPage {
  checkins: Checkin[];
  nextCursor: string | null;
}

export interface HistoryDay {
  date: string;
  count: number;
  dominantFamily: FamilyId;
  mean: { valence: number; arousal: number; dominance: number };
  transitions: number;
}

export interface EssenceAlert {
  threshold: number | null;
  state: 'armed' | 'crossed' | 'off';
  balance: number;
}
