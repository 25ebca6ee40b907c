import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from './deps.ts';
import { AppError } from './http/errors.ts';
import { DependencyUnavailable, withDeadline } from './storage/faults.ts';

const CHECK_MS = 1000;
const CheckState = Type.Union([
  Type.Literal('ok'),
  Type.Literal('failing'),
  Type.Literal('timeout'),
  Type.Literal('not_configured'),
]);
const Checks = Type.Object({ database: CheckState, redis: CheckState });
type CheckResult = 'ok' | 'failing' | 'timeout';

async function probe(run: () => Promise<unknown>): Promise<CheckResult> {
  try {
    await withDeadline(Promise.resolve().then(run), CHECK_MS, 'database', 'readiness check');
    return 'ok';
  } catch (error) {
    const timedOut =
      error instanceof DependencyUnavailable ||
      (error instanceof Error && /timed? ?out/i.test(error.message));
    return timedOut ? 'timeout' : 'failing';
  }
}

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
          summary:
            'The database and, when configured, Redis answer within 1 s (503 otherwise, naming the failing check).',
          tags: ['operations'],
          response: {
            200: Type.Object({
              status: Type.Literal('ready'),
              engine: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
              checks: Checks,
            }),
          },
        },
        config: { auth: 'none' },
      },
      async (request) => {
        // Both checks run at once, each bounded, so the answer comes within ~1 s whatever happens.
        const [database, redis] = await Promise.all([
          probe(() => deps.storage.ping(CHECK_MS)),
          deps.redis === null
            ? Promise.resolve('not_configured' as const)
            : probe(() => {
                const redis = deps.redis as NonNullable<typeof deps.redis>;
                if (redis.status !== 'ready') return Promise.reject(new Error(`redis is ${redis.status}`));
                return redis.ping();
              }),
        ]);
        const checks = { database, redis };
        if (database !== 'ok' || (redis !== 'ok' && redis !== 'not_configured')) {
          const failing = Object.entries(checks)
            .filter(([, state]) => state !== 'ok' && state !== 'not_configured')
            .map(([name]) => name);
          request.log.warn({ checks }, 'readiness check failed');
          throw new AppError('unavailable', `Not ready: ${failing.join(' and ')} failing.`, {
            headers: { 'retry-after': '5' },
            extras: { checks },
          });
        }
        return { status: 'ready' as const, engine: deps.storage.engine, checks };
      },
    );
  };
}
