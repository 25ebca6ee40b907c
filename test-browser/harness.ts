/**
 * Browser-test harness: a real Orrery process (src/main.ts) on a free port with a temporary
 * SQLite database and an administrator from the environment, and Debian's Chromium driven by
 * playwright-core. Nothing here downloads a browser.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const RESULTS = join(ROOT, 'test-results');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PASSWORD = 'correct horse battery staple';
export const ADMIN = { email: `admin-${randomBytes(4).toString('hex')}@example.test`, password: PASSWORD };

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 800 };

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

export interface Service {
  url: string;
  stop(): Promise<void>;
}

/** `env`: more configuration for this service (a test file's own settings). */
export async function startService(options: { env?: Record<string, string> } = {}): Promise<Service> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'orrery-browser-'));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'orrery.db')}`,
      ORRERY_BASE_URL: url,
      ORRERY_ADMIN_EMAIL: ADMIN.email,
      ORRERY_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      COUNCIL_INTERVAL_MINUTES: '0',
      // People sign up and check in within a test; the pulse's account-age rule has tests of its own.
      PULSE_MIN_ACCOUNT_AGE_HOURS: '0',
      // The landing page reads the pulse before the pulse test checks in: no cached empty pulse.
      PULSE_CACHE_SECONDS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}: ${stderr}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the service did not become ready in 60 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `extraArgs`: more Chromium switches for one test file (the cosmos asks for software WebGL). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  assert.ok(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', ...extraArgs],
  });
}

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** Console errors, CSP violations and uncaught exceptions seen so far. */
  problems: string[];
}

/** A fresh browser context (its own cookies) with one page that records every script problem. */
export async function openTab(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
  timezoneId = 'Europe/Paris',
): Promise<Tab> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US', timezoneId });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // An HTTP error answer the page handles (a 401 probe of /api/auth/me, a 403) is logged by
    // Chromium as a failed resource; it is not a script problem.
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
    problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return { context, page, problems };
}

export function uniqueEmail(tag: string): string {
  return `${tag}-${randomBytes(5).toString('hex')}@example.test`;
}

/** Signs up through the portal's form; resolves once the dashboard shows. */
export async function signUpInPortal(page: Page, email = uniqueEmail('person')): Promise<string> {
  await page.goto('/portal');
  await page.locator('#signup-form').waitFor();
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.locator('#dashboard').waitFor();
  return email;
}

/** Signs in through /signin (optionally with ?next=); resolves after the redirect. */
export async function signIn(page: Page, email: string, password: string, next?: string): Promise<void> {
  await page.goto(next ? `/signin?next=${encodeURIComponent(next)}` : '/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await Promise.all([
    page.waitForURL((url) => url.pathname !== '/signin'),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
}

/** The Essence figure on the dashboard as a number ("1,000" → 1000). */
export async function dashboardBalance(page: Page): Promise<number> {
  const balance = page.locator('#balance');
  await page.waitForFunction(() => /\d/.test(document.getElementById('balance')?.textContent ?? ''));
  return Number((await balance.textContent())?.replace(/[^\d.-]/g, ''));
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  await page.screenshot({ path: join(RESULTS, `${name}.png`), fullPage: true });
}

/** Polls `check` until it holds (or fails with its last error after `timeoutMs`). */
export async function until(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
