/**
 * The pages of the web front end: one Vite entry (`<entry>.html`) per page route. The build
 * (web/vite.config.ts) and the server (src/web/routes.ts) both read this list, so a page cannot
 * be built without being served, or served without being built.
 */
export interface PageSpec {
  /** The route that serves the page. */
  readonly path: string;
  /** The HTML entry in web/ (without `.html`) and the file name in dist/web. */
  readonly entry: string;
  /** Only administrators may open it: anonymous visitors are sent to sign in, members get 403. */
  readonly adminOnly?: boolean;
}

export const PAGES: readonly PageSpec[] = [
  { path: '/', entry: 'index' },
  { path: '/portal', entry: 'portal' },
  { path: '/arc', entry: 'arc' },
  { path: '/history', entry: 'history' },
  { path: '/pulse', entry: 'pulse' },
  { path: '/cosmos', entry: 'cosmos' },
  { path: '/webhooks', entry: 'webhooks' },
  { path: '/admin', entry: 'admin', adminOnly: true },
  { path: '/signin', entry: 'signin' },
];

/** The site navigation, rendered into every page at build time. */
export const NAV: readonly { path: string; label: string; adminOnly?: boolean }[] = [
  { path: '/portal', label: 'Portal' },
  { path: '/arc', label: 'My arc' },
  { path: '/history', label: 'History' },
  { path: '/pulse', label: 'Pulse' },
  { path: '/cosmos', label: 'Cosmos' },
  { path: '/webhooks', label: 'Webhooks' },
  { path: '/docs', label: 'API reference' },
  { path: '/admin', label: 'Admin', adminOnly: true },
];

/**
 * Built like a page but served by no route of its own: the browser error page, which the server
 * fills with the problem (`<!--orrery:error-->`) for 404s and 500s asked for as HTML.
 */
export const ERROR_PAGE_ENTRY = 'error';
