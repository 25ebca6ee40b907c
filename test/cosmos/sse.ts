/**
 * A small Server-Sent Events client for reading /api/cosmos/stream in tests. It uses node:http
 * rather than fetch: undici opens a spare connection beside an aborted streaming response and
 * sends nothing on it, which holds a server's close() until Node's headers timeout.
 */
import http from 'node:http';

export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every comment line seen so far (heartbeats), without the leading colon. */
  comments: string[];
  /** Resolves with the next event matching `match` (earlier non-matching events are dropped). */
  next(match?: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves once a comment line has arrived. */
  nextComment(timeoutMs?: number): Promise<string>;
  /** Resolves when the stream ends (the server closed it, or `close()`). */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const request = http.get(url, { headers });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  response.setEncoding('utf8');
  const queue: SseEvent[] = [];
  const comments: string[] = [];
  let wake: (() => void) | null = null;
  let finished = false;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };

  let buffer = '';
  response.on('data', (chunk: string) => {
    buffer += chunk;
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event: SseEvent = { id: null, event: 'message', data: '' };
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comments.push(line.slice(1).trim());
        else if (line.startsWith('id: ')) event.id = line.slice(4);
        else if (line.startsWith('event: ')) event.event = line.slice(7);
        else if (line.startsWith('data: ')) {
          event.data += (hasData ? '\n' : '') + line.slice(6);
          hasData = true;
        }
      }
      if (hasData) queue.push(event);
      notify();
    }
  });
  const ended = new Promise<void>((resolve) => {
    const done = () => {
      finished = true;
      notify();
      resolve();
    };
    response.once('end', done);
    response.once('close', done);
    response.once('error', done);
  });

  async function waitFor<T>(take: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = take();
      if (value !== undefined) return value;
      if (finished) throw new Error(`the stream ended before ${what}`);
      const left = until - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    comments,
    next(match = () => true, timeoutMs = 3000) {
      return waitFor(
        () => {
          while (queue.length > 0) {
            const event = queue.shift() as SseEvent;
            if (match(event)) return event;
          }
          return undefined;
        },
        timeoutMs,
        'matching event',
      );
    },
    nextComment(timeoutMs = 3000) {
      return waitFor(() => comments.shift(), timeoutMs, 'comment');
    },
    ended,
    close() {
      request.destroy();
    },
  };
}
