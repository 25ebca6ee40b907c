import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { enforceWindow } from '../../http/quota.ts';
import { IdParams, NoContent } from '../../http/schemas.ts';
import { MINUTE } from '../../lib/time.ts';
import {
  CreateFeedBody,
  FeedEnvelope,
  FeedSchema,
  UpdateFeedBody,
  WorldSignalSchema,
  WorldSignalsQuery,
} from './schemas.ts';

/**
 * World signals are public and cheap to ask for, so each client address gets a fixed window of
 * `COUNCIL_SIGNALS_RATE_PER_MINUTE` requests a minute (refused ones count too). The counter is
 * the shared counter store, so the limit holds across instances when Redis is configured.
 */
function signalsRateLimit(deps: Deps) {
  const quota = deps.config.council.signalsPerMinute;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const headers = await enforceWindow(deps.counters, {
      key: `council:signals:${request.ip}`,
      limit: quota,
      windowMs: MINUTE,
      policy: 'minute',
      code: 'rate_limited',
      detail: () => `At most ${quota} requests a minute for world signals; wait a moment.`,
    });
    reply.headers(headers);
  };
}

export function councilRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/api/admin/feeds',
      {
        schema: {
          summary: 'Register a Council feed (RSS, Atom, RDF or JSON Feed).',
          tags: ['admin', 'council'],
          body: CreateFeedBody,
          response: { 201: FeedEnvelope },
          responseHeaders: { 201: ['Location'] },
          problems: ['conflict'],
        },
        config: { auth: 'admin' },
      },
      async (request, reply) => {
        const feed = await deps.council.addFeed(request.body);
        return reply.code(201).header('location', `/api/admin/feeds/${feed.id}`).send({ feed });
      },
    );

    app.get(
      '/api/admin/feeds',
      {
        schema: {
          summary: 'Every Council feed with its fetch state.',
          tags: ['admin', 'council'],
          response: { 200: Type.Object({ feeds: Type.Array(FeedSchema) }) },
        },
        config: { auth: 'admin' },
      },
      async () => ({ feeds: await deps.council.listFeeds() }),
    );

    app.patch(
      '/api/admin/feeds/:id',
      {
        schema: {
          summary: 'Pause or resume a feed (or rename it).',
          tags: ['admin', 'council'],
          params: IdParams,
          body: UpdateFeedBody,
          response: { 200: FeedEnvelope },
        },
        config: { auth: 'admin' },
      },
      async (request) => ({ feed: await deps.council.updateFeed(request.params.id, request.body) }),
    );

    app.delete(
      '/api/admin/feeds/:id',
      {
        schema: {
          summary: 'Remove a feed and its signals.',
          tags: ['admin', 'council'],
          params: IdParams,
          response: { 204: NoContent },
        },
        config: { auth: 'admin' },
      },
      async (request, reply) => {
        await deps.council.deleteFeed(request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/council/world-signals',
      {
        schema: {
          summary: 'The newest world signals absorbed from Council feeds (30 requests a minute per address).',
          tags: ['council'],
          querystring: WorldSignalsQuery,
          response: { 200: Type.Object({ signals: Type.Array(WorldSignalSchema) }) },
          responseHeaders: { 200: ['RateLimit-Policy', 'RateLimit'] },
          problems: ['rate_limited'],
        },
        config: { auth: 'none', publicCors: true },
        onRequest: signalsRateLimit(deps),
      },
      async (request) => ({ signals: await deps.council.listSignals(request.query.limit ?? 20) }),
    );
  };
}
