import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * `npm start` stops cleanly whichever process the signal reaches: the port closes within 10 s
 * and no process of the tree is left behind. Real npm, real shell, a temporary SQLite file.
 */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Every live process in the process group `group` (npm and all it started). */
function groupMembers(group: number): { pid: number; command: string }[] {
  const out = execFileSync('ps', ['-eo', 'pid=,pgid=,stat=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((parts) => Number(parts[1]) === group && !String(parts[2]).startsWith('Z'))
    .map((parts) => ({ pid: Number(parts[0]), command: parts.slice(3).join(' ') }));
}

interface Started {
  npm: ChildProcess;
  port: number;
  output: () => string;
  cleanup(): void;
}

async function npmStart(): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), 'orrery-start-'));
  const port = await freePort();
  // Its own process group, as a terminal would give it, so the whole tree can be found.
  const npm = spawn('npm', ['start'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dir, 'orrery.db')}`,
      COUNCIL_INTERVAL_MINUTES: '0',
      LOG_LEVEL: 'info',
    },
  });
  let output = '';
  npm.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  npm.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const started = Date.now();
  while (!(await listening(port))) {
    assert.ok(npm.exitCode === null, `npm start exited: ${output}`);
    assert.ok(Date.now() - started < 150_000, `npm start did not listen in 150 s: ${output}`);
    await sleep(200);
  }
  return {
    npm,
    port,
    output: () => output,
    cleanup() {
      // Whatever is left of the tree (only after a failure) goes, so nothing outlives the test.
      for (const { pid } of groupMembers(npm.pid as number)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {}
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function expectStopped(started: Started, signalledAt: number): Promise<number> {
  const group = started.npm.pid as number;
  for (;;) {
    const open = await listening(started.port);
    const members = groupMembers(group);
    if (!open && members.length === 0) return Date.now() - signalledAt;
    assert.ok(
      Date.now() - signalledAt < 10_000,
      `10 s after the signal: port ${open ? 'open' : 'closed'}, left: ${JSON.stringify(members)}\n${started.output()}`,
    );
    await sleep(100);
  }
}

describe('npm start stops cleanly', { timeout: 600_000 }, () => {
  const cases: [string, 'SIGTERM' | 'SIGINT', (s: Started) => void][] = [
    ['SIGTERM to npm', 'SIGTERM', (s) => s.npm.kill('SIGTERM')],
    ['SIGINT to npm', 'SIGINT', (s) => s.npm.kill('SIGINT')],
    // Ctrl-C in a terminal: SIGINT to every process of the foreground group at once.
    ['Ctrl-C (SIGINT to the whole group)', 'SIGINT', (s) => process.kill(-(s.npm.pid as number), 'SIGINT')],
    [
      'SIGTERM to the server itself',
      'SIGTERM',
      (s) => {
        const server = groupMembers(s.npm.pid as number).find((m) => m.command.includes('src/main.ts'));
        assert.ok(server, 'no server process found');
        process.kill(server.pid, 'SIGTERM');
      },
    ],
    [
      'the launcher killed outright (SIGKILL): the server stops by itself',
      'SIGTERM',
      (s) => {
        const launcher = groupMembers(s.npm.pid as number).find((m) =>
          m.command.includes('scripts/start.mjs'),
        );
        assert.ok(launcher, 'no launcher process found');
        process.kill(launcher.pid, 'SIGKILL');
      },
    ],
  ];
  for (const [name, , send] of cases) {
    test(name, async () => {
      const started = await npmStart();
      try {
        const at = Date.now();
        send(started);
        const ms = await expectStopped(started, at);
        process.stdout.write(`# npm start, ${name}: port closed and no process left after ${ms} ms\n`);
      } finally {
        started.cleanup();
      }
    });
  }
});
