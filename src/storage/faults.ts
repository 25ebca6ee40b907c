/**
 * Which failures mean "a dependency is down or stalled" rather than "a bug". The HTTP layer maps
 * these to 503 `unavailable` with `Retry-After` in one place; everything else stays a 500.
 */
export type Dependency = 'database' | 'redis';

/** Thrown by Orrery's own deadlines around dependency calls (pool acquire, SQLite write lock). */
export class DependencyUnavailable extends Error {
  constructor(
    readonly dependency: Dependency,
    message: string,
  ) {
    super(message);
    this.name = 'DependencyUnavailable';
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLite: the lock could not be had in time (another process writes). */
const SQLITE_CODES = new Set([
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_BUSY_RECOVERY',
  'SQLITE_BUSY_TIMEOUT',
  'SQLITE_LOCKED',
  'SQLITE_LOCKED_SHAREDCACHE',
]);

/** node-postgres and pg-pool say "the server is gone or silent" in words, not codes. */
const PG_MESSAGES = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** ioredis: not connected with the offline queue off, a command past its timeout, retries spent. */
const REDIS_MESSAGES = [
  "Stream isn't writeable",
  'Command timed out',
  'Connection is closed',
  'Reached the max retries per request limit',
];

/**
 * PostgreSQL SQLSTATEs of an unreachable, overloaded or restarting server, and of a statement
 * cut off by `statement_timeout` or a lock timeout.
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') || // connection exception
    code === '57P01' || // admin shutdown
    code === '57P02' || // crash shutdown
    code === '57P03' || // cannot connect now (starting up, recovering)
    code === '57014' || // query canceled (statement_timeout)
    code === '55P03' || // lock not available (lock_timeout)
    code === '53300' // too many connections
  );
}

export function dependencyFault(error: unknown): Dependency | null {
  if (error instanceof DependencyUnavailable) return error.dependency;
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SQLITE_CODES.has(code)) return 'database';
    if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)) return 'database';
  }
  const name = error.name;
  const message = error.message;
  if (name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.some((m) => message.includes(m))) return 'redis';
  if (PG_MESSAGES.some((m) => message.includes(m))) return 'database';
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return 'database';
  // An AggregateError (a connect that tried several addresses) carries the network codes inside.
  if (error instanceof AggregateError && error.errors.some((inner) => dependencyFault(inner) !== null))
    return 'database';
  return null;
}

/** Rejects with `DependencyUnavailable` when `work` takes longer than `ms`. */
export async function withDeadline<T>(
  work: Promise<T>,
  ms: number,
  dependency: Dependency,
  what: string,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DependencyUnavailable(dependency, `${what} took longer than ${ms} ms`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
