import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import { test } from 'node:test';
import { createTestDatabase } from '../helpers/app.ts';
import { eventually } from '../helpers/http.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  return typeof address === 'object' && address ? address.port : 0;
}

test('SIGTERM stops the service cleanly even while a socket sits silent', { timeout: 60_000 }, async () => {
  const database = await createTestDatabase();
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: database.url,
      PORT: String(port),
      LOG_LEVEL: 'silent',
      SHUTDOWN_GRACE_MS: '4000',
      COUNCIL_INTERVAL_MINUTES: '0',
    },
    stdio: 'ignore',
  });
  try {
    await eventually(async () => {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
      return response?.ok ? true : undefined;
    }, 30_000);
    // Connected, never sends a request: Node would keep it until its header timeout.
    const silent = connect(port, '127.0.0.1');
    await once(silent, 'connect');
    const closed = once(silent, 'close');
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    assert.equal(code, 0, 'the drain finished instead of being forced');
    await closed;
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await database.drop();
  }
});
