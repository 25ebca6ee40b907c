import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.ts';
import type { PersonalDataSection } from '../accounts/personal-data.ts';
import * as repo from './repo.ts';
import { ledgerEntryJson } from './service.ts';

const PAGE = 1000;

/** The ledger, newest first. Erasure keeps the entries' amounts and removes the user link. */
export function ledgerSection(db: Kysely<Database>): PersonalDataSection {
  return {
    exportKey: 'ledger',
    async *exportRows(userId) {
      let beforeId: string | null = null;
      for (;;) {
        const rows: repo.LedgerRow[] = await repo.listLedger(db, userId, { limit: PAGE, beforeId });
        for (const row of rows) yield ledgerEntryJson(row);
        const last = rows[rows.length - 1];
        if (rows.length < PAGE || !last) return;
        beforeId = last.id;
      }
    },
    async erase(tx, userId) {
      await repo.unlinkPerson(tx, userId);
      return undefined;
    },
  };
}
