import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { alertState, crossesAlert } from '../../src/domains/essence/service.ts';
import { setBalance, signup, startTestApp, type TestApp } from '../helpers/app.ts';
import { expectInvalidField, expectProblem, withCookie } from '../helpers/http.ts';

describe('the balance alert', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => t.close());

  test('set, read and remove; its state follows the balance', async () => {
    const me = await signup(t.app);
    const read = async () => (await withCookie(t.app, me.cookie, 'GET', '/api/essence/alert')).json().alert;
    assert.deepEqual(await read(), { threshold: null, state: 'off', balance: 1000 });
    const set = await withCookie(t.app, me.cookie, 'PUT', '/api/essence/alert', { threshold: 250.5 });
    assert.equal(set.statusCode, 200, set.body);
    assert.deepEqual(set.json().alert, { threshold: 250.5, state: 'armed', balance: 1000 });
    await setBalance(t, me.user.id, 250.499);
    assert.deepEqual(await read(), { threshold: 250.5, state: 'crossed', balance: 250.499 });
    await setBalance(t, me.user.id, 250.5);
    assert.equal((await read()).state, 'armed');
    const off = await withCookie(t.app, me.cookie, 'PUT', '/api/essence/alert', { threshold: null });
    assert.deepEqual(off.json().alert, { threshold: null, state: 'off', balance: 250.5 });
  });

  test('bad thresholds are a 400 naming the field, and change nothing', async () => {
    const me = await signup(t.app);
    await withCookie(t.app, me.cookie, 'PUT', '/api/essence/alert', { threshold: 10 });
    for (const body of [
      { threshold: -1 },
      { threshold: 1.0001 },
      { threshold: '10' },
      { threshold: 2_000_000_000 },
      {},
    ]) {
      expectInvalidField(await withCookie(t.app, me.cookie, 'PUT', '/api/essence/alert', body), '/threshold');
    }
    expectInvalidField(
      await withCookie(t.app, me.cookie, 'PUT', '/api/essence/alert', { threshold: 5, email: 'x' }),
      '/email',
    );
    const alert = (await withCookie(t.app, me.cookie, 'GET', '/api/essence/alert')).json().alert;
    assert.equal(alert.threshold, 10);
    expectProblem(
      await t.app.inject({ method: 'PUT', url: '/api/essence/alert', payload: { threshold: 1 } }),
      401,
      'unauthenticated',
    );
  });

  test('a debit crosses the alert only from at-or-above to below', () => {
    assert.equal(crossesAlert(10_000, 9_999, 10_000), true);
    assert.equal(crossesAlert(10_000, 10_000, 10_000), false);
    assert.equal(crossesAlert(9_999, 5_000, 10_000), false);
    assert.equal(alertState(0, 0).state, 'armed');
  });
});
