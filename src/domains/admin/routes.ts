import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../deps.ts';
import type { PartnerMeta } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { sendProblem } from '../../http/problem.ts';
import { renderRouteTable } from './route-page.ts';

const RouteRow = Type.Object({
  method: Type.String(),
  path: Type.String(),
  scope: Type.String(),
  cost: Type.Number(),
  keyCostApplies: Type.Boolean(),
  purpose: Type.String(),
});

/**
 * The partner route table is read from the routes Fastify actually registered (`onRoute`), so
 * the page cannot drift from what the service serves.
 */
export function adminRoutes(deps: Deps, partnerTable: readonly PartnerMeta[]): FastifyPluginAsyncTypebox {
  const sorted = () =>
    [...partnerTable].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  return async (app) => {
    app.get(
      '/api/admin/routes',
      {
        schema: {
          summary: 'Every /api/v1 partner route with scope, cost and purpose.',
          tags: ['admin'],
          response: { 200: Type.Object({ routes: Type.Array(RouteRow) }) },
        },
        config: { auth: 'admin' },
      },
      async () => ({ routes: sorted() }),
    );

    app.get(
      '/admin/routes',
      { schema: { hide: true }, config: { auth: 'optional-session' } },
      async (request, reply) => {
        if (request.session === null) {
          return reply.redirect(`/signin?next=${encodeURIComponent('/admin/routes')}`, 303);
        }
        if (request.session.user.role !== 'admin') {
          return sendProblem(reply, new AppError('forbidden', 'Only administrators may open this.'));
        }
        return reply
          .type('text/html; charset=utf-8')
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
          )
          .send(renderRouteTable(sorted(), deps.config.baseUrl.origin));
      },
    );
  };
}
