import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../deps.ts';
import { etagMatches, notModified } from '../../http/etag.ts';
import { EMBED_CSP, embedScript, renderEmbed, strongEtag } from './embed.ts';
import { DiscoveryFeed, DiscoveryQuery, EmbedQuery } from './schemas.ts';

const FEED_CACHE = 'public, max-age=30';

export function discoveryRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  const origin = deps.config.baseUrl.origin;
  const script = embedScript(origin);
  const scriptEtag = strongEtag(script);

  return async (app) => {
    app.get(
      '/api/mood/discovery-feed',
      {
        schema: {
          summary: 'Discovery-safe cards: the pulse, Atlas moods, world signals and public cosmos objects.',
          tags: ['discovery'],
          querystring: DiscoveryQuery,
          response: { 200: DiscoveryFeed, 304: Type.Null({ description: 'Not modified (If-None-Match).' }) },
        },
        config: { auth: 'none', publicCors: true },
      },
      async (request, reply) => {
        const page = await deps.discovery.page(request.query.limit ?? 20, request.query.cursor);
        // The tag hashes the content; the serializer's key order is fixed, so equal pages match.
        const etag = strongEtag(JSON.stringify(page));
        reply.header('etag', etag).header('cache-control', FEED_CACHE);
        if (etagMatches(request.headers['if-none-match'], etag)) return notModified(reply);
        return page;
      },
    );

    app.get(
      '/embed/pulse',
      { schema: { hide: true, querystring: EmbedQuery }, config: { auth: 'none' } },
      async (request, reply) => {
        const limit = request.query.limit ?? 3;
        const { pulse, cards } = await deps.discovery.widget(limit);
        const html = renderEmbed({ pulse, cards, theme: request.query.theme ?? 'light', origin });
        const etag = strongEtag(html);
        // Made to be framed by any site: its own CSP replaces the service's, and the global
        // X-Frame-Options: DENY does not apply here.
        reply
          .removeHeader('x-frame-options')
          .header('content-security-policy', EMBED_CSP)
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('cache-control', FEED_CACHE)
          .header('etag', etag);
        if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
        return reply.type('text/html; charset=utf-8').send(html);
      },
    );

    app.get(
      '/embed.js',
      { schema: { hide: true }, config: { auth: 'none', publicCors: true } },
      async (request, reply) => {
        reply
          .header('cache-control', 'public, max-age=300')
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('etag', scriptEtag);
        if (etagMatches(request.headers['if-none-match'], scriptEtag)) return reply.code(304).send();
        return reply.type('text/javascript; charset=utf-8').send(script);
      },
    );
  };
}
