import { CompiledQuery, PostgresAdapter, type QueryResult } from 'kysely';
import type { Executor } from './tx.ts';

const POSTGRES_TEXT = new Map<string, string>();

export function onPostgres(db: Executor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Runs fixed SQL text handed to Kysely precompiled, for hot paths where building and compiling a
 * query costs more than the database takes to run it. The text is plain SQL both engines accept;
 * `?` placeholders become `$n` on PostgreSQL.
 */
export function runRaw<R>(
  db: Executor,
  text: string,
  parameters: readonly unknown[],
): Promise<QueryResult<R>> {
  let sqlText = text;
  if (onPostgres(db)) {
    let converted = POSTGRES_TEXT.get(text);
    if (converted === undefined) {
      let n = 0;
      converted = text.replace(/\?/g, () => `$${++n}`);
      POSTGRES_TEXT.set(text, converted);
    }
    sqlText = converted;
  }
  return db.executeQuery<R>(CompiledQuery.raw(sqlText, [...parameters]));
}
