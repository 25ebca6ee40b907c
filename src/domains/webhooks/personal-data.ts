import type { PersonalDataSection } from '../accounts/personal-data.ts';
import type { WebhooksService } from './service.ts';

/**
 * A person's webhook endpoints: exported without their signing secrets; erased with their events
 * and queued deliveries, so nothing more is sent on the person's behalf once the account is gone.
 */
export function webhooksSection(webhooks: WebhooksService): PersonalDataSection {
  return {
    exportKey: 'webhooks',
    async *exportRows(userId) {
      // At most 10 endpoints per account: one read is already paging.
      yield* await webhooks.exportUser(userId);
    },
    async erase(tx, userId) {
      await webhooks.eraseUser(tx, userId);
      return undefined;
    },
  };
}
