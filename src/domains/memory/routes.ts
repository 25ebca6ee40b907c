import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps.ts';
import { sessionUser } from '../../http/auth.ts';
import { partnerRoute } from '../../http/partner.ts';
import { IdParams, NoContent, PagingQuery } from '../../http/schemas.ts';
import { CreateMemoryBody, MemoryCreated, MemoryPage, MemoryQuery, OwnedMemoryPage } from './schemas.ts';

export const createMemoryRoute = partnerRoute({
  method: 'POST',
  path: '/api/v1/user/memory',
  scope: 'write',
  cost: 10,
  purpose: 'Remember something for this key; only this key can read it back.',
  tags: ['memory'],
  body: CreateMemoryBody,
  response: { 201: MemoryCreated },
  problems: ['conflict'],
  example: { body: { content: 'The walk by the harbour settled me; the tide was out.', tags: ['walks'] } },
  async handler({ db, key, body }, deps) {
    return { status: 201, body: { memory: await deps.memory.create(db, key, body) } };
  },
});

export const listMemoriesRoute = partnerRoute({
  method: 'GET',
  path: '/api/v1/user/memory',
  scope: 'read',
  cost: 10,
  purpose: "This key's memories, newest first, with optional full-text search and tag filter.",
  tags: ['memory'],
  query: MemoryQuery,
  response: { 200: MemoryPage },
  pure: true,
  example: { query: { q: 'harbour', limit: '10' } },
  async handler({ key, query }, deps) {
    return {
      body: await deps.memory.listForKey(key.id, {
        limit: query.limit ?? 20,
        ...(query.q === undefined ? {} : { q: query.q }),
        ...(query.tag === undefined ? {} : { tag: query.tag }),
        ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
      }),
    };
  },
});

/** The owner's view of every memory their keys wrote, and deletion. Free: session routes. */
export function memoryRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/memory',
      {
        schema: {
          summary: 'Your memories across all your keys, newest first, each with the key that wrote it.',
          tags: ['memory'],
          querystring: PagingQuery,
          response: { 200: OwnedMemoryPage },
        },
        config: { auth: 'session' },
      },
      async (request) =>
        deps.memory.listForOwner(sessionUser(request).id, request.query.limit ?? 20, request.query.cursor),
    );

    app.delete(
      '/api/memory/:id',
      {
        schema: {
          summary: 'Delete one of your memories.',
          tags: ['memory'],
          params: IdParams,
          response: { 204: NoContent },
        },
        config: { auth: 'session' },
      },
      async (request, reply) => {
        await deps.memory.deleteOwned(sessionUser(request).id, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
