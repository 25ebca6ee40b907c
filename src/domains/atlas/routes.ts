import { createHash } from 'node:crypto';
import { Type } from 'typebox';
import { partnerRoute } from '../../http/partner.ts';
import { ATLAS } from './catalogue.ts';

const CATALOGUE_BODY = {
  version: ATLAS.version,
  dimensions: ATLAS.dimensions,
  stillRadius: ATLAS.stillRadius,
  families: ATLAS.families.map(({ id, label, color, description }) => ({ id, label, color, description })),
  layers: ATLAS.layers,
  moods: ATLAS.moods,
};

/** Strong validator of the catalogue as served: it changes exactly when the data file does. */
export const CATALOGUE_ETAG = `"atlas-${ATLAS.version}-${createHash('sha256')
  .update(JSON.stringify(CATALOGUE_BODY))
  .digest('base64url')
  .slice(0, 16)}"`;

const CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

/** If-None-Match: `*`, or a list of (possibly weak) tags; weak comparison as RFC 9110 asks for GET. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

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
  response: {
    200: Type.Object({
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
    }),
  },
  async handler({ request }) {
    const headers = { etag: CATALOGUE_ETAG, 'cache-control': CACHE_CONTROL };
    // A revalidation answers 304: not a 2xx, so it is never charged, even with essencePerCall.
    if (matchesEtag(request.headers['if-none-match'], CATALOGUE_ETAG))
      return { status: 304, body: '', headers };
    return { body: CATALOGUE_BODY, headers };
  },
});
