import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { safeNext } from '../../web/src/safe-next.ts';

const ORIGIN = 'https://orrery.example';

/** What the sign-in page does with `?next=`: the parameter as URLSearchParams decodes it. */
function nextOf(query: string): string {
  return safeNext(new URLSearchParams(query).get('next'), ORIGIN);
}

describe('the sign-in redirect goes only to a path of the service', () => {
  const hostile = [
    '//evil.test',
    '//evil.test/path',
    '/%09/evil.test',
    '/%0a/evil.test',
    '/%0d%0a/evil.test',
    '/\\evil.test',
    '/%5Cevil.test',
    '%2F%2Fevil.test',
    '/%2F/evil.test',
    '%252F%252Fevil.test',
    'https://evil.test',
    'https:evil.test',
    'HTTPS://evil.test',
    'javascript:alert(1)',
    'data:text/html,hi',
    '\\\\evil.test',
    ' //evil.test',
    '/\t/evil.test',
    'evil.test',
    '',
    '/signin',
    '/signin?next=/admin',
  ];
  for (const value of hostile) {
    test(`next=${JSON.stringify(value)} → the portal home`, () => {
      assert.equal(nextOf(`next=${encodeURIComponent(value)}`), '/portal');
      // And sent unencoded, as a hand-made link would be.
      if (!/[&#+]/.test(value)) assert.equal(nextOf(`next=${value}`), '/portal');
    });
  }

  test('a missing next → the portal home', () => {
    assert.equal(nextOf(''), '/portal');
  });

  for (const [value, expected] of [
    ['/admin', '/admin'],
    ['/arc?window=7d', '/arc?window=7d'],
    ['/cosmos#layer-3', '/cosmos#layer-3'],
    ['/a/../admin', '/admin'],
  ] as const) {
    test(`next=${value} → ${expected}`, () => {
      assert.equal(nextOf(`next=${encodeURIComponent(value)}`), expected);
    });
  }
});
