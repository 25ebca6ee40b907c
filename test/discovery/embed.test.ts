import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createKey, signup, startTestApp, type TestApp } from '../helpers/app.ts';
import { expectInvalidField, withCookie } from '../helpers/http.ts';

describe('the embeddable pulse', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { PULSE_CACHE_SECONDS: '0' } });
    const partner = await signup(t.app);
    const { key } = await createKey(t.app, partner, { scopes: ['write'] });
    const spawned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/world/spawn',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        type: 'event',
        title: '<img src=x onerror=alert(1)> Lantern walk & "tea"',
        moodTarget: 'amazed',
      },
    });
    assert.equal(spawned.statusCode, 201, spawned.body);
  });
  after(() => t.close());

  it('GET /embed/pulse is a self-contained HTML card that any site may frame', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/embed/pulse' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/html; charset=utf-8/);
    const csp = String(response.headers['content-security-policy']);
    assert.match(csp, /frame-ancestors \*/);
    assert.match(csp, /default-src 'none'/);
    assert.doesNotMatch(csp, /script-src/);
    assert.equal(response.headers['x-frame-options'], undefined);
    assert.equal(response.headers['cache-control'], 'public, max-age=30');
    assert.match(response.body, /^<!doctype html>/);
    assert.doesNotMatch(response.body, /<(script|link|img|iframe|object)\b/i, 'loads nothing, runs nothing');
    // Partner text is escaped, never markup.
    assert.ok(
      response.body.includes('&#60;img src=x onerror=alert(1)&#62; Lantern walk &#38; &#34;tea&#34;'),
    );
    assert.match(response.body, /at least five people/);
    assert.match(response.body, /philosophical exploration/);
  });

  it('other routes still refuse framing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/mood/discovery-feed' });
    assert.equal(response.headers['x-frame-options'], 'DENY');
    assert.match(String(response.headers['content-security-policy']), /frame-ancestors 'none'/);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/embed/pulse' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/embed/pulse',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
  });

  it('GET /embed.js is the <orrery-pulse> web component, served as JavaScript to any origin', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/embed.js',
      headers: { origin: 'https://blog.example' },
    });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/javascript; charset=utf-8/);
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.equal(response.headers['cross-origin-resource-policy'], 'cross-origin');
    assert.match(response.body, /customElements\.define\('orrery-pulse', OrreryPulse\)/);
    assert.match(response.body, /attachShadow\(\{ mode: 'open' \}\)/);
    assert.match(response.body, /\/api\/mood\/discovery-feed\?limit=/);
    assert.match(response.body, /\/api\/trajectory\/collective-pulse\?window=24h/);
    assert.doesNotMatch(response.body, /innerHTML/);
    // It parses as a script.
    assert.doesNotThrow(() => new Function(response.body));
    const cached = await t.app.inject({
      method: 'GET',
      url: '/embed.js',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    assert.equal(cached.statusCode, 304);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/embed.js',
      headers: { origin: 'https://blog.example', 'access-control-request-method': 'GET' },
    });
    assert.equal(preflight.statusCode, 204);
  });
});

describe('the embeddable pulse with a pulse to show', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
    for (let i = 0; i < 5; i++) {
      const person = await signup(t.app);
      const checkin = await withCookie(t.app, person.cookie, 'POST', '/api/trajectory/checkins', {
        moodId: i < 3 ? 'joyful' : 'serene',
      });
      assert.equal(checkin.statusCode, 201);
    }
  });
  after(() => t.close());

  it('shows the family shares once the pulse has five people', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/embed/pulse?theme=dark&limit=2' });
    assert.equal(response.statusCode, 200, response.body);
    assert.match(response.body, /class="bar"/);
    assert.match(response.body, /5 people · last 24 hours/);
    assert.match(response.body, /color-scheme:dark/);
    assert.doesNotMatch(response.body, /at least five people/);
    expectInvalidField(await t.app.inject({ method: 'GET', url: '/embed/pulse?theme=neon' }), '/query/theme');
    expectInvalidField(await t.app.inject({ method: 'GET', url: '/embed/pulse?limit=7' }), '/query/limit');
  });
});
