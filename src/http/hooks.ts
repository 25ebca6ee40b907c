import type { onRequestHookHandler, RouteOptions } from 'fastify';

/** Adds an onRequest hook to one route as it is registered, first or last among its hooks. */
export function addRouteHook(
  route: RouteOptions,
  hook: onRequestHookHandler,
  position: 'first' | 'last',
): void {
  const existing =
    route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
  route.onRequest = position === 'first' ? [hook, ...existing] : [...existing, hook];
}
