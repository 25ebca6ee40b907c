import type { FastifyInstance } from 'fastify';

const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Headers every response carries. HTML pages replace the CSP with their own; public read routes
 * add CORS for any origin (without credentials), everything else is same-origin only.
 */
export function installSecurityHeaders(app: FastifyInstance, https: boolean): void {
  const base: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
  if (https) base['strict-transport-security'] = 'max-age=31536000; includeSubDomains';

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(base);
    reply.header('x-request-id', request.id);
    if (request.routeOptions.config.publicCors) {
      reply.header('access-control-allow-origin', '*');
      reply.header('access-control-expose-headers', PUBLIC_EXPOSED);
    }
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_CSP);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
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
