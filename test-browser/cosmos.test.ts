import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { PerspectiveCamera, Vector3 } from 'three';
import { BILLBOARD_MIDDLE_UP, FOV, frameDistance, VIEW_FROM } from '../web/src/cosmos-camera.ts';
import {
  DESKTOP,
  launchBrowser,
  openTab,
  PASSWORD,
  PHONE,
  type Service,
  screenshot,
  startService,
  uniqueEmail,
  until,
} from './harness.ts';

/**
 * The cosmos viewer against a real service: objects spawned through the partner API with a real
 * key appear in the page's list (which mirrors the 3-D scene) through the live stream.
 * Chromium draws WebGL with SwiftShader, its software renderer; `--enable-unsafe-swiftshader`
 * keeps that fallback on where newer Chromium would refuse it.
 */
const WEBGL_ARGS = ['--enable-unsafe-swiftshader', '--use-angle=swiftshader'];

interface Spawned {
  objectId: string;
  title: string;
  expiresAt: string | null;
  position: string;
}

let service: Service;
let browser: Browser;
let key = '';

async function partnerKey(): Promise<string> {
  const signup = await fetch(`${service.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail('cosmos'), password: PASSWORD }),
  });
  assert.equal(signup.status, 201, await signup.clone().text());
  const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const created = await fetch(`${service.url}/api/v1/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'cosmos spawner', scopes: ['write'] }),
  });
  assert.equal(created.status, 201, await created.clone().text());
  return ((await created.json()) as { key: string }).key;
}

async function spawn(body: Record<string, unknown>): Promise<Spawned> {
  const response = await fetch(`${service.url}/api/v1/world/spawn`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json()) as Spawned;
}

function item(page: Page, objectId: string) {
  return page.locator(`#cosmos-list > li[data-object-id="${objectId}"]`);
}

/** The list is the scene's mirror: same ids, in the DOM and among the drawn figures' count. */
async function listedIds(page: Page): Promise<string[]> {
  return page
    .locator('#cosmos-list > li')
    .evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.objectId ?? ''));
}

/** Every control has an accessible name (the same check the other pages get). */
async function everyControlNamed(page: Page): Promise<void> {
  const unnamed = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('input, select, textarea, button, a[href], [tabindex]')]
      .filter((el) => {
        const labelled =
          (el as HTMLInputElement).labels?.length ||
          el.getAttribute('aria-label') ||
          el.getAttribute('aria-labelledby') ||
          el.getAttribute('title');
        return !labelled && (el.textContent ?? '').trim() === '';
      })
      .map((el) => el.outerHTML.slice(0, 120)),
  );
  assert.deepEqual(unnamed, [], 'controls without an accessible name');
}

async function noOverflow(page: Page, width: number): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `/cosmos is ${overflow}px wider than the ${width}px screen`);
}

before(async () => {
  // No expiry sweep while the tests run: an object that expires must leave the page by the page's
  // own clock, with no `expired` event to tell it.
  service = await startService({ env: { COSMOS_SWEEP_INTERVAL_MS: '3600000' } });
  browser = await launchBrowser(WEBGL_ARGS);
  key = await partnerKey();
});

after(async () => {
  await browser?.close();
  await service?.stop();
});

describe('cosmos viewer', () => {
  test('listed objects, a live spawn, a click on it, a local expiry (desktop)', async (t) => {
    const crystal = await spawn({
      type: 'content_node',
      title: 'Lighthouse of quiet hours',
      description: 'A persistent place to rest.',
      moodTarget: 'peaceful',
      layerTarget: 3,
    });
    const billboard = await spawn({
      type: 'billboard',
      title: 'Spring equinox gathering',
      moodTarget: 'hopeful',
      layerTarget: 0,
    });
    const notification = await spawn({
      type: 'notification',
      title: 'Build 1432 passed',
      moodTarget: 'proud',
    });

    const { page, context, problems } = await openTab(browser, service.url, DESKTOP);
    // No auto-rotation: the view stays as framed (and the reduced-motion path is the one tested).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const response = await page.goto('/cosmos');
    assert.equal(response?.status(), 200);

    await t.test('the objects already there are listed, each with its type, layer and position', async () => {
      for (const spawned of [crystal, billboard, notification]) await item(page, spawned.objectId).waitFor();
      const li = item(page, crystal.objectId);
      assert.equal(await li.getAttribute('data-type'), 'content_node');
      assert.equal(await li.getAttribute('data-layer'), '3');
      assert.equal(await li.getAttribute('data-position'), crystal.position);
      const text = (await li.textContent()) ?? '';
      assert.match(text, /Lighthouse of quiet hours/);
      assert.match(text, /Content node · Layer 3/);
      // Newest first.
      assert.deepEqual((await listedIds(page)).slice(0, 3), [
        notification.objectId,
        billboard.objectId,
        crystal.objectId,
      ]);
    });

    await t.test('a WebGL canvas draws the scene', async () => {
      await page.locator('#cosmos-scene[data-webgl="on"] canvas[data-rendered="true"]').waitFor();
      assert.equal(await page.locator('#cosmos-nogl').isHidden(), true);
      assert.match((await page.locator('#cosmos-canvas').getAttribute('aria-label')) ?? '', /3 objects/);
    });

    let event: Spawned | null = null;
    await t.test('a spawn through the API appears within seconds, and is announced', async () => {
      await page.locator('#cosmos-connection[data-state="live"]').waitFor();
      event = await spawn({
        type: 'event',
        title: 'Full moon listening circle',
        description: 'Bring a blanket.\nStarts at dusk.',
        moodTarget: 'content',
        layerTarget: 2,
        durationHours: 2,
      });
      await item(page, event.objectId).waitFor({ timeout: 5000 });
      assert.equal((await listedIds(page))[0], event.objectId);
      await until(async () =>
        assert.match(
          (await page.locator('#cosmos-announcer').textContent()) ?? '',
          /New event in Layer 2 · Drift: Full moon listening circle/,
        ),
      );
    });

    await t.test('choosing it in the list shows its title, description and expiry', async () => {
      assert.ok(event);
      await item(page, event.objectId).getByRole('button').click();
      await until(async () =>
        assert.equal(await page.locator('#detail-title').textContent(), 'Full moon listening circle'),
      );
      const detail = (await page.locator('#cosmos-detail').textContent()) ?? '';
      assert.match(detail, /Bring a blanket/);
      assert.match(detail, /Expires.*in (2 hours|119 minutes|120 minutes)/);
      assert.match(detail, /Layer 2 · Drift/);
      assert.equal(await item(page, event.objectId).getByRole('button').getAttribute('aria-current'), 'true');
      await everyControlNamed(page);
      await noOverflow(page, DESKTOP.width);
      await page.waitForTimeout(300);
      await screenshot(page, 'cosmos-desktop');
    });

    await t.test('a click on a figure in the scene chooses it; empty space clears the choice', async () => {
      // With reduced motion the view stays where it was framed: aim where the page's camera sees
      // the billboard's panel (drawn over everything else, so nothing in front can take the click).
      assert.equal(await page.locator('#cosmos-rotate').getAttribute('aria-pressed'), 'false');
      const listing = (await (await fetch(`${service.url}/api/cosmos/objects?type=billboard`)).json()) as {
        objects: { objectId: string; coordinates: { x: number; y: number; z: number } }[];
      };
      const target = listing.objects.find((o) => o.objectId === billboard.objectId);
      assert.ok(target);
      const canvas = page.locator('#cosmos-canvas');
      await canvas.scrollIntoViewIfNeeded();
      const box = await canvas.boundingBox();
      assert.ok(box);
      const camera = new PerspectiveCamera(FOV, box.width / box.height, 0.1, 200);
      camera.position.set(VIEW_FROM.x, VIEW_FROM.y, VIEW_FROM.z).setLength(frameDistance(camera.aspect));
      camera.lookAt(0, 0, 0);
      camera.updateMatrixWorld();
      const up = new Vector3(0, 1, 0).applyQuaternion(camera.quaternion);
      const { x, y, z } = target.coordinates;
      const ndc = new Vector3(x, y, z).addScaledVector(up, BILLBOARD_MIDDLE_UP).project(camera);
      await page.mouse.click(box.x + ((ndc.x + 1) / 2) * box.width, box.y + ((1 - ndc.y) / 2) * box.height);
      await until(async () =>
        assert.equal(await page.locator('#detail-title').textContent(), 'Spring equinox gathering'),
      );
      assert.equal(
        await item(page, billboard.objectId).getByRole('button').getAttribute('aria-current'),
        'true',
      );
      // A corner of the view is empty space.
      await page.mouse.click(box.x + 4, box.y + 4);
      await until(async () =>
        assert.equal(await page.locator('#detail-title').textContent(), 'Nothing chosen'),
      );
    });

    await t.test('an object leaves the list when its expiry passes, with no event about it', async () => {
      const brief = await spawn({
        type: 'notification',
        title: 'Gone in a moment',
        moodTarget: 'curious',
        durationHours: 4 / 3600,
      });
      await item(page, brief.objectId).waitFor();
      await item(page, brief.objectId).getByRole('button').click();
      await until(async () => assert.equal(await item(page, brief.objectId).count(), 0), 15_000);
      assert.match((await page.locator('#cosmos-detail').textContent()) ?? '', /expired/);
    });

    assert.deepEqual(problems, []);
    await context.close();
  });

  test('375 px: the view, the panel and the list fit the screen', async () => {
    const { page, context, problems } = await openTab(browser, service.url, PHONE);
    await page.goto('/cosmos');
    await page.locator('#cosmos-connection[data-state="live"]').waitFor();
    const spawned = await spawn({
      type: 'billboard',
      title: 'A very long billboard title that has to wrap on a narrow phone screen without overflowing',
      description: 'Seen from every layer.',
      moodTarget: 'excited',
      layerTarget: 1,
    });
    await item(page, spawned.objectId).waitFor();
    await page.locator('canvas[data-rendered="true"]').waitFor();
    await item(page, spawned.objectId).getByRole('button').click();
    await until(async () =>
      assert.match((await page.locator('#detail-title').textContent()) ?? '', /A very long billboard/),
    );
    // Motion is allowed here: the view turns by itself, and the toggle says so.
    assert.equal(await page.locator('#cosmos-rotate').getAttribute('aria-pressed'), 'true');
    await everyControlNamed(page);
    await noOverflow(page, PHONE.width);
    await page.waitForTimeout(300);
    await screenshot(page, 'cosmos-375px');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('without WebGL the page says so and the list still works', async () => {
    const plain = await launchBrowser(['--disable-webgl', '--disable-3d-apis']);
    try {
      const { page, context, problems } = await openTab(plain, service.url, DESKTOP);
      await page.goto('/cosmos');
      await page.locator('#cosmos-nogl').waitFor();
      assert.equal(await page.locator('#cosmos-scene').isHidden(), true);
      await page.locator('#cosmos-connection[data-state="live"]').waitFor();
      const spawned = await spawn({ type: 'event', title: 'Seen without WebGL', moodTarget: 'calm' });
      await item(page, spawned.objectId).waitFor();
      await item(page, spawned.objectId).getByRole('button').click();
      await until(async () =>
        assert.equal(await page.locator('#detail-title').textContent(), 'Seen without WebGL'),
      );
      await noOverflow(page, DESKTOP.width);
      await screenshot(page, 'cosmos-no-webgl-desktop');
      assert.deepEqual(problems, []);
      await context.close();
    } finally {
      await plain.close();
    }
  });
});
