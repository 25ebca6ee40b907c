import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { Logger } from 'pino';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { closeDeps, createDeps, type Deps } from '../../src/deps.ts';
import type { PartnerRoute } from '../../src/http/partner.ts';
import { checkerFor } from './openapi-check.ts';

/**
 * Which storage the suite runs on. `TEST_DATABASE_URL=postgres://…` runs every test file in a
 * schema of its own on that server; otherwise each test file gets a fresh SQLite file.
 * `TEST_REDIS_URL` adds Redis (counters and bus) under a key prefix of its own.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? '';
export const ON_POSTGRES = TEST_DATABASE_URL.startsWith('postgres');

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (ON_POSTGRES) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return {
      url: url.toString(),
      async drop() {
        const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await c.connect();
        await c.query(`drop schema if exists ${schema} cascade`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'orrery-test-'));
  return {
    url: `sqlite:${join(dir, 'orrery.db')}`,
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  databaseUrl: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  extraPartnerRoutes?: readonly PartnerRoute[];
  /** Share a database with another test app (two instances of one deployment). */
  database?: TestDatabase;
  redisPrefix?: string;
  /** A logger to read what the service logged (tests of "logged once"); silent by default. */
  log?: Logger;
}

/** The environment a test app runs with: quiet, sign-up throttles and the pulse's age rule out of the way. */
export function testEnv(databaseUrl: string, redisPrefix: string, env: Record<string, string> = {}) {
  return {
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    SIGNUPS_PER_ADDRESS_PER_HOUR: '1000000',
    // Tests sign up and read the pulse at once; the account-age rule has tests of its own.
    PULSE_MIN_ACCOUNT_AGE_HOURS: '0',
    ...(TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: redisPrefix } : {}),
    ...env,
  };
}

/**
 * Database time limits for tests of invariants under heavy contention (dozens of concurrent
 * writes to one row, on a machine shared with other work): there a 503 after a long lock wait is
 * allowed behaviour but not what the test is about. The time limits themselves are tested in
 * test/faults with the defaults.
 */
export const PATIENT_DATABASE: Record<string, string> = {
  DATABASE_ACQUIRE_TIMEOUT_MS: '15000',
  DATABASE_QUERY_TIMEOUT_MS: '15000',
  DATABASE_STATEMENT_TIMEOUT_MS: '15000',
  SQLITE_LOCK_WAIT_MS: '15000',
};

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const ownsDatabase = options.database === undefined;
  const redisPrefix = options.redisPrefix ?? `orrery-test:${randomBytes(4).toString('hex')}:`;
  const config = loadConfig(testEnv(database.url, redisPrefix, options.env));
  const deps = await createDeps(config, options.log ? { log: options.log } : {});
  // Every response any test receives is checked against the app's own OpenAPI document.
  const violations = new Map<string, string[]>();
  let app: FastifyInstance | undefined;
  app = await buildApp(deps, {
    extraPartnerRoutes: options.extraPartnerRoutes ?? [],
    observeResponse(response) {
      if (app === undefined) return;
      const found = checkerFor(app.swagger()).check(response);
      if (found.length > 0) violations.set(String(response.headers['x-request-id']), found);
    },
  });
  failOnViolations(app, violations);
  return {
    app,
    deps,
    databaseUrl: database.url,
    async close() {
      await app.close();
      await closeDeps(deps);
      if (ownsDatabase) await database.drop();
      const left = [...violations.values()].flat();
      if (left.length > 0) throw new Error(`responses outside the OpenAPI document:\n${left.join('\n')}`);
    },
  };
}

/**
 * Makes `app.inject` fail the test that sent a request whose response departs from the document
 * (matched by request id, so concurrent requests are told apart). Responses to real HTTP requests
 * are reported when the app closes.
 */
function failOnViolations(app: FastifyInstance, violations: Map<string, string[]>): void {
  const inject = app.inject.bind(app);
  const checked = (async (...args: Parameters<typeof inject>) => {
    const response = (await (inject as (...a: unknown[]) => Promise<LightMyRequestResponse>)(
      ...args,
    )) as LightMyRequestResponse;
    const id = String(response.headers['x-request-id']);
    const found = violations.get(id);
    if (found !== undefined) {
      violations.delete(id);
      throw new Error(`response outside the OpenAPI document:\n${found.join('\n')}`);
    }
    return response;
  }) as unknown as typeof inject;
  // The chained form (`app.inject()` with no options) is not used by the suite; keep it intact.
  app.inject = ((...args: unknown[]) =>
    args.length === 0
      ? (inject as () => unknown)()
      : (checked as (...a: unknown[]) => unknown)(...args)) as typeof inject;
}

export function uniqueEmail(tag = 'person'): string {
  return `${tag}-${randomBytes(6).toString('hex')}@example.test`;
}

export const PASSWORD = 'correct horse battery';

export interface Account {
  cookie: string;
  user: { id: string; email: string; essence: number; role: string; tier: string };
}

export function cookieFrom(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  if (!first) throw new Error(`no cookie in response ${response.statusCode}: ${response.body}`);
  return first.split(';')[0] as string;
}

export async function signup(app: FastifyInstance, email = uniqueEmail()): Promise<Account> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: PASSWORD },
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  return { cookie: cookieFrom(response), user: response.json().user };
}

export async function signupAdmin(t: TestApp): Promise<Account> {
  const email = uniqueEmail('admin');
  await t.deps.accounts.ensureAdmin(email, PASSWORD);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  return { cookie: cookieFrom(response), user: response.json().user };
}

export async function createKey(
  app: FastifyInstance,
  account: Account,
  body: Record<string, unknown> = {},
): Promise<{ key: string; id: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/keys',
    headers: { cookie: account.cookie },
    payload: body,
  });
  if (response.statusCode !== 201)
    throw new Error(`key creation failed: ${response.statusCode} ${response.body}`);
  const json = response.json();
  return { key: json.key, id: json.apiKey.id };
}

/** Sets a balance exactly, through the ledger like any admin adjustment. */
export async function setBalance(t: TestApp, userId: string, essence: number): Promise<void> {
  const current = await t.deps.essence.balanceMilli(userId);
  const delta = essence * 1000 - current;
  if (delta !== 0) {
    await t.deps.essence.adjust({
      userId,
      amountMilli: delta,
      route: 'test',
      requestId: 'test',
      reason: 'test setup',
    });
  }
}
