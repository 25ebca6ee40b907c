import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPVersion } from 'find-my-way';
import { AppError, type ProblemBody, problemBody } from './errors.ts';
import { PAGE_CSP, PREFLIGHT_HEADERS } from './security.ts';
import { describeFieldErrors, fieldErrors } from './validation.ts';

export function sendProblem(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply
    .code(error.status)
    .type('application/problem+json; charset=utf-8')
    .send(JSON.stringify(problemBody(error, String(reply.request.id))));
}

/** Turns anything thrown while serving a request into one of the closed set of problems. */
export function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const errors = fieldErrors(fastifyError.validation, fastifyError.validationContext);
    return AppError.invalid(describeFieldErrors(errors), errors);
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'The request body is larger than this service accepts.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'Send request bodies as application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return AppError.invalid('The body is empty; send a JSON object.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return AppError.invalid('The body is not valid JSON.');
    default:
      break;
  }
  if (error instanceof SyntaxError || fastifyError.statusCode === 400) {
    return AppError.invalid('The request could not be read.');
  }
  return new AppError('internal', 'Something went wrong on our side; the request id identifies it.');
}

/** Browser error pages: whether a request wants one, and how to render a problem into it. */
export interface ErrorPageRenderer {
  wants(request: FastifyRequest): boolean;
  render(problem: ProblemBody): Promise<string>;
}

export function installProblemHandlers(app: FastifyInstance, index: MethodIndex, pages?: ErrorPageRenderer) {
  /** A problem, or for a browser asking for a page, the same problem as a page. */
  async function answer(request: FastifyRequest, reply: FastifyReply, error: AppError) {
    if (pages === undefined || !pages.wants(request)) return sendProblem(reply, error);
    if (error.headers) reply.headers(error.headers);
    const html = await pages.render(problemBody(error, String(request.id)));
    return reply
      .code(error.status)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PAGE_CSP)
      .header('cache-control', 'no-store')
      .send(html);
  }

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: appError.code, status: appError.status }, appError.message);
    }
    return answer(request, reply, appError);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (request.method === 'OPTIONS' && index.isPublic(path)) {
      return reply.code(204).headers(PREFLIGHT_HEADERS).send();
    }
    const allowed = index.allowed(path);
    if (allowed.length > 0) {
      return sendProblem(
        reply,
        new AppError(
          'method_not_allowed',
          `${request.method} is not allowed here; use ${allowed.join(', ')}.`,
          {
            headers: { allow: allowed.join(', ') },
          },
        ),
      );
    }
    return answer(request, reply, new AppError('not_found', `Nothing lives at ${path}.`));
  });
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * A second router holding only which methods each path pattern answers, so that a known path
 * asked with the wrong method gets 405 with `Allow` instead of 404.
 */
export class MethodIndex {
  private readonly router = FindMyWay<HTTPVersion.V1>({ ignoreTrailingSlash: false });
  private readonly seen = new Set<string>();
  private readonly publicPaths = FindMyWay<HTTPVersion.V1>({ ignoreTrailingSlash: false });

  add(method: string | string[], url: string, publicCors = false): void {
    if (publicCors && !this.seen.has(`PUBLIC ${url}`)) {
      this.seen.add(`PUBLIC ${url}`);
      this.publicPaths.on('GET', url, () => {});
    }
    for (const m of Array.isArray(method) ? method : [method]) {
      const key = `${m} ${url}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.router.on(m as (typeof METHODS)[number], url, () => {});
    }
  }

  isPublic(path: string): boolean {
    return this.publicPaths.find('GET', path) !== null;
  }

  allowed(path: string): string[] {
    return METHODS.filter((m) => this.router.find(m, path) !== null);
  }
}
