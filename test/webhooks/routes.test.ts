import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Account, signup, startTestApp, type TestApp } from '../helpers/app.ts';
import { expectInvalidField, expectProblem } from '../helpers/http.ts';

const PUBLIC_URL = 'https://93.184.215.14/hooks';

async function register(t: TestApp, account: Account, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: { cookie: account.cookie },
    payload: body,
  });
}

describe('webhook endpoint routes', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => {
    await t.close();
  });

  test('create answers the endpoint and a whsec_ secret once; the list never shows a secret', async () => {
    const account = await signup(t.app);
    const created = await register(t, account, {
      url: PUBLIC_URL,
      events: ['object.spawned', 'key.revoked'],
      description: 'build bot',
    });
    assert.equal(created.statusCode, 201, created.body);
    const { endpoint, secret } = created.json();
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(secret.slice(6), 'base64').length, 32);
    assert.match(endpoint.id, /^whk_[0-9a-z]{26}$/);
    assert.deepEqual(
      { ...endpoint, id: undefined, createdAt: undefined },
      {
        id: undefined,
        url: PUBLIC_URL,
        events: ['object.spawned', 'key.revoked'],
        description: 'build bot',
        enabled: true,
        createdAt: undefined,
        disabledAt: null,
      },
    );
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/webhooks',
      headers: { cookie: account.cookie },
    });
    assert.equal(list.statusCode, 200);
    assert.deepEqual(list.json().endpoints, [endpoint]);
    assert.ok(!list.body.includes(secret.slice(6, 20)));
  });

  test('validation: events required and known, description ≤ 200, unknown fields, bad URLs → 400', async () => {
    const account = await signup(t.app);
    expectInvalidField(await register(t, account, { url: PUBLIC_URL, events: [] }), '/events');
    expectInvalidField(await register(t, account, { url: PUBLIC_URL }), '/events');
    expectInvalidField(await register(t, account, { url: PUBLIC_URL, events: ['object.moved'] }), '/events');
    expectInvalidField(
      await register(t, account, { url: PUBLIC_URL, events: ['webhook.test'], description: 'x'.repeat(201) }),
      '/description',
    );
    expectInvalidField(
      await register(t, account, { url: PUBLIC_URL, events: ['webhook.test'], secret: 'mine' }),
      '/secret',
    );
    for (const url of ['ftp://93.184.215.14/', 'not a url', 'https://user:pw@93.184.215.14/', '/relative']) {
      expectInvalidField(await register(t, account, { url, events: ['webhook.test'] }), '/url');
    }
  });

  test('SSRF: names and numeric spellings that reach non-public addresses are refused at registration', async () => {
    const account = await signup(t.app);
    const refused = [
      'http://localhost/hook',
      'http://127.0.0.1/hook',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0177.0.0.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://0.0.0.0/',
      'http://[fe80::1]/',
      'http://[fc00::1]/',
      'http://240.0.0.1/',
    ];
    for (const url of refused) {
      const response = await register(t, account, { url, events: ['webhook.test'] });
      const problem = expectInvalidField(response, '/url');
      assert.match(problem.detail, /public address/, url);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/webhooks',
      headers: { cookie: account.cookie },
    });
    assert.deepEqual(list.json().endpoints, []);
  });

  test('at most 10 endpoints per account (409 beyond); another account is unaffected', async () => {
    const account = await signup(t.app);
    for (let i = 0; i < 10; i++) {
      const response = await register(t, account, { url: `${PUBLIC_URL}/${i}`, events: ['webhook.test'] });
      assert.equal(response.statusCode, 201, response.body);
    }
    expectProblem(await register(t, account, { url: PUBLIC_URL, events: ['webhook.test'] }), 409, 'conflict');
    const other = await signup(t.app);
    assert.equal((await register(t, other, { url: PUBLIC_URL, events: ['webhook.test'] })).statusCode, 201);
  });

  test("another account's endpoint is 404 on every route; so is an unknown id", async () => {
    const owner = await signup(t.app);
    const stranger = await signup(t.app);
    const { endpoint } = (await register(t, owner, { url: PUBLIC_URL, events: ['webhook.test'] })).json();
    const test = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${endpoint.id}/test`,
      headers: { cookie: owner.cookie },
    });
    assert.equal(test.statusCode, 202, test.body);
    const { deliveryId } = test.json();
    for (const id of [endpoint.id, 'whk_00000000000000000000000000', 'nope']) {
      const cases = [
        { method: 'DELETE' as const, url: `/api/webhooks/${id}` },
        { method: 'POST' as const, url: `/api/webhooks/${id}/test` },
        { method: 'POST' as const, url: `/api/webhooks/${id}/rotate-secret` },
        { method: 'POST' as const, url: `/api/webhooks/${id}/enable` },
        { method: 'GET' as const, url: `/api/webhooks/${id}/deliveries` },
        { method: 'POST' as const, url: `/api/webhooks/${id}/deliveries/${deliveryId}/retry` },
      ];
      for (const request of cases) {
        const response = await t.app.inject({ ...request, headers: { cookie: stranger.cookie } });
        expectProblem(response, 404, 'not_found');
      }
    }
    const unknownDelivery = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${endpoint.id}/deliveries/dlv_00000000000000000000000000/retry`,
      headers: { cookie: owner.cookie },
    });
    expectProblem(unknownDelivery, 404, 'not_found');
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${endpoint.id}/deliveries`,
      headers: { cookie: owner.cookie },
    });
    assert.equal(list.statusCode, 200);
    const [delivery] = list.json().deliveries;
    assert.deepEqual(
      { ...delivery, eventId: undefined, createdAt: undefined, nextAttemptAt: undefined },
      {
        id: deliveryId,
        eventId: undefined,
        eventType: 'webhook.test',
        status: 'pending',
        attempts: 0,
        lastStatusCode: null,
        lastError: null,
        nextAttemptAt: undefined,
        createdAt: undefined,
      },
    );
  });

  test('every route needs a session (401); an API key does not open them', async () => {
    const account = await signup(t.app);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/keys',
      headers: { cookie: account.cookie },
    });
    const raw = key.json().key as string;
    for (const headers of [{}, { authorization: `Bearer ${raw}` }]) {
      expectProblem(
        await t.app.inject({ method: 'GET', url: '/api/webhooks', headers }),
        401,
        'unauthenticated',
      );
      expectProblem(
        await t.app.inject({
          method: 'POST',
          url: '/api/webhooks',
          headers,
          payload: { url: PUBLIC_URL, events: ['webhook.test'] },
        }),
        401,
        'unauthenticated',
      );
    }
  });

  test('delete drops the endpoint and its queued deliveries; paging of deliveries', async () => {
    const account = await signup(t.app);
    const { endpoint } = (await register(t, account, { url: PUBLIC_URL, events: ['webhook.test'] })).json();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/webhooks/${endpoint.id}/test`,
        headers: { cookie: account.cookie },
      });
      ids.push(sent.json().deliveryId);
    }
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${endpoint.id}/deliveries?limit=2`,
      headers: { cookie: account.cookie },
    });
    const page1 = first.json();
    assert.deepEqual(
      page1.deliveries.map((d: { id: string }) => d.id),
      [ids[2], ids[1]],
    );
    assert.equal(typeof page1.nextCursor, 'string');
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${endpoint.id}/deliveries?limit=2&cursor=${page1.nextCursor}`,
      headers: { cookie: account.cookie },
    });
    assert.deepEqual(
      second.json().deliveries.map((d: { id: string }) => d.id),
      [ids[0]],
    );
    assert.equal(second.json().nextCursor, null);
    expectInvalidField(
      await t.app.inject({
        method: 'GET',
        url: `/api/webhooks/${endpoint.id}/deliveries?cursor=bad`,
        headers: { cookie: account.cookie },
      }),
      '/query/cursor',
    );

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/webhooks/${endpoint.id}`,
      headers: { cookie: account.cookie },
    });
    assert.equal(deleted.statusCode, 204);
    assert.equal(deleted.body, '');
    const left = await t.deps.storage.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', '=', endpoint.id)
      .execute();
    assert.deepEqual(left, []);
  });

  test('the OpenAPI document lists the routes and the event payloads under webhooks', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    assert.ok(doc.paths['/api/webhooks'].post);
    assert.ok(doc.paths['/api/webhooks/{id}/deliveries/{deliveryId}/retry'].post);
    assert.deepEqual(Object.keys(doc.webhooks).sort(), [
      'essence.low',
      'key.revoked',
      'object.expired',
      'object.spawned',
      'webhook.test',
    ]);
    const keyRevoked = doc.webhooks['key.revoked'].post.requestBody.content['application/json'].schema;
    assert.deepEqual(keyRevoked.properties.data.properties.reason.enum, ['deleted', 'rotated', 'expired']);
  });
});
