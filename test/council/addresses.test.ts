import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { createPinnedDispatcher, FeedFetchError, fetchFeed } from '../../src/domains/council/fetcher.ts';
import { BlockedHostError, classifyAddress, parseIPv6, resolveAllowed } from '../../src/net/addresses.ts';
import { type FeedServer, startFeedServer } from '../helpers/feed-server.ts';

const CASES: [string, string][] = [
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['172.32.0.1', 'public'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'link-local'],
  ['100.64.0.1', 'cgnat'],
  ['100.127.255.255', 'cgnat'],
  ['100.128.0.1', 'public'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['255.255.255.255', 'reserved'],
  ['192.0.2.10', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['8.8.8.8', 'public'],
  ['93.184.215.14', 'public'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:10.1.2.3', 'private'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['::ffff:8.8.8.8', 'public'],
  ['::127.0.0.1', 'loopback'],
  ['64:ff9b::10.0.0.1', 'private'],
  ['64:ff9b::8.8.8.8', 'public'],
  ['2002:7f00:0001::', 'loopback'],
  ['2002:0808:0808::1', 'public'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456:789a::1', 'unique-local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf:ffff::1', 'link-local'],
  ['fec0::1', 'private'],
  ['ff02::1', 'multicast'],
  ['ff05::2', 'multicast'],
  ['2001:db8::1', 'reserved'],
  ['2001::1', 'reserved'],
  ['100::1', 'reserved'],
  ['2606:4700:4700::1111', 'public'],
  ['2a00:1450:4001:80b::200e', 'public'],
  ['not-an-ip', 'invalid'],
  ['256.1.1.1', 'invalid'],
];

describe('address classifier', () => {
  for (const [address, expected] of CASES) {
    it(`${address} is ${expected}`, () => assert.equal(classifyAddress(address), expected));
  }

  it('parses IPv6 groups with :: anywhere and a dotted tail', () => {
    assert.deepEqual(parseIPv6('1::'), [1, 0, 0, 0, 0, 0, 0, 0]);
    assert.deepEqual(parseIPv6('::2'), [0, 0, 0, 0, 0, 0, 0, 2]);
    assert.deepEqual(parseIPv6('1:2::7:8'), [1, 2, 0, 0, 0, 0, 7, 8]);
    assert.deepEqual(parseIPv6('::ffff:1.2.3.4'), [0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
  });

  it('judges an IPv4-mapped IPv6 address exactly as the IPv4 address (property)', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        assert.equal(classifyAddress(`::ffff:${ip}`), classifyAddress(ip));
      }),
      { numRuns: 500 },
    );
  });

  it('refuses every address of the private IPv4 blocks (property)', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(octet, octet, octet, (b, c, d) => {
        assert.equal(classifyAddress(`10.${b}.${c}.${d}`), 'private');
        assert.equal(classifyAddress(`127.${b}.${c}.${d}`), 'loopback');
        assert.equal(classifyAddress(`192.168.${c}.${d}`), 'private');
        assert.equal(classifyAddress(`169.254.${c}.${d}`), 'link-local');
        assert.equal(classifyAddress(`172.${16 + (b % 16)}.${c}.${d}`), 'private');
        assert.equal(classifyAddress(`100.${64 + (b % 64)}.${c}.${d}`), 'cgnat');
      }),
    );
  });

  it('resolves names and refuses one that reaches loopback', async () => {
    await assert.rejects(resolveAllowed('localhost', false), /loopback/);
    const allowed = await resolveAllowed('localhost', true);
    assert.ok(allowed.length >= 1);
    await assert.rejects(resolveAllowed('[::1]', false), /loopback/);
    await assert.rejects(resolveAllowed('127.0.0.1', false), /loopback/);
  });
});

describe('SSRF guard in the fetcher', () => {
  let server: FeedServer;
  before(async () => {
    server = await startFeedServer();
  });
  after(() => server.close());

  const limits = (allowPrivateHosts: boolean) => ({
    timeoutMs: 5000,
    maxBytes: 2 * 1024 * 1024,
    maxRedirects: 3,
    allowPrivateHosts,
    userAgent: 'test',
  });

  it('refuses 127.0.0.1 when private hosts are not allowed, before any request is sent', async () => {
    const seen = server.requests.length;
    const error = await fetchFeed(
      `${server.url}/feeds/rss.xml`,
      { etag: null, lastModified: null },
      limits(false),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(error instanceof FeedFetchError, String(error));
    assert.equal(error.reason, 'blocked');
    assert.match(error.message, /loopback/);
    assert.equal(server.requests.length, seen, 'no request reached the server');
  });

  it('refuses a name that resolves to loopback', async () => {
    const port = new URL(server.url).port;
    await assert.rejects(
      fetchFeed(`http://localhost:${port}/feeds/rss.xml`, { etag: null, lastModified: null }, limits(false)),
      (e: unknown) => e instanceof FeedFetchError && e.reason === 'blocked',
    );
  });

  it('fetches it when private hosts are allowed', async () => {
    const result = await fetchFeed(
      `${server.url}/feeds/rss.xml`,
      { etag: null, lastModified: null },
      limits(true),
    );
    assert.equal(result.status, 'ok');
  });

  it('pins connections to checked addresses: the connect-time lookup refuses loopback too', async () => {
    const pinned = createPinnedDispatcher(false);
    assert.ok(pinned, "Node's bundled undici Agent is reachable on this runtime");
    const port = new URL(server.url).port;
    const seen = server.requests.length;
    try {
      const error = await fetch(`http://localhost:${port}/feeds/rss.xml`, {
        dispatcher: pinned.dispatcher,
      } as RequestInit).then(
        () => null,
        (e: unknown) => e,
      );
      assert.ok((error as { cause?: unknown } | null)?.cause instanceof BlockedHostError, String(error));
      assert.equal(server.requests.length, seen);
    } finally {
      await pinned.close();
    }
    const open = createPinnedDispatcher(true);
    try {
      const response = await fetch(`http://localhost:${port}/feeds/rss.xml`, {
        dispatcher: open?.dispatcher,
      } as RequestInit);
      assert.equal(response.status, 200);
      await response.text();
    } finally {
      await open?.close();
    }
  });

  it('refuses schemes other than http and https, and URLs with credentials', async () => {
    for (const url of ['ftp://example.com/feed', 'file:///etc/passwd', 'http://user:pw@example.com/feed']) {
      await assert.rejects(
        fetchFeed(url, { etag: null, lastModified: null }, limits(true)),
        (e: unknown) => e instanceof FeedFetchError && e.reason === 'bad_url',
      );
    }
  });
});
