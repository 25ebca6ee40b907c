import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.ts';
import type { PersonalDataSection } from '../accounts/personal-data.ts';
import * as repo from './repo.ts';
import { ownedMemoryJson } from './service.ts';

const PAGE = 500;

/** Memories from all of the person's keys, each with the key that wrote it. */
export function memoriesSection(db: Kysely<Database>): PersonalDataSection {
  return {
    exportKey: 'memories',
    async *exportRows(userId) {
      let beforeId: string | null = null;
      for (;;) {
        const rows: repo.MemoryRow[] = await repo.listForUser(db, userId, { beforeId, limit: PAGE });
        for (const row of rows) yield ownedMemoryJson(row);
        const last = rows[rows.length - 1];
        if (rows.length < PAGE || !last) return;
        beforeId = last.id;
      }
    },
    async erase(tx, userId) {
      await repo.eraseUser(tx, userId);
      return undefined;
    },
  };
}
