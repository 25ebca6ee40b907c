import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  createTestDatabase,
  ON_POSTGRES,
  PASSWORD,
  type TestDatabase,
  testEnv,
  uniqueEmail,
} from '../helpers/app.ts';
import { type ServiceProcess, startServiceProcess } from '../helpers/processes.ts';

/**
 * Two processes writing one SQLite file (a supported set-up): a transaction that reads and then
 * writes while the other process commits must never reach a client as a 500 (SQLITE_BUSY,
 * SQLITE_BUSY_SNAPSHOT). Each call either succeeds or, when the lock stays held too long,
 * answers 503 with Retry-After.
 */
describe('SQLite shared by two processes', { timeout: 120_000, skip: ON_POSTGRES && 'SQLite only' }, () => {
  let database: TestDatabase;
  let one: ServiceProcess;
  let two: ServiceProcess;

  before(async () => {
    database = await createTestDatabase();
    const env = testEnv(database.url, 'unused:');
    one = await startServiceProcess(env);
    two = await startServiceProcess(env);
  });
  after(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await database?.drop();
  });

  async function post(base: string, path: string, body: unknown, cookie = '') {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: await response.text() };
  }

  test('concurrent sign-ups and key writes from both processes: no 500', async () => {
    // Sign-up reads (is the email taken?) and then writes, in one transaction.
    const signups = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(i % 2 === 0 ? one.url : two.url, '/api/auth/signup', {
          email: uniqueEmail('locks'),
          password: PASSWORD,
        }),
      ),
    );
    const cookies = signups
      .filter((r) => r.status === 201)
      .map((r) => (r.headers.get('set-cookie') ?? '').split(';')[0] ?? '');
    const writes = await Promise.all(
      cookies.flatMap((cookie, i) =>
        Array.from({ length: 4 }, (_, j) =>
          post((i + j) % 2 === 0 ? one.url : two.url, '/api/v1/keys', { name: `k${j}` }, cookie),
        ),
      ),
    );
    const all = [...signups, ...writes];
    for (const response of all) {
      assert.notEqual(response.status, 500, response.body);
      if (response.status === 503) {
        assert.match(response.headers.get('content-type') ?? '', /problem\+json/);
        assert.ok(Number(response.headers.get('retry-after')) > 0);
      } else {
        assert.equal(response.status, 201, response.body);
      }
    }
    assert.ok(cookies.length > 0);
  });
});
