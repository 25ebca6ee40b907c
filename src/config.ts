import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';

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
  };
  /**
   * How long a verified API key is trusted from the in-process cache. With Redis, revocations are
   * pushed to every instance and this can be long; without it, this bounds how stale another
   * instance can be (the contract allows 1 s).
   */
  readonly keyCacheMs: number;
  readonly shutdownGraceMs: number;
  /** The cosmos: how often expired objects are swept, and the stream's heartbeat. */
  readonly cosmos: {
    readonly sweepIntervalMs: number;
    readonly heartbeatMs: number;
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

function essenceMilli(env: Env, name: string, fallback: number): number {
  const raw = optionalText(env, name);
  if (raw === null) return fallback * 1000;
  if (!/^\d+(\.\d{1,3})?$/.test(raw)) {
    throw new ConfigError(name, `expected a non-negative amount with at most 3 decimals, got "${raw}"`);
  }
  return Math.round(Number(raw) * 1000);
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
    },
    keyCacheMs: integer(env, 'KEY_CACHE_MS', redisUrl === null ? 1000 : 60_000, 0, 3_600_000),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    cosmos: {
      sweepIntervalMs: integer(env, 'COSMOS_SWEEP_INTERVAL_MS', 5000, 50, 3_600_000),
      heartbeatMs: integer(env, 'COSMOS_HEARTBEAT_MS', 15_000, 50, 300_000),
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
  };
  return Object.freeze(config);
}
