import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** An RFC 9457 problem body as Orrery renders it. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  requestId: string;
  errors?: { path: string; message: string }[];
  [extra: string]: unknown;
}

/** Asserts a problem+json answer with this status and code, and returns its body. */
export function expectProblem(response: LightMyRequestResponse, status: number, code: string): Problem {
  assert.equal(response.statusCode, status, response.body);
  assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
  const body = response.json<Problem>();
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  assert.equal(body.type, `/errors/${code}`);
  assert.equal(typeof body.title, 'string');
  assert.equal(typeof body.detail, 'string');
  assert.equal(body.requestId, response.headers['x-request-id']);
  return body;
}

/** Asserts a 400 `invalid_request` whose `errors` name `path` (exactly, or as a prefix ending in `/`). */
export function expectInvalidField(response: LightMyRequestResponse, path: string): Problem {
  const body = expectProblem(response, 400, 'invalid_request');
  const paths = (body.errors ?? []).map((e) => e.path);
  assert.ok(
    paths.some((p) => p === path || p.startsWith(`${path}/`)),
    `expected an error at ${path}, got ${JSON.stringify(body.errors)}`,
  );
  return body;
}

/** The first Set-Cookie header of a response, whole (with its attributes). */
export function setCookieHeader(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  assert.ok(first, `no Set-Cookie in ${response.statusCode} ${response.body}`);
  return first;
}

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 2000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A request carrying a session cookie (and optionally a JSON body). */
export function withCookie(
  app: FastifyInstance,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
}
