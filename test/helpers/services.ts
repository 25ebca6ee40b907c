import { connect } from 'node:net';
import { TEST_REDIS_URL } from './app.ts';

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

async function listening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port || 6379), hostname || '127.0.0.1');
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * The Redis the fault tests put their proxy in front of. `TEST_REDIS_URL` set: that one, and the
 * tests fail if it cannot be reached (CI requires it). Unset: the local default when something
 * listens there, else null (the tests are skipped on a machine without Redis).
 */
export async function redisForFaultTests(): Promise<string | null> {
  if (TEST_REDIS_URL) return TEST_REDIS_URL;
  return (await listening(DEFAULT_REDIS_URL)) ? DEFAULT_REDIS_URL : null;
}

/** Runs `request` and returns its result with how long it took, in ms. */
export async function timed<T>(request: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await request();
  return { value, ms: Math.round(performance.now() - started) };
}
