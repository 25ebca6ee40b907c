import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../deps.ts';
import { sessionUser } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { partnerRoute } from '../../http/partner.ts';
import { Problem, Strict } from '../../http/schemas.ts';
import { DISCLAIMER } from '../analysis/disclaimer.ts';
import { addDays, isCalendarDate, isValidTimezone } from './arc.ts';
import {
  ArcJson,
  ArcQuery,
  CheckinBody,
  CheckinCreated,
  CheckinJson,
  CheckinListQuery,
  CheckinPage,
  CheckinParams,
  CheckinPatch,
  CollectiveJson,
  HistoryJson,
  HistoryQuery,
  PulseHistoryJson,
  PulseHistoryQuery,
  PulseQuery,
  PulseResponse,
} from './schemas.ts';
import { HISTORY_MAX_DAYS } from './service.ts';

const TZ_SHAPE = /^[A-Za-z0-9_+\-/]+$/;

function timezoneOf(tz: string | undefined): string {
  const timezone = tz ?? 'UTC';
  if (!TZ_SHAPE.test(timezone) || !isValidTimezone(timezone)) {
    throw AppError.field('/query/tz', 'is not an IANA time zone (e.g. Europe/Paris)');
  }
  return timezone;
}

function calendarDate(value: string, field: string): string {
  if (!isCalendarDate(value)) throw AppError.field(field, 'is not a calendar date (YYYY-MM-DD)');
  return value;
}

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
        config: { auth: 'session', dailyQuota: true },
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
          summary: 'Your own check-ins, newest first, notes included; `from`/`to` bound their time.',
          tags: ['trajectory'],
          querystring: CheckinListQuery,
          response: { 200: CheckinPage, 400: Problem },
        },
        config: { auth: 'session', dailyQuota: true },
      },
      async (request) =>
        deps.trajectory.listCheckins(sessionUser(request).id, {
          limit: request.query.limit ?? 20,
          cursor: request.query.cursor,
          from: request.query.from,
          to: request.query.to,
        }),
    );

    app.patch(
      '/api/trajectory/checkins/:id',
      {
        schema: {
          summary: 'Correct one of your check-ins (mood, intensity, note, associations).',
          tags: ['trajectory'],
          params: CheckinParams,
          body: CheckinPatch(deps.config.limits.checkinNoteChars),
          response: { 200: Type.Object({ checkin: CheckinJson }), 400: Problem, 404: Problem },
        },
        config: { auth: 'session', dailyQuota: true },
      },
      async (request) => ({
        checkin: await deps.trajectory.updateCheckin(
          sessionUser(request).id,
          request.params.id,
          request.body,
        ),
      }),
    );

    app.delete(
      '/api/trajectory/checkins/:id',
      {
        schema: {
          summary: 'Remove one of your check-ins; arcs, history and later pulses follow.',
          tags: ['trajectory'],
          params: CheckinParams,
          response: { 204: Type.Null({ description: 'Removed.' }), 404: Problem },
        },
        config: { auth: 'session', dailyQuota: true },
      },
      async (request, reply) => {
        await deps.trajectory.deleteCheckin(sessionUser(request).id, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/trajectory/user-arc',
      {
        schema: {
          summary:
            "A day's arc (points, state, transitions, summary) in an IANA time zone: today, or `date`. Self only.",
          tags: ['trajectory'],
          querystring: ArcQuery,
          response: { 200: ArcJson, 400: Problem },
        },
        config: { auth: 'session', dailyQuota: true },
      },
      async (request) => {
        const timezone = timezoneOf(request.query.tz);
        const date =
          request.query.date === undefined ? undefined : calendarDate(request.query.date, '/query/date');
        return deps.trajectory.arc(sessionUser(request).id, timezone, Date.now(), date);
      },
    );

    app.get(
      '/api/trajectory/history',
      {
        schema: {
          summary: `Your days from \`from\` to \`to\` (local dates, at most ${HISTORY_MAX_DAYS}): count, dominant family, mean point, transitions. Days without check-ins are omitted.`,
          tags: ['trajectory'],
          querystring: HistoryQuery,
          response: { 200: HistoryJson, 400: Problem },
        },
        config: { auth: 'session', dailyQuota: true },
      },
      async (request) => {
        const timezone = timezoneOf(request.query.tz);
        const from = calendarDate(request.query.from, '/query/from');
        const to = calendarDate(request.query.to, '/query/to');
        if (to < from) throw AppError.field('/query/to', 'must not be before from');
        if (addDays(from, HISTORY_MAX_DAYS - 1) < to) {
          throw AppError.field(
            '/query/to',
            `must be at most ${HISTORY_MAX_DAYS} days after from (inclusive)`,
          );
        }
        return { timezone, days: await deps.trajectory.history(sessionUser(request).id, from, to, timezone) };
      },
    );

    // The arc is self only: a path naming someone answers 400, never 404, so no probing of who exists.
    app.get(
      '/api/trajectory/user-arc/:user',
      {
        // Left out of the OpenAPI document: it has no success to describe.
        schema: { hide: true, params: Strict({ user: Type.String({ maxLength: 200 }) }) },
        config: { auth: 'session', dailyQuota: true },
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
        config: { auth: 'optional-session', publicCors: true, dailyQuota: true },
      },
      async (request, reply) => {
        const { pulse, maxAgeSeconds } = await deps.trajectory.pulse(request.query.window ?? '24h');
        reply.header('cache-control', `public, max-age=${maxAgeSeconds}`);
        return { ...pulse, privacy: deps.trajectory.privacy(), disclaimer: DISCLAIMER };
      },
    );

    app.get(
      '/api/trajectory/collective-pulse/history',
      {
        schema: {
          summary:
            "Each past UTC day's pulse, as published once the day was over; never recomputed. Newest first.",
          tags: ['trajectory'],
          querystring: PulseHistoryQuery,
          response: { 200: PulseHistoryJson },
        },
        config: { auth: 'optional-session', publicCors: true, dailyQuota: true },
      },
      async (request, reply) => {
        const days = await deps.trajectory.pulseHistory(request.query.days ?? 7);
        // A past day never changes; the list moves on at 00:00 UTC.
        reply.header('cache-control', 'public, max-age=300');
        return { window: '24h' as const, privacy: deps.trajectory.privacy(), days, disclaimer: DISCLAIMER };
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
