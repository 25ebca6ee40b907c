import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  CORPUS_DIR,
  CorpusFormatError,
  loadCorpus,
  parseCorpusFile,
} from '../../src/domains/oracle/corpus.ts';
import { buildQuery, corpusIndex, STYLES } from '../../src/domains/oracle/retrieval.ts';
import { stem, terms } from '../../src/domains/oracle/text.ts';

describe('oracle corpus', () => {
  const corpus = loadCorpus();

  test('ships the five works with several hundred located passages', () => {
    const titles = corpus.works.map((w) => w.title).sort();
    assert.deepEqual(titles, [
      'Ecclesiastes',
      'Enchiridion',
      'Meditations',
      'Moral Letters to Lucilius',
      'Tao Te Ching',
    ]);
    assert.ok(corpus.passages.length >= 500, String(corpus.passages.length));
    const count = (title: string) => corpus.passages.filter((p) => p.work.title === title).length;
    assert.equal(count('Tao Te Ching'), 81);
    assert.equal(count('Enchiridion'), 52);
    assert.equal(count('Ecclesiastes'), 222);
    assert.equal(count('Meditations'), 487);
    assert.ok(count('Moral Letters to Lucilius') > 1000);
  });

  test('locators follow each work’s own numbering', () => {
    const find = (title: string, locator: string) =>
      corpus.passages.find((p) => p.work.title === title && p.locator === locator)?.text ?? '';
    assert.match(find('Meditations', '4.3'), /^Men seek retreats for themselves/);
    assert.match(find('Meditations', '4.49'), /^Be like the promontory/);
    assert.match(find('Meditations', '12.36'), /^Man, thou hast been a citizen/);
    assert.match(find('Enchiridion', '5'), /^Men are disturbed not by things/);
    assert.match(find('Moral Letters to Lucilius', '1.3'), /^Nothing, Lucilius, is ours, except time/);
    assert.match(find('Tao Te Ching', '8'), /^The highest excellence is like \(that of\) water/);
    assert.match(find('Ecclesiastes', '3.1'), /^To every thing there is a season/);
  });

  test('every work is listed in SOURCES.md with its translator', () => {
    const sources = readFileSync(join(CORPUS_DIR, 'SOURCES.md'), 'utf8');
    for (const work of corpus.works) {
      assert.ok(sources.includes(work.title), work.title);
      assert.ok(sources.includes(work.translator), work.translator);
    }
    assert.doesNotMatch(
      corpus.passages.map((p) => p.text).join('\n'),
      /Project Gutenberg|Wikisource|www\.|http/i,
    );
  });

  test('the file format is checked', () => {
    const ok =
      'work: W\nauthor: A\ntranslator: T\ntradition: stoic\n\n@ 1.1\nFirst.\n\n@ 1.2\nSecond line.\nThird.\n';
    const parsed = parseCorpusFile('w.txt', ok, 10);
    assert.equal(parsed.passages.length, 2);
    assert.equal(parsed.passages[1]?.text, 'Second line.\nThird.');
    assert.equal(parsed.passages[1]?.index, 11);
    assert.throws(() => parseCorpusFile('w.txt', ok.replace('tradition: stoic\n', ''), 0), CorpusFormatError);
    assert.throws(() => parseCorpusFile('w.txt', ok.replace('stoic', 'cynic'), 0), /unknown tradition/);
    assert.throws(() => parseCorpusFile('w.txt', ok.replace('@ 1.2', '@ 1.1'), 0), /duplicate locator/);
    assert.throws(() => parseCorpusFile('w.txt', ok.replace('@ 1.2', '@ one'), 0), /bad locator/);
    assert.throws(() => parseCorpusFile('w.txt', ok.replace('First.', ''), 0), /is empty/);
  });
});

describe('oracle retrieval', () => {
  const index = corpusIndex();

  test('the stemmer joins the forms a question and a translation use', () => {
    assert.equal(stem('fears'), stem('fearing'));
    assert.equal(stem('afraid'), stem('fear'));
    assert.equal(stem('disturbed'), stem('disturbing'));
    assert.equal(stem('tranquillity'), stem('tranquility'));
    assert.equal(stem('labour'), stem('labor'));
    assert.deepEqual(terms('Thou art troubled, and hath the fear of death'), ['troubl', 'fear', 'die']);
  });

  test('styles select their works', () => {
    const query = buildQuery('How do I face death without fear?', ['mortality', 'fear'], 'heavy');
    const worksOf = (style: (typeof STYLES)[number]) =>
      new Set(index.search(query, style, 200).map((h) => h.passage.work.title));
    assert.deepEqual([...worksOf('taoist')], ['Tao Te Ching']);
    for (const title of worksOf('stoic')) {
      assert.ok(['Meditations', 'Enchiridion', 'Moral Letters to Lucilius'].includes(title), title);
    }
    assert.ok(worksOf('existential').has('Ecclesiastes'));
    assert.ok(worksOf('any').size >= 4);
  });

  test('existential passages outside Ecclesiastes speak of mortality, meaning, time or change', () => {
    const query = buildQuery('What is the point of all my work?', ['meaning', 'work'], 'heavy');
    for (const hit of index.search(query, 'existential', 100)) {
      if (hit.passage.work.title === 'Ecclesiastes') continue;
      const themes = index.passageThemes[hit.passage.index] ?? [];
      assert.ok(
        themes.some((t) => ['mortality', 'meaning', 'time', 'change'].includes(t)),
        `${hit.passage.work.title} ${hit.passage.locator}`,
      );
    }
  });

  test('ranking is stable: same query, same order', () => {
    const query = buildQuery('Why am I so angry at my brother?', ['anger', 'others'], 'stormy');
    const a = index.search(query, 'any').map((h) => `${h.passage.index}:${h.score}`);
    const b = index.search(query, 'any').map((h) => `${h.passage.index}:${h.score}`);
    assert.deepEqual(a, b);
    assert.ok(a.length > 10);
  });

  test('a question finds the passage that answers it', () => {
    const query = buildQuery(
      'Are we disturbed by things themselves, or by the views we take of them?',
      [],
      'still',
    );
    const top = index.search(query, 'stoic', 5).map((h) => `${h.passage.work.title} ${h.passage.locator}`);
    assert.ok(top.includes('Enchiridion 5'), top.join(', '));
  });
});
