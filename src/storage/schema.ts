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
}

export interface LedgerTable {
  id: string;
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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  ledger: LedgerTable;
  idempotency: IdempotencyTable;
  counters: CountersTable;
  leases: LeasesTable;
  checkins: CheckinsTable;
  pulse_latest: PulseLatestTable;
  pulse_moves: PulseMovesTable;
}
