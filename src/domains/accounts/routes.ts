import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../deps.ts';
import { sessionUser } from '../../http/auth.ts';
import { clearedSessionCookie, sessionCookie } from '../../http/cookies.ts';
import { AppError } from '../../http/errors.ts';
import { IdParams, NextCursor, NoContent, Problem } from '../../http/schemas.ts';
import { toMilli } from '../../lib/essence.ts';
import { LedgerEntrySchema } from '../essence/schemas.ts';
import { checkinsCsv } from '../trajectory/personal-data.ts';
import {
  AdjustEssenceBody,
  DeleteAccountBody,
  ExportDocument,
  ExportQuery,
  ListUsersQuery,
  LoginBody,
  SignupBody,
  UpdateUserBody,
  UserEnvelope,
  UserSchema,
} from './schemas.ts';

/**
 * Sends a stream body. The typed reply only admits bodies its response schema describes; a
 * streamed attachment is described in the schema (for the OpenAPI document) but is never
 * serialised by it.
 */
function sendStream(reply: { send(payload: unknown): unknown }, body: Readable): void {
  reply.send(body);
}

export function accountRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  const secure = deps.config.baseUrl.protocol === 'https:';
  return async (app) => {
    app.post(
      '/api/auth/signup',
      {
        schema: {
          summary: 'Create an account and sign in.',
          tags: ['accounts'],
          body: SignupBody,
          response: { 201: UserEnvelope },
          responseHeaders: { 201: ['Set-Cookie'] },
          problems: ['conflict', 'rate_limited'],
        },
        config: { auth: 'none' },
      },
      async (request, reply) => {
        const { user, token, expiresAt } = await deps.accounts.signup(request.body, request.ip, request.id);
        reply.header('set-cookie', sessionCookie(token, expiresAt, secure));
        return reply.code(201).send({ user });
      },
    );

    app.post(
      '/api/auth/login',
      {
        schema: {
          summary: 'Sign in.',
          description:
            'Wrong credentials answer 401 whether or not the email exists; after 10 failures for one email within 15 minutes, 429 until the window passes.',
          tags: ['accounts'],
          body: LoginBody,
          response: { 200: UserEnvelope },
          responseHeaders: { 200: ['Set-Cookie'] },
          problems: ['unauthenticated', 'rate_limited'],
        },
        config: { auth: 'none' },
      },
      async (request, reply) => {
        const { user, token, expiresAt } = await deps.accounts.login(request.body);
        reply.header('set-cookie', sessionCookie(token, expiresAt, secure));
        return { user };
      },
    );

    app.post(
      '/api/auth/logout',
      {
        schema: {
          summary: 'Sign out and revoke the session.',
          tags: ['accounts'],
          response: { 204: NoContent },
          responseHeaders: { 204: ['Set-Cookie'] },
        },
        config: { auth: 'session' },
      },
      async (request, reply) => {
        if (request.session) await deps.accounts.logout(request.session.sessionId);
        reply.header('set-cookie', clearedSessionCookie(secure));
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/auth/me',
      {
        schema: { summary: 'The signed-in account.', tags: ['accounts'], response: { 200: UserEnvelope } },
        config: { auth: 'session' },
      },
      async (request) => ({ user: await deps.accounts.me(sessionUser(request).id) }),
    );

    app.get(
      '/api/account/export',
      {
        schema: {
          summary:
            'Download your whole record as one JSON document (or your check-ins as CSV with ?format=csv).',
          tags: ['accounts'],
          querystring: ExportQuery,
          response: {
            200: {
              description: 'An attachment, streamed.',
              content: {
                'application/json': { schema: ExportDocument },
                'text/csv': {
                  schema: Type.String({ description: 'A header row, then one row per check-in.' }),
                },
              },
            },
            401: Problem,
            429: Problem,
          },
        },
        config: { auth: 'session' },
      },
      async (request, reply) => {
        const userId = sessionUser(request).id;
        reply.headers(await deps.personalData.chargeExport(userId));
        reply.header('cache-control', 'no-store');
        if (request.query.format === 'csv') {
          const date = new Date().toISOString().slice(0, 10);
          reply.header('content-disposition', `attachment; filename="orrery-checkins-${date}.csv"`);
          reply.type('text/csv; charset=utf-8');
          sendStream(reply, checkinsCsv(deps.trajectory, userId));
          return reply;
        }
        const exported = await deps.personalData.exportJson(userId);
        reply.header('content-disposition', `attachment; filename="${exported.filename}"`);
        reply.type(exported.contentType);
        sendStream(reply, exported.body);
        return reply;
      },
    );

    app.delete(
      '/api/account',
      {
        schema: {
          summary:
            'Delete your account and everything it holds, confirmed with your password. Keys stop working at once.',
          tags: ['accounts'],
          body: DeleteAccountBody,
          response: { 204: Type.Null({ description: 'Erased.' }), 403: Problem, 429: Problem },
        },
        config: { auth: 'session' },
      },
      async (request, reply) => {
        await deps.personalData.deleteAccount(sessionUser(request).id, request.body.password);
        reply.header('set-cookie', clearedSessionCookie(secure));
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/admin/users',
      {
        schema: {
          summary: 'List or find accounts (newest first).',
          tags: ['admin'],
          querystring: ListUsersQuery,
          response: {
            200: Type.Object({
              users: Type.Array(UserSchema),
              nextCursor: NextCursor,
            }),
          },
        },
        config: { auth: 'admin' },
      },
      async (request) =>
        deps.accounts.listUsers({
          q: request.query.q,
          limit: request.query.limit ?? 20,
          cursor: request.query.cursor,
        }),
    );

    app.get(
      '/api/admin/users/:id',
      {
        schema: {
          summary: 'One account.',
          tags: ['admin'],
          params: IdParams,
          response: { 200: UserEnvelope },
        },
        config: { auth: 'admin' },
      },
      async (request) => ({ user: await deps.accounts.getUser(request.params.id) }),
    );

    app.patch(
      '/api/admin/users/:id',
      {
        schema: {
          summary: "Set an account's tier or role.",
          tags: ['admin'],
          params: IdParams,
          body: UpdateUserBody,
          response: { 200: UserEnvelope },
        },
        config: { auth: 'admin' },
      },
      async (request) => ({ user: await deps.accounts.updateUser(request.params.id, request.body) }),
    );

    app.post(
      '/api/admin/users/:id/essence',
      {
        schema: {
          summary: 'Grant (positive) or revoke (negative) Essence with a reason; never below zero.',
          tags: ['admin'],
          params: IdParams,
          body: AdjustEssenceBody,
          response: { 201: Type.Object({ entry: LedgerEntrySchema, user: UserSchema }) },
          problems: ['conflict'],
        },
        config: { auth: 'admin' },
      },
      async (request, reply) => {
        const user = await deps.accounts.getUser(request.params.id);
        const amountMilli = toMilli(request.body.amount);
        if (amountMilli === 0) throw AppError.field('/amount', 'must not be zero');
        const entry = await deps.essence.adjust({
          userId: user.id,
          amountMilli,
          route: amountMilli > 0 ? 'admin grant' : 'admin revoke',
          requestId: request.id,
          keyId: null,
          reason: `${request.body.reason} (by ${sessionUser(request).email})`,
        });
        return reply.code(201).send({ entry, user: await deps.accounts.getUser(user.id) });
      },
    );
  };
}
