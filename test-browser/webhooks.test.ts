import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { type Receiver, startReceiver, verified } from '../test/helpers/receiver.ts';
import {
  launchBrowser,
  openTab,
  type Service,
  screenshot,
  signUpInPortal,
  startService,
  until,
} from './harness.ts';

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

let service: Service;
let browser: Browser;
let receiver: Receiver;

before(async () => {
  receiver = await startReceiver();
  service = await startService({
    env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '100', WEBHOOK_RETRY_SCHEDULE: '600' },
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await service?.stop();
  await receiver?.close();
});

describe('webhooks page', () => {
  test('add an endpoint (secret once), test, see deliveries, retry, rotate, delete', async (t) => {
    const { page, context, problems } = await openTab(browser, service.url);
    let secret = '';

    await t.test('add an endpoint: the secret is shown once, with a copy button', async () => {
      await signUpInPortal(page);
      await page.goto('/webhooks');
      await page.locator('#endpoint-form').waitFor();
      await page.getByLabel('URL').fill(`${receiver.url}/portal`);
      await page.getByLabel('Description').fill('browser receiver');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await page.locator('#new-secret').waitFor();
      secret = (await page.locator('#raw-secret').textContent()) ?? '';
      assert.match(secret, SECRET);
      assert.match(
        (await page.locator('#new-secret .warning').textContent()) ?? '',
        /only time Orrery shows it/,
      );
      await page.getByRole('button', { name: 'Copy secret' }).click();
      await until(async () => assert.notEqual((await page.locator('#copy-status').textContent()) ?? '', ''));
      await page.locator('.endpoint', { hasText: `${receiver.url}/portal` }).waitFor();
      await page.getByRole('button', { name: 'I have stored it safely' }).click();
      assert.equal(await page.locator('#new-secret').isHidden(), true);
      await page.reload();
      await page.locator('.endpoint').waitFor();
      assert.equal((await page.content()).includes(secret), false);
    });

    await t.test('send a test: it arrives signed and the delivery shows as delivered', async () => {
      await page.getByRole('button', { name: 'Send a test' }).click();
      const [request] = await receiver.waitFor(1);
      assert.ok(request);
      assert.equal(verified(secret, request).type, 'webhook.test');
      await until(async () => {
        await page.locator('.endpoint').getByRole('button', { name: 'Refresh' }).click();
        const row = page.locator('.deliveries tbody tr').first();
        assert.equal(await row.getAttribute('data-status'), 'succeeded');
        assert.match((await row.textContent()) ?? '', /Delivered.*HTTP 204/);
      });
    });

    await t.test('a failing receiver: the last response is shown; retry sends one more attempt', async () => {
      receiver.answer = () => ({ status: 500, body: 'receiver is down for maintenance' });
      await page.getByRole('button', { name: 'Send a test' }).click();
      await receiver.waitFor(2);
      await until(async () => {
        await page.locator('.endpoint').getByRole('button', { name: 'Refresh' }).click();
        const row = page.locator('.deliveries tbody tr').first();
        assert.equal(await row.getAttribute('data-status'), 'failed');
        assert.match((await row.textContent()) ?? '', /HTTP 500/);
        assert.match((await row.textContent()) ?? '', /receiver is down for maintenance/);
      });
      receiver.answer = () => ({ status: 204 });
      await page.locator('.deliveries tbody tr').first().getByRole('button', { name: 'Retry' }).click();
      await receiver.waitFor(3);
      assert.equal(receiver.requests[2]?.headers['webhook-id'], receiver.requests[1]?.headers['webhook-id']);
      await until(async () => {
        await page.locator('.endpoint').getByRole('button', { name: 'Refresh' }).click();
        assert.equal(
          await page.locator('.deliveries tbody tr').first().getAttribute('data-status'),
          'succeeded',
        );
      });
      await screenshot(page, 'webhooks-deliveries');
    });

    await t.test('rotate the secret (two presses): a new secret, once', async () => {
      const rotate = page.locator('.endpoint').getByRole('button', { name: 'Rotate secret' });
      await rotate.click();
      await page.locator('.endpoint').getByRole('button', { name: 'Press again to rotate' }).click();
      await page.locator('#new-secret').waitFor();
      const rotated = (await page.locator('#raw-secret').textContent()) ?? '';
      assert.match(rotated, SECRET);
      assert.notEqual(rotated, secret);
    });

    await t.test('delete (two presses): the endpoint is gone', async () => {
      await page.locator('.endpoint').getByRole('button', { name: 'Delete' }).click();
      await page.locator('.endpoint').getByRole('button', { name: 'Press again to delete' }).click();
      await until(async () => assert.equal(await page.locator('.endpoint').count(), 0));
      assert.match((await page.locator('#endpoints-status').textContent()) ?? '', /was deleted/);
    });

    assert.deepEqual(problems, []);
    await context.close();
  });

  test('signed out, the page asks to sign in', async () => {
    const { page, context, problems } = await openTab(browser, service.url);
    await page.goto('/webhooks');
    await page.locator('#signed-out').waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });
});
