import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The tradition a work belongs to; `style` in a request selects by it (see `eligible`). */
export type Tradition = 'stoic' | 'taoist' | 'existential';

export interface Work {
  readonly id: string;
  readonly title: string;
  readonly author: string;
  readonly translator: string;
  readonly tradition: Tradition;
  /** Passages are verses: a quotation runs on into the next verse while a sentence is open. */
  readonly verses: boolean;
}

export interface Passage {
  /** Position in the whole corpus; the final tie-breaker wherever passages are ranked. */
  readonly index: number;
  /** Position within its work. */
  readonly seq: number;
  readonly work: Work;
  /** Where the passage sits in the work, e.g. `4.3` (book.section) or `8` (chapter). */
  readonly locator: string;
  /** Paragraphs separated by `\n`; verse lines inside a paragraph by ` / `. */
  readonly text: string;
  /**
   * Never quoted: the passage speaks of taking one's own life (listed in `corpus/excluded.tsv`).
   * It is kept so that locators and indexes stay those of the work, but it is never indexed.
   */
  readonly excluded: boolean;
}

export interface Corpus {
  readonly works: readonly Work[];
  readonly passages: readonly Passage[];
}

export class CorpusFormatError extends Error {
  constructor(file: string, line: number, message: string) {
    super(`${file}:${line}: ${message}`);
    this.name = 'CorpusFormatError';
  }
}

const TRADITIONS: readonly string[] = ['stoic', 'taoist', 'existential'];
const REQUIRED_HEADERS = ['work', 'author', 'translator', 'tradition'] as const;

/**
 * Parses one corpus file (format in `corpus/SOURCES.md`):
 *
 *   key: value            header lines, until the first passage
 *   # …                   comment (headers only)
 *
 *   @ 4.3                 a passage and its locator
 *   text …                one line per paragraph, until the next `@` line
 */
export function parseCorpusFile(
  file: string,
  source: string,
  firstIndex: number,
): { work: Work; passages: Passage[] } {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headers = new Map<string, string>();
  let i = 0;
  for (; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line.startsWith('@')) break;
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-z]+):\s*(.+)$/.exec(line);
    if (!match) throw new CorpusFormatError(file, i + 1, `expected "key: value", got "${line}"`);
    headers.set(match[1] as string, (match[2] as string).trim());
  }
  for (const key of REQUIRED_HEADERS) {
    if (!headers.has(key)) throw new CorpusFormatError(file, 1, `missing header "${key}"`);
  }
  const tradition = headers.get('tradition') as string;
  if (!TRADITIONS.includes(tradition)) {
    throw new CorpusFormatError(file, 1, `unknown tradition "${tradition}"`);
  }
  const work: Work = Object.freeze({
    id: file.replace(/\.txt$/, ''),
    title: headers.get('work') as string,
    author: headers.get('author') as string,
    translator: headers.get('translator') as string,
    tradition: tradition as Tradition,
    verses: headers.get('verses') === 'true',
  });

  const passages: Passage[] = [];
  const seen = new Set<string>();
  let locator: string | null = null;
  let locatorLine = 0;
  let body: string[] = [];
  const flush = () => {
    if (locator === null) return;
    const text = body.join('\n').trim();
    if (text === '') throw new CorpusFormatError(file, locatorLine, `passage ${locator} is empty`);
    passages.push(
      Object.freeze({
        index: firstIndex + passages.length,
        seq: passages.length,
        work,
        locator,
        text,
        excluded: false,
      }),
    );
  };
  for (; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.startsWith('@')) {
      flush();
      const next = line.slice(1).trim();
      if (!/^[0-9]+(\.[0-9]+)?$/.test(next)) {
        throw new CorpusFormatError(file, i + 1, `bad locator "${next}"`);
      }
      if (seen.has(next)) throw new CorpusFormatError(file, i + 1, `duplicate locator ${next}`);
      seen.add(next);
      locator = next;
      locatorLine = i + 1;
      body = [];
    } else if (line.trim() !== '') {
      body.push(line.trim());
    }
  }
  flush();
  if (passages.length === 0) throw new CorpusFormatError(file, 1, 'no passages');
  return { work, passages };
}

export const CORPUS_DIR = fileURLToPath(new URL('./corpus/', import.meta.url));

/** One line of `excluded.tsv`: a work id and a locator, or `N.*` for every paragraph of `N`. */
export interface Exclusion {
  readonly work: string;
  readonly locator: string;
}

export const EXCLUDED_FILE = 'excluded.tsv';

/** Parses `excluded.tsv`: `work<TAB>locator<TAB>why` lines; `#` comments and blank lines skipped. */
export function parseExclusions(source: string): Exclusion[] {
  const out: Exclusion[] = [];
  source.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '' || line.startsWith('#')) return;
    const [work, locator, why] = line.split('\t');
    if (!work || !locator || !why || !/^[0-9]+(\.[0-9]+|\.\*)?$/.test(locator)) {
      throw new CorpusFormatError(EXCLUDED_FILE, i + 1, `expected "work<TAB>locator<TAB>why", got "${line}"`);
    }
    out.push({ work, locator });
  });
  return out;
}

function isExcluded(passage: Passage, exclusions: readonly Exclusion[]): boolean {
  return exclusions.some(
    (e) =>
      e.work === passage.work.id &&
      (e.locator === passage.locator ||
        (e.locator.endsWith('.*') && passage.locator.startsWith(e.locator.slice(0, -1)))),
  );
}

/**
 * Reads every `*.txt` file of a corpus folder, in file-name order (so indexes are stable), and
 * marks the passages `excluded.tsv` lists. Every listed locator must exist.
 */
export function loadCorpus(dir: string = CORPUS_DIR): Corpus {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.txt'))
    .sort();
  const works: Work[] = [];
  const passages: Passage[] = [];
  for (const file of files) {
    const parsed = parseCorpusFile(file, readFileSync(join(dir, file), 'utf8'), passages.length);
    works.push(parsed.work);
    passages.push(...parsed.passages);
  }
  const exclusionsPath = join(dir, EXCLUDED_FILE);
  const exclusions = existsSync(exclusionsPath) ? parseExclusions(readFileSync(exclusionsPath, 'utf8')) : [];
  for (const e of exclusions) {
    if (!passages.some((p) => isExcluded(p, [e]))) {
      throw new CorpusFormatError(EXCLUDED_FILE, 1, `no passage ${e.work} ${e.locator}`);
    }
  }
  for (const [i, p] of passages.entries()) {
    if (isExcluded(p, exclusions)) passages[i] = Object.freeze({ ...p, excluded: true });
  }
  return Object.freeze({ works: Object.freeze(works), passages: Object.freeze(passages) });
}
