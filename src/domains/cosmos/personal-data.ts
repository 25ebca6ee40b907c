import type { PersonalDataSection } from '../accounts/personal-data.ts';
import { disownObjects } from './repo.ts';

/**
 * Objects a person spawned are public and stay until they expire (the contract says so); their
 * link to the person and the key goes with the account. Not exported: nothing private is in them.
 */
export function cosmosSection(): PersonalDataSection {
  return {
    async erase(tx, userId) {
      await disownObjects(tx, userId);
      return undefined;
    },
  };
}
