import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../deps.ts';
import { sessionUser } from '../../http/auth.ts';
import { partnerRoute } from '../../http/partner.ts';
import { PagingQuery } from '../../http/schemas.ts';
import { fromMilli } from '../../lib/essence.ts';
import { EssencePage } from './schemas.ts';

export function essenceRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/essence',
      {
        schema: {
          summary: 'Balance and ledger (newest first).',
          tags: ['essence'],
          querystring: PagingQuery,
          response: { 200: EssencePage },
        },
        config: { auth: 'session' },
      },
      async (request) => {
        const userId = sessionUser(request).id;
        const [balance, page] = await Promise.all([
          deps.essence.balanceMilli(userId),
          deps.essence.ledger(userId, request.query.limit ?? 20, request.query.cursor),
        ]);
        return { balance: fromMilli(balance), ...page };
      },
    );
  };
}

export const essenceBalanceRoute = partnerRoute({
  method: 'GET',
  path: '/api/v1/essence',
  scope: 'any',
  cost: 0,
  keyCostApplies: false,
  purpose: "The key owner's Essence balance.",
  tags: ['essence'],
  response: { 200: Type.Object({ balance: Type.Number() }) },
  pure: true,
  async handler({ balanceMilli }) {
    return { body: { balance: fromMilli(await balanceMilli()) } };
  },
});
