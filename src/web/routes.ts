import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PAGES, type PageSpec } from '../../web/pages.ts';
import type { Deps } from '../deps.ts';
import { atlasPublicRoutes } from '../domains/atlas/routes.ts';
import { AppError } from '../http/errors.ts';
import { etagMatches, notModified } from '../http/etag.ts';
import { PAGE_CSP } from '../http/security.ts';
import { docsRoutes } from './docs.ts';
import { acceptsGzip, type StaticFile, StaticFiles } from './static.ts';

/** Hashed file names change with their content, so a browser may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function notBuilt(root: string): AppError {
  return new AppError(
    'unavailable',
    `The web front end has not been built (nothing at ${root}). Run \`npm run build\`; \`npm start\` builds it when it is missing or stale.`,
    { headers: { 'retry-after': '60' } },
  );
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  reply.header('etag', file.etag).header('content-type', file.contentType);
  if (file.gzip !== null) reply.header('vary', 'Accept-Encoding');
  if (etagMatches(request.headers['if-none-match'], file.etag)) return notModified(reply);
  if (file.gzip !== null && acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(file.gzip);
  }
  return reply.send(file.body);
}

/**
 * The web front end: one route per page of web/pages.ts, answering the built HTML from
 * `WEB_DIST_DIR` (dist/web), the hashed assets under /assets/*, and the public Atlas catalogue
 * the pages read. Pages are never cached (they are tiny and name the current assets); assets
 * are cached for a year.
 */
export function webRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  const files = new StaticFiles(deps.config.webDistDir);

  async function page(spec: PageSpec, request: FastifyRequest, reply: FastifyReply) {
    let status = 200;
    if (spec.adminOnly) {
      if (request.session === null) {
        return reply.redirect(`/signin?next=${encodeURIComponent(spec.path)}`, 303);
      }
      // A member gets the page with 403; it says in words that only administrators may use it.
      if (request.session.user.role !== 'admin') status = 403;
    }
    const file = await files.read('', `${spec.entry}.html`);
    if (file === null) throw notBuilt(files.root);
    reply.code(status).header('content-security-policy', PAGE_CSP).header('cache-control', 'no-store');
    return sendFile(request, reply, file);
  }

  return async (app) => {
    for (const spec of PAGES) {
      app.get(
        spec.path,
        { schema: { hide: true }, config: { auth: spec.adminOnly ? 'optional-session' : 'none' } },
        (request, reply) => page(spec, request, reply),
      );
    }

    app.get('/assets/*', { schema: { hide: true }, config: { auth: 'none' } }, async (request, reply) => {
      const name = (request.params as { '*': string })['*'];
      const file = await files.read('assets', name);
      if (file === null)
        throw new AppError('not_found', `No asset named ${JSON.stringify(name.slice(0, 100))}.`);
      reply.header('cache-control', IMMUTABLE);
      return sendFile(request, reply, file);
    });

    await app.register(atlasPublicRoutes());
    await app.register(docsRoutes(deps.config));
  };
}
