import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.ts';
import type { PersonalDataSection } from '../accounts/personal-data.ts';
import * as repo from './repo.ts';
import { apiKeyJson, type KeysService } from './service.ts';

/**
 * Keys as metadata only (never the raw key or its hash). Erasure deletes them and, once the
 * deletion has committed, evicts them from every instance's cache through the revocation
 * broadcast, so they stop working everywhere at once; an instance that misses the message still
 * drops them when its cache entry runs out (`KEY_CACHE_MS`), and finds no row then.
 */
export function keysSection(db: Kysely<Database>, keys: KeysService): PersonalDataSection {
  return {
    exportKey: 'keys',
    async *exportRows(userId) {
      for (const row of await repo.listKeys(db, userId)) yield apiKeyJson(row);
    },
    async erase(tx, userId) {
      const hashes = await repo.deleteUserKeys(tx, userId);
      return hashes.length === 0 ? undefined : () => keys.forget(hashes);
    },
  };
}
