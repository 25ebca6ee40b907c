import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Type } from 'typebox';
import { documentWebhookEvent } from '../../src/http/openapi.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { OpenApiChecker } from '../helpers/openapi-check.ts';

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Json[];
  responses: Record<string, { description: string; content?: Record<string, Json>; headers?: Json }>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

// Registered before the app is built, as a domain module would at load time.
documentWebhookEvent({
  type: 'test.ping',
  summary: 'A registry check.',
  data: Type.Object({ at: Type.String({ format: 'date-time' }) }),
});

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Json & { paths: Record<string, Record<string, Operation>> };
  const operations: [string, string, Operation][] = [];
  before(async () => {
    t = await startTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(response.statusCode, 200);
    doc = response.json();
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item))
        if (METHODS.includes(method)) operations.push([method.toUpperCase(), path, op]);
  });
  after(async () => t.close());

  const op = (method: string, path: string): Operation => {
    const found = doc.paths[path]?.[method.toLowerCase()];
    assert.ok(found, `${method} ${path} is documented`);
    return found;
  };
  const codes = (operation: Operation, status: number): string[] =>
    Object.keys(operation.responses[String(status)]?.content?.['application/problem+json']?.examples ?? {});

  test('is OpenAPI 3.1, also at /api/openapi.json, and covers session, key, public and admin routes', async () => {
    assert.equal(doc.openapi, '3.1.0');
    const alias = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    assert.deepEqual(alias.json(), doc);
    for (const [method, path] of [
      ['POST', '/api/auth/signup'],
      ['GET', '/api/v1/keys'],
      ['POST', '/api/v1/world/spawn'],
      ['GET', '/api/trajectory/collective-pulse'],
      ['GET', '/api/admin/users'],
      ['GET', '/openapi.json'],
    ] as const)
      op(method, path);
  });

  test('every operation has a unique id, tags, summary, description, security and a documented success', () => {
    const ids = new Set<string>();
    for (const [method, path, operation] of operations) {
      const name = `${method} ${path}`;
      assert.ok(operation.operationId, name);
      assert.ok(!ids.has(operation.operationId), `${name}: operationId ${operation.operationId} is taken`);
      ids.add(operation.operationId);
      assert.ok((operation.tags ?? []).length > 0, `${name}: tags`);
      assert.ok(operation.summary, `${name}: summary`);
      assert.ok(operation.description, `${name}: description`);
      assert.ok(Array.isArray(operation.security), `${name}: security`);
      const successes = Object.keys(operation.responses).filter(
        (s) => s.startsWith('2') || s.startsWith('3'),
      );
      assert.ok(successes.length > 0, `${name}: no success documented`);
      for (const status of successes) {
        const response = operation.responses[status];
        assert.notEqual(response?.description, 'Default Response', `${name} ${status}: declare its schema`);
        if (status !== '204' && status !== '304' && status !== '303') {
          assert.ok(response?.content, `${name} ${status}: declare a response schema`);
        } else {
          assert.equal(response?.content, undefined, `${name} ${status}: has no body`);
        }
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const media = response.content?.['application/problem+json'];
        assert.ok(media, `${name} ${status}: problem+json`);
        assert.ok(Object.keys(media.examples as Json).length > 0, `${name} ${status}: examples`);
        assert.ok(response.headers?.['X-Request-Id'], `${name} ${status}: X-Request-Id`);
      }
    }
  });

  test('problems and headers follow from how a route is declared', () => {
    const session = op('GET', '/api/v1/keys');
    assert.deepEqual(session.security, [{ session: [] }]);
    assert.deepEqual(codes(session, 401), ['unauthenticated']);

    const cookieWrite = op('POST', '/api/v1/keys');
    assert.ok(codes(cookieWrite, 403).includes('csrf_rejected'));
    assert.ok(codes(cookieWrite, 409).includes('conflict'), 'declared by the route');
    assert.deepEqual(op('DELETE', '/api/v1/keys/{id}').responses['204']?.content, undefined);

    const metered = op('POST', '/api/v1/world/spawn');
    assert.deepEqual(metered.security, [{ bearerKey: [] }, { headerKey: [] }]);
    for (const [status, code] of [
      [401, 'unauthenticated'],
      [402, 'insufficient_essence'],
      [403, 'insufficient_scope'],
      [409, 'idempotency_conflict'],
      [429, 'rate_limited'],
    ] as const)
      assert.ok(codes(metered, status).includes(code), `spawn ${status} ${code}`);
    assert.ok(!codes(metered, 403).includes('csrf_rejected'), 'keys are not cookies');
    assert.ok(
      (metered.parameters ?? []).some((p) => p.$ref === '#/components/parameters/IdempotencyKey'),
      'Idempotency-Key',
    );
    const created = metered.responses['201']?.headers ?? {};
    for (const header of ['Essence-Cost', 'Essence-Balance', 'Idempotent-Replayed', 'Location'])
      assert.ok(created[header], `spawn 201 ${header}`);
    assert.ok(metered.responses['429']?.headers?.['Retry-After']);

    const free = op('GET', '/api/v1/essence');
    assert.equal(free.responses['402'], undefined, 'a fixed free route never answers 402');

    const quota = op('GET', '/api/trajectory/collective-pulse');
    assert.deepEqual(codes(quota, 429), ['quota_exceeded']);
    assert.ok(quota.responses['200']?.headers?.RateLimit);
    assert.deepEqual(quota.security, [{}, { session: [] }]);

    const admin = op('GET', '/api/admin/users');
    assert.deepEqual(codes(admin, 403), ['forbidden']);
    assert.deepEqual(op('GET', '/healthz').security, []);
  });

  test('outbound events registered with documentWebhookEvent appear under webhooks', () => {
    const webhooks = doc.webhooks as Record<string, { post: Operation & { requestBody: Json } }>;
    const ping = webhooks['test.ping']?.post;
    assert.ok(ping, 'test.ping documented');
    assert.deepEqual(ping.tags, ['webhooks']);
    const schema = (ping.requestBody.content as Record<string, { schema: { properties: Json } }>)[
      'application/json'
    ]?.schema;
    assert.deepEqual(schema?.properties.type, { const: 'test.ping' });
    assert.ok((doc.tags as { name: string }[]).some((tag) => tag.name === 'webhooks'));
  });

  test('/docs serves the reference page and its renderer from this instance', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    assert.match(csp, /script-src 'self';/);
    assert.doesNotMatch(csp, /unsafe-eval|https?:\/\/(?!localhost)/);
    assert.match(page.body, /<script src="\/docs\/scalar.js"><\/script>/);
    assert.doesNotMatch(page.body, /https?:\/\//, 'no absolute URL: nothing is fetched from elsewhere');
    const init = await t.app.inject({ method: 'GET', url: '/docs/init.js' });
    assert.match(init.body, /url: '\/openapi.json'/);
    const renderer = await t.app.inject({
      method: 'GET',
      url: '/docs/scalar.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(renderer.statusCode, 200);
    assert.equal(renderer.headers['content-encoding'], 'gzip');
    const etag = String(renderer.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/docs/scalar.js',
      headers: { 'if-none-match': etag },
    });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
  });

  describe('the response check every HTTP test runs', () => {
    const base = {
      method: 'POST',
      route: '/api/v1/keys',
      hidden: false,
      url: '/api/v1/keys',
      headers: { 'x-request-id': 'req_1', 'content-type': 'application/json; charset=utf-8' },
    };
    const created = {
      key: 'orr_x',
      apiKey: {
        id: 'key_1',
        name: 'n',
        prefix: 'orr_abcdef',
        scopes: ['read'],
        essencePerCall: null,
        rateLimit: null,
        createdAt: '2026-11-21T09:30:00.000Z',
        lastUsedAt: null,
        expiresAt: null,
        revokedAt: null,
      },
    };
    let checker: OpenApiChecker;
    before(() => {
      checker = new OpenApiChecker(doc);
    });

    test('a conforming response passes', () => {
      assert.deepEqual(checker.check({ ...base, status: 201, payload: JSON.stringify(created) }), []);
    });

    test('an undocumented status is named with the route', () => {
      const [message] = checker.check({ ...base, status: 418, payload: '{}' });
      assert.match(message ?? '', /^POST \/api\/v1\/keys → 418: status not documented/);
    });

    test('a body off its schema names the field and the schema path', () => {
      const wrong = { ...created, apiKey: { ...created.apiKey, scopes: 'read' } };
      const messages = checker.check({ ...base, status: 201, payload: JSON.stringify(wrong) });
      assert.ok(
        messages.some(
          (m) =>
            m.includes('body/apiKey/scopes must be array') &&
            m.includes('/paths/~1api~1v1~1keys/post/responses/201'),
        ),
        messages.join('\n'),
      );
    });

    test('a missing required header and a problem sent as plain JSON are caught', () => {
      const noId = checker.check({
        ...base,
        status: 201,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(created),
      });
      assert.ok(
        noId.some((m) => m.includes('header X-Request-Id is missing')),
        noId.join('\n'),
      );
      const plain = checker.check({ ...base, status: 409, payload: '{"code":"conflict"}' });
      assert.ok(
        plain.some((m) => m.includes('media type application/json not documented')),
        plain.join('\n'),
      );
    });
  });
});
