import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Driver,
  Kysely,
  PostgresDialect,
  type QueryResult,
  type SchemaMetadata,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
  type TableMetadata,
} from 'kysely';
import pg from 'pg';
import { DependencyUnavailable, withDeadline } from './faults.ts';
import type { Database } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Storage {
  readonly engine: Engine;
  readonly db: Kysely<Database>;
  /**
   * The driver handles under Kysely, for the few hot paths that run prepared statements
   * directly (metering). Exactly one is set, matching `engine`.
   */
  readonly sqlite: SqliteDatabase.Database | null;
  readonly pool: pg.Pool | null;
  /** Resolves when the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

// int8 columns (times in ms, milli-Essence) stay well inside Number.MAX_SAFE_INTEGER.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** The time limits of `Config['timeouts']` that the storage layer applies. */
export interface StorageTimeouts {
  readonly databaseConnectMs: number;
  readonly databaseAcquireMs: number;
  readonly databaseStatementMs: number;
  readonly databaseQueryMs: number;
  readonly sqliteBusyMs: number;
  readonly sqliteLockWaitMs: number;
}

/**
 * `timeouts: null` opens an unbounded handle, for migrations and one-off commands whose statements
 * may legitimately run long; the service always passes its configured limits.
 */
export function openStorage(databaseUrl: string, timeouts: StorageTimeouts | null = null): Storage {
  if (databaseUrl.startsWith('sqlite:')) return openSqlite(databaseUrl.slice('sqlite:'.length), timeouts);
  return openPostgres(databaseUrl, timeouts);
}

const SQLITE_BUSY = /^SQLITE_(BUSY|LOCKED)/;

/**
 * SQLite in WAL mode allows one writer across every process using the file. Two things keep a
 * second process from turning into errors or a frozen event loop:
 * - transactions start with `BEGIN IMMEDIATE`, taking the write lock up front; a deferred
 *   transaction that reads and then writes fails with SQLITE_BUSY_SNAPSHOT when another process
 *   committed in between, and no busy handler can help it;
 * - `busy_timeout` is short (the wait blocks the event loop) and a busy statement outside a
 *   transaction — or the BEGIN itself — is retried asynchronously until `sqliteLockWaitMs`, then
 *   refused with `DependencyUnavailable` (503). Retrying there is safe: nothing has run yet.
 */
class BoundedSqliteDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly handle: SqliteDatabase.Database,
    private readonly lockWaitMs: number,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    return {
      executeQuery: <R>(query: CompiledQuery) => this.whenUnlocked(() => connection.executeQuery<R>(query)),
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) =>
        connection.streamQuery<R>(query, chunkSize),
    };
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  private async whenUnlocked<R>(run: () => Promise<QueryResult<R>>): Promise<QueryResult<R>> {
    const deadline = Date.now() + this.lockWaitMs;
    for (let attempt = 0; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code !== 'string' || !SQLITE_BUSY.test(code) || this.handle.inTransaction) throw error;
        const pause = Math.min(100, 5 * 2 ** attempt) * (0.5 + Math.random() / 2);
        if (Date.now() + pause > deadline) {
          throw new DependencyUnavailable('database', 'the SQLite write lock stayed held by another process');
        }
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }
}

class BoundedSqliteDialect extends SqliteDialect {
  constructor(
    private readonly boundedConfig: SqliteDialectConfig & { database: SqliteDatabase.Database },
    private readonly handle: SqliteDatabase.Database,
    private readonly lockWaitMs: number,
  ) {
    super(boundedConfig);
  }

  override createDriver(): Driver {
    return new BoundedSqliteDriver(this.boundedConfig, this.handle, this.lockWaitMs);
  }
}

function openSqlite(location: string, timeouts: StorageTimeouts | null): Storage {
  const path = location === ':memory:' ? location : resolve(location);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const handle = new SqliteDatabase(path);
  // Set first: switching to WAL itself needs a lock another process may hold.
  handle.pragma(`busy_timeout = ${timeouts?.sqliteBusyMs ?? 5000}`);
  handle.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a commit survives a process crash; only a power loss may lose the last ones.
  handle.pragma('synchronous = NORMAL');
  handle.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({
    dialect: new BoundedSqliteDialect(
      { database: withStatementCache(handle) },
      handle,
      timeouts?.sqliteLockWaitMs ?? 30_000,
    ),
  });
  const checkpointer = path === ':memory:' ? null : startCheckpointer(handle, path);
  return {
    engine: 'sqlite',
    db,
    sqlite: handle,
    pool: null,
    async ping() {
      handle.prepare('select 1').get();
    },
    async close() {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

const CHECKPOINT_MS = 200;

/**
 * Moves WAL checkpoints off the event loop. A checkpoint copies the log into the database file
 * and syncs it to disk; left to SQLite it runs inside whichever commit crosses 1,000 pages, on
 * the main thread, and every request waits for that disk sync. Here a worker thread with a
 * connection of its own checkpoints (PASSIVE: it never waits for or blocks a writer) a few times a
 * second. Should the worker stop, the connection falls back to SQLite's own checkpoints.
 */
function startCheckpointer(handle: SqliteDatabase.Database, path: string): { stop(): Promise<void> } {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const Database = require(workerData.module);
     const db = new Database(workerData.path);
     db.pragma('busy_timeout = 1000');
     setInterval(() => {
       try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
     }, workerData.intervalMs);`,
    {
      eval: true,
      workerData: {
        module: createRequire(import.meta.url).resolve('better-sqlite3'),
        path,
        intervalMs: CHECKPOINT_MS,
      },
    },
  );
  worker.unref();
  handle.pragma('wal_autocheckpoint = 0');
  worker.on('error', () => handle.pragma('wal_autocheckpoint = 1000'));
  return {
    async stop() {
      // A checkpoint is crash-safe: stopping the thread in the middle of one loses nothing.
      worker.ref();
      await worker.terminate();
    },
  };
}

/**
 * Kysely prepares a statement for every query it runs; preparing costs more than running a small
 * query. Statements are cached by SQL text (values are bound per run, so the text repeats).
 * Kysely runs each statement to completion synchronously, so a cached statement is never in use
 * twice at once.
 */
function withStatementCache(handle: SqliteDatabase.Database): SqliteDatabase.Database {
  const cache = new Map<string, SqliteDatabase.Statement>();
  const LIMIT = 500;
  return new Proxy(handle, {
    get(target, property) {
      if (property !== 'prepare') {
        const value: unknown = Reflect.get(target, property);
        // Native methods check their receiver: call them on the real handle.
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (source: string) => {
        let statement = cache.get(source);
        if (statement === undefined) {
          statement = target.prepare(source);
          if (cache.size >= LIMIT) cache.clear();
          cache.set(source, statement);
        }
        return statement;
      };
    },
  });
}

/**
 * Kysely's PostgreSQL introspector (which its migrator uses to ask "does my table exist?") reads
 * every schema of the database and evaluates names in them; a schema dropped meanwhile by another
 * deployment or test makes it fail. Orrery only ever needs its own schema, so it asks only there.
 */
class CurrentSchemaIntrospector implements DatabaseIntrospector {
  // `any`: the introspector serves any database shape, as Kysely's own does.
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p')`.execute(this.db);
    return rows.map((r) => ({ name: r.name, schema: r.schema, isView: r.kind === 'v', columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

class CurrentSchemaPostgresDialect extends PostgresDialect {
  // `any`: Kysely's dialect interface takes any database shape.
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}

/**
 * node-postgres gives up waiting for an answer after `query_timeout` but keeps the connection,
 * whose next query (the transaction's ROLLBACK, say) then queues behind the silent one and waits
 * as long again. A connection that went silent is dropped instead: everything queued on it fails
 * at once, and the pool discards it when it is released.
 */
function dropSilentConnections(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client);
    // `any`: pg's query has many overloads (callback, promise, submittable); arguments and the
    // result pass through untouched.
    (client as any).query = (...args: any[]) => {
      const result = (query as (...a: any[]) => any)(...args);
      if (result !== null && typeof result === 'object' && typeof result.then === 'function') {
        (result as Promise<unknown>).then(undefined, (error: unknown) => {
          if (error instanceof Error && error.message === 'Query read timeout') {
            (
              client as unknown as { connection?: { stream?: { destroy(): void } } }
            ).connection?.stream?.destroy();
          }
        });
      }
      return result;
    };
  });
}

/** The pool as Kysely uses it, with a deadline on getting a connection. */
function withAcquireDeadline(pool: pg.Pool, acquireMs: number): pg.Pool {
  return new Proxy(pool, {
    get(target, property) {
      if (property !== 'connect') {
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return async () => {
        const pending = target.connect();
        try {
          return await withDeadline(pending, acquireMs, 'database', 'getting a database connection');
        } catch (error) {
          // A connection that arrives after the deadline goes straight back to the pool.
          if (error instanceof DependencyUnavailable) pending.then((c) => c.release()).catch(() => {});
          throw error;
        }
      };
    },
  });
}

function openPostgres(connectionString: string, timeouts: StorageTimeouts | null): Storage {
  const pool = new pg.Pool({
    connectionString,
    max: 20,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: timeouts?.databaseConnectMs ?? 5_000,
    ...(timeouts && timeouts.databaseStatementMs > 0
      ? { statement_timeout: timeouts.databaseStatementMs }
      : {}),
    ...(timeouts ? { query_timeout: timeouts.databaseQueryMs } : {}),
    // A connection whose peer vanished without a FIN is noticed by TCP keep-alive, not left forever.
    keepAlive: true,
  });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may a checked-out one (pg-pool listens only while a client is idle): a connection lost
  // between two statements of a transaction fails the next statement, and the pool drops it on
  // release.
  pool.on('connect', (client) => client.on('error', () => {}));
  if (timeouts) dropSilentConnections(pool);
  const db = new Kysely<Database>({
    dialect: new CurrentSchemaPostgresDialect({
      pool: timeouts ? withAcquireDeadline(pool, timeouts.databaseAcquireMs) : pool,
    }),
  });
  return {
    engine: 'postgres',
    db,
    sqlite: null,
    pool,
    async ping(timeoutMs = 2000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs);
      });
      try {
        await Promise.race([sql`select 1`.execute(db), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await db.destroy();
    },
  };
}
