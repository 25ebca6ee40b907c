import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../config.ts';
import { AppError } from '../http/errors.ts';
import { etagMatches, notModified } from '../http/etag.ts';
import { acceptsGzip, type StaticFile, StaticFiles } from './static.ts';

/**
 * `GET /docs`: the interactive API reference (Scalar), rendered in the browser from
 * `/openapi.json`. The renderer ships inside an npm package and is served from here, so the page
 * needs no outside network: no CDN, no web fonts, no telemetry, and "try it" calls this instance.
 */

/** Scalar's prebuilt browser bundle, found through the package's entry point. */
function scalarDir(): string {
  return join(dirname(fileURLToPath(import.meta.resolve('@scalar/fastify-api-reference'))), 'js');
}

/**
 * The reference's own CSP: Scalar injects its styles at run time ('unsafe-inline' styles) and
 * draws icons from data: and blob: URLs. Scripts still come only from this origin; requests go
 * only to this origin and the base URL's.
 */
export function docsCsp(config: Config): string {
  const origins = new Set(["'self'", config.baseUrl.origin]);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${[...origins].join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const INIT_SCRIPT = `// Orrery's API reference: Scalar, offline, pointed at this instance.
window.Scalar.createApiReference('#reference', {
  url: '/openapi.json',
  withDefaultFonts: false,
  darkMode: true,
  hideDarkModeToggle: false,
  servers: [{ url: window.location.origin, description: 'This instance' }],
  defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
  metaData: { title: 'API reference · Orrery' },
});
`;

function page(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark"><title>API reference · Orrery</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{margin:0;background:#0d1020;color:#eef0f7;font:15px/1.5 system-ui,sans-serif}
.docs-bar{display:flex;gap:1.25rem;align-items:center;padding:.6rem 1.25rem;border-bottom:1px solid #343a63;background:#171b31}
.docs-bar a{color:#9fc3ff;text-decoration:none}.docs-bar a:hover{text-decoration:underline}
.docs-bar .brand{color:#eef0f7;font-weight:600;margin-right:auto}
:focus-visible{outline:3px solid #7fd1ae;outline-offset:2px}
.skip-link{position:absolute;left:-999px}.skip-link:focus{left:1rem;top:.5rem;background:#171b31;padding:.25rem .5rem}
</style></head>
<body>
<a class="skip-link" href="#reference">Skip to the reference</a>
<nav class="docs-bar" aria-label="Orrery">
<a class="brand" href="/">Orrery</a>
<a href="/portal">Portal</a><a href="/pulse">Pulse</a><a href="/cosmos">Cosmos</a>
<a href="/openapi.json">openapi.json</a>
</nav>
<main id="reference"><noscript><p>The interactive reference needs JavaScript; the document itself is at <a href="/openapi.json">/openapi.json</a>.</p></noscript></main>
<script src="/docs/scalar.js"></script>
<script src="/docs/init.js"></script>
</body></html>
`;
}

function sendStatic(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  reply
    .header('etag', file.etag)
    .header('content-type', file.contentType)
    .header('cache-control', 'public, max-age=3600')
    .header('vary', 'Accept-Encoding');
  if (etagMatches(request.headers['if-none-match'], file.etag)) return notModified(reply);
  if (file.gzip !== null && acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(file.gzip);
  }
  return reply.send(file.body);
}

export function docsRoutes(config: Config): FastifyPluginAsyncTypebox {
  const files = new StaticFiles(scalarDir());
  const csp = docsCsp(config);
  const html = page();
  return async (app) => {
    app.get(
      '/docs',
      {
        schema: {
          summary:
            'The interactive API reference (HTML), rendered from /openapi.json without outside network.',
          tags: ['operations'],
          produces: ['text/html'],
          response: { 200: Type.String({ description: 'The reference page.' }) },
        },
        config: { auth: 'none' },
      },
      async (_request, reply) =>
        reply.type('text/html; charset=utf-8').header('content-security-policy', csp).send(html),
    );
    app.get('/docs/init.js', { schema: { hide: true }, config: { auth: 'none' } }, async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(INIT_SCRIPT),
    );
    app.get(
      '/docs/scalar.js',
      { schema: { hide: true }, config: { auth: 'none' } },
      async (request, reply) => {
        const file = await files.read('', 'standalone.js');
        if (file === null) {
          throw new AppError(
            'unavailable',
            'The API reference renderer is not installed; run `npm install`.',
            {
              headers: { 'retry-after': '60' },
            },
          );
        }
        return sendStatic(request, reply, file);
      },
    );
  };
}
