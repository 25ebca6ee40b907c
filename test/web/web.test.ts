import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { ATLAS } from '../../src/domains/atlas/catalogue.ts';
import { etagMatches } from '../../src/http/etag.ts';
import { PAGE_CSP } from '../../src/http/security.ts';
import { ErrorPages } from '../../src/web/error-page.ts';
import { acceptsGzip } from '../../src/web/static.ts';
import { PAGES } from '../../web/pages.ts';
import { createKey, signup, signupAdmin, startTestApp, type TestApp } from '../helpers/app.ts';
import { expectProblem, withCookie } from '../helpers/http.ts';

/**
 * The web module against a stand-in dist/web written here, so these tests need no front-end
 * build (the browser tests in test-browser/ run against the real one).
 */
const SECRET = `secret-${randomBytes(8).toString('hex')}`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const ASSET = 'portal-Ab12_-cd.js';

function writeDist(dir: string): void {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  for (const page of PAGES) {
    writeFileSync(join(dir, `${page.entry}.html`), `<!doctype html><title>${page.entry}</title>`);
  }
  writeFileSync(
    join(dir, 'error.html'),
    '<!doctype html><title>Orrery</title><main><!--orrery:error--></main>',
  );
  writeFileSync(join(dir, 'assets', ASSET), SCRIPT);
  writeFileSync(join(dir, 'assets', 'icon-Zz9.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'assets', '.hidden'), SECRET);
  // Files outside assets/ that no asset URL may reach.
  writeFileSync(join(dir, 'secret.txt'), SECRET);
  writeFileSync(join(dir, '..', 'secret.txt'), SECRET);
}

describe('web front end', () => {
  let t: TestApp;
  let root: string;
  let dist: string;

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'orrery-web-'));
    dist = join(root, 'dist');
    writeDist(dist);
    t = await startTestApp({ env: { WEB_DIST_DIR: dist } });
  });

  after(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  describe('pages', () => {
    test('every public page answers its built HTML with the page CSP, never cached', async () => {
      for (const page of PAGES.filter((p) => !p.adminOnly)) {
        const response = await t.app.inject({ method: 'GET', url: page.path });
        assert.equal(response.statusCode, 200, `${page.path}: ${response.body}`);
        assert.match(String(response.headers['content-type']), /^text\/html; charset=utf-8/);
        assert.equal(response.body, `<!doctype html><title>${page.entry}</title>`);
        assert.equal(response.headers['content-security-policy'], PAGE_CSP);
        assert.equal(response.headers['cache-control'], 'no-store');
        assert.equal(response.headers['x-frame-options'], 'DENY');
        assert.equal(response.headers['x-content-type-options'], 'nosniff');
      }
    });

    test('the page CSP allows only the service itself, with no inline script or style', () => {
      assert.match(PAGE_CSP, /default-src 'self'/);
      assert.match(PAGE_CSP, /frame-ancestors 'none'/);
      assert.match(PAGE_CSP, /object-src 'none'/);
      assert.doesNotMatch(PAGE_CSP, /unsafe-inline|unsafe-eval|data:|https?:/);
    });

    test('query strings are the page script’s business (/signin?next=…)', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/signin?next=%2Fadmin%2Froutes&x=1' });
      assert.equal(response.statusCode, 200);
      assert.equal(response.body, '<!doctype html><title>signin</title>');
    });

    test('/admin: anonymous → 303 to sign-in, a member → 403 with the page, an administrator → 200', async () => {
      const anonymous = await t.app.inject({ method: 'GET', url: '/admin' });
      assert.equal(anonymous.statusCode, 303);
      assert.equal(anonymous.headers.location, '/signin?next=%2Fadmin');

      const member = await signup(t.app);
      const forbidden = await withCookie(t.app, member.cookie, 'GET', '/admin');
      assert.equal(forbidden.statusCode, 403);
      assert.match(String(forbidden.headers['content-type']), /^text\/html/);
      assert.equal(forbidden.headers['content-security-policy'], PAGE_CSP);

      const { key } = await createKey(t.app, member, { scopes: ['*'] });
      const withKey = await t.app.inject({
        method: 'GET',
        url: '/admin',
        headers: { authorization: `Bearer ${key}` },
      });
      assert.equal(withKey.statusCode, 303);

      const admin = await signupAdmin(t);
      const allowed = await withCookie(t.app, admin.cookie, 'GET', '/admin');
      assert.equal(allowed.statusCode, 200);
      assert.equal(allowed.body, '<!doctype html><title>admin</title>');
    });

    test('a browser asking for a missing page gets a 404 page; API clients still get problem+json', async () => {
      const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
      const page = await t.app.inject({ method: 'GET', url: '/no-such-page', headers: html });
      assert.equal(page.statusCode, 404);
      assert.match(String(page.headers['content-type']), /^text\/html; charset=utf-8/);
      assert.equal(page.headers['content-security-policy'], PAGE_CSP);
      assert.match(
        page.body,
        /^<!doctype html><title>Nothing lives here · Orrery<\/title><main><h1>Nothing lives here<\/h1>/,
      );
      assert.match(
        page.body,
        new RegExp(`404 · not_found · request ${String(page.headers['x-request-id'])}`),
      );

      expectProblem(await t.app.inject({ method: 'GET', url: '/no-such-page' }), 404, 'not_found');
      expectProblem(
        await t.app.inject({ method: 'GET', url: '/no-such-page', headers: { accept: 'application/json' } }),
        404,
        'not_found',
      );
      expectProblem(
        await t.app.inject({ method: 'GET', url: '/api/no-such-route', headers: html }),
        404,
        'not_found',
      );
      expectProblem(
        await t.app.inject({ method: 'POST', url: '/no-such-page', headers: html }),
        404,
        'not_found',
      );
    });

    test('a 500 page says so in words and escapes what it shows', async () => {
      const html = await new ErrorPages(dist).render({
        type: '/errors/internal',
        title: 'Internal error',
        status: 500,
        code: 'internal',
        detail: 'Something <b>broke</b>.',
        requestId: 'req_1',
      });
      assert.match(html, /<h1>Something went wrong on our side<\/h1>/);
      assert.match(html, /Something &#60;b&#62;broke&#60;\/b&#62;\./);
      assert.match(html, /500 · internal · request req_1/);
    });

    test('a page changed on disk (a rebuild) is served at once', async () => {
      const path = join(dist, 'pulse.html');
      writeFileSync(path, '<!doctype html><title>pulse, rebuilt</title>');
      const later = new Date(Date.now() + 5000);
      utimesSync(path, later, later);
      const response = await t.app.inject({ method: 'GET', url: '/pulse' });
      assert.equal(response.body, '<!doctype html><title>pulse, rebuilt</title>');
    });
  });

  describe('assets', () => {
    test('hashed assets are cached for a year as immutable, with an ETag and a content type', async () => {
      const response = await t.app.inject({ method: 'GET', url: `/assets/${ASSET}` });
      assert.equal(response.statusCode, 200);
      assert.equal(response.body, SCRIPT);
      assert.equal(response.headers['content-type'], 'text/javascript; charset=utf-8');
      assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.match(String(response.headers.etag), /^"[A-Za-z0-9_-]+"$/);
      assert.equal(response.headers['x-content-type-options'], 'nosniff');

      const svg = await t.app.inject({ method: 'GET', url: '/assets/icon-Zz9.svg' });
      assert.equal(svg.headers['content-type'], 'image/svg+xml');
      // An SVG opened on its own runs no script: assets keep the API's `default-src 'none'`.
      assert.match(String(svg.headers['content-security-policy']), /default-src 'none'/);
    });

    test('If-None-Match with the ETag → 304 without a body', async () => {
      const first = await t.app.inject({ method: 'GET', url: `/assets/${ASSET}` });
      const etag = String(first.headers.etag);
      const again = await t.app.inject({
        method: 'GET',
        url: `/assets/${ASSET}`,
        headers: { 'if-none-match': `W/"other", ${etag}` },
      });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      assert.equal(again.headers.etag, etag);
    });

    test('gzip when the client takes it, identity otherwise; Vary says so', async () => {
      const gzipped = await t.app.inject({
        method: 'GET',
        url: `/assets/${ASSET}`,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      assert.equal(gzipped.headers['content-encoding'], 'gzip');
      assert.equal(gzipped.headers.vary, 'Accept-Encoding');
      assert.ok(gzipped.rawPayload.length < SCRIPT.length / 4);
      assert.equal(gunzipSync(gzipped.rawPayload).toString(), SCRIPT);

      const refused = await t.app.inject({
        method: 'GET',
        url: `/assets/${ASSET}`,
        headers: { 'accept-encoding': 'gzip;q=0' },
      });
      assert.equal(refused.headers['content-encoding'], undefined);
      assert.equal(refused.body, SCRIPT);
    });

    test('HEAD answers the headers alone', async () => {
      const response = await t.app.inject({ method: 'HEAD', url: `/assets/${ASSET}` });
      assert.equal(response.statusCode, 200);
      assert.equal(response.body, '');
      assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
    });

    test('no URL reaches a file outside assets/ (or a dot-file inside it)', async () => {
      const attempts = [
        '/assets/..%2Fsecret.txt',
        '/assets/..%2F..%2Fsecret.txt',
        '/assets/%2e%2e%2fsecret.txt',
        '/assets/%2E%2E/secret.txt',
        '/assets/../secret.txt',
        '/assets/..\\secret.txt',
        '/assets/..%5csecret.txt',
        '/assets/.hidden',
        '/assets/%2ehidden',
        '/assets/sub/../../secret.txt',
        '/assets/secret.txt%00.js',
        '/assets/',
        `/assets/${'a'.repeat(300)}.js`,
      ];
      for (const url of attempts) {
        const response = await t.app.inject({ method: 'GET', url });
        assert.ok([400, 404].includes(response.statusCode), `${url} → ${response.statusCode}`);
        assert.doesNotMatch(response.body, new RegExp(SECRET), url);
      }
    });

    test('an unknown asset → 404 problem', async () => {
      expectProblem(await t.app.inject({ method: 'GET', url: '/assets/nope-123.js' }), 404, 'not_found');
    });
  });

  describe('the public Atlas catalogue', () => {
    test('GET /api/atlas/moods: every mood and family, no credential, any origin, an ETag', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/atlas/moods',
        headers: { origin: 'https://elsewhere.example' },
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['access-control-allow-origin'], '*');
      assert.equal(response.headers['cache-control'], 'public, max-age=3600, stale-while-revalidate=86400');
      const body = response.json<{
        version: string;
        dimensions: string[];
        families: { id: string; color: string }[];
        layers: { index: number }[];
        moods: { id: string; family: string; valence: number; synonyms: string[] }[];
      }>();
      assert.equal(body.version, ATLAS.version);
      assert.deepEqual(body.dimensions, ['valence', 'arousal', 'dominance']);
      assert.deepEqual(
        body.families.map((f) => f.id),
        ATLAS.families.map((f) => f.id),
      );
      assert.equal(body.layers.length, ATLAS.layers.length);
      assert.deepEqual(
        body.moods.map((m) => m.id),
        ATLAS.moods.map((m) => m.id),
      );
      const serene = body.moods.find((m) => m.id === 'serene');
      assert.equal(serene?.family, 'calm');
      assert.ok(Array.isArray(serene?.synonyms));

      const again = await t.app.inject({
        method: 'GET',
        url: '/api/atlas/moods',
        headers: { 'if-none-match': String(response.headers.etag) },
      });
      assert.equal(again.statusCode, 304);
    });
  });
});

describe('web front end not built', () => {
  let t: TestApp;
  let root: string;

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'orrery-web-missing-'));
    t = await startTestApp({ env: { WEB_DIST_DIR: join(root, 'nothing-here') } });
  });

  after(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('pages answer 503 telling the operator to run npm run build', async () => {
    for (const page of PAGES.filter((p) => !p.adminOnly)) {
      const response = await t.app.inject({ method: 'GET', url: page.path });
      const problem = expectProblem(response, 503, 'unavailable');
      assert.match(problem.detail, /npm run build/);
      assert.ok(response.headers['retry-after']);
    }
    const admin = await signupAdmin(t);
    expectProblem(await withCookie(t.app, admin.cookie, 'GET', '/admin'), 503, 'unavailable');
    const page = await t.app.inject({ method: 'GET', url: '/pulse', headers: { accept: 'text/html' } });
    assert.equal(page.statusCode, 503);
    assert.ok(page.headers['retry-after']);
    assert.match(page.body, /<h1>Orrery is not available just now<\/h1>[\s\S]*npm run build/);
  });

  test('assets → 404; the API and the Atlas catalogue still work', async () => {
    expectProblem(await t.app.inject({ method: 'GET', url: `/assets/${ASSET}` }), 404, 'not_found');
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/atlas/moods' })).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
  });
});

describe('header parsing', () => {
  test('If-None-Match', () => {
    assert.equal(etagMatches(undefined, '"a"'), false);
    assert.equal(etagMatches('"a"', '"a"'), true);
    assert.equal(etagMatches('W/"a"', '"a"'), true);
    assert.equal(etagMatches('"b", "a"', '"a"'), true);
    assert.equal(etagMatches('*', '"a"'), true);
    assert.equal(etagMatches('"ab"', '"a"'), false);
  });

  test('Accept-Encoding', () => {
    assert.equal(acceptsGzip(undefined), false);
    assert.equal(acceptsGzip('gzip'), true);
    assert.equal(acceptsGzip('br, GZIP;q=0.5'), true);
    assert.equal(acceptsGzip('gzip;q=0'), false);
    assert.equal(acceptsGzip('gzip; q=0.0'), false);
    assert.equal(acceptsGzip('*'), true);
    assert.equal(acceptsGzip('deflate, br'), false);
    assert.equal(acceptsGzip('identity'), false);
  });
});
