import type { FamilyId } from '../atlas/catalogue.ts';
import { type Corpus, loadCorpus, type Passage } from './corpus.ts';
import { stem, terms } from './text.ts';
import { EXISTENTIAL_THEMES, FAMILY_TERMS, THEMES_BY_ID, themesOfPassage } from './themes.ts';

export const STYLES = ['stoic', 'taoist', 'existential', 'any'] as const;
export type OracleStyle = (typeof STYLES)[number];

export interface Hit {
  readonly passage: Passage;
  readonly score: number;
}

/** A weighted query: stem → weight. */
export type Query = ReadonlyMap<string, number>;

const K1 = 1.2;
const B = 0.75;
/** Weight of the translations' vocabulary for a theme the question names. */
const THEME_WEIGHT = 0.35;
/** Weight of the mood family's vocabulary. */
const MOOD_WEIGHT = 0.25;

interface Posting {
  readonly doc: number;
  readonly tf: number;
}

/**
 * Okapi BM25 over the corpus passages, built once per process (the corpus is immutable and
 * shared by every app instance in it). Scores are summed in a fixed term order and ranked with
 * the corpus position as the tie-breaker, so the same query always ranks the same way.
 */
export class PassageIndex {
  readonly corpus: Corpus;
  private readonly postings = new Map<string, Posting[]>();
  private readonly lengths: Float64Array;
  private readonly averageLength: number;
  /** Passage index → its stems (kept for excerpting and theme tagging). */
  readonly passageTerms: readonly (readonly string[])[];
  /** Passage index → themes in the translations' vocabulary. */
  readonly passageThemes: readonly (readonly string[])[];
  private readonly existential: Uint8Array;

  constructor(corpus: Corpus) {
    this.corpus = corpus;
    const n = corpus.passages.length;
    this.lengths = new Float64Array(n);
    const allTerms: string[][] = [];
    const allThemes: string[][] = [];
    this.existential = new Uint8Array(n);
    let total = 0;
    for (const passage of corpus.passages) {
      const t = terms(passage.text);
      allTerms.push(t);
      this.lengths[passage.index] = t.length;
      total += t.length;
      const counts = new Map<string, number>();
      // An excluded passage gets no postings: no query can ever score it.
      if (!passage.excluded) for (const s of t) counts.set(s, (counts.get(s) ?? 0) + 1);
      for (const [s, tf] of counts) {
        let list = this.postings.get(s);
        if (list === undefined) {
          list = [];
          this.postings.set(s, list);
        }
        list.push({ doc: passage.index, tf });
      }
      const themes = themesOfPassage(t);
      allThemes.push(themes);
      // A passage suits the existential style when the themes of mortality, meaning, time or
      // change run through it (two cues, or one in a short passage), or when it is Ecclesiastes.
      const existentialHits = themesOfPassage(t, 2).filter((id) => EXISTENTIAL_THEMES.includes(id)).length;
      const shortHit = t.length <= 60 && themes.some((id) => EXISTENTIAL_THEMES.includes(id));
      if (passage.work.tradition === 'existential' || existentialHits > 0 || shortHit) {
        this.existential[passage.index] = 1;
      }
    }
    this.averageLength = n === 0 ? 1 : total / n;
    this.passageTerms = allTerms;
    this.passageThemes = allThemes;
  }

  get size(): number {
    return this.corpus.passages.length;
  }

  /** Inverse document frequency (BM25's, floored at a small positive value). */
  idf(term: string): number {
    const df = this.postings.get(term)?.length ?? 0;
    const n = this.corpus.passages.length;
    return Math.max(0.05, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
  }

  /** Whether a passage may answer in a style. */
  eligible(passage: Passage, style: OracleStyle): boolean {
    switch (style) {
      case 'any':
        return true;
      case 'stoic':
        return passage.work.tradition === 'stoic';
      case 'taoist':
        return passage.work.tradition === 'taoist';
      case 'existential':
        return this.existential[passage.index] === 1;
    }
  }

  search(query: Query, style: OracleStyle, limit = 50): Hit[] {
    const scores = new Float64Array(this.corpus.passages.length);
    const touched: number[] = [];
    const entries = [...query.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    for (const [term, weight] of entries) {
      const list = this.postings.get(term);
      if (list === undefined) continue;
      const idf = this.idf(term);
      for (const { doc, tf } of list) {
        const length = this.lengths[doc] as number;
        const norm = (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / this.averageLength));
        if (scores[doc] === 0) touched.push(doc);
        scores[doc] = (scores[doc] as number) + weight * idf * norm;
      }
    }
    const hits: Hit[] = [];
    for (const doc of touched) {
      const passage = this.corpus.passages[doc] as Passage;
      if (this.eligible(passage, style)) hits.push({ passage, score: scores[doc] as number });
    }
    hits.sort((a, b) => b.score - a.score || a.passage.index - b.passage.index);
    return hits.slice(0, limit);
  }
}

/**
 * The query for a question: its own stems at full weight (a repeated word counts at most
 * twice), the translations' vocabulary for the themes it names, and the mood family's words.
 */
export function buildQuery(
  question: string,
  themeIds: readonly string[],
  family: FamilyId,
): Map<string, number> {
  const query = new Map<string, number>();
  const add = (term: string, weight: number, cap: number) => {
    query.set(term, Math.min(cap, (query.get(term) ?? 0) + weight));
  };
  for (const t of terms(question)) add(t, 1, 2);
  for (const id of themeIds.slice(0, 3)) {
    const theme = THEMES_BY_ID.get(id);
    if (theme === undefined) continue;
    for (const word of theme.corpus) add(stem(word), THEME_WEIGHT, 2);
  }
  for (const word of FAMILY_TERMS[family]) add(stem(word), MOOD_WEIGHT, 2);
  return query;
}

let shared: PassageIndex | undefined;

/** The process-wide index over the shipped corpus, built on first use. */
export function corpusIndex(): PassageIndex {
  shared ??= new PassageIndex(loadCorpus());
  return shared;
}
