import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { addRouteHook } from './hooks.ts';

export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Pages of the web front end: every script, style, image and font comes from the service's own
 * origin (the build bundles them all), no inline script or style, no plugins, no framing.
 */
export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** The headers every response starts with (the CSP and cache policy are added on send). */
export function baseSecurityHeaders(https: boolean): Record<string, string> {
  const base: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
  if (https) base['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return base;
}

/**
 * Headers every response carries. HTML pages replace the CSP with their own; public read routes
 * add CORS for any origin (without credentials), everything else is same-origin only.
 */
export function installSecurityHeaders(app: FastifyInstance, https: boolean): void {
  const base = baseSecurityHeaders(https);

  // Defaults are set before the handler runs; routes that serve HTML or cacheable JSON replace
  // them. One synchronous hook and no onSend hook keep this off the hot path's profile.
  base['content-security-policy'] = API_CSP;
  base['cache-control'] = 'no-store';
  const publicCors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': PUBLIC_EXPOSED };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(base);
    reply.header('x-request-id', request.id);
    done();
  });
  // Public read routes get CORS from a hook of their own, so other routes never look. It runs
  // before authentication: a 401 must be readable cross-origin too.
  const addCors: onRequestHookHandler = (_request, reply, done) => {
    reply.headers(publicCors);
    done();
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.publicCors === true) addRouteHook(route, addCors, 'first');
  });
}

export const PUBLIC_EXPOSED =
  'X-Request-Id, ETag, RateLimit, RateLimit-Policy, Retry-After, Essence-Cost, Essence-Balance, Idempotent-Replayed';

export const PREFLIGHT_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, X-Api-Key, Content-Type, Idempotency-Key, X-Request-Id',
  'access-control-max-age': '600',
} as const;
