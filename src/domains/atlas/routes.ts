import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { etagMatches, notModified, strongEtag } from '../../http/etag.ts';
import { partnerRoute } from '../../http/partner.ts';
import { NoContent } from '../../http/schemas.ts';
import { ATLAS } from './catalogue.ts';

const CATALOGUE_BODY = {
  version: ATLAS.version,
  dimensions: [...ATLAS.dimensions],
  stillRadius: ATLAS.stillRadius,
  families: ATLAS.families.map(({ id, label, color, description }) => ({ id, label, color, description })),
  layers: ATLAS.layers.map((l) => ({ ...l })),
  moods: ATLAS.moods.map((m) => ({ ...m, synonyms: [...m.synonyms] })),
};

/** Strong validator of the catalogue as served: it changes exactly when the data file does. */
export const CATALOGUE_ETAG = strongEtag(`atlas-${ATLAS.version}`, JSON.stringify(CATALOGUE_BODY));

const CATALOGUE_HEADERS = {
  etag: CATALOGUE_ETAG,
  'cache-control': 'public, max-age=3600, stale-while-revalidate=86400',
};

const Mood = Type.Object({
  id: Type.String(),
  label: Type.String(),
  family: Type.String(),
  valence: Type.Number(),
  arousal: Type.Number(),
  dominance: Type.Number(),
  color: Type.String(),
  description: Type.String(),
  synonyms: Type.Array(Type.String()),
});

export const AtlasCatalogue = Type.Object({
  version: Type.String(),
  dimensions: Type.Array(Type.String()),
  stillRadius: Type.Number(),
  families: Type.Array(
    Type.Object({
      id: Type.String(),
      label: Type.String(),
      color: Type.String(),
      description: Type.String(),
    }),
  ),
  layers: Type.Array(
    Type.Object({ index: Type.Integer(), label: Type.String(), description: Type.String() }),
  ),
  moods: Type.Array(Mood),
});

export const atlasMoodsRoute = partnerRoute({
  method: 'GET',
  path: '/api/v1/atlas/moods',
  scope: 'read',
  cost: 0,
  purpose:
    'The Atlas catalogue: every mood as a point in valence × arousal × dominance, with families and layers.',
  tags: ['atlas'],
  publicCors: true,
  pure: true,
  response: { 200: AtlasCatalogue, 304: NoContent },
  responseHeaders: { 200: ['ETag'], 304: ['ETag'] },
  async handler({ request }) {
    // A revalidation answers 304: not a 2xx, so it is never charged, even with essencePerCall.
    if (etagMatches(request.headers['if-none-match'], CATALOGUE_ETAG)) {
      return { status: 304, body: '', headers: CATALOGUE_HEADERS };
    }
    return { body: CATALOGUE_BODY, headers: CATALOGUE_HEADERS };
  },
});

/**
 * `GET /api/atlas/moods`: the same catalogue for Orrery's pages and anyone else, without a key or
 * a session; the partner route above serves it to integrators, metered.
 */
export function atlasPublicRoutes(): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/atlas/moods',
      {
        schema: {
          summary: 'The Atlas catalogue: families, layers and every mood with its coordinates (public).',
          tags: ['atlas'],
          response: { 200: AtlasCatalogue, 304: NoContent },
          responseHeaders: { 200: ['ETag'], 304: ['ETag'] },
        },
        config: { auth: 'none', publicCors: true },
      },
      async (request, reply) => {
        reply.headers(CATALOGUE_HEADERS);
        if (etagMatches(request.headers['if-none-match'], CATALOGUE_ETAG)) return notModified(reply);
        return CATALOGUE_BODY;
      },
    );
  };
}
