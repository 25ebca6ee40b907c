import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN,
  DESKTOP,
  dashboardBalance,
  launchBrowser,
  openTab,
  PASSWORD,
  PHONE,
  RESULTS,
  type Service,
  screenshot,
  signIn,
  signUpInPortal,
  startService,
  uniqueEmail,
  until,
} from './harness.ts';

const RAW_KEY = /^orr_[A-Za-z0-9]{43}_[A-Za-z0-9]{6}$/;

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

describe('portal', () => {
  test('sign up → a key shown once → a partner call → the balance falls by its cost', async (t) => {
    const { page, context, problems } = await openTab(browser, service.url);
    let rawKey = '';
    let before = 0;

    await t.test('sign up through the portal', async () => {
      await signUpInPortal(page);
      before = await dashboardBalance(page);
      assert.equal(before, 1000);
    });

    await t.test('create a key: the raw key is shown once, with a warning', async () => {
      await page.locator('#key-name').fill('browser test key');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.locator('#new-key').waitFor();
      rawKey = (await page.locator('#raw-key').textContent()) ?? '';
      assert.match(rawKey, RAW_KEY);
      assert.match(
        (await page.locator('#new-key .warning').textContent()) ?? '',
        /only time Orrery shows it/,
      );
      await until(async () => {
        const item = page.locator('.key-item', { hasText: 'browser test key' });
        assert.equal(await item.count(), 1);
        assert.match((await item.textContent()) ?? '', new RegExp(rawKey.slice(0, 10)));
      });
    });

    await t.test('after a reload the raw key is nowhere on the page', async () => {
      await page.reload();
      await page.locator('.key-item', { hasText: 'browser test key' }).waitFor();
      assert.equal(await page.locator('#new-key').isHidden(), true);
      assert.equal((await page.content()).includes(rawKey), false);
    });

    await t.test('POST /api/v1/mood/analyze with the key costs 5 Essence', async () => {
      const response = await fetch(`${service.url}/api/v1/mood/analyze`, {
        method: 'POST',
        headers: { authorization: `Bearer ${rawKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'A calm morning; I feel grateful and rested.' }),
      });
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal(response.headers.get('essence-cost'), '5');
    });

    await t.test(
      'the dashboard shows the balance 5 lower, the ledger entry and the spend chart',
      async () => {
        await page.reload();
        assert.equal(await dashboardBalance(page), before - 5);
        const row = page.locator('#ledger-body tr', { hasText: 'POST /api/v1/mood/analyze' });
        await row.waitFor();
        assert.match((await row.textContent()) ?? '', /-5/);
        await page.locator('#spend-chart canvas').waitFor();
        await page.locator('#spend-table table').waitFor({ state: 'attached' });
        assert.match(
          (await page.locator('#spend-table').textContent()) ?? '',
          /POST \/api\/v1\/mood\/analyze/,
        );
        const item = page.locator('.key-item', { hasText: 'browser test key' });
        await until(async () => {
          await page.reload();
          assert.doesNotMatch((await item.textContent()) ?? '', /Last used\s*never/);
        });
      },
    );

    await t.test('the key shows its usage by day and route, and takes a rate limit', async () => {
      const item = page.locator('.key-item', { hasText: 'browser test key' });
      await item.getByRole('button', { name: 'Usage' }).click();
      const today = item.locator('.usage-days tbody tr').first();
      await today.waitFor();
      const cells = await today.locator('td').allTextContents();
      assert.equal(cells[0], new Date().toISOString().slice(0, 10));
      assert.equal(cells[1], '1', `succeeded: ${cells.join(' | ')}`);
      assert.equal(cells[6], '5', `spent: ${cells.join(' | ')}`);
      assert.match(
        (await item.locator('.usage-routes').textContent()) ?? '',
        /POST \/api\/v1\/mood\/analyze/,
      );

      await item.getByRole('button', { name: 'Rate limit…' }).click();
      await item.getByLabel('Calls allowed (1–1,000,000)').fill('1');
      await item.getByLabel('Per window of (seconds, 1–86,400)').fill('3600');
      await item.getByRole('button', { name: 'Save the limit' }).click();
      const limited = page.locator('.key-item', { hasText: 'browser test key' });
      await until(async () => assert.match((await limited.textContent()) ?? '', /1 calls per 3,600 s/));
      const call = () =>
        fetch(`${service.url}/api/v1/essence`, { headers: { authorization: `Bearer ${rawKey}` } });
      assert.equal((await call()).status, 200);
      const refused = await call();
      assert.equal(refused.status, 429);
      assert.ok(Number(refused.headers.get('retry-after')) > 0);

      await limited.getByRole('button', { name: 'Rate limit…' }).click();
      await limited.getByRole('button', { name: 'No limit' }).click();
      await until(async () => assert.match((await limited.textContent()) ?? '', /Rate limit\s*none/));
      assert.equal((await call()).status, 200);
    });

    await t.test('revoking the key stops it at once', async () => {
      const item = page.locator('.key-item', { hasText: 'browser test key' });
      await item.getByRole('button', { name: 'Revoke' }).click();
      await item.getByRole('button', { name: 'Press again to revoke' }).click();
      await page.locator('.key-item.inactive', { hasText: 'browser test key' }).waitFor();
      const response = await fetch(`${service.url}/api/v1/essence`, {
        headers: { authorization: `Bearer ${rawKey}` },
      });
      assert.equal(response.status, 401);
    });

    await t.test('rotate: the successor is shown once; the old key works through the grace', async () => {
      await page.locator('#key-name').fill('rotating key');
      await page.getByRole('checkbox', { name: 'write' }).check();
      await page.getByRole('button', { name: 'Create key' }).click();
      await until(async () =>
        assert.match((await page.locator('#new-key-intro').textContent()) ?? '', /rotating key/),
      );
      const first = (await page.locator('#raw-key').textContent()) ?? '';
      assert.match(first, RAW_KEY);
      await page.getByRole('button', { name: 'I have stored it safely' }).click();
      assert.equal(await page.locator('#new-key').isHidden(), true);

      const item = page.locator('.key-item', { hasText: 'rotating key' });
      await item.getByRole('button', { name: 'Rotate…' }).click();
      await item.getByLabel('The old key keeps working for (hours)').fill('1');
      await item.getByRole('button', { name: 'Issue the new key' }).click();
      await page.locator('#new-key').waitFor();
      const second = (await page.locator('#raw-key').textContent()) ?? '';
      assert.match(second, RAW_KEY);
      assert.notEqual(second, first);
      await until(async () =>
        assert.equal(await page.locator('.key-item', { hasText: 'rotating key' }).count(), 2),
      );
      for (const key of [first, second]) {
        const response = await fetch(`${service.url}/api/v1/essence`, {
          headers: { authorization: `Bearer ${key}` },
        });
        assert.equal(response.status, 200);
      }
    });

    await t.test('sign out ends the session', async () => {
      await page.getByRole('button', { name: 'Sign out' }).click();
      // Signing out lands on the landing page; the portal then offers sign-up again.
      await page.waitForURL(`${service.url}/`);
      await page.locator('.hero').waitFor();
      await page.goto('/portal');
      await page.locator('#signup-form').waitFor();
      assert.equal(await page.locator('#dashboard').isHidden(), true);
      assert.equal((await page.request.get('/api/auth/me')).status(), 401);
    });

    assert.deepEqual(problems, []);
    await context.close();
  });

  test('problem details appear in words next to the field they name', async () => {
    const { page, context, problems } = await openTab(browser, service.url);
    await page.goto('/portal');
    await page.locator('#signup-email').fill(uniqueEmail('short'));
    await page.locator('#signup-password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    const alert = page.locator('#signup-form .form-error');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /password/i);
    const password = page.locator('#signup-password');
    assert.equal(await password.getAttribute('aria-invalid'), 'true');
    const describedBy = (await password.getAttribute('aria-describedby')) ?? '';
    const messageId = describedBy.split(' ').find((id) => id.startsWith('field-error-'));
    assert.ok(messageId, describedBy);
    assert.match((await page.locator(`#${messageId}`).textContent()) ?? '', /10/);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('my arc', () => {
  test('three check-ins draw three points, two transitions and the state of the last', async (t) => {
    const { page, context, problems } = await openTab(browser, service.url);
    await signUpInPortal(page);
    await page.goto('/arc');
    await page.locator('label.chip').first().waitFor();

    const checkIn = async (count: number) => {
      await page.getByRole('button', { name: 'Check in' }).click();
      await until(async () => {
        assert.match((await page.locator('#checkin-status').textContent()) ?? '', /Checked in/);
        assert.equal(await page.locator('#arc-map g.point').count(), count);
      });
    };

    await t.test('angry, chosen with the mouse', async () => {
      await page
        .locator('label.chip')
        .filter({ hasText: /^Angry$/ })
        .click();
      await checkIn(1);
    });

    await t.test('joyful, chosen from the search field with Enter, with a note', async () => {
      await page.getByLabel('Find a mood').fill('joyful');
      await page.getByLabel('Find a mood').press('Enter');
      assert.equal(await page.getByRole('radio', { name: 'Joyful', exact: true }).isChecked(), true);
      await page.getByLabel(/Note/).fill('A good lunch.');
      await checkIn(2);
    });

    await t.test('serene, with the keyboard only: search, Enter, arrow keys, Tab, Enter', async () => {
      await page.getByLabel('Find a mood').focus();
      await page.keyboard.type('seren');
      await page.keyboard.press('Enter'); // chooses the first match and focuses it
      assert.equal(await page.getByRole('radio', { name: 'Serene', exact: true }).isChecked(), true);
      await page.keyboard.press('Tab'); // out of the mood group, on to the intensity slider
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'checkin-intensity');
      await page.keyboard.press('ArrowRight'); // 0.50 → 0.55
      await page.keyboard.press('Tab'); // the note
      await page.keyboard.press('Tab'); // the Check in button
      await page.keyboard.press('Enter');
      await until(async () => assert.equal(await page.locator('#arc-map g.point').count(), 3));
      assert.match(
        (await page.locator('#arc-points li').last().textContent()) ?? '',
        /Serene \(Calm\), intensity 0\.55/,
      );
    });

    await t.test('the arc shows three points, the transitions and the state in words', async () => {
      await page.reload();
      await until(async () => assert.equal(await page.locator('#arc-map g.point').count(), 3));
      assert.equal(await page.locator('#arc-timeline g.point').count(), 3);
      assert.equal(await page.locator('#arc-points li').count(), 3);
      assert.equal(await page.locator('#arc-state').getAttribute('data-state'), 'calm');
      assert.match((await page.locator('#arc-state').textContent()) ?? '', /You are in Calm now/);
      const transitions = (await page.locator('#arc-transitions').textContent()) ?? '';
      assert.match(transitions, /from Stormy to Radiant/);
      assert.match(transitions, /from Radiant to Calm/);
      assert.equal(await page.locator('#arc-map g.point.latest').getAttribute('data-mood'), 'serene');
    });

    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('administration', () => {
  test('/admin/routes: a member gets 403, an administrator sees every /api/v1 route', async (t) => {
    await t.test('a member gets 403', async () => {
      const { page, context } = await openTab(browser, service.url);
      await signUpInPortal(page);
      const response = await page.goto('/admin/routes');
      assert.equal(response?.status(), 403);
      assert.doesNotMatch(await page.content(), /\/api\/v1\//);
      const admin = await page.goto('/admin');
      assert.equal(admin?.status(), 403);
      await page.getByText('Only administrators may open this page.').waitFor();
      await context.close();
    });

    await t.test('an administrator, sent through sign-in, sees every partner route', async () => {
      const { page, context, problems } = await openTab(browser, service.url);
      await page.goto('/admin/routes');
      assert.equal(new URL(page.url()).pathname, '/signin');
      await signIn(page, ADMIN.email, ADMIN.password, '/admin/routes');
      assert.equal(new URL(page.url()).pathname, '/admin/routes');
      const shown = new Set(
        (await page
          .locator('tbody tr')
          .evaluateAll((rows) =>
            rows.map((row) => `${row.children[0]?.textContent} ${row.children[1]?.textContent}`),
          )) as string[],
      );
      const openapi = (await (await fetch(`${service.url}/api/openapi.json`)).json()) as {
        paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
      };
      const expected = Object.entries(openapi.paths).flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([method, op]) => method !== 'head' && (op.security ?? []).some((s) => 'bearerKey' in s))
          .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
      assert.ok(expected.length >= 1, 'the OpenAPI document lists partner routes');
      for (const route of expected)
        assert.ok(shown.has(route), `${route} missing from ${[...shown].join(', ')}`);
      assert.ok([...shown].every((route) => / \/api\/v1\//.test(route)));
      assert.deepEqual(problems, []);
      await context.close();
    });
  });

  test('the admin page finds an account, sets its tier and grants Essence', async () => {
    const member = await openTab(browser, service.url);
    const email = await signUpInPortal(member.page, uniqueEmail('granted'));
    await member.context.close();

    const { page, context, problems } = await openTab(browser, service.url);
    await signIn(page, ADMIN.email, ADMIN.password, '/admin');
    await page.getByLabel('Email or name contains').fill(email);
    await page.getByRole('button', { name: 'Find' }).click();
    // The page's first load lists the newest accounts, this one among them. Wait for the search's
    // own answer: it replaces the list, and a card chosen before it lands would be swapped for a
    // fresh one (tier reset to "free") between selecting the tier and pressing "Set tier".
    await page.locator('#users-status', { hasText: /^1 account shown\.$/ }).waitFor();
    const card = page.locator('#users li', { hasText: email });
    await card.waitFor();
    await card.getByRole('combobox', { name: 'Tier' }).selectOption('plus');
    await card.getByRole('button', { name: 'Set tier' }).click();
    await until(async () => assert.equal(await card.locator('[data-tier]').textContent(), 'plus'));
    await card.getByRole('spinbutton', { name: 'Essence' }).fill('250');
    await card.getByRole('textbox', { name: 'Reason' }).fill('browser test grant');
    await card.getByRole('button', { name: 'Grant' }).click();
    await until(async () => assert.equal(await card.locator('[data-essence]').textContent(), '1,250'));

    // A grant without a reason is refused, and the refusal is shown in words at the field.
    await card.getByRole('spinbutton', { name: 'Essence' }).fill('1');
    await card.getByRole('button', { name: 'Grant' }).click();
    const grantForm = card.getByRole('form', { name: /^Grant Essence/ });
    await grantForm.locator('.field-error').first().waitFor();
    assert.match((await grantForm.locator('.form-error').textContent()) ?? '', /reason/i);
    assert.equal(
      await grantForm.getByRole('textbox', { name: 'Reason' }).getAttribute('aria-invalid'),
      'true',
    );
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('collective pulse', () => {
  test('states the anonymity rule and shows families once five people checked in', async () => {
    // Five people check in through the API (a cookie write without Origin is not cross-site).
    for (let i = 0; i < 5; i++) {
      const signup = await fetch(`${service.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail('pulse'), password: PASSWORD }),
      });
      assert.equal(signup.status, 201);
      const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const checkin = await fetch(`${service.url}/api/trajectory/checkins`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ moodId: 'peaceful' }),
      });
      assert.equal(checkin.status, 201, await checkin.text());
    }
    const { page, context, problems } = await openTab(browser, service.url);
    await page.goto('/pulse');
    const rule = (await page.locator('.rule').textContent()) ?? '';
    assert.match(rule, /fewer than\s+5 people/);
    assert.match(rule, /folded into “Other”/);
    assert.match(rule, /rounded down to a multiple of 5/);
    await until(async () => {
      const summary = (await page.locator('#pulse-summary').textContent()) ?? '';
      const match = /At least (\d+) people/.exec(summary);
      assert.ok(match, summary);
      assert.equal(Number(match[1]) % 5, 0);
      assert.ok(Number(match[1]) >= 5);
    });
    await page.locator('#pulse-families li', { hasText: 'Calm' }).waitFor();
    await page.getByLabel('Last hour').check();
    await until(async () =>
      assert.match((await page.locator('#pulse-summary').textContent()) ?? '', /last hour/),
    );
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('every page at desktop and 375 px', () => {
  let seeded = false;
  /** Some spend and a few check-ins, so the screenshots show charts and an arc. */
  async function seedActivity(page: Page): Promise<void> {
    const created = await page.request.post('/api/v1/keys', { data: { name: 'screenshot key' } });
    assert.equal(created.status(), 201);
    const { key } = (await created.json()) as { key: string };
    for (const text of ['Restless and tense', 'Quietly hopeful', 'Grateful for the sun']) {
      const response = await fetch(`${service.url}/api/v1/mood/analyze`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      assert.equal(response.status, 200);
    }
    for (const moodId of ['worried', 'hopeful', 'content', 'peaceful']) {
      const response = await page.request.post('/api/trajectory/checkins', {
        data: { moodId, intensity: 0.6 },
      });
      assert.equal(response.status(), 201);
    }
  }

  const pages = [
    { name: 'portal-signed-out', path: '/portal', signedIn: false },
    { name: 'signin', path: '/signin', signedIn: false },
    { name: 'pulse', path: '/pulse', signedIn: false },
    { name: 'portal', path: '/portal', signedIn: true },
    { name: 'arc', path: '/arc', signedIn: true },
    { name: 'history', path: '/history', signedIn: true },
    { name: 'admin', path: '/admin', signedIn: true },
    { name: 'admin-routes', path: '/admin/routes', signedIn: true },
  ];
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['375px', PHONE],
  ] as const) {
    test(`${label}: screenshots, no script or CSP problems, nothing wider than the screen`, async () => {
      const { page, context, problems } = await openTab(browser, service.url, viewport);
      let signedIn = false;
      for (const spec of pages) {
        if (spec.signedIn && !signedIn) {
          await signIn(page, ADMIN.email, ADMIN.password);
          signedIn = true;
          if (!seeded) {
            seeded = true;
            await seedActivity(page);
          }
        }
        const response = await page.goto(spec.path);
        assert.equal(response?.status(), 200, `${spec.path}: ${response?.status()}`);
        await page.waitForLoadState('networkidle');
        await page.waitForFunction(() => {
          const loading = document.getElementById('loading');
          return loading === null || loading.hidden;
        });
        const unnamed = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('input, select, textarea, button, a[href]')]
            .filter((el) => !(el instanceof HTMLInputElement && el.type === 'hidden'))
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
        assert.deepEqual(unnamed, [], `${spec.path}: controls without an accessible name`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 1, `${spec.path} is ${overflow}px wider than the ${viewport.width}px screen`);
        await screenshot(page, `${spec.name}-${label}`);
        if (spec.path === '/arc') {
          await page
            .locator('section[aria-labelledby="today-title"]')
            .screenshot({ path: join(RESULTS, `arc-today-${label}.png`) });
        }
      }
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
