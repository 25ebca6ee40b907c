import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../src/config.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${String(error)}`);
    return error;
  }
  assert.fail(`expected ${JSON.stringify(env)} to be refused`);
}

describe('loadConfig', () => {
  test('defaults with an empty environment', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.databaseUrl, 'sqlite:./data/orrery.db');
    assert.equal(config.redisUrl, null);
    assert.equal(config.baseUrl.origin, 'http://localhost:8080');
    assert.equal(loadConfig({ PORT: '3000' }).baseUrl.origin, 'http://localhost:3000');
    assert.equal(loadConfig({ PORT: '3000', HOST: '0.0.0.0' }).baseUrl.origin, 'http://localhost:3000');
    assert.equal(loadConfig({ PORT: '80', HOST: 'orrery.lan' }).baseUrl.origin, 'http://orrery.lan');
    assert.equal(loadConfig({ PORT: '3000', HOST: 'fd00::5' }).baseUrl.origin, 'http://[fd00::5]:3000');
    assert.equal(
      loadConfig({ PORT: '3000', ORRERY_BASE_URL: 'https://o.example' }).baseUrl.origin,
      'https://o.example',
    );
    assert.equal(config.trustProxy, null);
    assert.equal(config.admin, null);
    assert.equal(config.logLevel, 'info');
    assert.equal(config.signupEssenceMilli, 1_000_000);
    assert.equal(config.limits.bodyBytes, 64 * 1024);
    assert.equal(config.limits.loginFailuresPerEmail, 10);
    assert.equal(config.limits.loginFailureWindowSeconds, 15 * 60);
    assert.equal(config.limits.signupsPerAddressPerHour, 100);
    assert.equal(config.limits.liveKeysPerAccount, 25);
    assert.equal(config.limits.spawnPerMinute, 60);
    assert.equal(config.limits.quotaAnonymous, 300);
    assert.equal(config.limits.quotaFree, 1000);
    assert.equal(config.limits.quotaPlus, 10_000);
    assert.equal(config.limits.quotaPro, 100_000);
    assert.ok(Object.isFrozen(config));
  });

  test('every dependency call is time-limited by default, within the 2 s answer budget', () => {
    const { timeouts, keyCacheMs } = loadConfig({});
    assert.equal(keyCacheMs, 1000);
    assert.equal(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).keyCacheMs, 4000);
    assert.ok(timeouts.redisCommandMs > 0 && timeouts.redisCommandMs < 1000);
    assert.ok(timeouts.databaseAcquireMs + timeouts.databaseQueryMs < 2000);
    assert.ok(timeouts.databaseStatementMs > 0 && timeouts.databaseStatementMs <= timeouts.databaseQueryMs);
    assert.ok(timeouts.sqliteBusyMs <= 250 && timeouts.sqliteLockWaitMs < 2000);
    const custom = loadConfig({ DATABASE_QUERY_TIMEOUT_MS: '3000', REDIS_RETRY_INTERVAL_MS: '250' }).timeouts;
    assert.equal(custom.databaseQueryMs, 3000);
    assert.equal(custom.redisRetryMs, 250);
  });

  test('crisis resources: international directories by default, or the configured list', () => {
    const defaults = loadConfig({}).crisisResources;
    assert.ok(defaults.some((r) => r.url === 'https://findahelpline.com' && r.region === 'international'));
    const configured = loadConfig({
      CRISIS_RESOURCES:
        '[{"name":" Samaritans ","url":"https://www.samaritans.org","phone":"116 123","region":"GB"}]',
    }).crisisResources;
    assert.deepEqual(configured, [
      { name: 'Samaritans', url: 'https://www.samaritans.org', phone: '116 123', region: 'GB' },
    ]);
  });

  test('blank values count as unset', () => {
    const config = loadConfig({ PORT: '', HOST: '  ', REDIS_URL: '', TRUST_PROXY: ' ' });
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.redisUrl, null);
    assert.equal(config.trustProxy, null);
  });

  test('good values are read', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/orrery',
      REDIS_URL: 'rediss://cache:6380',
      ORRERY_BASE_URL: 'https://orrery.example',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, ::1',
      ORRERY_ADMIN_EMAIL: 'Root@Example.TEST',
      ORRERY_ADMIN_PASSWORD: 'long enough password',
      SIGNUP_ESSENCE: '12.5',
      SPAWN_RATE_PER_MINUTE: '5',
    });
    assert.equal(config.port, 3000);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.databaseUrl, 'postgres://u:p@db:5432/orrery');
    assert.equal(config.redisUrl, 'rediss://cache:6380');
    assert.equal(config.baseUrl.protocol, 'https:');
    assert.deepEqual(config.trustProxy, ['10.0.0.0/8', '127.0.0.1', '::1']);
    assert.deepEqual(config.admin, { email: 'root@example.test', password: 'long enough password' });
    assert.equal(config.signupEssenceMilli, 12_500);
    assert.equal(config.limits.spawnPerMinute, 5);
  });

  const BAD: [Record<string, string>, string][] = [
    [{ PORT: 'abc' }, 'PORT'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ PORT: '80.5' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'sqlite:' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ ORRERY_BASE_URL: 'notaurl' }, 'ORRERY_BASE_URL'],
    [{ ORRERY_BASE_URL: 'ftp://files.example' }, 'ORRERY_BASE_URL'],
    [{ TRUST_PROXY: 'foo' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1, nope' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '::/129' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/8/9' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/' }, 'TRUST_PROXY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ ORRERY_ADMIN_EMAIL: 'root@example.test' }, 'ORRERY_ADMIN_PASSWORD'],
    [{ ORRERY_ADMIN_EMAIL: 'root@example.test', ORRERY_ADMIN_PASSWORD: '' }, 'ORRERY_ADMIN_PASSWORD'],
    [{ ORRERY_ADMIN_PASSWORD: 'long enough password' }, 'ORRERY_ADMIN_EMAIL'],
    [{ ORRERY_ADMIN_EMAIL: 'root@example.test', ORRERY_ADMIN_PASSWORD: 'short' }, 'ORRERY_ADMIN_PASSWORD'],
    [{ SIGNUP_ESSENCE: '1.0001' }, 'SIGNUP_ESSENCE'],
    [{ SIGNUP_ESSENCE: '-5' }, 'SIGNUP_ESSENCE'],
    [{ SIGNUPS_PER_ADDRESS_PER_HOUR: '0' }, 'SIGNUPS_PER_ADDRESS_PER_HOUR'],
    [{ SPAWN_RATE_PER_MINUTE: 'lots' }, 'SPAWN_RATE_PER_MINUTE'],
    // Revocation must hold within 1 s without Redis and 5 s with it.
    [{ KEY_CACHE_MS: '1001' }, 'KEY_CACHE_MS'],
    [{ REDIS_URL: 'redis://127.0.0.1:6379', KEY_CACHE_MS: '5001' }, 'KEY_CACHE_MS'],
    [{ REDIS_COMMAND_TIMEOUT_MS: '0' }, 'REDIS_COMMAND_TIMEOUT_MS'],
    [{ DATABASE_QUERY_TIMEOUT_MS: 'soon' }, 'DATABASE_QUERY_TIMEOUT_MS'],
    [{ SQLITE_LOCK_WAIT_MS: '-1' }, 'SQLITE_LOCK_WAIT_MS'],
    [{ CRISIS_RESOURCES: 'not json' }, 'CRISIS_RESOURCES'],
    [{ CRISIS_RESOURCES: '[]' }, 'CRISIS_RESOURCES'],
    [{ CRISIS_RESOURCES: '[{"name":"X","url":"ftp://x","region":"GB"}]' }, 'CRISIS_RESOURCES'],
    [{ CRISIS_RESOURCES: '[{"name":"X","url":"https://x.org"}]' }, 'CRISIS_RESOURCES'],
    [
      { CRISIS_RESOURCES: '[{"name":"X","url":"https://x.org","region":"GB","fax":"1"}]' },
      'CRISIS_RESOURCES',
    ],
    [
      { CRISIS_RESOURCES: '[{"name":"X","url":"https://x.org","region":"GB","phone":"call me"}]' },
      'CRISIS_RESOURCES',
    ],
  ];
  for (const [env, variable] of BAD) {
    test(`refuses ${JSON.stringify(env)} naming ${variable}`, () => {
      const error = configErrorOf(env);
      assert.equal(error.variable, variable);
      assert.ok(error.message.startsWith(`${variable}: `), error.message);
      assert.ok(!error.message.includes('\n'), error.message);
    });
  }

  test('the admin password never appears in an error message', () => {
    const error = configErrorOf({ ORRERY_ADMIN_EMAIL: 'root@example.test', ORRERY_ADMIN_PASSWORD: 'tiny' });
    assert.ok(!error.message.includes('tiny'));
  });
});

describe('start-up with a bad configuration', () => {
  // The project's own tsx, as `npx tsx` would run it, without npm's own warnings on stderr.
  test('`tsx src/main.ts` with PORT=abc exits with code 2 and one line naming PORT', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'orrery-config-'));
    try {
      const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? dir,
          PORT: 'abc',
          DATABASE_URL: `sqlite:${join(dir, 'orrery.db')}`,
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      const code = await new Promise<number | null>((resolve, reject) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`main.ts did not exit; stderr: ${stderr}`));
        }, 30_000);
        child.on('error', reject);
        child.on('exit', (exitCode) => {
          clearTimeout(timer);
          resolve(exitCode);
        });
      });
      assert.equal(code, 2, `stdout: ${stdout}\nstderr: ${stderr}`);
      const lines = stderr.split('\n').filter((line) => line.trim() !== '');
      assert.equal(lines.length, 1, stderr);
      assert.match(String(lines[0]), /\bPORT\b/);
      assert.equal(stdout, '');
      // It stopped before touching the database.
      assert.equal(existsSync(join(dir, 'orrery.db')), false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
