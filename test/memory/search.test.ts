import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseQuery, toFts5, toWebsearch } from '../../src/domains/memory/search.ts';

describe('memory search queries', () => {
  test('words are ANDed, phrases kept, or splits alternatives, - excludes', () => {
    const parsed = parseQuery('harbour "quiet night" -rain or sister');
    assert.equal(toFts5(parsed), '(("harbour" AND "quiet night") NOT "rain") OR ("sister")');
    assert.equal(toWebsearch(parsed), 'harbour "quiet night" -rain or sister');
  });

  test('FTS5 syntax in the input is quoted, never interpreted', () => {
    assert.equal(
      toFts5(parseQuery('content:quiet NEAR(a b) quiet* AND')),
      '("content:quiet" AND "NEAR(a" AND "b)" AND "quiet*" AND "AND")',
    );
    assert.equal(toFts5(parseQuery('say "hi')), '("say" AND "hi")');
    assert.equal(toFts5(parseQuery('a"b')), '("a b")');
  });

  test('nothing searchable → an empty query', () => {
    for (const q of ['', '   ', '!!!', '"', '-', 'or', 'or or', '-rain', '-"a b" -c', '*** ---']) {
      assert.deepEqual(parseQuery(q), [], q);
    }
    // An alternative of only exclusions is dropped; the rest stays.
    assert.equal(toFts5(parseQuery('-rain or sun')), '("sun")');
    assert.equal(toWebsearch(parseQuery('-rain or sun')), 'sun');
  });
});
