import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { ERROR_PAGE_ENTRY, NAV, PAGES } from './pages.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The header every page shares, with the current page marked for assistive technology. */
function header(currentPath: string | undefined): string {
  const items = NAV.map((item) => {
    const current = item.path === currentPath ? ' aria-current="page"' : '';
    const admin = item.adminOnly ? ' data-admin-only hidden' : '';
    return `<li${admin}><a href="${item.path}"${current}>${escapeHtml(item.label)}</a></li>`;
  }).join('');
  return [
    '<a class="skip-link" href="#main">Skip to content</a>',
    '<header class="site-header">',
    '<a class="brand" href="/"><span class="brand-mark" aria-hidden="true"></span>Orrery</a>',
    `<nav aria-label="Main"><ul>${items}</ul></nav>`,
    '<div id="account" class="account"></div>',
    '</header>',
  ].join('');
}

/** Replaces `<!--orrery:header-->` in each page with the shared header (no inline script). */
function sharedHeader(): Plugin {
  return {
    name: 'orrery-shared-header',
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        const entry = ctx.path.replace(/^\//, '').replace(/\.html$/, '');
        const page = PAGES.find((p) => p.entry === entry);
        return html.replace('<!--orrery:header-->', header(page?.path));
      },
    },
  };
}

/** In `vite` dev mode, page paths (`/arc`) answer with their entry (`/arc.html`) as the service does. */
function devPageRoutes(): Plugin {
  return {
    name: 'orrery-dev-page-routes',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [path, query] = (req.url ?? '/').split('?');
        const page = PAGES.find((p) => p.path === path);
        if (page) req.url = `/${page.entry}.html${query === undefined ? '' : `?${query}`}`;
        next();
      });
    },
  };
}

export default defineConfig({
  root,
  base: '/',
  appType: 'mpa',
  // Everything is bundled and hashed; there is no unhashed public directory.
  publicDir: false,
  plugins: [sharedHeader(), devPageRoutes()],
  build: {
    outDir: resolve(root, '../dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    // No data: URIs: the page CSP allows images and fonts from 'self' only.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // three.js's renderer is one ~580 kB chunk (~145 kB gzip), loaded by /cosmos alone on demand.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // A slow plugin on a busy machine is not the newcomer's problem: keep `npm start` quiet.
      checks: { bundlerTimings: false },
      input: Object.fromEntries(
        [...PAGES.map((p) => p.entry), ERROR_PAGE_ENTRY].map((entry) => [
          entry,
          resolve(root, `${entry}.html`),
        ]),
      ),
    },
  },
  server: {
    // `npx vite --config web/vite.config.ts` next to `npm start` (port 8080) for live editing.
    proxy: { '/api': 'http://127.0.0.1:8080', '/admin/routes': 'http://127.0.0.1:8080' },
  },
});
