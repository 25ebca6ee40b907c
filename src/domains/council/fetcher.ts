import { BlockedHostError, guardedLookup, resolveAllowed } from '../../net/addresses.ts';
import { decodeFeed } from './charset.ts';

export interface FetchLimits {
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxRedirects: number;
  readonly allowPrivateHosts: boolean;
  readonly userAgent: string;
}

/** The validators of the last good response, replayed as a conditional GET. */
export interface Validators {
  readonly etag: string | null;
  readonly lastModified: string | null;
}

export type FetchResult =
  | { readonly status: 'not-modified'; readonly url: string }
  | {
      readonly status: 'ok';
      readonly url: string;
      readonly body: string;
      readonly bytes: number;
      readonly etag: string | null;
      readonly lastModified: string | null;
    };

export type FetchFailure =
  | 'bad_url'
  | 'blocked'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'http_status'
  | 'network';

export class FeedFetchError extends Error {
  constructor(
    readonly reason: FetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'FeedFetchError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const ACCEPT =
  'application/rss+xml, application/atom+xml, application/rdf+xml, application/feed+json, ' +
  'application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5';

/** Only http and https, and never a URL carrying credentials. */
export function checkFeedUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FeedFetchError('bad_url', `not an absolute URL: ${String(raw).slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedFetchError('bad_url', `only http and https feeds are fetched, not ${url.protocol}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new FeedFetchError('bad_url', 'feed URLs may not carry credentials');
  }
  return url;
}

/**
 * A connection pool whose every connect resolves through the SSRF guard, so the address a socket
 * opens is one that was checked (a DNS answer that changes between our check and the connect —
 * rebinding — cannot slip an internal address in). Node bundles undici but does not export it:
 * its Agent is reached through the global dispatcher, published under undici's documented
 * `Symbol.for('undici.globalDispatcher.1')` once fetch's machinery has loaded. Where that is not
 * available the per-hop check in `fetchFeed` still runs before every request.
 */
export interface PinnedDispatcher {
  readonly dispatcher: unknown;
  close(): Promise<void>;
}

export function createPinnedDispatcher(allowPrivateHosts: boolean): PinnedDispatcher | null {
  // Constructing a Response loads Node's bundled undici, which installs the global dispatcher.
  void new Response(null);
  const global = (globalThis as Record<symbol, unknown>)[Symbol.for('undici.globalDispatcher.1')];
  const Agent = (global as { constructor?: unknown } | undefined)?.constructor;
  if (typeof Agent !== 'function' || Agent.name !== 'Agent') return null;
  const lookup = guardedLookup(allowPrivateHosts);
  const AgentClass = Agent as new (options: unknown) => { close(): Promise<void> };
  const agent = new AgentClass({ connect: { lookup }, keepAliveTimeout: 1000 });
  return { dispatcher: agent, close: () => agent.close() };
}

/** Reads a body, aborting the transfer as soon as it exceeds `maxBytes`. */
async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  abort: (reason: Error) => void,
): Promise<Uint8Array> {
  if (body === null) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      const error = new FeedFetchError('too_large', `the feed is larger than ${maxBytes} bytes`);
      abort(error);
      await reader.cancel().catch(() => {});
      throw error;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

function describe(error: unknown): FeedFetchError {
  if (error instanceof FeedFetchError) return error;
  if (error instanceof BlockedHostError) return new FeedFetchError('blocked', error.message);
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof FeedFetchError) return cause;
  if (cause instanceof BlockedHostError) return new FeedFetchError('blocked', cause.message);
  const code = (cause as { code?: string } | undefined)?.code ?? (error as { code?: string } | null)?.code;
  const message =
    cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  return new FeedFetchError('network', code ? `${code}: ${message}` : message);
}

/**
 * Fetches a feed: at most `timeoutMs` for the whole exchange (every redirect and the body
 * included), at most `maxBytes` of (decoded) body, at most `maxRedirects` redirects, each hop
 * re-checked for scheme and address. A 304 to the conditional request means nothing new.
 */
export async function fetchFeed(
  target: string,
  validators: Validators,
  limits: FetchLimits,
  dispatcher: PinnedDispatcher | null = null,
): Promise<FetchResult> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new FeedFetchError('timeout', `no complete answer within ${limits.timeoutMs} ms`)),
    limits.timeoutMs,
  );
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  aborted.catch(() => {});
  try {
    let url = checkFeedUrl(target);
    for (let hop = 0; ; hop++) {
      // DNS is not abortable: race it against the deadline.
      await Promise.race([resolveAllowed(url.hostname, limits.allowPrivateHosts), aborted]);
      const headers: Record<string, string> = { accept: ACCEPT, 'user-agent': limits.userAgent };
      if (validators.etag) headers['if-none-match'] = validators.etag;
      if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
      // `dispatcher` is undici's extension of RequestInit, which the DOM-shaped type does not name.
      const init = {
        headers,
        redirect: 'manual',
        signal: controller.signal,
        ...(dispatcher ? { dispatcher: dispatcher.dispatcher } : {}),
      } as RequestInit;
      const response = await fetch(url, init);

      if (REDIRECTS.has(response.status)) {
        await response.body?.cancel().catch(() => {});
        if (hop >= limits.maxRedirects) {
          throw new FeedFetchError('too_many_redirects', `more than ${limits.maxRedirects} redirects`);
        }
        const location = response.headers.get('location');
        if (!location) throw new FeedFetchError('http_status', `HTTP ${response.status} without a Location`);
        url = checkFeedUrl(new URL(location, url));
        continue;
      }
      if (response.status === 304) {
        await response.body?.cancel().catch(() => {});
        return { status: 'not-modified', url: url.href };
      }
      if (response.status < 200 || response.status > 299) {
        await response.body?.cancel().catch(() => {});
        throw new FeedFetchError('http_status', `HTTP ${response.status}`);
      }
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        await response.body?.cancel().catch(() => {});
        throw new FeedFetchError(
          'too_large',
          `the feed declares ${declared} bytes; at most ${limits.maxBytes}`,
        );
      }
      const bytes = await readCapped(response.body, limits.maxBytes, (reason) => controller.abort(reason));
      return {
        status: 'ok',
        url: url.href,
        body: decodeFeed(bytes, response.headers.get('content-type')),
        bytes: bytes.byteLength,
        etag: response.headers.get('etag'),
        lastModified: response.headers.get('last-modified'),
      };
    }
  } catch (error) {
    if (controller.signal.aborted && controller.signal.reason instanceof FeedFetchError) {
      throw controller.signal.reason;
    }
    throw describe(error);
  } finally {
    clearTimeout(timer);
  }
}
