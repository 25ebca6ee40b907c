import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { Type } from 'typebox';
import type { Deps } from '../../deps.ts';
import { sessionUser } from '../../http/auth.ts';
import { IdParams, NoContent, Problem } from '../../http/schemas.ts';
import { toMilli } from '../../lib/essence.ts';
import {
  ApiKeySchema,
  CreatedKey,
  CreateKeyBody,
  KeyUsage,
  RotateKeyBody,
  UpdateKeyBody,
  UsageQuery,
} from './schemas.ts';

export function keyRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  async function create(userId: string, body: Static<typeof CreateKeyBody>) {
    return deps.keys.create(userId, {
      name: body.name,
      scopes: body.scopes,
      essencePerCallMilli: body.essencePerCall == null ? null : toMilli(body.essencePerCall),
      expiresAt: body.expiresAt == null ? null : Date.parse(body.expiresAt),
      rateLimit: body.rateLimit ?? null,
    });
  }

  return async (app) => {
    for (const url of ['/api/developer/register', '/api/v1/keys']) {
      app.post(
        url,
        {
          schema: {
            summary: 'Create an API key; the raw key appears in this response only.',
            tags: ['keys'],
            body: CreateKeyBody,
            response: { 201: CreatedKey },
            problems: ['conflict'],
          },
          config: { auth: 'session' },
        },
        async (request, reply) =>
          reply.code(201).send(await create(sessionUser(request).id, request.body ?? {})),
      );
    }

    app.get(
      '/api/v1/keys',
      {
        schema: {
          summary: "The account's keys (never the raw keys).",
          tags: ['keys'],
          response: { 200: Type.Object({ keys: Type.Array(ApiKeySchema) }) },
        },
        config: { auth: 'session' },
      },
      async (request) => ({ keys: await deps.keys.list(sessionUser(request).id) }),
    );

    app.delete(
      '/api/v1/keys/:id',
      {
        schema: {
          summary: 'Revoke a key at once.',
          tags: ['keys'],
          params: IdParams,
          response: { 204: NoContent },
        },
        config: { auth: 'session' },
      },
      async (request, reply) => {
        await deps.keys.revoke(sessionUser(request).id, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/v1/keys/:id/rotate',
      {
        schema: {
          summary: 'Issue a successor; the old key works until the grace ends.',
          tags: ['keys'],
          params: IdParams,
          body: Type.Optional(RotateKeyBody),
          response: { 201: CreatedKey },
          problems: ['conflict'],
        },
        config: { auth: 'session' },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await deps.keys.rotate(
              sessionUser(request).id,
              request.params.id,
              request.body?.graceHours ?? 24,
            ),
          ),
    );

    app.patch(
      '/api/v1/keys/:id',
      {
        schema: {
          summary: "Change a key's name, scopes, cost per call or rate limit; other fields stay.",
          tags: ['keys'],
          params: IdParams,
          body: UpdateKeyBody,
          response: { 200: ApiKeySchema, 400: Problem, 401: Problem, 404: Problem },
        },
        config: { auth: 'session' },
      },
      async (request) => {
        const body = request.body ?? {};
        return deps.keys.update(sessionUser(request).id, request.params.id, {
          name: body.name,
          scopes: body.scopes,
          essencePerCallMilli:
            body.essencePerCall === undefined
              ? undefined
              : body.essencePerCall === null
                ? null
                : toMilli(body.essencePerCall),
          rateLimit: body.rateLimit,
        });
      },
    );

    app.get(
      '/api/v1/keys/:id/usage',
      {
        schema: {
          summary: "A key's calls by UTC day, outcome and route, and the Essence they spent.",
          tags: ['keys'],
          params: IdParams,
          querystring: UsageQuery,
          response: { 200: KeyUsage, 400: Problem, 401: Problem, 404: Problem },
        },
        config: { auth: 'session' },
      },
      async (request) => {
        const key = await deps.keys.owned(sessionUser(request).id, request.params.id);
        return deps.essence.usage(key.id, request.query.days ?? 7);
      },
    );
  };
}
