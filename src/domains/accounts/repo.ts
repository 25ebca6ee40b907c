import { sql } from 'kysely';
import type { UsersTable } from '../../storage/schema.ts';
import type { Executor } from '../../storage/tx.ts';

export type UserRow = UsersTable;

export async function insertUser(db: Executor, row: UserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/**
 * Serialises writers that must see a consistent view of one account (for example counting its
 * live keys before adding one). On PostgreSQL the no-op update takes the row lock until commit;
 * SQLite transactions are serialised by the single connection already.
 */
export async function lockUser(db: Executor, id: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ balance_milli: sql`balance_milli` })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateUser(
  db: Executor,
  id: string,
  patch: Partial<Pick<UserRow, 'tier' | 'role' | 'password_hash' | 'display_name'>>,
): Promise<UserRow | undefined> {
  return db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function listUsers(
  db: Executor,
  options: { query: string | null; limit: number; beforeId: string | null },
): Promise<UserRow[]> {
  let q = db.selectFrom('users').selectAll().orderBy('id', 'desc').limit(options.limit);
  if (options.beforeId !== null) q = q.where('id', '<', options.beforeId);
  if (options.query !== null) {
    const pattern = `%${options.query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(display_name)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return q.execute();
}

export interface SessionRow {
  id: string;
  user_id: string;
  expires_at: number;
}

export async function insertSession(
  db: Executor,
  row: { id: string; token_hash: string; user_id: string; created_at: number; expires_at: number },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ ...row, revoked_at: null })
    .execute();
}

export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  now: number,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.expires_at as session_expires_at',
      'users.id',
      'users.email',
      'users.password_hash',
      'users.display_name',
      'users.tier',
      'users.role',
      'users.balance_milli',
      'users.created_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_expires_at, ...user } = row;
  return { session: { id: session_id, user_id: user.id, expires_at: session_expires_at }, user };
}

export async function extendSession(db: Executor, id: string, expiresAt: number): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function revokeSession(db: Executor, id: string, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function deleteSessions(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Deletes the user row; whatever still references it by foreign key cascades or is set null. */
export async function deleteUser(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
