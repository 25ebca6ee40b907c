import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from './deps.ts';
import { AppError } from './http/errors.ts';

export function operationsRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          summary: 'The process is up.',
          tags: ['operations'],
          response: { 200: Type.Object({ status: Type.Literal('ok') }) },
        },
        config: { auth: 'none' },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/readyz',
      {
        schema: {
          summary: 'The database (and Redis, when configured) answer; 503 otherwise.',
          tags: ['operations'],
          response: {
            200: Type.Object({
              status: Type.Literal('ready'),
              database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
              redis: Type.Boolean({ description: 'Whether Redis is configured (and answered).' }),
            }),
          },
        },
        config: { auth: 'none' },
      },
      async (request) => {
        try {
          await deps.storage.ping(2000);
          if (deps.redis) await deps.redis.ping();
        } catch (error) {
          request.log.warn({ err: error }, 'readiness check failed');
          throw new AppError('unavailable', 'A dependency is not reachable.', {
            headers: { 'retry-after': '5' },
          });
        }
        return { status: 'ready' as const, database: deps.storage.engine, redis: deps.redis !== null };
      },
    );
  };
}
