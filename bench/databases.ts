import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database for one benchmark: a temporary SQLite file, or a new schema on the
 * PostgreSQL server at `postgresUrl` (null when that server does not answer). `drop` removes it.
 */
export async function freshDatabase(engine: string, postgresUrl: string): Promise<BenchDatabase | null> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'orrery-bench-'));
    return {
      url: `sqlite:${join(dir, 'bench.db')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (!(await postgresReachable(postgresUrl))) return null;
  const schema = `bench_${Date.now().toString(36)}`;
  await onServer(postgresUrl, `create schema ${schema}`);
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: () => onServer(postgresUrl, `drop schema if exists ${schema} cascade`),
  };
}

/** The p-th percentile of an ascending list of timings. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
