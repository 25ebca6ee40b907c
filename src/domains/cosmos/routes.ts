import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { type PartnerRoute, partnerRoute } from '../../http/partner.ts';
import {
  CosmosObjectSchema,
  ObjectParams,
  ObjectsPage,
  ObjectsQuery,
  SpawnBody,
  Spawned,
} from './schemas.ts';
import type { CosmosEvent, StreamSink } from './service.ts';

/** Open streams per instance at most; beyond it new ones get 503 and retry elsewhere. */
const MAX_STREAMS = 10_000;
/** A client this far behind (unsent bytes) is dropped; it reconnects and replays from the log. */
const MAX_BUFFERED_BYTES = 1 << 20;
/** Reconnection delay suggested to EventSource clients. */
const RETRY_MS = 3000;
const LAST_EVENT_ID = /^\d{1,15}$/;

/**
 * Events of spawns whose transaction is still open, by request. The partner toolkit commits after
 * the handler returns; the event is announced from `onResponse`, once the 201 has gone out, so no
 * stream ever hears of an object that a rollback then removed, and a client reacting to the event
 * always finds the object.
 */
const uncommitted = new WeakMap<FastifyRequest, CosmosEvent>();

const spawn = partnerRoute({
  method: 'POST',
  path: '/api/v1/world/spawn',
  scope: 'write',
  cost: 20,
  purpose: 'Spawn an object into the shared cosmos near a mood, in a layer.',
  tags: ['cosmos'],
  body: SpawnBody,
  response: { 201: Spawned },
  responseHeaders: { 201: ['Location'] },
  example: {
    body: {
      type: 'notification',
      title: 'Build 1432 passed',
      moodTarget: 'proud',
      layerTarget: 0,
      durationHours: 1,
    },
  },
  async handler({ db, key, body, request }, deps) {
    const { object, event, rateHeaders } = await deps.cosmos.spawn(
      db,
      { userId: key.userId, keyId: key.id },
      {
        type: body.type ?? 'notification',
        title: body.title,
        description: body.description ?? '',
        moodTarget: body.moodTarget ?? 'neutral',
        layerTarget: body.layerTarget ?? 0,
        durationHours: body.durationHours,
      },
    );
    uncommitted.set(request, event);
    return {
      status: 201,
      body: {
        ok: true,
        objectId: object.objectId,
        type: object.type,
        title: object.title,
        expiresAt: object.expiresAt,
        position: object.position,
        moodTarget: object.moodTarget,
        layerTarget: object.layerTarget,
      },
      headers: { ...rateHeaders, location: `/api/v1/world/objects/${object.objectId}` },
    };
  },
});

/** `POST /api/v1/world/spawn`: the partner route plus its post-commit announcement. */
export const spawnRoute: PartnerRoute = {
  meta: spawn.meta,
  example: spawn.example,
  register(app, deps) {
    app.register(async (scope) => {
      scope.addHook('onResponse', async (request, reply) => {
        const event = uncommitted.get(request);
        if (event === undefined) return;
        uncommitted.delete(request);
        if (reply.statusCode === 201) await deps.cosmos.announce(event);
      });
      spawn.register(scope, deps);
    });
  },
};

export const objectRoute = partnerRoute({
  method: 'GET',
  path: '/api/v1/world/objects/:id',
  scope: 'read',
  cost: 0,
  purpose: 'One live cosmos object (404 once it has expired).',
  tags: ['cosmos'],
  publicCors: true,
  pure: true,
  params: ObjectParams,
  response: { 200: CosmosObjectSchema },
  example: {
    params: { id: 'obj_01jd0000000000000000000000' },
    // The example must name a live object: the route's generated tests make one first.
    async prepare(deps) {
      const { object } = await deps.cosmos.spawn(
        deps.storage.db,
        { userId: 'example', keyId: 'example' },
        { type: 'content_node', title: 'Example', description: '', moodTarget: 'neutral', layerTarget: 6 },
      );
      return { params: { id: object.objectId } };
    },
  },
  async handler({ params }, deps) {
    return { body: await deps.cosmos.get(params.id) };
  },
});

function sseFrame(event: CosmosEvent): string {
  return `id: ${event.id}\nevent: ${event.kind}\ndata: ${event.data}\n\n`;
}

export function cosmosRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/cosmos/objects',
      {
        schema: {
          summary: 'Live cosmos objects, newest first.',
          tags: ['cosmos'],
          querystring: ObjectsQuery,
          response: { 200: ObjectsPage },
        },
        config: { auth: 'none', publicCors: true },
      },
      async (request) =>
        deps.cosmos.listLive({
          layer: request.query.layer,
          type: request.query.type,
          limit: request.query.limit ?? 20,
          cursor: request.query.cursor,
        }),
    );

    // Streams never end by themselves: close them when the app closes, or `close()` and the
    // SIGTERM drain would wait for every viewer to leave. Clients reconnect (to another instance)
    // and replay what they missed with Last-Event-ID.
    const open = new Set<() => void>();
    app.addHook('preClose', (done) => {
      for (const end of [...open]) end();
      done();
    });

    app.get(
      '/api/cosmos/stream',
      {
        // Hidden from the OpenAPI document: a never-ending text/event-stream has no useful shape
        // there (docs/api.md and docs/cosmos.md describe it).
        schema: { hide: true },
        config: { auth: 'none', publicCors: true },
      },
      (request, reply) => {
        const header = request.headers['last-event-id'];
        const lastEventId =
          typeof header === 'string' && LAST_EVENT_ID.test(header.trim()) ? Number(header) : null;
        if (deps.cosmos.streamCount >= MAX_STREAMS) {
          throw new AppError('unavailable', 'This instance streams to as many viewers as it can.', {
            headers: { 'retry-after': '5' },
          });
        }

        if (request.method === 'HEAD') {
          return reply.code(200).header('content-type', 'text/event-stream; charset=utf-8').send();
        }

        reply.hijack();
        const raw = reply.raw;
        // The hooks already set the security, request-id and CORS headers on the reply; a hijacked
        // reply does not send them, so they go out here with the stream's own.
        raw.writeHead(200, {
          ...(reply.getHeaders() as OutgoingHttpHeaders),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-accel-buffering': 'no',
        });
        raw.write(`retry: ${RETRY_MS}\n\n`);

        let ended = false;
        let closeStream = () => {};
        const end = () => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          closeStream();
          open.delete(end);
          raw.end();
        };
        const write = (chunk: string) => {
          if (ended) return;
          if (raw.writableLength > MAX_BUFFERED_BYTES) {
            end();
            return;
          }
          raw.write(chunk);
        };
        const sink: StreamSink = { send: (event) => write(sseFrame(event)), close: end };
        const heartbeat = setInterval(() => write(': heartbeat\n\n'), deps.config.cosmos.heartbeatMs);
        heartbeat.unref();
        open.add(end);
        closeStream = deps.cosmos.openStream(sink, lastEventId);
        raw.on('close', end);
        raw.on('error', end);
      },
    );
  };
}
