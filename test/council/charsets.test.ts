import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import iconv from 'iconv-lite';
import { feedCharset } from '../../src/domains/council/charset.ts';
import { fetchFeed } from '../../src/domains/council/fetcher.ts';
import { parseFeedDocument } from '../../src/domains/council/parser.ts';

/**
 * Feeds in the character sets §8 names, served over real HTTP as bytes: decoded by their BOM,
 * their HTTP charset or their XML declaration, and parsed into the right text.
 */
const LIMITS = {
  timeoutMs: 5000,
  maxBytes: 1 << 20,
  maxRedirects: 0,
  allowPrivateHosts: true,
  userAgent: 'Orrery-Test',
};

interface Case {
  name: string;
  /** The encoding the bytes are produced in (by iconv-lite's encoder). */
  encoding: string;
  title: string;
  /** The declaration's `encoding`, or null for none. */
  declared: string | null;
  /** The HTTP Content-Type, or null for `application/xml` without a charset. */
  contentType: string | null;
  bom?: boolean;
}

const CASES: Case[] = [
  {
    name: 'UTF-16LE with a BOM, no label anywhere',
    encoding: 'utf-16le',
    title: 'Ünïcödé — ☀ 日本',
    declared: null,
    contentType: null,
    bom: true,
  },
  {
    name: 'UTF-16BE with a BOM, and a header that says UTF-8',
    encoding: 'utf-16be',
    title: 'Grüße aus Köln ✓',
    declared: 'UTF-16',
    contentType: 'application/rss+xml; charset=utf-8',
    bom: true,
  },
  {
    name: 'UTF-16LE without a BOM, declared UTF-16',
    encoding: 'utf-16le',
    title: 'Ça va très bien',
    declared: 'UTF-16',
    contentType: null,
  },
  {
    name: 'UTF-16BE without a BOM, declared UTF-16',
    encoding: 'utf-16be',
    title: 'Ça va très bien',
    declared: 'UTF-16',
    contentType: null,
  },
  {
    name: 'windows-1252 by the XML declaration',
    encoding: 'windows-1252',
    title: '“Smart quotes” – naïve café €5',
    declared: 'windows-1252',
    contentType: null,
  },
  {
    name: 'ISO-8859-1 labelled, windows-1252 bytes (read as browsers do)',
    encoding: 'windows-1252',
    title: 'Déjà vu … “again”',
    declared: 'ISO-8859-1',
    contentType: null,
  },
  {
    name: 'ISO-8859-2 by the HTTP charset',
    encoding: 'iso-8859-2',
    title: 'Zażółć gęślą jaźń',
    declared: null,
    contentType: 'application/rss+xml; charset=ISO-8859-2',
  },
  {
    name: 'ISO-8859-5 by the XML declaration',
    encoding: 'iso-8859-5',
    title: 'Привет, мир',
    declared: 'ISO-8859-5',
    contentType: null,
  },
  {
    name: 'ISO-8859-7 by the HTTP charset (quoted)',
    encoding: 'iso-8859-7',
    title: 'Καλημέρα κόσμε',
    declared: null,
    contentType: 'text/xml; charset="iso-8859-7"',
  },
  {
    name: 'ISO-8859-15 by the XML declaration',
    encoding: 'iso-8859-15',
    title: 'Prix : 10 € œuvre',
    declared: 'ISO-8859-15',
    contentType: null,
  },
  {
    name: 'KOI8-R by the XML declaration',
    encoding: 'koi8-r',
    title: 'Новости дня',
    declared: 'KOI8-R',
    contentType: null,
  },
  {
    name: 'KOI8-R by the HTTP charset over a wrong declaration',
    encoding: 'koi8-r',
    title: 'Тихое утро',
    declared: 'UTF-8',
    contentType: 'application/xml; charset=koi8-r',
  },
  {
    name: 'Shift_JIS by the XML declaration',
    encoding: 'shift_jis',
    title: '今日は良い天気です',
    declared: 'Shift_JIS',
    contentType: null,
  },
  {
    name: 'Shift_JIS by the HTTP charset',
    encoding: 'shift_jis',
    title: '静かな夜に星を見る',
    declared: null,
    contentType: 'application/rss+xml; charset=Shift_JIS',
  },
  {
    name: 'GB18030 by the XML declaration',
    encoding: 'gb18030',
    title: '平静的心 𠀀',
    declared: 'GB18030',
    contentType: null,
  },
  {
    name: 'GB2312 label read by the GB18030 family',
    encoding: 'gbk',
    title: '今天天气很好',
    declared: 'GB2312',
    contentType: null,
  },
  {
    name: 'windows-1251 by the HTTP charset',
    encoding: 'windows-1251',
    title: 'Доброе утро',
    declared: null,
    contentType: 'application/rss+xml; charset=windows-1251',
  },
  {
    name: 'UTF-8 with a BOM',
    encoding: 'utf-8',
    title: 'Plain ✓ UTF-8',
    declared: null,
    contentType: null,
    bom: true,
  },
  {
    name: 'UTF-8 by default',
    encoding: 'utf-8',
    title: 'Nothing declared: ünïcödé',
    declared: null,
    contentType: null,
  },
];

function rss(title: string, declared: string | null): string {
  const declaration =
    declared === null ? '<?xml version="1.0"?>' : `<?xml version="1.0" encoding="${declared}"?>`;
  return `${declaration}
<rss version="2.0"><channel><title>${title}</title><link>https://feeds.example/</link><description>d</description>
<item><title>${title}</title><link>https://feeds.example/1</link><description>${title}</description></item>
</channel></rss>`;
}

describe('feeds in every character set', () => {
  let server: Server;
  let base: string;
  const served = new Map<string, { bytes: Buffer; contentType: string | null }>();

  before(async () => {
    server = createServer((req, res) => {
      const feed = served.get(req.url ?? '');
      if (!feed) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': feed.contentType ?? 'application/xml' }).end(feed.bytes);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server?.close());

  CASES.forEach((c, i) => {
    test(c.name, async () => {
      const bytes = iconv.encode(rss(c.title, c.declared), c.encoding, { addBOM: c.bom === true });
      // The encoded bytes are not the UTF-8 of the text (else the test could pass by accident).
      if (c.encoding !== 'utf-8') assert.notDeepEqual(bytes, Buffer.from(rss(c.title, c.declared)));
      served.set(`/${i}.xml`, { bytes, contentType: c.contentType });
      const result = await fetchFeed(`${base}/${i}.xml`, { etag: null, lastModified: null }, LIMITS);
      assert.equal(result.status, 'ok');
      if (result.status !== 'ok') return;
      const feed = parseFeedDocument(result.body, result.url);
      assert.equal(feed.title, c.title);
      assert.equal(feed.entries[0]?.title, c.title);
    });
  });

  test('the BOM outranks the header, the header outranks the declaration', () => {
    const le = iconv.encode('<?xml version="1.0" encoding="koi8-r"?><a/>', 'utf-16le', { addBOM: true });
    assert.equal(feedCharset(le, 'text/xml; charset=shift_jis'), 'utf-16le');
    const ascii = Buffer.from('<?xml version="1.0" encoding="koi8-r"?><a/>');
    assert.equal(feedCharset(ascii, 'text/xml; charset=shift_jis'), 'shift_jis');
    assert.equal(feedCharset(ascii, 'text/xml'), 'koi8-r');
    assert.equal(feedCharset(ascii, 'text/xml; charset=no-such-charset'), 'koi8-r');
    assert.equal(feedCharset(Buffer.from('<?xml version="1.0" encoding="bogus"?><a/>'), null), 'utf-8');
  });
});
