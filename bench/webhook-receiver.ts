/**
 * The webhook bench's receiver, in a process of its own so that it does not share the service's
 * event loop: `/slow` answers after 10 s, every other path at once. Prints `listening <port>`,
 * then one line per request, `<path> <n> <arrival ms>` (`n` = the event's `data.n`).
 */
import { createServer, type ServerResponse } from 'node:http';

const SLOW_MS = 10_000;
const hanging = new Set<ServerResponse>();
let lines: string[] = [];
const flush = () => {
  if (lines.length === 0) return;
  process.stdout.write(`${lines.join('\n')}\n`);
  lines = [];
};
setInterval(flush, 50).unref();

const server = createServer({ keepAliveTimeout: 30_000 }, (request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const at = Date.now();
    const path = request.url ?? '/';
    if (path === '/slow') {
      lines.push(`${path} -1 ${at}`);
      hanging.add(response);
      setTimeout(() => {
        hanging.delete(response);
        if (!response.destroyed) response.writeHead(204).end();
      }, SLOW_MS).unref();
      return;
    }
    const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { n: number } };
    lines.push(`${path} ${data.n} ${at}`);
    response.writeHead(204).end();
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => {
  flush();
  for (const response of hanging) response.destroy();
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
