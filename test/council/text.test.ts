import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  canonicalLink,
  normaliseSpace,
  SUMMARY_LIMIT,
  stripMarkup,
  summarise,
  truncateAtWord,
} from '../../src/domains/council/text.ts';

const words = (text: string) => normaliseSpace(text).split(' ').filter(Boolean);

/**
 * A summary never cuts a word: with its final "…" removed, every word it holds is a whole word of
 * the source text (sentences are taken whole; a cut happens only at whitespace).
 */
function assertWholeWords(source: string, summary: string) {
  const sourceWords = new Set(words(source));
  const body = summary.endsWith('…') ? summary.slice(0, -1) : summary;
  const list = words(body);
  for (const [index, word] of list.entries()) {
    // The last word may have lost trailing punctuation at the cut (e.g. "town," → "town").
    const ok =
      sourceWords.has(word) ||
      (index === list.length - 1 &&
        [...sourceWords].some((w) => w.startsWith(word) && /^[,;:–—-]+$/.test(w.slice(word.length))));
    assert.ok(ok, `"${word}" is not a whole word of the source; summary: ${JSON.stringify(summary)}`);
  }
}

const wordArb = fc.stringMatching(/^[A-Za-z][a-z]{0,14}[.,!?]?$/);
const proseArb = fc.array(wordArb, { minLength: 0, maxLength: 200 }).map((ws) => ws.join(' '));
const noisyArb = fc.oneof(
  proseArb,
  fc.string({ maxLength: 1200 }),
  fc
    .array(fc.oneof(wordArb, fc.string({ minLength: 1, maxLength: 400 })), { maxLength: 60 })
    .map((ws) => ws.join(' ')),
);

describe('summaries', () => {
  it(`are at most ${SUMMARY_LIMIT} characters and never cut a word (property)`, () => {
    fc.assert(
      fc.property(noisyArb, (text) => {
        const summary = summarise(text);
        assert.ok(summary.length <= SUMMARY_LIMIT, `${summary.length} characters`);
        assertWholeWords(text, summary);
      }),
      { numRuns: 400 },
    );
  });

  it('keep short texts whole and add no ellipsis', () => {
    assert.equal(summarise('  A short   note.  '), 'A short note.');
  });

  it('keep whole sentences, in their order, when a long text has them', () => {
    const text =
      'The council opened a new riverside park on Tuesday. The park includes gardens, a playground and a pond. ' +
      'Residents said the park was long overdue. Construction began two springs ago and the park stays open daily. ' +
      'Unrelated trivia about the weather in another country filled the rest of the column for no reason at all.';
    const summary = summarise(text);
    assert.ok(summary.length <= SUMMARY_LIMIT);
    assert.ok(!summary.endsWith('…'));
    assert.ok(summary.startsWith('The council opened a new riverside park on Tuesday.'), summary);
    let position = -1;
    for (const sentence of summary.split(/(?<=\.) /)) {
      const at = text.indexOf(sentence);
      assert.ok(at > position, `sentence out of order or invented: ${sentence}`);
      position = at;
    }
  });

  it('cut one overlong sentence at a word boundary with an ellipsis', () => {
    const text = `${'Words without any full stop keep going '.repeat(20)}and on`;
    const summary = summarise(text);
    assert.ok(summary.endsWith('…'));
    assert.ok(summary.length <= SUMMARY_LIMIT);
    assertWholeWords(text, summary);
  });

  it('give nothing rather than half of a single giant word', () => {
    assert.equal(truncateAtWord('x'.repeat(400), 280), '');
    assert.equal(summarise('y'.repeat(400)), '');
  });
});

describe('canonical links', () => {
  it('lower-case scheme and host, drop the fragment, the default port and tracking parameters', () => {
    assert.equal(
      canonicalLink('HTTPS://News.Example:443/Story/One?utm_source=rss&b=2&a=1&fbclid=x&gclid=y#top'),
      'https://news.example/Story/One?a=1&b=2',
    );
    assert.equal(canonicalLink('http://example.com/a?utm_medium=x'), 'http://example.com/a');
    assert.equal(
      canonicalLink('/relative', 'https://example.com/feeds/x.xml'),
      'https://example.com/relative',
    );
  });

  it('refuse what is not an http(s) link', () => {
    assert.equal(canonicalLink('javascript:alert(1)'), null);
    assert.equal(canonicalLink('mailto:someone@example.com'), null);
    assert.equal(canonicalLink('not a url'), null);
    assert.equal(canonicalLink('https://user:pw@example.com/'), null);
  });

  it('are idempotent (property)', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        const once = canonicalLink(url);
        if (once !== null) assert.equal(canonicalLink(once), once);
      }),
    );
  });
});

describe('markup', () => {
  it('is stripped, with link targets, images and scripts dropped', () => {
    assert.equal(
      stripMarkup(
        '<p>Hello <b>world</b> &amp; <a href="https://x.example">friends</a><img src="x.png"></p><script>alert(1)</script>',
      ),
      'Hello world & friends',
    );
  });
});
