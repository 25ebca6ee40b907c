import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import type { ResolvedSession } from '../domains/accounts/service.ts';
import { hasScope, type Scope, type VerifiedKey } from '../domains/keys/service.ts';
import { readCookie, SESSION_COOKIE, sessionCookie } from './cookies.ts';
import { AppError } from './errors.ts';
import { buildDailyQuota } from './quota.ts';

/** How a route authenticates its caller; set once on the route's `config.auth`. */
export type AuthMode = 'none' | 'optional-session' | 'session' | 'admin' | 'key';

export interface PartnerMeta {
  method: string;
  path: string;
  scope: Scope | 'any';
  /** Default cost in Essence. */
  cost: number;
  /** Whether a key's `essencePerCall` replaces the default cost on this route. */
  keyCostApplies: boolean;
  purpose: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** Public read routes answer any origin without credentials. */
    publicCors?: boolean;
    partner?: PartnerMeta;
    /** Counts against the caller's daily quota (every `/api/trajectory/` route declares it). */
    dailyQuota?: boolean;
  }
  interface FastifyRequest {
    session: ResolvedSession | null;
    apiKey: VerifiedKey | null;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Browser writes riding on a cookie must come from Orrery's own pages. `Sec-Fetch-Site` decides
 * where browsers send it; otherwise `Origin` must be the service's origin (or the origin the
 * request was addressed to). Requests with neither header are not from a browser form.
 */
function isCrossSite(request: FastifyRequest, ownOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  if (origin === ownOrigin) return false;
  const host = request.headers.host;
  return !(host !== undefined && (origin === `http://${host}` || origin === `https://${host}`));
}

function readKeyHeaders(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  const bearer =
    typeof authorization === 'string' && /^Bearer\s+/i.test(authorization)
      ? authorization.replace(/^Bearer\s+/i, '').trim()
      : null;
  const headerKey = request.headers['x-api-key'];
  const xApiKey = typeof headerKey === 'string' ? headerKey.trim() : null;
  if (bearer !== null && xApiKey !== null && bearer !== xApiKey) {
    throw AppError.invalid('Authorization and x-api-key carry different keys; send one.', [
      { path: '/headers/x-api-key', message: 'differs from the bearer key' },
    ]);
  }
  return bearer ?? xApiKey;
}

export function buildAuthHook(deps: Deps) {
  const ownOrigin = deps.config.baseUrl.origin;
  const secureCookie = deps.config.baseUrl.protocol === 'https:';
  const chargeDailyQuota = buildDailyQuota(deps.counters, deps.config);

  async function loadSession(request: FastifyRequest, reply: FastifyReply): Promise<ResolvedSession | null> {
    const token = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (token === null) return null;
    const session = await deps.accounts.resolveSession(token);
    if (session?.renewedUntil != null) {
      reply.header('set-cookie', sessionCookie(token, session.renewedUntil, secureCookie));
    }
    return session;
  }

  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const config = request.routeOptions.config;
    const mode: AuthMode = config.auth ?? 'none';

    if (mode === 'key') {
      const raw = readKeyHeaders(request);
      if (raw === null)
        throw AppError.unauthenticated(
          'This route takes an API key: Authorization: Bearer <key> or x-api-key.',
        );
      const key = await deps.keys.verify(raw);
      if (key === null)
        throw AppError.unauthenticated('The API key is not valid, or was revoked or has expired.');
      const required = config.partner?.scope ?? 'read';
      if (!hasScope(key, required)) {
        throw new AppError('insufficient_scope', `This route needs a key with the '${required}' scope.`);
      }
      request.apiKey = key;
      return;
    }

    // A quota route counts every call, refused ones too, so it learns who is calling first; the
    // quota headers then ride on whatever answer follows (401 and 403 included).
    const session = mode !== 'none' || config.dailyQuota ? await loadSession(request, reply) : null;
    request.session = session;
    if (config.dailyQuota) await chargeDailyQuota(request, reply, session);

    if (UNSAFE.has(request.method) && isCrossSite(request, ownOrigin)) {
      throw new AppError('csrf_rejected', 'Cross-site writes are refused.');
    }
    if (mode === 'none' || mode === 'optional-session') return;
    if (session === null) throw AppError.unauthenticated('Sign in first: this route takes a session.');
    if (mode === 'admin' && session.user.role !== 'admin') {
      throw new AppError('forbidden', 'Only administrators may open this.');
    }
  };
}

/** The signed-in user of a session route; the auth hook guarantees it exists there. */
export function sessionUser(request: FastifyRequest): ResolvedSession['user'] {
  if (request.session === null) throw AppError.unauthenticated();
  return request.session.user;
}
