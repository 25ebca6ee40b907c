import { once } from 'node:events';
import { createServer, type Server, Socket } from 'node:net';

/**
 * What the proxy does to traffic, switchable at run time:
 * - `pass`: forwards both ways;
 * - `stall`: accepts connections and holds every byte in both directions (a silent network or a
 *   frozen server); returning to `pass` delivers what was held, in order;
 * - `refuse`: closes the listener (new connections get ECONNREFUSED) and resets every open one;
 * - `cut`: the next chunk coming back from the server is delivered half, then both sides are reset.
 */
export type FaultMode = 'pass' | 'stall' | 'refuse' | 'cut';

interface Pair {
  client: Socket;
  upstream: Socket;
  /** Held while stalled: bytes for the server, bytes for the client. */
  toUpstream: Buffer[];
  toClient: Buffer[];
}

/** A TCP proxy on loopback in front of a real service (Redis, PostgreSQL), for fault tests. */
export class FaultProxy {
  private server: Server;
  private readonly pairs = new Set<Pair>();
  private current: FaultMode = 'pass';

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
    public port = 0,
  ) {
    this.server = this.createListener();
  }

  /** Starts a proxy to `target` (a URL such as `redis://127.0.0.1:6379`) on a free port. */
  static async start(target: string): Promise<FaultProxy> {
    const url = new URL(target);
    const defaultPort = url.protocol.startsWith('redis') ? 6379 : 5432;
    const proxy = new FaultProxy(url.hostname || '127.0.0.1', Number(url.port || defaultPort));
    await proxy.listen();
    return proxy;
  }

  get mode(): FaultMode {
    return this.current;
  }

  /** `target` with its host and port replaced by the proxy's. */
  urlFor(target: string): string {
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  async set(mode: FaultMode): Promise<void> {
    const previous = this.current;
    this.current = mode;
    if (mode === 'refuse') {
      if (previous !== 'refuse') this.server.close();
      for (const pair of [...this.pairs]) this.reset(pair);
      return;
    }
    if (previous === 'refuse') {
      this.server = this.createListener();
      await this.listen();
    }
    if (mode === 'pass') {
      for (const pair of this.pairs) {
        for (const chunk of pair.toUpstream.splice(0)) pair.upstream.write(chunk);
        for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
      }
    }
  }

  /** Open client connections (for tests that check a pool let go of its connections). */
  get connections(): number {
    return this.pairs.size;
  }

  async close(): Promise<void> {
    this.current = 'refuse';
    for (const pair of [...this.pairs]) this.reset(pair);
    if (this.server.listening) {
      this.server.close();
      await once(this.server, 'close');
    }
  }

  private createListener(): Server {
    return createServer((client) => this.accept(client));
  }

  private async listen(): Promise<void> {
    this.server.listen(this.port, '127.0.0.1');
    await once(this.server, 'listening');
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
    this.port = address.port;
  }

  private accept(client: Socket): void {
    if (this.current === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    const upstream = new Socket();
    const pair: Pair = { client, upstream, toUpstream: [], toClient: [] };
    this.pairs.add(pair);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    upstream.connect(this.targetPort, this.targetHost);
    client.on('data', (chunk: Buffer) => {
      if (this.current === 'stall') pair.toUpstream.push(chunk);
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (this.current === 'stall') {
        pair.toClient.push(chunk);
      } else if (this.current === 'cut') {
        client.write(chunk.subarray(0, Math.max(1, chunk.length >> 1)), () => this.reset(pair));
      } else {
        client.write(chunk);
      }
    });
    const end = () => this.drop(pair);
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  }

  private drop(pair: Pair): void {
    if (!this.pairs.delete(pair)) return;
    pair.client.destroy();
    pair.upstream.destroy();
  }

  private reset(pair: Pair): void {
    this.pairs.delete(pair);
    if (!pair.client.destroyed) pair.client.resetAndDestroy();
    if (!pair.upstream.destroyed) pair.upstream.resetAndDestroy();
  }
}
