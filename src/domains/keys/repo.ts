import type { ApiKeysTable } from '../../storage/schema.ts';
import type { Executor } from '../../storage/tx.ts';

export type KeyRow = ApiKeysTable;

export async function insertKey(db: Executor, row: KeyRow): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

export async function findKeyByHash(db: Executor, keyHash: string): Promise<KeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
}

export async function findOwnedKey(db: Executor, userId: string, id: string): Promise<KeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function listKeys(db: Executor, userId: string): Promise<KeyRow[]> {
  return db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

export async function countLiveKeys(db: Executor, userId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function revokeKey(db: Executor, id: string, now: number): Promise<KeyRow | undefined> {
  return db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Marks a live key as rotated to `rotatedTo`, ending it at `expiresAt` (and revoking it now when
 * `revokedAt` is set). One guarded statement: of two rotations racing on any number of
 * instances, exactly one finds `rotated_to` still null; the other updates nothing and gets false
 * (on PostgreSQL it waits for the first to commit, then re-checks the guard on the new row).
 */
export async function claimRotation(
  db: Executor,
  id: string,
  expiresAt: number,
  rotatedTo: string,
  revokedAt: number | null,
): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({
      expires_at: expiresAt,
      rotated_to: rotatedTo,
      ...(revokedAt === null ? {} : { revoked_at: revokedAt }),
    })
    .where('id', '=', id)
    .where('rotated_to', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records use at most once a minute per key: the guard makes concurrent writers from any number
 * of instances collapse into one effective write per minute.
 */
export async function touchKey(db: Executor, id: string, now: number): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', now - 60_000)]))
    .execute();
}

export type KeyChanges = Partial<
  Pick<KeyRow, 'name' | 'scopes' | 'essence_per_call_milli' | 'rate_limit' | 'rate_window_seconds'>
>;

export async function updateKey(db: Executor, id: string, changes: KeyChanges): Promise<KeyRow | undefined> {
  return db.updateTable('api_keys').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Marks a key's end as announced, once: the guard makes a delete racing the end-of-life sweep
 * (or two sweeps) announce it exactly once. Returns the row when this call marked it.
 */
export async function markEndAnnounced(db: Executor, id: string, now: number): Promise<KeyRow | undefined> {
  return db
    .updateTable('api_keys')
    .set({ end_announced_at: now })
    .where('id', '=', id)
    .where('end_announced_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Keys whose expiry (their own, or a rotation's grace) has passed and was not announced yet. */
export async function takeUnannouncedEnds(db: Executor, now: number, limit: number): Promise<KeyRow[]> {
  return db
    .updateTable('api_keys')
    .set({ end_announced_at: now })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('api_keys')
        .select('id')
        .where('end_announced_at', 'is', null)
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit),
    )
    .where('end_announced_at', 'is', null)
    .returningAll()
    .execute();
}

/** Deletes every key of a person; returns their hashes (for the revocation broadcast). */
export async function deleteUserKeys(db: Executor, userId: string): Promise<string[]> {
  // Usage rows name only the key: they go with it, so nothing of the person's traffic stays.
  await db
    .deleteFrom('key_usage')
    .where('key_id', 'in', (eb) => eb.selectFrom('api_keys').select('id').where('user_id', '=', userId))
    .execute();
  const rows = await db.deleteFrom('api_keys').where('user_id', '=', userId).returning('key_hash').execute();
  return rows.map((r) => r.key_hash);
}
