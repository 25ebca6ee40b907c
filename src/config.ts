import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type CrisisResource, DEFAULT_CRISIS_RESOURCES } from './domains/safety/resources.ts';

/**
 * Every setting Orrery reads from its environment. Parsed once at start-up; nothing else in
 * the service reads `process.env`.
 */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string;
  readonly redisUrl: string | null;
  /** Prefix of every Redis key and channel, so deployments (or test runs) can share one Redis. */
  readonly redisPrefix: string;
  readonly baseUrl: URL;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `auto`: human-readable lines when stdout is a terminal, JSON lines otherwise. */
  readonly logFormat: 'auto' | 'json' | 'pretty';
  readonly trustProxy: string[] | null;
  readonly admin: { readonly email: string; readonly password: string } | null;
  /** Essence a new account starts with, in milli-Essence. */
  readonly signupEssenceMilli: number;
  readonly limits: {
    readonly bodyBytes: number;
    readonly loginFailuresPerEmail: number;
    readonly loginFailureWindowSeconds: number;
    readonly signupsPerAddressPerHour: number;
    readonly liveKeysPerAccount: number;
    readonly spawnPerMinute: number;
    readonly quotaAnonymous: number;
    readonly quotaFree: number;
    readonly quotaPlus: number;
    readonly quotaPro: number;
    readonly checkinNoteChars: number;
    readonly checkinFutureMs: number;
    readonly checkinPastMs: number;
    /** Smallest group of distinct people the pulse names; never below 5. */
    readonly pulseMinGroup: number;
    /** How long one computed pulse is served from memory (its total age stays ≤ 30 s). */
    readonly pulseCacheMs: number;
    /** Memories one API key may hold (the contract's ceiling is 10,000). */
    readonly memoriesPerKey: number;
    /** Accounts younger than this are left out of the pulse, so fresh accounts cannot isolate anyone. */
    readonly pulseMinAccountAgeMs: number;
    /** Laplace noise on each pulse count for this ε; null adds none. */
    readonly pulseEpsilon: number | null;
    /** Downloads of one's whole record per account per hour (each reads the whole record). */
    readonly exportsPerHour: number;
  };
  /**
   * How long a verified API key is trusted from the in-process cache. With Redis, revocations are
   * pushed to every instance and this can be long; without it, this bounds how stale another
   * instance can be (the contract allows 1 s).
   */
  readonly keyCacheMs: number;
  /**
   * Time limits on every dependency call. With the defaults a route that needs a stalled or dead
   * dependency answers 503 well inside 2 s.
   */
  readonly timeouts: {
    readonly redisConnectMs: number;
    readonly redisCommandMs: number;
    /** After a Redis failure, counters use the database this long before Redis is tried again. */
    readonly redisRetryMs: number;
    /** Opening one PostgreSQL connection. */
    readonly databaseConnectMs: number;
    /** Getting a connection from the pool, waiting for a free one or opening one included. */
    readonly databaseAcquireMs: number;
    /** PostgreSQL `statement_timeout` (server side). */
    readonly databaseStatementMs: number;
    /** How long the client waits for any one PostgreSQL answer (a silent network included). */
    readonly databaseQueryMs: number;
    /** SQLite `busy_timeout`: one blocking wait for a lock (it holds the event loop). */
    readonly sqliteBusyMs: number;
    /** The whole wait for SQLite's write lock, retried without blocking, before answering 503. */
    readonly sqliteLockWaitMs: number;
  };
  readonly shutdownGraceMs: number;
  /** The cosmos: how often expired objects are swept, and the stream's heartbeat. */
  readonly cosmos: {
    readonly sweepIntervalMs: number;
    readonly heartbeatMs: number;
    /** Concurrent event streams one client address may hold. */
    readonly streamsPerAddress: number;
    /** `Last-Event-ID` replays at most this many events, and none older than `replayWindowMs`. */
    readonly replayMaxEvents: number;
    readonly replayWindowMs: number;
    /** A stream whose unsent bytes would pass this is dropped (the client reconnects and replays). */
    readonly streamBufferBytes: number;
  };
  /** The built web front end (`npm run build` writes it); page routes answer 503 while it is missing. */
  readonly webDistDir: string;
  /** World signals: the feed fetcher, its schedule, and the public read's rate limit. */
  readonly council: {
    /** Minutes between Council runs; 0 turns the schedule off (`orrery council pull` still works). */
    readonly intervalMinutes: number;
    readonly fetchTimeoutMs: number;
    readonly maxFeedBytes: number;
    readonly maxRedirects: number;
    /** Lets feeds live on private, loopback or link-local addresses (tests, intranets). */
    readonly allowPrivateHosts: boolean;
    readonly signalsPerMinute: number;
  };
  /** The oracle: an OpenAI-compatible provider when all three ORACLE_* are set, else the built-in one. */
  readonly oracle: {
    readonly provider: { readonly baseUrl: string; readonly model: string; readonly apiKey: string } | null;
    readonly timeoutMs: number;
    readonly maxTokens: number;
  };
  /** Outbound events: the delivery worker, its retry schedule and the SSRF guard. */
  readonly webhooks: {
    /** Lets endpoints live on private, loopback or link-local addresses (tests, intranets). */
    readonly allowPrivate: boolean;
    /** Milliseconds to wait after each failed attempt; one attempt more than entries, then exhausted. */
    readonly retryScheduleMs: readonly number[];
    /** The whole exchange of one attempt: connect, request, response headers and body. */
    readonly attemptTimeoutMs: number;
    /** How often the worker looks for due deliveries when nothing wakes it. */
    readonly pollMs: number;
    /** Attempts in flight per instance, and per endpoint per instance. */
    readonly concurrency: number;
    readonly endpointConcurrency: number;
    readonly endpointsPerAccount: number;
    /** An endpoint whose attempts have all failed for this long is disabled. */
    readonly disableAfterMs: number;
    /** How often the key-expiry job looks for keys that stopped working (key.revoked). */
    readonly keyEndSweepMs: number;
  };
  /** Where the oracle and the analyzer point a person in crisis (contract §7). */
  readonly crisisResources: readonly CrisisResource[];
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

function text(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? fallback : raw.trim();
}

function optionalText(env: Env, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? null : raw.trim();
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = optionalText(env, name);
  if (raw === null) return fallback;
  if (!/^-?\d+$/.test(raw)) throw new ConfigError(name, `expected an integer, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${raw}`);
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = optionalText(env, name);
  if (raw === null) return fallback;
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  if (/^(false|0|no|off)$/i.test(raw)) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
}

/** Comma-separated positive seconds (decimals allowed), e.g. `5,300,1800`, as milliseconds. */
function secondsList(env: Env, name: string, fallback: readonly number[]): readonly number[] {
  const raw = optionalText(env, name);
  if (raw === null) return Object.freeze(fallback.map((seconds) => seconds * 1000));
  const parts = raw.split(',').map((part) => part.trim());
  if (parts.length > 50 || parts.some((part) => !/^\d{1,7}(\.\d{1,3})?$/.test(part) || Number(part) === 0)) {
    throw new ConfigError(name, `expected comma-separated positive seconds (at most 50), got "${raw}"`);
  }
  return Object.freeze(parts.map((part) => Math.round(Number(part) * 1000)));
}

/** Standard Webhooks' schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about 27 h in all). */
const WEBHOOK_RETRY_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];

function essenceMilli(env: Env, name: string, fallback: number): number {
  const raw = optionalText(env, name);
  if (raw === null) return fallback * 1000;
  if (!/^\d+(\.\d{1,3})?$/.test(raw)) {
    throw new ConfigError(name, `expected a non-negative amount with at most 3 decimals, got "${raw}"`);
  }
  return Math.round(Number(raw) * 1000);
}

/** An optional positive decimal within [min, max]; unset → null. */
function positiveNumber(env: Env, name: string, min: number, max: number): number | null {
  const raw = optionalText(env, name);
  if (raw === null) return null;
  if (!/^\d+(\.\d+)?$/.test(raw)) throw new ConfigError(name, `expected a positive number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${raw}`);
  return value;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const ORACLE_PROVIDER_VARIABLES = ['ORACLE_BASE_URL', 'ORACLE_MODEL', 'ORACLE_API_KEY'] as const;

/** All three ORACLE_* provider variables, or none of them. */
function oracleProvider(env: Env): Config['oracle']['provider'] {
  const baseUrl = optionalText(env, 'ORACLE_BASE_URL');
  const model = optionalText(env, 'ORACLE_MODEL');
  const apiKey = optionalText(env, 'ORACLE_API_KEY');
  if (baseUrl === null && model === null && apiKey === null) return null;
  if (baseUrl === null || model === null || apiKey === null) {
    const missing = ORACLE_PROVIDER_VARIABLES.find((name) => optionalText(env, name) === null) as string;
    throw new ConfigError(missing, 'ORACLE_BASE_URL, ORACLE_MODEL and ORACLE_API_KEY must be set together');
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ConfigError('ORACLE_BASE_URL', 'expected an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError('ORACLE_BASE_URL', 'expected an absolute http(s) URL');
  }
  return { baseUrl: baseUrl.replace(/\/+$/, ''), model, apiKey };
}

const RESOURCE_FIELDS = new Set(['name', 'url', 'phone', 'region']);

/** `CRISIS_RESOURCES`: a JSON array of `{name, url, phone?, region}`; default, international directories. */
function crisisResources(env: Env): readonly CrisisResource[] {
  const raw = optionalText(env, 'CRISIS_RESOURCES');
  if (raw === null) return DEFAULT_CRISIS_RESOURCES;
  const fail = (why: string) => new ConfigError('CRISIS_RESOURCES', why);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw fail('expected a JSON array of {name, url, phone?, region}');
  }
  if (!Array.isArray(parsed) || parsed.length < 1 || parsed.length > 20) {
    throw fail('expected a JSON array of 1..20 resources');
  }
  return Object.freeze(
    parsed.map((item: unknown, i): CrisisResource => {
      if (item === null || typeof item !== 'object' || Array.isArray(item))
        throw fail(`item ${i} is not an object`);
      const entry = item as Record<string, unknown>;
      const unknownField = Object.keys(entry).find((k) => !RESOURCE_FIELDS.has(k));
      if (unknownField !== undefined) throw fail(`item ${i} has an unknown field "${unknownField}"`);
      const str = (field: string, max: number): string => {
        const value = entry[field];
        if (typeof value !== 'string' || value.trim() === '' || value.length > max) {
          throw fail(`item ${i}: "${field}" must be a non-empty string of at most ${max} characters`);
        }
        return value.trim();
      };
      const url = str('url', 500);
      if (!/^https?:\/\/[^\s]+$/.test(url)) throw fail(`item ${i}: "url" must be an absolute http(s) URL`);
      const resource: CrisisResource = { name: str('name', 200), url, region: str('region', 80) };
      if (entry.phone === undefined) return resource;
      const phone = str('phone', 40);
      if (!/^[0-9+()\-. ]+$/.test(phone))
        throw fail(`item ${i}: "phone" may hold only digits, spaces and + ( ) - .`);
      return { ...resource, phone };
    }),
  );
}

/**
 * Where the service is reached when ORRERY_BASE_URL is not set: the host and port it listens on,
 * with a loopback or wildcard address named `localhost` (what a browser on the machine uses).
 */
export function defaultBaseUrl(host: string, port: number): string {
  const local = ['127.0.0.1', '::1', '0.0.0.0', '::', 'localhost', ''].includes(host);
  const name = local ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}${port === 80 ? '' : `:${port}`}`;
}

export function loadConfig(env: Env): Config {
  const databaseUrl = text(env, 'DATABASE_URL', 'sqlite:./data/orrery.db');
  if (!/^sqlite:.+/.test(databaseUrl) && !/^postgres(ql)?:\/\/.+/.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', 'expected sqlite:<path> or postgres://…');
  }
  const redisUrl = optionalText(env, 'REDIS_URL');
  if (redisUrl !== null && !/^rediss?:\/\/.+/.test(redisUrl)) {
    throw new ConfigError('REDIS_URL', 'expected redis://… or rediss://…');
  }

  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = text(env, 'HOST', '127.0.0.1');
  let baseUrl: URL;
  try {
    baseUrl = new URL(text(env, 'ORRERY_BASE_URL', defaultBaseUrl(host, port)));
  } catch {
    throw new ConfigError('ORRERY_BASE_URL', 'expected an absolute http(s) URL');
  }
  if (baseUrl.protocol !== 'http:' && baseUrl.protocol !== 'https:') {
    throw new ConfigError('ORRERY_BASE_URL', 'expected an absolute http(s) URL');
  }

  const logLevel = text(env, 'LOG_LEVEL', 'info');
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `expected one of ${LOG_LEVELS.join(', ')}`);
  }

  const logFormat = text(env, 'LOG_FORMAT', 'auto');
  if (logFormat !== 'auto' && logFormat !== 'json' && logFormat !== 'pretty') {
    throw new ConfigError('LOG_FORMAT', 'expected auto, json or pretty');
  }

  const trustProxyRaw = optionalText(env, 'TRUST_PROXY');
  let trustProxy: string[] | null = null;
  if (trustProxyRaw !== null) {
    trustProxy = trustProxyRaw.split(',').map((part) => part.trim());
    for (const entry of trustProxy) {
      const [address, bits, ...rest] = entry.split('/');
      const version = address === undefined ? 0 : isIP(address);
      // A prefix longer than the address would pass here and crash Fastify's proxy matcher later.
      const badBits =
        bits !== undefined && (!/^\d{1,3}$/.test(bits) || Number(bits) > (version === 4 ? 32 : 128));
      if (version === 0 || badBits || rest.length > 0) {
        throw new ConfigError(
          'TRUST_PROXY',
          `expected a comma-separated list of addresses or CIDRs, got "${entry}"`,
        );
      }
    }
  }

  const adminEmail = optionalText(env, 'ORRERY_ADMIN_EMAIL');
  const adminPassword = env.ORRERY_ADMIN_PASSWORD ?? null;
  if ((adminEmail === null) !== (adminPassword === null || adminPassword === '')) {
    throw new ConfigError(
      adminEmail === null ? 'ORRERY_ADMIN_EMAIL' : 'ORRERY_ADMIN_PASSWORD',
      'ORRERY_ADMIN_EMAIL and ORRERY_ADMIN_PASSWORD must be set together',
    );
  }
  if (
    adminPassword !== null &&
    adminPassword !== '' &&
    (adminPassword.length < 10 || adminPassword.length > 256)
  ) {
    throw new ConfigError('ORRERY_ADMIN_PASSWORD', 'must be 10..256 characters');
  }

  const config: Config = {
    port,
    host,
    databaseUrl,
    redisUrl,
    redisPrefix: text(env, 'REDIS_PREFIX', 'orrery:'),
    baseUrl,
    logLevel: logLevel as Config['logLevel'],
    logFormat,
    trustProxy,
    admin:
      adminEmail !== null && adminPassword !== null
        ? { email: adminEmail.toLowerCase(), password: adminPassword }
        : null,
    signupEssenceMilli: essenceMilli(env, 'SIGNUP_ESSENCE', 1000),
    limits: {
      bodyBytes: integer(env, 'BODY_LIMIT_BYTES', 64 * 1024, 1024, 16 * 1024 * 1024),
      loginFailuresPerEmail: integer(env, 'LOGIN_FAILURES_PER_EMAIL', 10, 1, 1_000_000),
      loginFailureWindowSeconds: integer(env, 'LOGIN_FAILURE_WINDOW_SECONDS', 15 * 60, 1, 86_400),
      signupsPerAddressPerHour: integer(env, 'SIGNUPS_PER_ADDRESS_PER_HOUR', 100, 1, 1_000_000),
      liveKeysPerAccount: integer(env, 'LIVE_KEYS_PER_ACCOUNT', 25, 1, 10_000),
      spawnPerMinute: integer(env, 'SPAWN_RATE_PER_MINUTE', 60, 1, 10_000_000),
      quotaAnonymous: integer(env, 'QUOTA_ANONYMOUS', 300, 0, 1_000_000_000),
      quotaFree: integer(env, 'QUOTA_FREE', 1000, 0, 1_000_000_000),
      quotaPlus: integer(env, 'QUOTA_PLUS', 10_000, 0, 1_000_000_000),
      quotaPro: integer(env, 'QUOTA_PRO', 100_000, 0, 1_000_000_000),
      checkinNoteChars: integer(env, 'CHECKIN_NOTE_MAX_CHARS', 500, 0, 10_000),
      checkinFutureMs: integer(env, 'CHECKIN_MAX_FUTURE_SECONDS', 300, 0, 86_400) * 1000,
      checkinPastMs: integer(env, 'CHECKIN_MAX_PAST_HOURS', 48, 1, 24 * 366) * 3_600_000,
      pulseMinGroup: integer(env, 'PULSE_MIN_GROUP', 5, 5, 1_000_000),
      pulseCacheMs: integer(env, 'PULSE_CACHE_SECONDS', 10, 0, 30) * 1000,
      memoriesPerKey: integer(env, 'MEMORY_LIMIT_PER_KEY', 10_000, 1, 10_000),
      pulseMinAccountAgeMs: integer(env, 'PULSE_MIN_ACCOUNT_AGE_HOURS', 24, 0, 24 * 366) * 3_600_000,
      pulseEpsilon: positiveNumber(env, 'PULSE_EPSILON', 0.01, 100),
      exportsPerHour: integer(env, 'EXPORTS_PER_HOUR', 10, 1, 1_000_000),
    },
    // Revocation must hold within 5 s even when the message between instances is lost, and within
    // 1 s without Redis (no message at all): the cache lifetime bounds it.
    keyCacheMs: integer(
      env,
      'KEY_CACHE_MS',
      redisUrl === null ? 1000 : 4000,
      0,
      redisUrl === null ? 1000 : 5000,
    ),
    timeouts: {
      redisConnectMs: integer(env, 'REDIS_CONNECT_TIMEOUT_MS', 1000, 50, 60_000),
      redisCommandMs: integer(env, 'REDIS_COMMAND_TIMEOUT_MS', 500, 10, 60_000),
      redisRetryMs: integer(env, 'REDIS_RETRY_INTERVAL_MS', 1000, 10, 600_000),
      // Acquire + one silent query stays under 2 s; the server cancels a slow statement just
      // before the client would give up on the connection.
      databaseConnectMs: integer(env, 'DATABASE_CONNECT_TIMEOUT_MS', 800, 50, 60_000),
      databaseAcquireMs: integer(env, 'DATABASE_ACQUIRE_TIMEOUT_MS', 800, 50, 60_000),
      databaseStatementMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 900, 0, 3_600_000),
      databaseQueryMs: integer(env, 'DATABASE_QUERY_TIMEOUT_MS', 1000, 50, 3_600_000),
      sqliteBusyMs: integer(env, 'SQLITE_BUSY_TIMEOUT_MS', 100, 0, 60_000),
      sqliteLockWaitMs: integer(env, 'SQLITE_LOCK_WAIT_MS', 1000, 0, 60_000),
    },
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    cosmos: {
      sweepIntervalMs: integer(env, 'COSMOS_SWEEP_INTERVAL_MS', 5000, 50, 3_600_000),
      heartbeatMs: integer(env, 'COSMOS_HEARTBEAT_MS', 15_000, 50, 300_000),
      streamsPerAddress: integer(env, 'COSMOS_STREAMS_PER_ADDRESS', 20, 1, 100_000),
      replayMaxEvents: integer(env, 'COSMOS_REPLAY_MAX_EVENTS', 1000, 0, 1000),
      replayWindowMs: integer(env, 'COSMOS_REPLAY_MAX_MINUTES', 15, 0, 15) * 60_000,
      streamBufferBytes: integer(env, 'COSMOS_STREAM_BUFFER_BYTES', 1 << 20, 16 * 1024, 1 << 20),
    },
    webDistDir: text(env, 'WEB_DIST_DIR', fileURLToPath(new URL('../dist/web', import.meta.url))),
    council: {
      intervalMinutes: integer(env, 'COUNCIL_INTERVAL_MINUTES', 15, 0, 1440),
      fetchTimeoutMs: integer(env, 'COUNCIL_FETCH_TIMEOUT_MS', 10_000, 100, 120_000),
      maxFeedBytes: integer(env, 'COUNCIL_MAX_FEED_BYTES', 2 * 1024 * 1024, 1024, 64 * 1024 * 1024),
      maxRedirects: integer(env, 'COUNCIL_MAX_REDIRECTS', 3, 0, 10),
      allowPrivateHosts: flag(env, 'COUNCIL_ALLOW_PRIVATE_HOSTS', false),
      signalsPerMinute: integer(env, 'COUNCIL_SIGNALS_RATE_PER_MINUTE', 30, 1, 10_000_000),
    },
    oracle: {
      provider: oracleProvider(env),
      timeoutMs: integer(env, 'ORACLE_TIMEOUT_MS', 15_000, 100, 120_000),
      maxTokens: integer(env, 'ORACLE_MAX_TOKENS', 600, 16, 8192),
    },
    webhooks: {
      allowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE', false),
      retryScheduleMs: secondsList(env, 'WEBHOOK_RETRY_SCHEDULE', WEBHOOK_RETRY_SECONDS),
      attemptTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 10_000),
      pollMs: integer(env, 'WEBHOOK_POLL_MS', 500, 10, 60_000),
      concurrency: integer(env, 'WEBHOOK_CONCURRENCY', 64, 1, 10_000),
      endpointConcurrency: integer(env, 'WEBHOOK_ENDPOINT_CONCURRENCY', 4, 1, 1000),
      endpointsPerAccount: integer(env, 'WEBHOOK_ENDPOINTS_PER_ACCOUNT', 10, 1, 1000),
      disableAfterMs: integer(env, 'WEBHOOK_DISABLE_AFTER_HOURS', 120, 1, 24 * 365) * 3_600_000,
      keyEndSweepMs: integer(env, 'KEY_END_SWEEP_MS', 1000, 50, 3_600_000),
    },
    crisisResources: crisisResources(env),
  };
  return Object.freeze(config);
}
