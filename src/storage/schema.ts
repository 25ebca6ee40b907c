import type { Generated } from 'kysely';

/**
 * Table shapes shared by both engines. Times are integer epoch milliseconds and Essence is
 * integer milli-Essence in both, so one set of repositories serves SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  display_name: string;
  tier: 'free' | 'plus' | 'pro';
  role: 'member' | 'admin';
  balance_milli: number;
  created_at: number;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  /** Space-separated scopes, e.g. `read write`. */
  scopes: string;
  essence_per_call_milli: number | null;
  created_at: number;
  last_used_at: number | null;
  expires_at: number | null;
  revoked_at: number | null;
  rotated_to: string | null;
  /** Calls allowed per window, or null for no per-key rate limit (then the window is null too). */
  rate_limit: number | null;
  rate_window_seconds: number | null;
  /** When `key.revoked` was written for this key's end (null while it still works). */
  end_announced_at: number | null;
}

export interface LedgerTable {
  id: string;
  /**
   * Null once the account was erased: the entry keeps its amount without the user link. Typed as
   * a string because every read selects by a user id (so never meets a null) and only the eraser
   * writes the null, in SQL of its own.
   */
  user_id: string;
  key_id: string | null;
  route: string;
  amount_milli: number;
  balance_after_milli: number;
  request_id: string;
  idempotency_key: string | null;
  reason: string | null;
  created_at: number;
}

export interface IdempotencyTable {
  owner_id: string;
  idempotency_key: string;
  request_hash: string;
  status_code: number;
  /** JSON object of the response headers worth replaying (content-type, location). */
  response_headers: string;
  response_body: string;
  created_at: number;
  expires_at: number;
}

/** Calls of one key on one route on one UTC day, by outcome. */
export interface KeyUsageTable {
  key_id: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  route: string;
  succeeded: number;
  insufficient_essence: number;
  rate_limited: number;
  refused: number;
  failed: number;
  spent_milli: number;
}

export interface CountersTable {
  counter_key: string;
  count: number;
  expires_at: number;
}

export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

export interface MigrationsTable {
  id: Generated<number>;
  name: string;
  applied_at: number;
}

export interface CheckinsTable {
  id: string;
  user_id: string;
  mood_id: string;
  family: string;
  valence: number;
  arousal: number;
  dominance: number;
  intensity: number;
  note: string | null;
  at: number;
  created_at: number;
  /** `momentary` or `daily` (HealthKit's State of Mind kinds). */
  kind: string;
  /** JSON array of association slugs, in the order given. */
  associations: string;
}

/** A balance alert; its state (armed or crossed) follows from the balance, so it is not stored. */
export interface EssenceAlertsTable {
  user_id: string;
  threshold_milli: number;
  updated_at: number;
}

/** One UTC day's pulse as published: computed once after the day ended, never recomputed. */
export interface PulseDaysTable {
  window: string;
  /** YYYY-MM-DD (UTC). */
  date: string;
  /** The published pulse, JSON. */
  pulse: string;
  computed_at: number;
}

export interface PulseLatestTable {
  user_id: string;
  checkin_id: string;
  at: number;
  mood_id: string;
  family: string;
  valence: number;
}

export interface PulseMovesTable {
  user_id: string;
  from_family: string;
  to_family: string;
  at: number;
}

export interface PulseLatestHoursTable {
  hour: number;
  mood_id: string;
  family: string;
  people: number;
  valence_sum: number;
}

export interface PulseMoveHoursTable {
  hour: number;
  from_family: string;
  to_family: string;
  people: number;
}

/** A feed an administrator registered for the Council. `named`/`paused` are 0/1 in both engines. */
export interface CouncilFeedsTable {
  id: string;
  url: string;
  name: string;
  named: number;
  paused: number;
  etag: string | null;
  last_modified: string | null;
  last_fetched_at: number | null;
  last_success_at: number | null;
  last_error: string | null;
  failure_count: number;
  next_attempt_at: number | null;
  created_at: number;
}

/** One absorbed feed item; `link` is the canonical link (unique), `sort_at` the ordering time. */
export interface CouncilSignalsTable {
  id: string;
  feed_id: string;
  link: string;
  title: string;
  summary: string;
  source_name: string;
  published_at: number | null;
  absorbed_at: number;
  sort_at: number;
  mood_id: string;
  family: string;
}

/**
 * A cosmos object that has not been swept yet. Live means `expires_at` is null (a persistent
 * content node) or later than now; every read filters on that, so an object leaves every listing
 * exactly at its expiry, whether or not the sweeper has moved it to `cosmos_archive` yet.
 */
export interface CosmosObjectsTable {
  id: string;
  owner_id: string;
  key_id: string;
  type: 'billboard' | 'event' | 'notification' | 'content_node';
  title: string;
  description: string;
  mood_target: string;
  family: string;
  layer_target: number;
  position: string;
  x: number;
  y: number;
  z: number;
  created_at: number;
  expires_at: number | null;
}

/** Expired objects, moved here by the sweeper. */
export interface CosmosArchiveTable extends CosmosObjectsTable {
  archived_at: number;
}

/**
 * Claimed positions, one row per (namespace `L{layer}:{family}`, position number): the primary
 * key is what keeps a position unique among live objects across instances. A row whose
 * `expires_at` has passed is free and may be taken over by a spawn (or deleted by the sweeper).
 */
export interface CosmosPositionsTable {
  ns: string;
  idx: number;
  object_id: string;
  expires_at: number | null;
}

/** The recent `spawned`/`expired` events, for Last-Event-ID replay and instances without Redis. */
export interface CosmosEventsTable {
  id: Generated<number>;
  kind: 'spawned' | 'expired';
  object_id: string;
  /** The object as streamed, JSON. */
  data: string;
  created_at: number;
}

/**
 * A memory, visible only to the API key that wrote it (and its owner's session routes). On
 * SQLite the table also has `seq` (the rowid the FTS5 index points at) and on PostgreSQL a
 * generated `search` tsvector; both are engine details queried only through raw SQL.
 */
export interface MemoriesTable {
  id: string;
  user_id: string;
  key_id: string;
  content: string;
  /** JSON array of the tags, in the order given. */
  tags: string;
  created_at: number;
}

/** One row per tag of a memory, for exact tag filters. */
export interface MemoryTagsTable {
  memory_id: string;
  tag: string;
}

/** How many memories a key holds; moves with every insert and delete, in the same transaction. */
export interface MemoryCountsTable {
  key_id: string;
  count: number;
}

/** A URL an account registered to receive its events. `enabled` is 0/1 in both engines. */
export interface WebhookEndpointsTable {
  id: string;
  user_id: string;
  url: string;
  /** Space-separated event types it subscribes to. */
  events: string;
  description: string;
  /** `whsec_…`; signing needs the key itself, so it is stored as issued. */
  secret: string;
  /** The secret before the last rotation, still signing until `previous_secret_until`. */
  previous_secret: string | null;
  previous_secret_until: number | null;
  enabled: number;
  /** The first failed attempt since the last success; null while deliveries succeed. */
  failing_since: number | null;
  disabled_at: number | null;
  created_at: number;
}

/** An event as delivered: `payload` is the exact request body, identical on every attempt. */
export interface WebhookEventsTable {
  id: string;
  user_id: string;
  type: string;
  payload: string;
  created_at: number;
}

/**
 * One event to one endpoint. `next_attempt_at` is when a worker may next claim it: null once it
 * succeeded or is exhausted, and pushed forward by the length of a lease while an attempt runs,
 * so a worker that dies mid-attempt leaves the row due again when the lease runs out.
 */
export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  status: 'pending' | 'succeeded' | 'failed' | 'exhausted';
  attempts: number;
  next_attempt_at: number | null;
  leased_by: string | null;
  last_attempt_at: number | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  ledger: LedgerTable;
  idempotency: IdempotencyTable;
  counters: CountersTable;
  key_usage: KeyUsageTable;
  leases: LeasesTable;
  memories: MemoriesTable;
  memory_tags: MemoryTagsTable;
  memory_counts: MemoryCountsTable;
  council_feeds: CouncilFeedsTable;
  council_signals: CouncilSignalsTable;
  checkins: CheckinsTable;
  pulse_latest: PulseLatestTable;
  pulse_moves: PulseMovesTable;
  pulse_latest_hours: PulseLatestHoursTable;
  pulse_move_hours: PulseMoveHoursTable;
  cosmos_objects: CosmosObjectsTable;
  cosmos_archive: CosmosArchiveTable;
  cosmos_positions: CosmosPositionsTable;
  cosmos_events: CosmosEventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  essence_alerts: EssenceAlertsTable;
  pulse_days: PulseDaysTable;
}
