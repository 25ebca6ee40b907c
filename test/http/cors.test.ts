import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Type } from 'typebox';
import { partnerRoute } from '../../src/http/partner.ts';
import { createKey, signup, startTestApp, type TestApp } from '../helpers/app.ts';

const publicRead = partnerRoute({
  method: 'GET',
  path: '/api/v1/test/public',
  scope: 'read',
  cost: 0,
  pure: true,
  publicCors: true,
  purpose: 'Test: a public read route.',
  response: { 200: Type.Object({ ok: Type.Boolean() }) },
  async handler() {
    return { body: { ok: true } };
  },
});

describe('CORS', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ extraPartnerRoutes: [publicRead] });
  });
  after(async () => t.close());

  test('a public read route answers any origin, its errors too, without credentials', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/v1/test/public',
      headers: { origin: 'https://widget.example', 'x-api-key': key },
    });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.headers['access-control-allow-origin'], '*');
    assert.equal(ok.headers['access-control-allow-credentials'], undefined);
    assert.match(String(ok.headers['access-control-expose-headers']), /Essence-Balance/);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/test/public',
      headers: { origin: 'https://widget.example' },
    });
    assert.equal(refused.statusCode, 401);
    assert.equal(refused.headers['access-control-allow-origin'], '*');
  });

  test('its preflight is answered; other routes get neither CORS headers nor a preflight', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/test/public',
      headers: { origin: 'https://widget.example', 'access-control-request-method': 'GET' },
    });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], '*');
    assert.match(String(preflight.headers['access-control-allow-headers']), /X-Api-Key/i);
    const essence = await t.app.inject({
      method: 'GET',
      url: '/api/v1/essence',
      headers: { origin: 'https://widget.example' },
    });
    assert.equal(essence.headers['access-control-allow-origin'], undefined);
    const other = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/essence',
      headers: { origin: 'https://widget.example' },
    });
    assert.equal(other.statusCode, 405);
    assert.equal(other.headers['access-control-allow-origin'], undefined);
  });
});
