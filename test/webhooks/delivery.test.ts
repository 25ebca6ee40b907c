import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { DAY } from '../../src/lib/time.ts';
import { openStorage } from '../../src/storage/db.ts';
import {
  type Account,
  createKey,
  createTestDatabase,
  PASSWORD,
  setBalance,
  signup,
  startTestApp,
  type TestApp,
  testEnv,
  uniqueEmail,
} from '../helpers/app.ts';
import { expectProblem } from '../helpers/http.ts';
import { startServiceProcess } from '../helpers/processes.ts';
import { type Received, type Receiver, startReceiver, verified, verifyOrrery } from '../helpers/receiver.ts';

/** Loopback receivers, short retries and short attempts: what these tests need. */
const ENV = {
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_POLL_MS: '50',
  WEBHOOK_RETRY_SCHEDULE: '0.2,0.2',
  // Generous: a loaded machine must not turn a prompt answer into a timeout.
  WEBHOOK_TIMEOUT_MS: '3000',
};

async function register(
  t: TestApp,
  account: Account,
  url: string,
  events: string[],
): Promise<{ id: string; secret: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: { cookie: account.cookie },
    payload: { url, events },
  });
  assert.equal(response.statusCode, 201, response.body);
  const { endpoint, secret } = response.json();
  return { id: endpoint.id, secret };
}

async function deliveries(t: TestApp, account: Account, endpointId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/webhooks/${endpointId}/deliveries`,
    headers: { cookie: account.cookie },
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().deliveries as {
    id: string;
    eventType: string;
    status: string;
    attempts: number;
    lastStatusCode: number | null;
    lastError: string | null;
    nextAttemptAt: string | null;
  }[];
}

/** Polls until `check` passes (robust on a loaded machine; the time is not what is tested). */
async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(50);
    }
  }
}

async function sendTest(t: TestApp, account: Account, endpointId: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/webhooks/${endpointId}/test`,
    headers: { cookie: account.cookie },
  });
  assert.equal(response.statusCode, 202, response.body);
  return response.json().deliveryId;
}

function on(receiver: Receiver, path: string): Received[] {
  return receiver.requests.filter((r) => r.path === path);
}

describe('webhook deliveries', () => {
  let t: TestApp;
  let receiver: Receiver;
  before(async () => {
    t = await startTestApp({ env: ENV });
    t.deps.webhooks.startWorker();
    receiver = await startReceiver();
  });
  after(async () => {
    await t.close();
    await receiver.close();
  });

  test('webhook.test: the request is exactly §9 and verifies with the standardwebhooks library', async () => {
    const account = await signup(t.app);
    const { id, secret } = await register(t, account, `${receiver.url}/test`, ['webhook.test']);
    const deliveryId = await sendTest(t, account, id);
    const [request] = await eventually(async () => {
      const got = on(receiver, '/test');
      assert.equal(got.length, 1);
      return got;
    });
    assert.ok(request);
    assert.equal(request.headers['webhook-id'], deliveryId);
    assert.equal(request.headers['content-type'], 'application/json');
    assert.match(String(request.headers['user-agent']), /^Orrery-Webhooks\/\d+\.\d+\.\d+$/);
    assert.ok(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000) < 60);
    assert.match(String(request.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]{43}=$/);
    const body = verified(secret, request);
    assert.deepEqual(Object.keys(body), ['type', 'timestamp', 'data']);
    // The by-hand verifier the docs show agrees.
    const headers = request.headers as Record<string, string>;
    assert.equal(verifyOrrery(secret, headers, request.body), true);
    assert.equal(verifyOrrery(secret, headers, `${request.body} `), false);
    assert.equal(body.type, 'webhook.test');
    assert.deepEqual(body.data, {});
    assert.match(body.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Another secret does not verify it.
    assert.throws(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(request.body, {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      }),
    );
    await eventually(async () => {
      const [delivery] = await deliveries(t, account, id);
      assert.equal(delivery?.status, 'succeeded');
      assert.equal(delivery?.attempts, 1);
      assert.equal(delivery?.lastStatusCode, 204);
      assert.equal(delivery?.nextAttemptAt, null);
    });
  });

  test('object.spawned and object.expired go to subscribed endpoints only; a refused spawn emits nothing', async () => {
    const account = await signup(t.app);
    const key = await createKey(t.app, account, { scopes: ['write'] });
    const both = await register(t, account, `${receiver.url}/objects`, ['object.spawned', 'object.expired']);
    await register(t, account, `${receiver.url}/keys-only`, ['key.revoked']);
    const spawn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/world/spawn',
      headers: { authorization: `Bearer ${key.key}` },
      payload: {
        title: 'Short-lived',
        type: 'event',
        moodTarget: 'serene',
        layerTarget: 2,
        durationHours: 0.0001,
      },
    });
    assert.equal(spawn.statusCode, 201, spawn.body);
    const spawned = await eventually(async () => {
      const got = on(receiver, '/objects');
      assert.equal(got.length, 1);
      return got[0] as Received;
    });
    const event = verified(both.secret, spawned);
    assert.equal(event.type, 'object.spawned');
    const { ok, ...fields } = spawn.json();
    assert.equal(ok, true);
    assert.deepEqual(event.data, { ok: true, ...fields, createdAt: event.data.createdAt });
    assert.equal(typeof event.data.createdAt, 'string');

    // A spawn the debit refuses (402) rolls back, and its event with it.
    await setBalance(t, account.user.id, 1);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/world/spawn',
      headers: { authorization: `Bearer ${key.key}` },
      payload: { title: 'Not paid for' },
    });
    expectProblem(refused, 402, 'insufficient_essence');

    await sleep(400);
    await t.deps.cosmos.sweep();
    const expired = await eventually(async () => {
      const got = on(receiver, '/objects');
      assert.equal(got.length, 2);
      return got[1] as Received;
    });
    const expiry = verified(both.secret, expired);
    assert.equal(expiry.type, 'object.expired');
    assert.deepEqual(expiry.data, {
      objectId: fields.objectId,
      type: 'event',
      title: 'Short-lived',
      expiredAt: fields.expiresAt,
    });
    assert.equal(expiry.timestamp, fields.expiresAt);
    await sleep(300);
    assert.equal(on(receiver, '/objects').length, 2, 'the refused spawn sent nothing');
    assert.equal(on(receiver, '/keys-only').length, 0);
  });

  test('object.spawned for every spawn of a namespace, the first and those placed from memory', async () => {
    const account = await signup(t.app);
    const key = await createKey(t.app, account, { scopes: ['write'] });
    const { secret } = await register(t, account, `${receiver.url}/many`, ['object.spawned']);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const spawn = await t.app.inject({
        method: 'POST',
        url: '/api/v1/world/spawn',
        headers: { authorization: `Bearer ${key.key}` },
        payload: { title: `Beacon ${i}`, moodTarget: 'hopeful', layerTarget: 5 },
      });
      assert.equal(spawn.statusCode, 201, spawn.body);
      ids.push(spawn.json().objectId);
    }
    const got = await eventually(async () => {
      const requests = on(receiver, '/many');
      assert.equal(requests.length, 3);
      return requests;
    });
    assert.deepEqual(got.map((r) => verified(secret, r).data.objectId).sort(), [...ids].sort());
  });

  test('key.revoked: deleted, rotated without grace, rotated grace ended, expired — each once', async () => {
    const account = await signup(t.app);
    const { secret } = await register(t, account, `${receiver.url}/keys`, ['key.revoked']);
    const deleted = await createKey(t.app, account, { name: 'to delete' });
    const rotatedNow = await createKey(t.app, account, { name: 'rotate now' });
    const rotatedLater = await createKey(t.app, account, { name: 'rotate later' });
    const expiring = await createKey(t.app, account, {
      name: 'expiring',
      expiresAt: new Date(Date.now() + 300).toISOString(),
    });
    const cookie = { cookie: account.cookie };
    assert.equal(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/keys/${deleted.id}`, headers: cookie }))
        .statusCode,
      204,
    );
    // Deleting again announces nothing more.
    await t.app.inject({ method: 'DELETE', url: `/api/v1/keys/${deleted.id}`, headers: cookie });
    const now = await t.app.inject({
      method: 'POST',
      url: `/api/v1/keys/${rotatedNow.id}/rotate`,
      headers: cookie,
      payload: { graceHours: 0 },
    });
    assert.equal(now.statusCode, 201, now.body);
    const later = await t.app.inject({
      method: 'POST',
      url: `/api/v1/keys/${rotatedLater.id}/rotate`,
      headers: cookie,
      payload: { graceHours: 1 },
    });
    assert.equal(later.statusCode, 201, later.body);
    await sleep(350);
    assert.equal(await t.deps.keys.announceEnds(), 1, 'the expired key');
    assert.equal(await t.deps.keys.announceEnds(Date.now() + 2 * 3_600_000), 1, 'the end of the grace');
    assert.equal(await t.deps.keys.announceEnds(Date.now() + 2 * 3_600_000), 0, 'each end once');

    const got = await eventually(async () => {
      const requests = on(receiver, '/keys');
      assert.equal(requests.length, 4);
      return requests;
    });
    const byKey = new Map(
      got.map((r) => {
        const body = verified(secret, r);
        assert.equal(body.type, 'key.revoked');
        return [body.data.keyId as string, body.data];
      }),
    );
    assert.equal(byKey.get(deleted.id)?.reason, 'deleted');
    assert.equal(byKey.get(deleted.id)?.name, 'to delete');
    assert.match(String(byKey.get(deleted.id)?.prefix), /^orr_[A-Za-z0-9]{6}$/);
    assert.equal(byKey.get(rotatedNow.id)?.reason, 'rotated');
    assert.equal(byKey.get(rotatedLater.id)?.reason, 'rotated');
    assert.equal(byKey.get(expiring.id)?.reason, 'expired');
    assert.ok(Date.parse(String(byKey.get(expiring.id)?.revokedAt)) <= Date.now());
  });

  test('a 500 and a timeout are retried with the same webhook-id until a 2xx', async () => {
    const account = await signup(t.app);
    const { id, secret } = await register(t, account, `${receiver.url}/flaky`, ['webhook.test']);
    receiver.answer = (request, n) =>
      request.path !== '/flaky'
        ? { status: 204 }
        : n === 0
          ? { status: 500, body: 'boom' }
          : n === 1
            ? 'hang'
            : { status: 200 };
    try {
      const deliveryId = await sendTest(t, account, id);
      const got = await eventually(async () => {
        const requests = on(receiver, '/flaky');
        assert.equal(requests.length, 3);
        return requests;
      });
      for (const request of got) {
        assert.equal(request.headers['webhook-id'], deliveryId);
        verified(secret, request);
      }
      assert.equal(new Set(got.map((r) => r.body)).size, 1, 'the same body every attempt');
      await eventually(async () => {
        const [delivery] = await deliveries(t, account, id);
        assert.equal(delivery?.status, 'succeeded');
        assert.equal(delivery?.attempts, 3);
      });
    } finally {
      receiver.answer = () => ({ status: 204 });
    }
  });

  test('failing attempts end exhausted; lastError keeps at most 4 KiB; a redirect is not followed; retry by hand', async () => {
    const account = await signup(t.app);
    const { id } = await register(t, account, `${receiver.url}/down`, ['webhook.test']);
    const redirecting = await register(t, account, `${receiver.url}/moved`, ['webhook.test']);
    receiver.answer = (request) =>
      request.path === '/down'
        ? { status: 503, body: 'x'.repeat(10_000) }
        : request.path === '/moved'
          ? { status: 307, headers: { location: `${receiver.url}/elsewhere` } }
          : { status: 204 };
    try {
      const deliveryId = await sendTest(t, account, id);
      await sendTest(t, account, redirecting.id);
      await eventually(async () => {
        const [delivery] = await deliveries(t, account, id);
        assert.equal(delivery?.status, 'exhausted');
        assert.equal(delivery?.attempts, 3, 'one attempt and the two retries of the schedule');
        assert.equal(delivery?.lastStatusCode, 503);
        assert.equal(delivery?.lastError, 'x'.repeat(4096));
        assert.equal(delivery?.nextAttemptAt, null);
      });
      await eventually(async () => {
        const [delivery] = await deliveries(t, account, redirecting.id);
        assert.equal(delivery?.status, 'exhausted');
        assert.equal(delivery?.lastStatusCode, 307);
      });
      assert.equal(on(receiver, '/elsewhere').length, 0);

      receiver.answer = () => ({ status: 200 });
      const retried = await t.app.inject({
        method: 'POST',
        url: `/api/webhooks/${id}/deliveries/${deliveryId}/retry`,
        headers: { cookie: account.cookie },
      });
      assert.equal(retried.statusCode, 202, retried.body);
      await eventually(async () => {
        const [delivery] = await deliveries(t, account, id);
        assert.equal(delivery?.status, 'succeeded');
        assert.equal(delivery?.attempts, 4);
      });
      assert.equal(on(receiver, '/down').length, 4);
    } finally {
      receiver.answer = () => ({ status: 204 });
    }
  });

  test('a deleted endpoint receives nothing more', async () => {
    const account = await signup(t.app);
    const { id } = await register(t, account, `${receiver.url}/deleted`, ['webhook.test']);
    receiver.answer = (request) => (request.path === '/deleted' ? { status: 500 } : { status: 204 });
    try {
      await sendTest(t, account, id);
      await eventually(async () => assert.equal(on(receiver, '/deleted').length, 1));
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/webhooks/${id}`,
        headers: { cookie: account.cookie },
      });
      assert.equal(deleted.statusCode, 204);
      await sleep(1000);
      assert.equal(on(receiver, '/deleted').length, 1);
    } finally {
      receiver.answer = () => ({ status: 204 });
    }
  });

  test('after a rotation deliveries carry both signatures for 24 h; either secret verifies', async () => {
    const account = await signup(t.app);
    const { id, secret: oldSecret } = await register(t, account, `${receiver.url}/rotated`, ['webhook.test']);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${id}/rotate-secret`,
      headers: { cookie: account.cookie },
    });
    assert.equal(rotated.statusCode, 201, rotated.body);
    const newSecret = rotated.json().secret as string;
    assert.notEqual(newSecret, oldSecret);
    await sendTest(t, account, id);
    const request = await eventually(async () => {
      const got = on(receiver, '/rotated');
      assert.equal(got.length, 1);
      return got[0] as Received;
    });
    assert.equal(String(request.headers['webhook-signature']).split(' ').length, 2);
    verified(newSecret, request);
    verified(oldSecret, request);

    // Once the overlap is over, only the new secret signs.
    await t.deps.storage.db
      .updateTable('webhook_endpoints')
      .set({ previous_secret_until: Date.now() - 1 })
      .where('id', '=', id)
      .execute();
    await sendTest(t, account, id);
    const later = await eventually(async () => {
      const got = on(receiver, '/rotated');
      assert.equal(got.length, 2);
      return got[1] as Received;
    });
    assert.equal(String(later.headers['webhook-signature']).split(' ').length, 1);
    verified(newSecret, later);
    assert.throws(() => verified(oldSecret, later));
  });

  test('an endpoint failing for 5 days is disabled, says so, gets no events; enable turns it back on', async () => {
    const account = await signup(t.app);
    const { id } = await register(t, account, `${receiver.url}/dying`, ['webhook.test', 'key.revoked']);
    await t.deps.storage.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: Date.now() - 5 * DAY - 1000 })
      .where('id', '=', id)
      .execute();
    receiver.answer = (request) => (request.path === '/dying' ? { status: 500 } : { status: 204 });
    try {
      await sendTest(t, account, id);
      const endpoint = await eventually(async () => {
        const list = await t.app.inject({
          method: 'GET',
          url: '/api/webhooks',
          headers: { cookie: account.cookie },
        });
        const [found] = list.json().endpoints;
        assert.equal(found.enabled, false);
        return found;
      });
      assert.equal(typeof endpoint.disabledAt, 'string');
      const [delivery] = await deliveries(t, account, id);
      assert.equal(delivery?.status, 'exhausted');
      expectProblem(
        await t.app.inject({
          method: 'POST',
          url: `/api/webhooks/${id}/test`,
          headers: { cookie: account.cookie },
        }),
        409,
        'conflict',
      );
      // A key revoked meanwhile does not queue anything for the disabled endpoint.
      const key = await createKey(t.app, account);
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/keys/${key.id}`,
        headers: { cookie: account.cookie },
      });
      assert.equal((await deliveries(t, account, id)).length, 1);

      receiver.answer = () => ({ status: 204 });
      const enabled = await t.app.inject({
        method: 'POST',
        url: `/api/webhooks/${id}/enable`,
        headers: { cookie: account.cookie },
      });
      assert.equal(enabled.statusCode, 200, enabled.body);
      assert.equal(enabled.json().endpoint.enabled, true);
      assert.equal(enabled.json().endpoint.disabledAt, null);
      await sendTest(t, account, id);
      await eventually(async () => {
        const [latest] = await deliveries(t, account, id);
        assert.equal(latest?.status, 'succeeded');
      });
    } finally {
      receiver.answer = () => ({ status: 204 });
    }
  });
});

describe('webhook deliveries across restarts and instances', () => {
  test('a delivery pending when the service stops is delivered after it starts again', async () => {
    const receiver = await startReceiver();
    const database = await createTestDatabase();
    try {
      const first = await startTestApp({ env: ENV, database });
      const account = await signup(first.app);
      const { id, secret } = await register(first, account, `${receiver.url}/later`, ['webhook.test']);
      // No worker runs on this instance: the delivery waits in the database.
      const deliveryId = await sendTest(first, account, id);
      await first.close();
      assert.equal(receiver.requests.length, 0);

      const second = await startTestApp({ env: ENV, database });
      try {
        second.deps.webhooks.startWorker();
        const [request] = await receiver.waitFor(1);
        assert.ok(request);
        assert.equal(request.headers['webhook-id'], deliveryId);
        verified(secret, request);
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
      await receiver.close();
    }
  });

  test('a worker that died mid-attempt: the delivery is attempted again after its lease, same webhook-id', async () => {
    const receiver = await startReceiver();
    const t = await startTestApp({ env: ENV });
    try {
      const account = await signup(t.app);
      const { id } = await register(t, account, `${receiver.url}/lease`, ['webhook.test']);
      const deliveryId = await sendTest(t, account, id);
      // What a crashed worker leaves: the row leased to a holder that will never settle it.
      await t.deps.storage.db
        .updateTable('webhook_deliveries')
        .set({ leased_by: 'dead-worker:1', next_attempt_at: Date.now() + 500 })
        .where('id', '=', deliveryId)
        .execute();
      t.deps.webhooks.startWorker();
      await sleep(200);
      assert.equal(receiver.requests.length, 0, 'not before the lease runs out');
      const [request] = await receiver.waitFor(1);
      assert.equal(request?.headers['webhook-id'], deliveryId);
    } finally {
      await t.close();
      await receiver.close();
    }
  });

  test('two service processes on one database make each attempt exactly once', async () => {
    const receiver = await startReceiver();
    const database = await createTestDatabase();
    // Retries enough that a loaded machine's slow attempts still end in a success, and database
    // time limits long enough that twenty concurrent revocations on a loaded machine are not
    // answered 503 (the limits themselves are test/faults/'s to test).
    const env = testEnv(database.url, `orrery-test:webhooks:${Date.now()}:`, {
      ...ENV,
      WEBHOOK_RETRY_SCHEDULE: '0.2,0.2,0.2,0.2,0.2,0.2',
      DATABASE_STATEMENT_TIMEOUT_MS: '5000',
      DATABASE_QUERY_TIMEOUT_MS: '5000',
    });
    const one = await startServiceProcess(env);
    const two = await startServiceProcess(env);
    try {
      const call = async (base: string, method: string, path: string, cookie: string, body?: unknown) => {
        const response = await fetch(`${base}${path}`, {
          method,
          headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: response.status, text: await response.text(), headers: response.headers };
      };
      const signedUp = await call(one.url, 'POST', '/api/auth/signup', '', {
        email: uniqueEmail('twin'),
        password: PASSWORD,
      });
      assert.equal(signedUp.status, 201);
      const cookie = (signedUp.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      for (let i = 0; i < 3; i++) {
        const created = await call(one.url, 'POST', '/api/webhooks', cookie, {
          url: `${receiver.url}/twin${i}`,
          events: ['key.revoked'],
        });
        assert.equal(created.status, 201, created.text);
      }
      const keyIds: string[] = [];
      for (let i = 0; i < 20; i++) {
        const created = await call(two.url, 'POST', '/api/v1/keys', cookie, {});
        keyIds.push(JSON.parse(created.text).apiKey.id);
      }
      // Some attempts fail once, so retries are claimed by either process too.
      receiver.answer = (_request, n) => (n % 5 === 0 ? { status: 500 } : { status: 204 });
      const deleted = await Promise.all(
        keyIds.map((id, i) => call(i % 2 === 0 ? one.url : two.url, 'DELETE', `/api/v1/keys/${id}`, cookie)),
      );
      assert.deepEqual(new Set(deleted.map((d) => d.status)), new Set([204]));
      const storage = openStorage(database.url);
      try {
        const expected = keyIds.length * 3;
        await eventually(async () => {
          const rows = await storage.db
            .selectFrom('webhook_deliveries')
            .select('id')
            .where('status', '=', 'succeeded')
            .execute();
          if (rows.length !== expected && process.env.DEBUG_WEBHOOKS) {
            const left = await storage.db
              .selectFrom('webhook_deliveries')
              .selectAll()
              .where('status', '!=', 'succeeded')
              .execute();
            console.log(JSON.stringify(left));
          }
          assert.equal(rows.length, expected);
        }, 60_000);
        await sleep(300);
        const rows = await storage.db.selectFrom('webhook_deliveries').select(['id', 'attempts']).execute();
        assert.equal(rows.length, expected);
        const attempts = rows.reduce((sum, row) => sum + Number(row.attempts), 0);
        assert.ok(attempts > expected, 'some attempts were retries');
        assert.equal(receiver.requests.length, attempts, 'one request per recorded attempt');
        const perId = new Map<string, number>();
        for (const request of receiver.requests) {
          const webhookId = String(request.headers['webhook-id']);
          perId.set(webhookId, (perId.get(webhookId) ?? 0) + 1);
        }
        for (const row of rows) assert.equal(perId.get(row.id), Number(row.attempts), row.id);
      } finally {
        await storage.close();
      }
    } finally {
      await Promise.all([one.stop(), two.stop()]);
      await database.drop();
      await receiver.close();
    }
  });

  test('connection time: a worker without WEBHOOK_ALLOW_PRIVATE refuses a loopback endpoint after DNS', async () => {
    const receiver = await startReceiver();
    const database = await createTestDatabase();
    // The endpoint was registered where private addresses are allowed (as if its name had
    // resolved to a public address then); the worker that delivers does not allow them.
    const registrar = await startTestApp({ env: ENV, database });
    const { WEBHOOK_ALLOW_PRIVATE: _, ...strict } = ENV;
    const worker = await startTestApp({ env: strict, database });
    try {
      const account = await signup(registrar.app);
      const port = new URL(receiver.url).port;
      const { id } = await register(registrar, account, `http://localhost:${port}/private`, ['webhook.test']);
      await sendTest(registrar, account, id);
      worker.deps.webhooks.startWorker();
      await eventually(async () => {
        const [delivery] = await deliveries(registrar, account, id);
        assert.equal(delivery?.status, 'failed');
        assert.equal(delivery?.lastStatusCode, null);
        assert.match(String(delivery?.lastError), /loopback/);
      });
      assert.equal(receiver.requests.length, 0);
    } finally {
      await worker.close();
      await registrar.close();
      await database.drop();
      await receiver.close();
    }
  });
});
