import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Storage } from './db.ts';
import * as foundation from './migrations/001_foundation.ts';
import * as trajectory from './migrations/002_trajectory.ts';
import * as memory from './migrations/003_memory.ts';
import * as cosmos from './migrations/004_cosmos.ts';
import * as council from './migrations/005_council.ts';
import * as keyUsage from './migrations/007_key_usage.ts';
import * as personalData from './migrations/008_personal_data.ts';
import * as webhooks from './migrations/009_webhooks.ts';

/** Migrations in order; names never change once released. */
const MIGRATIONS: Record<string, Migration> = {
  '001_foundation': foundation,
  '002_trajectory': trajectory,
  '003_memory': memory,
  '004_cosmos': cosmos,
  '005_council': council,
  '007_key_usage': keyUsage,
  '009_webhooks': webhooks,
  '008_personal_data': personalData,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

/**
 * Applies pending migrations. Kysely's migrator takes a lock (a lock row, and on PostgreSQL a
 * row lock inside a transaction), so several instances starting together apply each one once.
 */
export async function migrate(storage: Storage): Promise<string[]> {
  // On PostgreSQL name the schema explicitly: otherwise the migrator's "does my table exist?"
  // check also sees tables in other schemas of the same database (another deployment's, or a
  // parallel test's) and skips creating its own.
  const schema =
    storage.engine === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(storage.db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: storage.db,
    provider: new StaticProvider(),
    // Domains add migrations independently; a database that already ran a later one still
    // applies an earlier-named one it has not seen.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
