import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../deps.ts';
import { sessionUser } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { partnerRoute } from '../../http/partner.ts';
import { PagingQuery, Strict } from '../../http/schemas.ts';
import { DISCLAIMER } from '../analysis/disclaimer.ts';
import { isValidTimezone } from './arc.ts';
import {
  ArcJson,
  ArcQuery,
  CheckinBody,
  CheckinCreated,
  CheckinPage,
  CollectiveJson,
  PulseQuery,
  PulseResponse,
} from './schemas.ts';

const TZ_SHAPE = /^[A-Za-z0-9_+\-/]+$/;

export function trajectoryRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/api/trajectory/checkins',
      {
        schema: {
          summary: 'Record how you feel: a point in the Atlas. The note stays private to you.',
          tags: ['trajectory'],
          body: CheckinBody(deps.config.limits.checkinNoteChars),
          response: { 201: CheckinCreated },
        },
        config: { auth: 'session' },
      },
      async (request, reply) => {
        const result = await deps.trajectory.checkIn(sessionUser(request).id, request.body);
        return reply.code(201).send(result);
      },
    );

    app.get(
      '/api/trajectory/checkins',
      {
        schema: {
          summary: 'Your own check-ins, newest first, notes included.',
          tags: ['trajectory'],
          querystring: PagingQuery,
          response: { 200: CheckinPage },
        },
        config: { auth: 'session' },
      },
      async (request) =>
        deps.trajectory.listCheckins(
          sessionUser(request).id,
          request.query.limit ?? 20,
          request.query.cursor,
        ),
    );

    app.get(
      '/api/trajectory/user-arc',
      {
        schema: {
          summary: "Today's arc (points, state, transitions, summary) in an IANA time zone. Self only.",
          tags: ['trajectory'],
          querystring: ArcQuery,
          response: { 200: ArcJson },
        },
        config: { auth: 'session' },
      },
      async (request) => {
        const timezone = request.query.tz ?? 'UTC';
        if (!TZ_SHAPE.test(timezone) || !isValidTimezone(timezone)) {
          throw AppError.field('/query/tz', 'is not an IANA time zone (e.g. Europe/Paris)');
        }
        return deps.trajectory.arc(sessionUser(request).id, timezone);
      },
    );

    // The arc is self only: a path naming someone answers 400, never 404, so no probing of who exists.
    app.get(
      '/api/trajectory/user-arc/:user',
      {
        // Left out of the OpenAPI document: it has no success to describe.
        schema: { hide: true, params: Strict({ user: Type.String({ maxLength: 200 }) }) },
        config: { auth: 'session' },
      },
      async () => {
        throw AppError.field('/params/user', 'is not allowed: the arc is always your own');
      },
    );

    app.get(
      '/api/trajectory/collective-pulse',
      {
        schema: {
          summary: 'The anonymous mood distribution over the last hour, day or week.',
          tags: ['trajectory'],
          querystring: PulseQuery,
          response: { 200: PulseResponse },
        },
        config: { auth: 'optional-session', publicCors: true },
      },
      async (request, reply) => {
        const { pulse, maxAgeSeconds } = await deps.trajectory.pulse(request.query.window ?? '24h');
        reply.header('cache-control', `public, max-age=${maxAgeSeconds}`);
        return { ...pulse, disclaimer: DISCLAIMER };
      },
    );
  };
}

export const collectiveRoute = partnerRoute({
  method: 'GET',
  path: '/api/v1/collective',
  scope: 'read',
  cost: 1,
  purpose: 'The widget snapshot: the 24 h pulse, dominant family, valence trend and live cosmos counts.',
  tags: ['trajectory'],
  publicCors: true,
  pure: true,
  response: { 200: CollectiveJson },
  async handler(_ctx, deps) {
    const [snapshot, active] = await Promise.all([deps.trajectory.snapshot(), deps.cosmos.activeCounts()]);
    return { body: { ...snapshot, cosmos: { active }, disclaimer: DISCLAIMER } };
  },
});
