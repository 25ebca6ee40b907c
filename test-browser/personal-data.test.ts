import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { zoneWhereTodayHolds } from '../test/helpers/clock.ts';
import {
  launchBrowser,
  openTab,
  PASSWORD,
  type Service,
  screenshot,
  signUpInPortal,
  startService,
  until,
} from './harness.ts';

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

describe("a person's own record", () => {
  test('history: the calendar, the valence line, and editing and deleting a check-in', async () => {
    // The calendar's "today" is the browser's: a zone where the last 40 minutes are today.
    const { page, context, problems } = await openTab(
      browser,
      service.url,
      undefined,
      zoneWhereTodayHolds(40),
    );
    await signUpInPortal(page);
    for (const [moodId, minutes] of [
      ['worried', 40],
      ['hopeful', 30],
      ['serene', 20],
    ] as const) {
      const response = await page.request.post('/api/trajectory/checkins', {
        data: { moodId, note: `felt ${moodId}`, at: new Date(Date.now() - minutes * 60_000).toISOString() },
      });
      assert.equal(response.status(), 201);
    }
    await page.goto('/history');
    await page.locator('#history-page').waitFor();
    await until(async () => assert.equal(await page.locator('.checkin').count(), 3));
    // Today is a coloured day in the calendar; the chart is drawn by uPlot on a canvas. The
    // calendar is drawn from its own request, which may answer after the list's.
    const today = page.locator('.calendar .day[aria-label*="3 check-ins"]');
    await until(async () => assert.equal(await today.count(), 1));
    assert.match((await today.getAttribute('class')) ?? '', /family-/);
    assert.equal((await page.locator('#valence-chart canvas').count()) >= 1, true);
    assert.match(
      (await page.locator('#valence-chart').getAttribute('aria-label')) ?? '',
      /1 days? with check-ins/,
    );

    // Edit the newest: serene → sad, with a new note and an association.
    const newest = page.locator('.checkin').first();
    assert.match((await newest.textContent()) ?? '', /Serene/);
    await newest.getByRole('button', { name: 'Edit' }).click();
    await newest.getByLabel('Mood').selectOption('sad');
    await newest.getByLabel(/Note/).fill('it turned');
    await newest.getByLabel('work').check();
    await newest.getByRole('button', { name: 'Save' }).click();
    await until(async () => {
      const text = (await page.locator('.checkin').first().textContent()) ?? '';
      assert.match(text, /Sad/);
      assert.match(text, /it turned/);
      assert.match(text, /About: work/);
    });
    const listed = await page.request.get('/api/trajectory/checkins');
    const { checkins } = (await listed.json()) as {
      checkins: Array<{ moodId: string; associations: string[] }>;
    };
    assert.deepEqual([checkins[0]?.moodId, checkins[0]?.associations], ['sad', ['work']]);

    // Delete the oldest, in two steps.
    const oldest = page.locator('.checkin').last();
    await oldest.getByRole('button', { name: 'Delete' }).click();
    await oldest.getByRole('button', { name: 'Yes, delete it' }).click();
    await until(async () => assert.equal(await page.locator('.checkin').count(), 2));
    await until(async () =>
      assert.equal(await page.locator('.calendar .day[aria-label*="2 check-ins"]').count(), 1),
    );
    await screenshot(page, 'history-edited');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('the portal downloads the whole record, then deletes the account with its password', async () => {
    const { page, context, problems } = await openTab(browser, service.url);
    const email = await signUpInPortal(page);
    await page.request.post('/api/trajectory/checkins', { data: { moodId: 'content', note: 'keep this' } });

    // The balance alert shows its state.
    await page.locator('#alert-threshold').fill('500');
    await page.getByRole('button', { name: 'Save alert' }).click();
    await until(async () => assert.match((await page.locator('#alert-state').textContent()) ?? '', /^Armed/));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^orrery-export-.*\.json$/);
    const record = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
    assert.equal(record.user.email, email);
    assert.deepEqual(
      record.checkins.map((c: { note: string }) => c.note),
      ['keep this'],
    );
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my check-ins as CSV' }).click(),
    ]);
    assert.match(await readFile((await csv.path()) as string, 'utf8'), /^id,at,createdAt,moodId/);

    // A wrong password is refused in words; the right one erases the account.
    await page.locator('#delete-password').fill('not the password');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await until(async () =>
      assert.match((await page.locator('#delete-form .form-error').textContent()) ?? '', /password is wrong/),
    );
    await page.locator('#delete-password').fill(PASSWORD);
    await Promise.all([
      page.waitForURL((url) => url.search.includes('deleted')),
      page.getByRole('button', { name: 'Delete my account' }).click(),
    ]);
    await page.locator('#welcome').waitFor();
    assert.match((await page.locator('#welcome').textContent()) ?? '', /have been deleted/);
    const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    assert.equal(login.status(), 401);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
