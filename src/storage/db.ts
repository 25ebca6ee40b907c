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
  type SchemaMetadata,
  SqliteDialect,
  SqliteDriver,
  sql,
  type TableMetadata,
} from 'kysely';
import pg from 'pg';
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

export function openStorage(databaseUrl: string): Storage {
  if (databaseUrl.startsWith('sqlite:')) return openSqlite(databaseUrl.slice('sqlite:'.length));
  return openPostgres(databaseUrl);
}

function openSqlite(location: string): Storage {
  const path = location === ':memory:' ? location : resolve(location);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const handle = new SqliteDatabase(path);
  handle.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a commit survives a process crash; only a power loss may lose the last ones.
  handle.pragma('synchronous = NORMAL');
  handle.pragma('foreign_keys = ON');
  handle.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(handle) }),
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
 * Every transaction takes SQLite's write lock when it begins (`BEGIN IMMEDIATE`), not at its first
 * write: a transaction that read first and then wants to write can be refused outright
 * (SQLITE_BUSY, which no busy timeout waits out) when another process wrote meanwhile. Within one
 * process Kysely already runs one transaction at a time on its single connection.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly options: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(options);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.options);
  }
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

function openPostgres(connectionString: string): Storage {
  const pool = new pg.Pool({
    connectionString,
    max: 20,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
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
