import http from 'node:http';
import https from 'node:https';
import { BlockedHostError, guardedLookup } from '../../net/addresses.ts';

/** How much of a response body is read and kept (as a failed delivery's `lastError`). */
export const RESPONSE_KEEP_BYTES = 4096;

export interface Attempt {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

export type AttemptOutcome =
  | { ok: true; statusCode: number; body: string }
  | { ok: false; statusCode: number | null; error: string };

/**
 * Posts webhook requests. Every connection resolves its host through the SSRF guard at connect
 * time and opens to the address that was checked (the agents' `lookup`), so a name that resolved
 * to a public address at registration and to an internal one now is refused here. Redirects are
 * never followed: a 3xx is a failed attempt like any other non-2xx.
 */
export class Sender {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;

  constructor(allowPrivate: boolean, maxSockets: number) {
    const lookup = guardedLookup(allowPrivate);
    const options = { keepAlive: true, keepAliveMsecs: 1000, maxSockets, maxFreeSockets: 16, lookup };
    // `lookup` is a net.connect option; the agents pass it through to every socket they open.
    this.httpAgent = new http.Agent(options as http.AgentOptions);
    this.httpsAgent = new https.Agent(options as https.AgentOptions);
  }

  send(attempt: Attempt): Promise<AttemptOutcome> {
    return new Promise((resolve) => {
      let settled = false;
      const finish = (outcome: AttemptOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      let url: URL;
      try {
        url = new URL(attempt.url);
      } catch {
        finish({ ok: false, statusCode: null, error: 'The endpoint URL is not valid.' });
        return;
      }
      const secure = url.protocol === 'https:';
      const request = (secure ? https : http).request(url, {
        method: 'POST',
        agent: secure ? this.httpsAgent : this.httpAgent,
        headers: { ...attempt.headers, 'content-length': String(Buffer.byteLength(attempt.body)) },
      });
      // One deadline for the whole exchange: connect, send, response headers and body.
      const timer = setTimeout(() => {
        request.destroy(new Error(`no complete answer within ${attempt.timeoutMs} ms`));
      }, attempt.timeoutMs);
      request.on('error', (error) => finish({ ok: false, statusCode: null, error: describe(error) }));
      request.on('response', (response) => {
        const statusCode = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let kept = 0;
        const done = () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (statusCode >= 200 && statusCode < 300) finish({ ok: true, statusCode, body: text });
          else finish({ ok: false, statusCode, error: text === '' ? `HTTP ${statusCode}` : text });
          // Whatever is left unread is not ours to wait for; the socket is not reused.
          if (!response.complete) response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_KEEP_BYTES) {
            const part = chunk.subarray(0, RESPONSE_KEEP_BYTES - kept);
            chunks.push(part);
            kept += part.length;
          }
          if (kept >= RESPONSE_KEEP_BYTES) done();
        });
        response.on('end', done);
        response.on('error', (error) => {
          if (statusCode >= 200 && statusCode < 300) done();
          else finish({ ok: false, statusCode, error: describe(error) });
        });
      });
      request.end(attempt.body);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

function describe(error: unknown): string {
  if (error instanceof BlockedHostError) return `Refused: ${error.message}.`;
  const code = (error as { code?: string } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
