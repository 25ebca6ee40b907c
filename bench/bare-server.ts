/**
 * The baseline: a bare node:http server answering a small JSON body, started by the benchmark in
 * its own process so it gets the same core the service would.
 */
import { createServer } from 'node:http';

const body = JSON.stringify({ ok: true, balance: 1000 });
const server = createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
