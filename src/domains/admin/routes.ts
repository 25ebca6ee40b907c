import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteOptions } from 'fastify';
import { type Static, Type } from 'typebox';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { sendProblem } from '../../http/problem.ts';
import { renderRouteTable } from './route-page.ts';

const RouteRowSchema = Type.Object({
  method: Type.String(),
  path: Type.String(),
  auth: Type.Union([Type.Literal('key'), Type.Literal('session')], {
    description: '`key`: an API key with `scope`; `session`: the signed-in owner (keys are refused).',
  }),
  scope: Type.Union([Type.String(), Type.Null()], { description: 'The key scope a partner route needs.' }),
  cost: Type.Union([Type.Number(), Type.Null()], {
    description: 'Default cost in Essence; null where nothing is metered.',
  }),
  keyCostApplies: Type.Boolean(),
  purpose: Type.String(),
});

export type RouteRow = Static<typeof RouteRowSchema>;

/** The rows of one registered route (one per method), from its declaration. */
export function routeRow(route: RouteOptions): RouteRow[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const partner = route.config?.partner;
  return methods.map((method) => ({
    method,
    path: route.url,
    auth: route.config?.auth === 'key' ? 'key' : 'session',
    scope: partner?.scope ?? null,
    cost: partner?.cost ?? null,
    keyCostApplies: partner?.keyCostApplies ?? false,
    purpose: partner?.purpose ?? (typeof route.schema?.summary === 'string' ? route.schema.summary : ''),
  }));
}

/**
 * The `/api/v1` route table is read from the routes Fastify actually registered (`onRoute`), the
 * key routes included, so the page cannot drift from what the service serves.
 */
export function adminRoutes(deps: Deps, v1Table: readonly RouteRow[]): FastifyPluginAsyncTypebox {
  const sorted = () =>
    [...v1Table].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  return async (app) => {
    app.get(
      '/api/admin/routes',
      {
        schema: {
          summary: 'Every /api/v1 route (partner and key routes) with auth, scope, cost and purpose.',
          tags: ['admin'],
          response: { 200: Type.Object({ routes: Type.Array(RouteRowSchema) }) },
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
