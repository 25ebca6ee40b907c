import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPVersion } from 'find-my-way';
import { newId } from '../lib/ids.ts';
import { dependencyFault } from '../storage/faults.ts';
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

/** What a 503 for a dependency fault advises; recovery is retried every second or so. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

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
  // A database or Redis that is down, silent or locked is not a bug: the client may try again.
  const dependency = dependencyFault(error);
  if (dependency !== null) {
    return new AppError('unavailable', `The ${dependency} is not answering; try again shortly.`, {
      headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
    });
  }
  if (error instanceof SyntaxError || fastifyError.statusCode === 400) {
    return AppError.invalid('The request could not be read.');
  }
  return new AppError('internal', 'Something went wrong on our side; the request id identifies it.');
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (a malformed request line,
 * headers past the size limit, a broken chunked body, a client too slow to send its headers).
 * They get the same problem+json body and security headers as every other error, written
 * straight to the socket, and the connection is closed (the stream cannot be trusted after a
 * parse error).
 */
export function clientErrorWriter(baseHeaders: Record<string, string>) {
  return function writeClientError(error: NodeJS.ErrnoException, socket: Socket): void {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const problem =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? new AppError('headers_too_large', 'The request headers are larger than this service accepts.')
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'HPE_HEADER_TIMEOUT'
          ? new AppError('request_timeout', 'The request did not arrive in time.')
          : AppError.invalid('The request is not well-formed HTTP.');
    const requestId = newId('req');
    const body = JSON.stringify(problemBody(problem, requestId));
    const headers: Record<string, string | number> = {
      ...baseHeaders,
      'x-request-id': requestId,
      'cache-control': 'no-store',
      'content-type': 'application/problem+json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    if (socket.writable) {
      socket.end(`HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n${head}\r\n${body}`);
    } else {
      socket.destroy();
    }
  };
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
    if (appError.code === 'unavailable') {
      request.log.warn({ err: error }, 'a dependency is unavailable');
    } else if (appError.status >= 500) {
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
