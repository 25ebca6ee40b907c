import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { newSecret, signatureHeader } from '../../src/domains/webhooks/signing.ts';
import { retryDelayMs } from '../../src/domains/webhooks/worker.ts';

describe('webhook signing', () => {
  test('signatures match the standardwebhooks reference for any id, time and body', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^dlv_[0-9a-z]{26}$/),
        fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }),
        fc.string(),
        (id, seconds, body) => {
          const secret = newSecret();
          const ours = signatureHeader([secret], id, seconds, body);
          assert.equal(ours, new Webhook(secret).sign(id, new Date(seconds * 1000), body));
        },
      ),
      { numRuns: 200 },
    );
  });

  test('during a rotation both signatures are present, and the reference verifies either secret', () => {
    const [current, previous] = [newSecret(), newSecret()];
    const body = '{"type":"webhook.test","timestamp":"2026-11-21T09:30:00.000Z","data":{}}';
    const now = new Date();
    const seconds = Math.floor(now.getTime() / 1000);
    const header = signatureHeader([current, previous], 'dlv_01jd0000000000000000000000', seconds, body);
    assert.equal(header.split(' ').length, 2);
    const headers = {
      'webhook-id': 'dlv_01jd0000000000000000000000',
      'webhook-timestamp': String(seconds),
      'webhook-signature': header,
    };
    for (const secret of [current, previous])
      assert.deepEqual(new Webhook(secret).verify(body, headers), JSON.parse(body));
    assert.throws(() => new Webhook(newSecret()).verify(body, headers));
  });

  test('secrets are whsec_ + base64 of 32 random bytes', () => {
    const secrets = new Set(Array.from({ length: 50 }, newSecret));
    assert.equal(secrets.size, 50);
    for (const secret of secrets) {
      assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
      assert.equal(Buffer.from(secret.slice(6), 'base64').length, 32);
    }
  });
});

describe('webhook retries', () => {
  test('the default schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, each ±10 %, more than 24 h in all', () => {
    const schedule = loadConfig({}).webhooks.retryScheduleMs;
    assert.deepEqual(
      schedule,
      [5, 300, 1800, 7200, 18_000, 36_000, 36_000].map((s) => s * 1000),
    );
    const low = schedule.map((_, i) => retryDelayMs(schedule, i + 1, () => 0) as number);
    const high = schedule.map((_, i) => retryDelayMs(schedule, i + 1, () => 0.999_999) as number);
    schedule.forEach((base, i) => {
      assert.equal(low[i], Math.round(base * 0.9));
      assert.ok((high[i] as number) <= base * 1.1 && (high[i] as number) > base * 1.09);
    });
    assert.ok(low.reduce((a, b) => a + b, 0) > 24 * 3_600_000);
    assert.equal(retryDelayMs(schedule, schedule.length + 1), null, 'then exhausted');
  });

  test('WEBHOOK_RETRY_SCHEDULE replaces it; bad values stop start-up naming the variable', () => {
    assert.deepEqual(
      loadConfig({ WEBHOOK_RETRY_SCHEDULE: '1, 2.5,60' }).webhooks.retryScheduleMs,
      [1000, 2500, 60_000],
    );
    for (const bad of ['0', '1,,2', '-1', 'soon', '1e3', '1.2345']) {
      assert.throws(
        () => loadConfig({ WEBHOOK_RETRY_SCHEDULE: bad }),
        (error: unknown) => error instanceof ConfigError && error.variable === 'WEBHOOK_RETRY_SCHEDULE',
        bad,
      );
    }
    assert.throws(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '20000' }), ConfigError);
    assert.throws(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'maybe' }), ConfigError);
    assert.equal(loadConfig({}).webhooks.allowPrivate, false);
    assert.equal(loadConfig({}).webhooks.attemptTimeoutMs, 10_000);
    assert.equal(loadConfig({}).webhooks.endpointsPerAccount, 10);
    assert.equal(loadConfig({}).webhooks.disableAfterMs, 5 * 24 * 3_600_000);
  });
});
