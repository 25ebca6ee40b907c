import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'feeds');

export function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

const TYPES: Record<string, string> = {
  xml: 'application/rss+xml; charset=utf-8',
  json: 'application/feed+json',
};

export interface FeedServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Every request the server saw, in order. */
  readonly requests: { path: string; headers: IncomingHttpHeaders }[];
  /** Bytes of the oversize feed actually written before the client went away. */
  oversizeBytesSent(): number;
  /** Replaces what a path serves from now on (a feed whose content changes between pulls). */
  serve(path: string, body: string, contentType?: string): void;
  close(): Promise<void>;
}

export interface FeedServerOptions {
  /** How long `/slow.xml` waits before answering. */
  slowMs?: number;
}

const LAST_MODIFIED = 'Mon, 02 Nov 2026 12:00:00 GMT';

/**
 * A feed server on 127.0.0.1 for the Council tests:
 * - `/feeds/<fixture>`: a fixture with `ETag` and `Last-Modified`; conditional requests get 304;
 * - `/repeat.xml`: `repeat-1.xml` on the first request, `repeat-2.xml` after (items repeat);
 * - `/malformed.xml`, `/slow.xml`, `/oversize.xml` (streams past 2 MiB, then stalls),
 *   `/oversize-declared.xml` (announces 5 MB), `/loop` (redirects to itself), `/hop/<n>` (n
 *   redirects, then the RSS fixture), `/status/<code>`.
 */
export async function startFeedServer(options: FeedServerOptions = {}): Promise<FeedServer> {
  const requests: FeedServer['requests'] = [];
  const overrides = new Map<string, { body: string; type: string }>();
  const timers = new Set<NodeJS.Timeout>();
  let repeatCount = 0;
  let oversizeSent = 0;

  const sendFeed = (res: ServerResponse, headers: IncomingHttpHeaders, body: string, type: string) => {
    const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
    if (headers['if-none-match'] === etag || headers['if-modified-since'] === LAST_MODIFIED) {
      res.writeHead(304, { etag, 'last-modified': LAST_MODIFIED }).end();
      return;
    }
    res.writeHead(200, { 'content-type': type, etag, 'last-modified': LAST_MODIFIED }).end(body);
  };

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    requests.push({ path, headers: req.headers });
    const override = overrides.get(path);
    if (override) return sendFeed(res, req.headers, override.body, override.type);

    if (path.startsWith('/feeds/')) {
      const name = path.slice('/feeds/'.length);
      if (!/^[\w.-]+$/.test(name)) return res.writeHead(404).end();
      let body: string;
      try {
        body = fixture(name);
      } catch {
        return res.writeHead(404).end();
      }
      return sendFeed(res, req.headers, body, TYPES[name.split('.').pop() ?? ''] ?? 'application/xml');
    }
    if (path === '/repeat.xml') {
      repeatCount++;
      return res
        .writeHead(200, { 'content-type': 'application/rss+xml' })
        .end(fixture(repeatCount === 1 ? 'repeat-1.xml' : 'repeat-2.xml'));
    }
    if (path === '/malformed.xml') {
      return res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(fixture('malformed.xml'));
    }
    if (path === '/slow.xml') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed)
          res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(fixture('rss.xml'));
      }, options.slowMs ?? 5000);
      timers.add(timer);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (path === '/oversize.xml') {
      void streamOversize(res);
      return;
    }
    if (path === '/oversize-declared.xml') {
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': String(5_000_000) });
      res.write('<?xml version="1.0"?><rss version="2.0"><channel>');
      const timer = setTimeout(() => res.destroy(), 20_000);
      timers.add(timer);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop) {
      const n = Number(hop[1]);
      if (n === 0) return sendFeed(res, req.headers, fixture('rss.xml'), TYPES.xml as string);
      return res.writeHead(301, { location: `/hop/${n - 1}` }).end();
    }
    const status = /^\/status\/(\d{3})$/.exec(path);
    if (status) return res.writeHead(Number(status[1])).end('no');
    res.writeHead(404).end();
  });

  /** Writes a valid-looking RSS document in 64 KiB chunks until past 2.25 MiB, then stalls. */
  async function streamOversize(res: ServerResponse) {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    const item = '<item><title>Filler</title><link>https://filler.example/x</link></item>\n';
    const chunk = item.repeat(Math.ceil(65_536 / item.length));
    const head = '<?xml version="1.0"?><rss version="2.0"><channel><title>Huge</title>\n';
    res.write(head);
    oversizeSent += head.length;
    while (oversizeSent < 2.25 * 1024 * 1024) {
      if (res.destroyed) return;
      const ok = res.write(chunk);
      oversizeSent += chunk.length;
      if (!ok) {
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
      }
    }
    // Stalls rather than ending: a client without a size cap would wait for its timeout.
    const timer = setTimeout(() => res.destroy(), 20_000);
    timers.add(timer);
    res.on('close', () => clearTimeout(timer));
  }

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    oversizeBytesSent: () => oversizeSent,
    serve(path, body, contentType = 'application/rss+xml') {
      overrides.set(path, { body, type: contentType });
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      server.close();
      await once(server, 'close').catch(() => {});
    },
  };
}
