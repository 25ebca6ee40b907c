import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { DESKTOP, launchBrowser, openTab, PHONE, type Service, screenshot, startService } from './harness.ts';

/**
 * A newcomer's first visit: the landing page, an error page, and the API reference, with every
 * request that would leave this machine cut off and recorded.
 */
let service: Service;
let browser: Browser;

before(async () => {
  service = await startService();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await service?.stop();
});

/** Aborts every request to another host and returns the list of those attempted. */
async function cutOutsideNetwork(context: BrowserContext, origin: string): Promise<string[]> {
  const own = new URL(origin).host;
  const outside: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (
      (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'ws:') &&
      url.host !== own
    ) {
      outside.push(url.href);
      return route.abort('internetdisconnected');
    }
    return route.continue();
  });
  return outside;
}

describe('first visit', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`the landing page says what Orrery is and leads on (${viewport.width} px)`, async () => {
      const { page, context, problems } = await openTab(browser, service.url, viewport);
      const outside = await cutOutsideNetwork(context, service.url);
      await page.goto('/');
      assert.equal(await page.locator('h1').textContent(), 'Orrery');
      assert.match((await page.locator('.lede').first().textContent()) ?? '', /mood space/);
      for (const [name, href] of [
        ['Create an account', '/portal#welcome-title'],
        ['Read the API reference', '/docs'],
        ['Watch the cosmos', '/cosmos'],
      ] as const) {
        assert.equal(
          await page.locator('.cta').getByRole('link', { name, exact: true }).getAttribute('href'),
          href,
        );
      }
      // The live pulse: with nobody checked in it says so, in words, instead of showing a group.
      await page.waitForFunction(
        () => !/Loading/.test(document.getElementById('live-summary')?.textContent ?? ''),
      );
      assert.match((await page.locator('#live-summary').textContent()) ?? '', /Fewer than five people/);
      assert.match(
        (await page.locator('#first-call').textContent()) ?? '',
        new RegExp(`${service.url}/api/v1/essence`),
      );
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= viewport.width, `no horizontal scroll at ${viewport.width} px (${width})`);
      await screenshot(page, `landing-${viewport.width}`);
      assert.deepEqual(outside, []);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test('the portal moved to /portal and every page links to the API reference', async () => {
    const { page, context, problems } = await openTab(browser, service.url);
    for (const path of ['/', '/portal', '/pulse', '/signin']) {
      await page.goto(path);
      assert.equal(
        await page
          .locator('.site-header nav')
          .getByRole('link', { name: 'API reference' })
          .getAttribute('href'),
        '/docs',
        path,
      );
    }
    await page.goto('/portal');
    await page.locator('#signup-form').waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a missing page is a page, in the portal’s style; the API still answers problem+json', async () => {
    const { page, context, problems } = await openTab(browser, service.url);
    const response = await page.goto('/no-such-place');
    assert.equal(response?.status(), 404);
    assert.equal(await page.locator('h1').textContent(), 'Nothing lives here');
    assert.match((await page.locator('.error-code').textContent()) ?? '', /^404 · not_found · request /);
    // Styled like the portal: the shared header and stylesheet are there.
    assert.equal(await page.locator('.site-header .brand').count(), 1);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.notEqual(background, 'rgba(0, 0, 0, 0)');
    await page.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${service.url}/`);
    await screenshot(page, 'error-404');
    const api = await fetch(`${service.url}/no-such-place`, { headers: { accept: 'application/json' } });
    assert.equal(api.status, 404);
    assert.match(api.headers.get('content-type') ?? '', /^application\/problem\+json/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('/docs renders the reference from /openapi.json with no request leaving this machine', async () => {
    const { page, context, problems } = await openTab(browser, service.url);
    const outside = await cutOutsideNetwork(context, service.url);
    const seen: string[] = [];
    page.on('request', (request) => seen.push(request.url()));
    await page.goto('/docs');
    // Scalar renders the document's operations, the first group opened.
    await page.getByText('Create an account and sign in.', { exact: false }).first().waitFor({
      timeout: 30_000,
    });
    assert.ok(seen.some((url) => url.endsWith('/openapi.json')));
    assert.ok(
      seen.every(
        (url) =>
          new URL(url).host === new URL(service.url).host ||
          url.startsWith('data:') ||
          url.startsWith('blob:'),
      ),
      seen.join('\n'),
    );
    await screenshot(page, 'docs');
    assert.deepEqual(outside, []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
