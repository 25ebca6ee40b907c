import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { partnerRoute } from '../../http/partner.ts';
import { notifyCommitted } from '../webhooks/outbox.ts';
import {
  CosmosObjectSchema,
  ObjectParams,
  ObjectsPage,
  ObjectsQuery,
  SpawnBody,
  Spawned,
} from './schemas.ts';
import { type CosmosEvent, type StreamSink, spawnedJson } from './service.ts';

/** Open streams per instance at most; beyond it new ones get 503 and retry elsewhere. */
const MAX_STREAMS = 10_000;
/** Unsent bytes above which a replay waits for the client before sending its next page. */
const REPLAY_HIGH_WATER = 64 * 1024;
/** Reconnection delay suggested to EventSource clients. */
const RETRY_MS = 3000;
const LAST_EVENT_ID = /^\d{1,15}$/;

export const spawnRoute = partnerRoute({
  method: 'POST',
  path: '/api/v1/world/spawn',
  scope: 'write',
  cost: 20,
  purpose: 'Spawn an object into the shared cosmos near a mood, in a layer.',
  tags: ['cosmos'],
  body: SpawnBody,
  response: { 201: Spawned },
  // Checks its input before writing, then claims, inserts and logs (one statement on PostgreSQL).
  writesLast: true,
  // Counted before the charge, with every other spawn of the same moment (one counter write for
  // all of them), so that spawns in a batch never wait on the key's counter row.
  quota: {
    name: 'spawn',
    policy: 'minute',
    windowSeconds: 60,
    limit: (deps) => deps.config.limits.spawnPerMinute,
    detail: (limit, resetSeconds) =>
      `A key may spawn ${limit} objects a minute; try again in ${resetSeconds} s.`,
  },
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
  async handler({ db, key, body, afterCommit }, deps) {
    const { object, event, webhooksRecorded } = await deps.cosmos.spawn(
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
    // Announced once the spawn has committed, never before: no stream hears of an object that a
    // rollback then removed, and a client reacting to the event always finds the object.
    afterCommit(() => deps.cosmos.announce(event));
    if (webhooksRecorded) afterCommit(notifyCommitted);
    return {
      status: 201,
      body: spawnedJson(object),
      headers: { location: `/api/v1/world/objects/${object.objectId}` },
    };
  },
});

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

const FRAME_CACHE = 2000;

/**
 * Frames of recent events (of one database's event log), shared by every stream: a replay to
 * thousands of reconnecting clients writes the same strings instead of building a copy each.
 */
function frameCache(): (event: CosmosEvent) => string {
  const frames = new Map<number, string>();
  return (event) => {
    let frame = frames.get(event.id);
    if (frame === undefined) {
      frame = `id: ${event.id}\nevent: ${event.kind}\ndata: ${event.data}\n\n`;
      if (frames.size >= FRAME_CACHE) frames.delete(frames.keys().next().value as number);
      frames.set(event.id, frame);
    }
    return frame;
  };
}

export function cosmosRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  const { streamsPerAddress, streamBufferBytes: bufferLimit } = deps.config.cosmos;
  /** Open streams by client address (the socket peer, or X-Forwarded-For from a trusted proxy). */
  const streamsByAddress = new Map<string, number>();
  const sseFrame = frameCache();
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
        const address = request.ip;
        const fromAddress = streamsByAddress.get(address) ?? 0;
        if (fromAddress >= streamsPerAddress) {
          throw new AppError(
            'rate_limited',
            `A client address may hold ${streamsPerAddress} event streams at once; close one first.`,
            { headers: { 'retry-after': String(RETRY_MS / 1000) } },
          );
        }
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
        streamsByAddress.set(address, fromAddress + 1);
        const end = () => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          closeStream();
          open.delete(end);
          const left = (streamsByAddress.get(address) ?? 1) - 1;
          if (left > 0) streamsByAddress.set(address, left);
          else streamsByAddress.delete(address);
          // A client that stopped reading would hold a graceful end forever: cut it.
          if (raw.writableLength > 0) raw.destroy();
          else raw.end();
        };
        const write = (chunk: string) => {
          if (ended) return;
          // Dropped before its unsent bytes pass the limit; it reconnects and replays from the log.
          if (raw.writableLength + Buffer.byteLength(chunk) > bufferLimit) {
            end();
            return;
          }
          raw.write(chunk);
        };
        const drained = () =>
          new Promise<boolean>((resolve) => {
            if (ended) return resolve(false);
            if (raw.writableLength <= REPLAY_HIGH_WATER) return resolve(true);
            const settle = () => {
              raw.off('drain', settle);
              raw.off('close', settle);
              resolve(!ended && !raw.destroyed);
            };
            raw.on('drain', settle);
            raw.on('close', settle);
          });
        const sink: StreamSink = { send: (event) => write(sseFrame(event)), close: end, drained };
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
