/**
 * A typed client for Orrery. Paths, parameters, bodies and answers come from `schema.d.ts`, which
 * `npm run client:generate` writes from the service's OpenAPI document; every error body is typed
 * as the problem object.
 *
 *   const orrery = createOrreryClient({ baseUrl: 'http://localhost:8080', apiKey });
 *   const { data, error } = await orrery.POST('/api/v1/mood/analyze', { body: { text: 'calm' } });
 *   if (error) console.log(error.code); // 'insufficient_essence' | 'rate_limited' | …
 */
import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, operations, paths, webhooks } from './schema.js';

/** Every error Orrery answers: RFC 9457 problem details with a stable `code`. */
export type Problem = components['schemas']['Problem'];
export type ProblemCode = Problem['code'];

export type OrreryClient = Client<paths>;

export interface OrreryClientOptions extends ClientOptions {
  /** An API key for the partner routes (`/api/v1`), sent as `Authorization: Bearer`. */
  apiKey?: string;
  /**
   * Keep the session cookie that sign-up and sign-in set, and send it with every later request,
   * as a browser would (for scripts and tests outside a browser).
   */
  session?: boolean;
}

const SESSION_COOKIE = 'orrery_session';

/** A one-cookie jar: remembers `orrery_session` from responses and sends it back. */
export function sessionJar(): Middleware & { readonly cookie: string | null } {
  let cookie: string | null = null;
  return {
    get cookie() {
      return cookie;
    },
    onRequest({ request }) {
      if (cookie !== null && !request.headers.has('cookie')) request.headers.set('cookie', cookie);
      return request;
    },
    onResponse({ response }) {
      for (const header of response.headers.getSetCookie()) {
        const [pair] = header.split(';');
        if (pair === undefined || !pair.startsWith(`${SESSION_COOKIE}=`)) continue;
        cookie = pair.slice(SESSION_COOKIE.length + 1) === '' ? null : pair;
      }
      return response;
    },
  };
}

export function createOrreryClient(options: OrreryClientOptions = {}): OrreryClient {
  const { apiKey, session, headers, ...rest } = options;
  const client = createClient<paths>({
    ...rest,
    headers: {
      ...(headers as Record<string, string> | undefined),
      ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    },
  });
  if (session) client.use(sessionJar());
  return client;
}
