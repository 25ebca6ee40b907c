import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Deps } from './deps.ts';
import { accountRoutes } from './domains/accounts/routes.ts';
import { adminRoutes, type RouteRow, routeRow } from './domains/admin/routes.ts';
import { analyzeRoute } from './domains/analysis/routes.ts';
import { atlasMoodsRoute } from './domains/atlas/routes.ts';
import { cosmosRoutes, objectRoute, spawnRoute } from './domains/cosmos/routes.ts';
import { councilRoutes } from './domains/council/routes.ts';
import { discoveryRoutes } from './domains/discovery/routes.ts';
import { essenceAlertRoutes, essenceBalanceRoute, essenceRoutes } from './domains/essence/routes.ts';
import { keyRoutes } from './domains/keys/routes.ts';
import { createMemoryRoute, listMemoriesRoute, memoryRoutes } from './domains/memory/routes.ts';
import { oracleRoute } from './domains/oracle/routes.ts';
import { collectiveRoute, trajectoryRoutes } from './domains/trajectory/routes.ts';
import { webhookRoutes } from './domains/webhooks/routes.ts';
import { buildAuthHook } from './http/auth.ts';
import { AppError } from './http/errors.ts';
import { addRouteHook } from './http/hooks.ts';
import { installOpenApi } from './http/openapi.ts';
import type { PartnerRoute } from './http/partner.ts';
import {
  clientErrorWriter,
  installProblemHandlers,
  MethodIndex,
  sendProblem,
  toAppError,
} from './http/problem.ts';
import { API_CSP, baseSecurityHeaders, installSecurityHeaders } from './http/security.ts';
import { validatorCompiler } from './http/validation.ts';
import { newId } from './lib/ids.ts';
import { operationsRoutes } from './operations.ts';
import { ErrorPages, wantsErrorPage } from './web/error-page.ts';
import { webRoutes } from './web/routes.ts';

/** Every partner route of the service, in the order of the route table. */
export const PARTNER_ROUTES: readonly PartnerRoute[] = [
  essenceBalanceRoute,
  atlasMoodsRoute,
  collectiveRoute,
  analyzeRoute,
  createMemoryRoute,
  listMemoriesRoute,
  spawnRoute,
  objectRoute,
  oracleRoute,
];

/** One response as it leaves the app (see `AppOptions.observeResponse`). */
export interface ObservedResponse {
  method: string;
  /** The matched route's pattern (`/api/v1/keys/:id`), or null when no route matched. */
  route: string | null;
  /** Whether the route is left out of the OpenAPI document. */
  hidden: boolean;
  url: string;
  status: number;
  headers: Readonly<Record<string, unknown>>;
  /** The body as sent, or null when it is a stream or content-encoded. */
  payload: string | null;
}

export interface AppOptions {
  /** Extra partner routes (tests and benchmarks declare their own metered probes here). */
  extraPartnerRoutes?: readonly PartnerRoute[];
  /** Sees every response as it is sent; tests check each one against the OpenAPI document. */
  observeResponse?: (response: ObservedResponse) => void;
}

/** JSON Pointer of the first string (or key) holding U+0000, or null. */
function pathOfNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = pathOfNul(item, `${path}/${index}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const pointer = `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      if (key.includes('\u0000')) return pointer;
      const found = pathOfNul(item, pointer);
      if (found !== null) return found;
    }
  }
  return null;
}

const NUL_REFUSED = 'Text may not contain the NUL character (U+0000).';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildApp(deps: Deps, options: AppOptions = {}): Promise<FastifyInstance> {
  const https = deps.config.baseUrl.protocol === 'https:';
  const app = Fastify({
    // pino's Logger is a FastifyBaseLogger; the cast keeps Fastify's generics at their defaults.
    loggerInstance: deps.log as FastifyBaseLogger,
    bodyLimit: deps.config.limits.bodyBytes,
    trustProxy: deps.config.trustProxy ?? false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : newId('req');
    },
    ajv: { customOptions: { removeAdditional: false } },
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    clientErrorHandler: clientErrorWriter({
      ...baseSecurityHeaders(https),
      'content-security-policy': API_CSP,
    }),
    // Requests refused before routing (an undecodable URL, an over-long path parameter) skip the
    // hooks; they still get the problem body and the headers every other answer has.
    frameworkErrors: (error, request, reply) => {
      reply.headers({
        ...baseSecurityHeaders(https),
        'x-request-id': String(request.id),
        'content-security-policy': API_CSP,
        'cache-control': 'no-store',
      });
      const problem =
        error.code === 'FST_ERR_BAD_URL'
          ? AppError.invalid('The URL is not valid: it holds a malformed %-escape.')
          : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? new AppError('not_found', 'Nothing lives at a path with a parameter this long.')
            : toAppError(error);
      sendProblem(reply, problem);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.decorateRequest('session', null);
  app.decorateRequest('apiKey', null);

  const methods = new MethodIndex();
  /** Every `/api/v1` route as registered: the admin route page reads it live. */
  const v1Table: RouteRow[] = [];
  const authenticate = buildAuthHook(deps);
  app.addHook('onRoute', (route) => {
    methods.add(route.method, route.url, route.config?.publicCors === true);
    // The daily quota is the route's own declaration (`config.dailyQuota`); the contract puts
    // every trajectory route under it, so one that forgets to declare it stops start-up.
    if (route.url.startsWith('/api/trajectory/') && route.config?.dailyQuota === undefined) {
      throw new Error(`${route.url}: trajectory routes declare config.dailyQuota`);
    }
    if (route.url.startsWith('/api/v1/') && route.method !== 'HEAD') v1Table.push(...routeRow(route));
    // Only routes that authenticate, count a quota or accept writes (CSRF) pay for the auth hook.
    const verbs = Array.isArray(route.method) ? route.method : [route.method];
    if (
      (route.config?.auth ?? 'none') !== 'none' ||
      route.config?.dailyQuota === true ||
      verbs.some((v) => UNSAFE_METHODS.has(v))
    ) {
      addRouteHook(route, authenticate, 'last');
    }
  });

  installSecurityHeaders(app, https);
  const errorPages = new ErrorPages(deps.config.webDistDir);
  installProblemHandlers(app, methods, { wants: wantsErrorPage, render: (p) => errorPages.render(p) });
  if (options.observeResponse) observeResponses(app, options.observeResponse);
  installBodyParsers(app);

  await installOpenApi(app, { config: deps.config });

  await app.register(operationsRoutes(deps));
  await app.register(accountRoutes(deps));
  await app.register(keyRoutes(deps));
  await app.register(essenceRoutes(deps));
  await app.register(essenceAlertRoutes(deps));
  await app.register(memoryRoutes(deps));
  await app.register(trajectoryRoutes(deps));
  await app.register(councilRoutes(deps));
  await app.register(discoveryRoutes(deps));
  await app.register(cosmosRoutes(deps));
  await app.register(webhookRoutes(deps));
  await app.register(adminRoutes(deps, v1Table));
  await app.register(webRoutes(deps));
  await app.register(async (scope) => {
    for (const route of [...PARTNER_ROUTES, ...(options.extraPartnerRoutes ?? [])])
      route.register(scope, deps);
  });

  await app.ready();
  return app;
}

function observeResponses(app: FastifyInstance, observe: (response: ObservedResponse) => void): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const encoded = reply.getHeader('content-encoding') !== undefined;
    observe({
      method: request.method,
      route: request.routeOptions.url ?? null,
      hidden: request.routeOptions.schema?.hide === true,
      url: request.url,
      status: reply.statusCode,
      headers: reply.getHeaders(),
      payload: encoded
        ? null
        : typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString('utf8')
            : payload == null
              ? ''
              : null,
    });
    done(null, payload);
  });
}

/**
 * JSON is the only body format. Routes without a body schema ignore whatever body arrives; routes
 * with one get 415 for other media types and 400 for JSON that does not parse. An absent body
 * reads as `{}` so that a missing required field is named rather than "body must be object".
 */
function installBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (!request.routeOptions.schema?.body) return done(null, undefined);
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(AppError.invalid('The body is not valid JSON.'), undefined);
    }
    // PostgreSQL text cannot hold U+0000; refuse it here, naming the field, rather than fail at
    // the database. The raw-text test keeps the walk off the common path.
    const nulAt = text.includes('\\u0000') ? pathOfNul(parsed, '') : null;
    if (nulAt !== null)
      return done(AppError.field(nulAt || '/', 'may not contain the NUL character (U+0000)'));
    done(null, parsed);
  });
  app.addContentTypeParser('*', (request, payload, done) => {
    if (!request.routeOptions.schema?.body) {
      payload.resume();
      payload.on('end', () => done(null, undefined));
      payload.on('error', (error) => done(error, undefined));
      return;
    }
    done(new AppError('unsupported_media_type', 'Send request bodies as application/json.'), undefined);
  });
  app.addHook('preValidation', async (request) => {
    if (request.url.includes('%00')) throw AppError.invalid(NUL_REFUSED);
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });
}
