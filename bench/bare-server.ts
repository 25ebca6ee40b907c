/**
 * The baseline: a bare node:http server answering a small JSON body, started by the benchmark in
 * its own process so it gets the same core the service would.
 *
 * `orrery` as the first argument adds the headers every Orrery API answer carries (security
 * headers, a request id, the Essence headers): the load generator shares the machine's cores, and
 * parsing a larger answer costs it time, so this server's rate is the ceiling any Orrery route can
 * reach in this benchmark, however little the service itself does.
 */
import { createServer } from 'node:http';

const body = JSON.stringify({ ok: true, balance: 1000 });
const withOrreryHeaders = process.argv[2] === 'orrery';
let served = 0;
const server = createServer((_req, res) => {
  const headers: Record<string, string | number> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  };
  if (withOrreryHeaders) {
    served++;
    Object.assign(headers, {
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      'cache-control': 'no-store',
      'x-request-id': `req_01KAX${served.toString(36).padStart(21, '0')}`,
      'essence-cost': '0.5',
      'essence-balance': '999987654.5',
    });
  }
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
