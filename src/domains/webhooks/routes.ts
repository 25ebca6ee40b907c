import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../deps.ts';
import { sessionUser } from '../../http/auth.ts';
import { Problem } from '../../http/schemas.ts';
import {
  Accepted,
  CreatedEndpoint,
  CreateEndpointBody,
  DeliveriesPage,
  DeliveriesQuery,
  DeliveryParams,
  EndpointList,
  EndpointParams,
  EndpointSchema,
  RotatedSecret,
  SESSION_PROBLEMS,
  TestSent,
} from './schemas.ts';

const NoContent = Type.Null({ description: 'No content.' });

/** §9's routes: endpoints and their deliveries, for the signed-in account only. */
export function webhookRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  const service = deps.webhooks;
  const tags = ['webhooks'];
  const security = [{ session: [] }];
  const owned = { ...SESSION_PROBLEMS, 404: Problem };
  return async (app) => {
    app.post(
      '/api/webhooks',
      {
        schema: {
          summary: 'Register an endpoint; the signing secret appears in this response only.',
          tags,
          security,
          body: CreateEndpointBody,
          response: { 201: CreatedEndpoint, ...SESSION_PROBLEMS, 409: Problem },
        },
        config: { auth: 'session' },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(sessionUser(request).id, request.body)),
    );

    app.get(
      '/api/webhooks',
      {
        schema: {
          summary: "The account's endpoints (never their secrets).",
          tags,
          security,
          response: { 200: EndpointList, ...SESSION_PROBLEMS },
        },
        config: { auth: 'session' },
      },
      async (request) => ({ endpoints: await service.list(sessionUser(request).id) }),
    );

    app.delete(
      '/api/webhooks/:id',
      {
        schema: {
          summary: 'Delete an endpoint; deliveries queued to it are dropped.',
          tags,
          security,
          params: EndpointParams,
          response: { 204: NoContent, ...owned },
        },
        config: { auth: 'session' },
      },
      async (request, reply) => {
        await service.remove(sessionUser(request).id, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/webhooks/:id/test',
      {
        schema: {
          summary: 'Send a webhook.test event to this endpoint.',
          tags,
          security,
          params: EndpointParams,
          response: { 202: TestSent, ...owned, 409: Problem },
        },
        config: { auth: 'session' },
      },
      async (request, reply) =>
        reply.code(202).send(await service.sendTest(sessionUser(request).id, request.params.id)),
    );

    app.post(
      '/api/webhooks/:id/rotate-secret',
      {
        schema: {
          summary: 'Issue a new signing secret; for 24 h deliveries carry signatures of both.',
          tags,
          security,
          params: EndpointParams,
          response: { 201: RotatedSecret, ...owned },
        },
        config: { auth: 'session' },
      },
      async (request, reply) =>
        reply.code(201).send(await service.rotateSecret(sessionUser(request).id, request.params.id)),
    );

    app.post(
      '/api/webhooks/:id/enable',
      {
        schema: {
          summary: 'Re-enable an endpoint that was disabled after failing.',
          tags,
          security,
          params: EndpointParams,
          response: { 200: Type.Object({ endpoint: EndpointSchema }), ...owned },
        },
        config: { auth: 'session' },
      },
      async (request) => ({ endpoint: await service.enable(sessionUser(request).id, request.params.id) }),
    );

    app.get(
      '/api/webhooks/:id/deliveries',
      {
        schema: {
          summary: "An endpoint's deliveries, newest first.",
          tags,
          security,
          params: EndpointParams,
          querystring: DeliveriesQuery,
          response: { 200: DeliveriesPage, ...owned },
        },
        config: { auth: 'session' },
      },
      async (request) =>
        service.deliveries(
          sessionUser(request).id,
          request.params.id,
          request.query.limit ?? 20,
          request.query.cursor,
        ),
    );

    app.post(
      '/api/webhooks/:id/deliveries/:deliveryId/retry',
      {
        schema: {
          summary: 'One more attempt of a delivery, now.',
          tags,
          security,
          params: DeliveryParams,
          response: { 202: Accepted, ...owned, 409: Problem },
        },
        config: { auth: 'session' },
      },
      async (request, reply) => {
        await service.retry(sessionUser(request).id, request.params.id, request.params.deliveryId);
        return reply.code(202).send({});
      },
    );
  };
}
