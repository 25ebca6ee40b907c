import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { createKey, setBalance, signup, startTestApp, type TestApp } from '../helpers/app.ts';
import { withCookie } from '../helpers/http.ts';
import { type Receiver, startReceiver, verified } from '../helpers/receiver.ts';

/**
 * `essence.low` from the real charge path: metered calls debit through the charge's batches and
 * the listener runs in their transaction, reading the threshold the person set with
 * `PUT /api/essence/alert`.
 */
describe('essence.low', () => {
  let t: TestApp;
  let receiver: Receiver;
  before(async () => {
    t = await startTestApp({
      env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '50' },
    });
    t.deps.webhooks.startWorker();
    receiver = await startReceiver();
  });
  after(async () => {
    await t.close();
    await receiver.close();
  });

  test('once when a debit crosses the threshold, re-armed when the balance is back at or above it', async () => {
    const account = await signup(t.app);
    const key = await createKey(t.app, account, { scopes: ['read'] });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { cookie: account.cookie },
      payload: { url: `${receiver.url}/low`, events: ['essence.low'] },
    });
    assert.equal(created.statusCode, 201, created.body);
    const secret = created.json().secret as string;
    const alert = await withCookie(t.app, account.cookie, 'PUT', '/api/essence/alert', { threshold: 990 });
    assert.equal(alert.statusCode, 200, alert.body);
    const analyze = async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/mood/analyze',
        headers: { authorization: `Bearer ${key.key}` },
        payload: { text: 'a quiet, steady afternoon' },
      });
      assert.equal(response.statusCode, 200, response.body);
      return Number(response.headers['essence-balance']);
    };

    assert.equal(await analyze(), 995);
    assert.equal(await analyze(), 990, 'at the threshold is not below it');
    assert.equal(await analyze(), 985, 'this one crosses');
    assert.equal(await analyze(), 980);
    const [first] = await receiver.waitFor(1);
    assert.ok(first);
    const event = verified(secret, first);
    assert.equal(event.type, 'essence.low');
    assert.deepEqual(event.data, { balance: 985, threshold: 990 });

    await setBalance(t, account.user.id, 992);
    assert.equal(await analyze(), 987, 'crosses again once re-armed');
    const got = await receiver.waitFor(2);
    assert.deepEqual(verified(secret, got[1] as (typeof got)[number]).data, { balance: 987, threshold: 990 });
    await sleep(300);
    assert.equal(receiver.requests.length, 2);
  });
});
