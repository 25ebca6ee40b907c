import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../deps.ts';
import { sessionUser } from '../../http/auth.ts';
import { partnerRoute } from '../../http/partner.ts';
import { EssenceAmount, PagingQuery, Problem, Strict } from '../../http/schemas.ts';
import { fromMilli, toMilli } from '../../lib/essence.ts';
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

const AlertJson = Type.Object({
  threshold: Type.Union([Type.Number(), Type.Null()]),
  state: Type.Union([Type.Literal('armed'), Type.Literal('crossed'), Type.Literal('off')], {
    description:
      'armed: at or above the threshold, the next debit below it emits essence.low; crossed: below it, waiting to re-arm; off: no alert.',
  }),
  balance: Type.Number(),
});

const AlertBody = Strict({
  threshold: Type.Union([EssenceAmount({ minimum: 0, maximum: 1_000_000_000 }), Type.Null()], {
    description: 'Alert when a debit takes the balance below this; null turns the alert off.',
  }),
});

export function essenceAlertRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/essence/alert',
      {
        schema: {
          summary: 'Your balance alert and its state.',
          tags: ['essence'],
          response: { 200: Type.Object({ alert: AlertJson }) },
        },
        config: { auth: 'session' },
      },
      async (request) => ({ alert: await deps.essence.alertFor(sessionUser(request).id) }),
    );

    app.put(
      '/api/essence/alert',
      {
        schema: {
          summary: 'Set (or with null, remove) your balance alert.',
          tags: ['essence'],
          body: AlertBody,
          response: { 200: Type.Object({ alert: AlertJson }), 400: Problem },
        },
        config: { auth: 'session' },
      },
      async (request) => {
        const { threshold } = request.body;
        return {
          alert: await deps.essence.setAlert(
            sessionUser(request).id,
            threshold === null ? null : toMilli(threshold),
          ),
        };
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
