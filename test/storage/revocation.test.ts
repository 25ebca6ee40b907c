import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createKey,
  createTestDatabase,
  signup,
  startTestApp,
  TEST_REDIS_URL,
  type TestApp,
  type TestDatabase,
} from '../helpers/app.ts';

/**
 * Two instances of one deployment. A key revoked on one stops working there at once and on the
 * other within 1 s: pushed over Redis when configured, else bounded by the cache lifetime.
 */
describe(`key revocation across instances (${TEST_REDIS_URL ? 'Redis pub/sub' : 'cache lifetime'})`, () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  before(async () => {
    database = await createTestDatabase();
    const redisPrefix = `orrery-test:revoke:${Date.now()}:`;
    a = await startTestApp({ database, redisPrefix });
    b = await startTestApp({ database, redisPrefix });
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  const balance = (t: TestApp, key: string) =>
    t.app
      .inject({ method: 'GET', url: '/api/v1/essence', headers: { 'x-api-key': key } })
      .then((r) => r.statusCode);

  test('revoked on one instance: 401 there at once, and on the other within 1 s', async () => {
    const account = await signup(a.app);
    const { key, id } = await createKey(a.app, account);
    assert.equal(await balance(a, key), 200);
    assert.equal(await balance(b, key), 200); // now cached on b

    const revoke = await a.app.inject({
      method: 'DELETE',
      url: `/api/v1/keys/${id}`,
      headers: { cookie: account.cookie },
    });
    assert.equal(revoke.statusCode, 204);
    const revokedAt = Date.now();
    assert.equal(await balance(a, key), 401);

    let elapsed = 0;
    while ((await balance(b, key)) !== 401) {
      elapsed = Date.now() - revokedAt;
      assert.ok(elapsed < 1000, 'the other instance still accepted the key after 1 s');
      await sleep(20);
    }
    if (TEST_REDIS_URL)
      assert.ok(Date.now() - revokedAt < 300, 'pub/sub should evict in well under a second');
  });
});
