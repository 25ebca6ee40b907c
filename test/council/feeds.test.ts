import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createKey, signup, signupAdmin, startTestApp, type TestApp } from '../helpers/app.ts';
import { expectInvalidField, expectProblem, withCookie } from '../helpers/http.ts';

describe('Council feeds administration', () => {
  let t: TestApp;
  let admin: string;
  before(async () => {
    t = await startTestApp();
    admin = (await signupAdmin(t)).cookie;
  });
  after(() => t.close());

  const ROUTES = [
    { method: 'POST', url: '/api/admin/feeds', payload: { url: 'https://feeds.example/rss.xml' } },
    { method: 'GET', url: '/api/admin/feeds' },
    { method: 'PATCH', url: '/api/admin/feeds/feed_x', payload: { paused: true } },
    { method: 'DELETE', url: '/api/admin/feeds/feed_x' },
  ] as const;

  it('answers 401 to anonymous callers and API keys, 403 to members', async () => {
    const member = await signup(t.app);
    const { key } = await createKey(t.app, member, { scopes: ['*'] });
    for (const route of ROUTES) {
      const payload = 'payload' in route ? route.payload : undefined;
      expectProblem(
        await t.app.inject({ method: route.method, url: route.url, payload }),
        401,
        'unauthenticated',
      );
      expectProblem(
        await t.app.inject({
          method: route.method,
          url: route.url,
          payload,
          headers: { authorization: `Bearer ${key}` },
        }),
        401,
        'unauthenticated',
      );
      expectProblem(
        await withCookie(t.app, member.cookie, route.method, route.url, payload),
        403,
        'forbidden',
      );
    }
  });

  it('registers, lists, pauses, resumes, renames and deletes a feed', async () => {
    const created = await withCookie(t.app, admin, 'POST', '/api/admin/feeds', {
      url: 'https://feeds.example/world.xml',
      name: 'World Desk',
    });
    assert.equal(created.statusCode, 201, created.body);
    const { feed } = created.json();
    assert.match(feed.id, /^feed_[0-9a-z]{26}$/);
    assert.equal(created.headers.location, `/api/admin/feeds/${feed.id}`);
    assert.deepEqual(
      {
        url: feed.url,
        name: feed.name,
        paused: feed.paused,
        failureCount: feed.failureCount,
        signalCount: feed.signalCount,
      },
      {
        url: 'https://feeds.example/world.xml',
        name: 'World Desk',
        paused: false,
        failureCount: 0,
        signalCount: 0,
      },
    );
    assert.equal(feed.lastError, null);

    const listed = (await withCookie(t.app, admin, 'GET', '/api/admin/feeds')).json();
    assert.ok(listed.feeds.some((f: { id: string }) => f.id === feed.id));

    const paused = await withCookie(t.app, admin, 'PATCH', `/api/admin/feeds/${feed.id}`, { paused: true });
    assert.equal(paused.statusCode, 200, paused.body);
    assert.equal(paused.json().feed.paused, true);
    const resumed = await withCookie(t.app, admin, 'PATCH', `/api/admin/feeds/${feed.id}`, { paused: false });
    assert.equal(resumed.json().feed.paused, false);
    const renamed = await withCookie(t.app, admin, 'PATCH', `/api/admin/feeds/${feed.id}`, { name: 'Desk' });
    assert.equal(renamed.json().feed.name, 'Desk');

    const deleted = await withCookie(t.app, admin, 'DELETE', `/api/admin/feeds/${feed.id}`);
    assert.equal(deleted.statusCode, 204);
    expectProblem(await withCookie(t.app, admin, 'DELETE', `/api/admin/feeds/${feed.id}`), 404, 'not_found');
    expectProblem(
      await withCookie(t.app, admin, 'PATCH', `/api/admin/feeds/${feed.id}`, { paused: true }),
      404,
      'not_found',
    );
  });

  it('names a feed after its host until a pull reads its title', async () => {
    const created = await withCookie(t.app, admin, 'POST', '/api/admin/feeds', {
      url: 'https://www.host-name.example/f',
    });
    assert.equal(created.json().feed.name, 'host-name.example');
  });

  it('refuses a URL registered twice', async () => {
    const body = { url: 'https://feeds.example/twice.xml' };
    assert.equal((await withCookie(t.app, admin, 'POST', '/api/admin/feeds', body)).statusCode, 201);
    expectProblem(await withCookie(t.app, admin, 'POST', '/api/admin/feeds', body), 409, 'conflict');
  });

  it('validates the body', async () => {
    const post = (payload: Record<string, unknown>) =>
      withCookie(t.app, admin, 'POST', '/api/admin/feeds', payload);
    expectInvalidField(await post({}), '/url');
    expectInvalidField(await post({ url: 'not a url' }), '/url');
    expectInvalidField(await post({ url: 'ftp://feeds.example/x' }), '/url');
    expectInvalidField(await post({ url: 'file:///etc/passwd' }), '/url');
    expectInvalidField(await post({ url: 'https://feeds.example/x', extra: 1 }), '/extra');
    expectInvalidField(await post({ url: 'https://feeds.example/x', name: '' }), '/name');
    const patch = await withCookie(t.app, admin, 'PATCH', '/api/admin/feeds/feed_x', {});
    expectProblem(patch, 400, 'invalid_request');
    expectInvalidField(
      await withCookie(t.app, admin, 'PATCH', '/api/admin/feeds/feed_x', { paused: 'yes' }),
      '/paused',
    );
    expectInvalidField(
      await withCookie(t.app, admin, 'PATCH', '/api/admin/feeds/feed_x', { name: '  ' }),
      '/name',
    );
  });

  it('refuses feeds on private, loopback and link-local hosts unless allowed', async () => {
    for (const url of [
      'http://127.0.0.1:8080/feed.xml',
      'http://localhost/feed.xml',
      'http://[::1]/feed.xml',
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3/feed.xml',
      'http://[::ffff:192.168.0.1]/feed.xml',
    ]) {
      const response = await withCookie(t.app, admin, 'POST', '/api/admin/feeds', { url });
      const problem = expectInvalidField(response, '/url');
      assert.match(problem.detail, /address/, url);
    }
  });

  it('accepts them when COUNCIL_ALLOW_PRIVATE_HOSTS=true', async () => {
    const open = await startTestApp({ env: { COUNCIL_ALLOW_PRIVATE_HOSTS: 'true' } });
    try {
      const cookie = (await signupAdmin(open)).cookie;
      const response = await withCookie(open.app, cookie, 'POST', '/api/admin/feeds', {
        url: 'http://127.0.0.1:9/x.xml',
      });
      assert.equal(response.statusCode, 201, response.body);
    } finally {
      await open.close();
    }
  });
});
