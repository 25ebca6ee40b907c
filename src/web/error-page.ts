import type { FastifyRequest } from 'fastify';
import { ERROR_PAGE_ENTRY } from '../../web/pages.ts';
import type { ProblemBody } from '../http/errors.ts';
import { StaticFiles } from './static.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const HEADINGS: Readonly<Record<number, string>> = {
  404: 'Nothing lives here',
  500: 'Something went wrong on our side',
  503: 'Orrery is not available just now',
};

/**
 * A browser that asks for a page (`Accept: text/html`, GET or HEAD, outside `/api/`) gets errors
 * as a page in the portal's style; everyone else gets problem+json.
 */
export function wantsErrorPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (path.startsWith('/api/') || path === '/openapi.json') return false;
  const accept = request.headers.accept;
  return typeof accept === 'string' && /\btext\/html\b/i.test(accept);
}

/** Renders a problem into the built error page (web/error.html), or a bare page before a build. */
export class ErrorPages {
  private readonly files: StaticFiles;

  constructor(webDistDir: string) {
    this.files = new StaticFiles(webDistDir);
  }

  async render(problem: ProblemBody): Promise<string> {
    const heading = HEADINGS[problem.status] ?? problem.title;
    const body = [
      `<h1>${escapeHtml(heading)}</h1>`,
      `<p class="lede">${escapeHtml(problem.detail)}</p>`,
      `<p class="error-code">${problem.status} · ${escapeHtml(problem.code)} · request ${escapeHtml(problem.requestId)}</p>`,
    ].join('\n');
    const file = await this.files.read('', `${ERROR_PAGE_ENTRY}.html`).catch(() => null);
    const template =
      file?.body.toString('utf8') ??
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Orrery</title></head><body><main><!--orrery:error--><p><a href="/">Home</a></p></main></body></html>';
    return template
      .replace('<title>Orrery</title>', `<title>${escapeHtml(heading)} · Orrery</title>`)
      .replace('<!--orrery:error-->', body);
  }
}
