import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('Council configuration', () => {
  it('has the documented defaults', () => {
    assert.deepEqual(loadConfig({}).council, {
      intervalMinutes: 15,
      fetchTimeoutMs: 10_000,
      maxFeedBytes: 2 * 1024 * 1024,
      maxRedirects: 3,
      allowPrivateHosts: false,
      signalsPerMinute: 30,
    });
  });

  it('reads each variable and names a bad one', () => {
    const council = loadConfig({
      COUNCIL_INTERVAL_MINUTES: '0',
      COUNCIL_FETCH_TIMEOUT_MS: '500',
      COUNCIL_MAX_FEED_BYTES: '4096',
      COUNCIL_MAX_REDIRECTS: '0',
      COUNCIL_ALLOW_PRIVATE_HOSTS: 'TRUE',
      COUNCIL_SIGNALS_RATE_PER_MINUTE: '5',
    }).council;
    assert.deepEqual(council, {
      intervalMinutes: 0,
      fetchTimeoutMs: 500,
      maxFeedBytes: 4096,
      maxRedirects: 0,
      allowPrivateHosts: true,
      signalsPerMinute: 5,
    });
    for (const [name, value] of [
      ['COUNCIL_ALLOW_PRIVATE_HOSTS', 'sometimes'],
      ['COUNCIL_INTERVAL_MINUTES', '-1'],
      ['COUNCIL_FETCH_TIMEOUT_MS', 'fast'],
      ['COUNCIL_MAX_REDIRECTS', '11'],
      ['COUNCIL_SIGNALS_RATE_PER_MINUTE', '0'],
    ] as const) {
      assert.throws(
        () => loadConfig({ [name]: value }),
        (error: unknown) => error instanceof ConfigError && error.variable === name,
        name,
      );
    }
  });
});
