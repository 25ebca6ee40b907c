import { type FamilyId, findMood } from '../atlas/catalogue.ts';
import type { Passage } from './corpus.ts';
import type { Hit, PassageIndex, Query } from './retrieval.ts';
import { fnv1a, terms } from './text.ts';
import { FAMILY_THEMES, THEMES_BY_ID } from './themes.ts';

/** One quoted passage, trimmed to the lines that answer, with where it comes from. */
export interface Quotation {
  readonly passages: readonly Passage[];
  readonly text: string;
  readonly work: string;
  readonly author: string;
  readonly locator: string;
}

export interface MoodReading {
  readonly moodId: string;
  readonly family: FamilyId;
  /** Whether the caller named the mood (else the analyser read it from the question). */
  readonly named: boolean;
}

/** Longest quotation, in words, before a passage is trimmed around its best sentence. */
const QUOTE_WORDS = 60;
/** Shortest passage worth quoting on its own. */
const MIN_WORDS = 8;
/** A second quotation must score at least this share of the first. */
const SECOND_SHARE = 0.35;

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Splits prose into sentences, keeping verse lines (` / `) inside their sentence. */
function sentences(text: string): string[] {
  const flat = text.replace(/\n/g, ' ');
  const parts = flat.split(/(?<=[.!?])[”’"]?\s+(?=[“‘"(]?[A-Z])/);
  return parts.map((p) => p.trim()).filter(Boolean);
}

/**
 * The part of a passage to quote: the whole of a short passage, else the sentence that carries
 * most of the query's weight, widened with its neighbours up to `QUOTE_WORDS` words.
 */
export function excerpt(text: string, query: Query, index: PassageIndex): string {
  const flat = text.replace(/\n/g, ' ').replace(/\s+/g, ' ').trim();
  if (wordCount(flat) <= QUOTE_WORDS) return flat;
  const parts = sentences(flat);
  let best = 0;
  let bestScore = -1;
  parts.forEach((sentence, i) => {
    let score = 0;
    const seen = new Set<string>();
    for (const t of terms(sentence)) {
      if (seen.has(t)) continue;
      seen.add(t);
      score += (query.get(t) ?? 0) * index.idf(t);
    }
    // Prefer a sentence that can stand alone over a fragment of a long one.
    if (wordCount(sentence) > QUOTE_WORDS * 1.5) score *= 0.6;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  let start = best;
  let end = best;
  let words = wordCount(parts[best] as string);
  for (;;) {
    const next = end + 1 < parts.length ? wordCount(parts[end + 1] as string) : Number.POSITIVE_INFINITY;
    const prev = start > 0 ? wordCount(parts[start - 1] as string) : Number.POSITIVE_INFINITY;
    if (next <= prev && words + next <= QUOTE_WORDS) {
      end++;
      words += next;
    } else if (prev < next && words + prev <= QUOTE_WORDS) {
      start--;
      words += prev;
    } else break;
  }
  let quote = parts.slice(start, end + 1).join(' ');
  if (wordCount(quote) > QUOTE_WORDS * 1.5) {
    quote = `${quote
      .split(/\s+/)
      .slice(0, QUOTE_WORDS)
      .join(' ')
      .replace(/[,;:]$/, '')} …`;
  }
  return `${start > 0 ? '… ' : ''}${quote}${end < parts.length - 1 && !quote.endsWith('…') ? ' …' : ''}`;
}

/** For verse texts: a verse runs on into the next ones while its sentence is still open. */
function withContinuation(passage: Passage, index: PassageIndex): Passage[] {
  const out = [passage];
  if (!passage.work.verses) return out;
  let current = passage;
  while (out.length < 3 && !/[.?!]["”’)]?$/.test(current.text.trim())) {
    const next = index.corpus.passages[current.index + 1];
    if (next === undefined || next.work !== passage.work || next.excluded) break;
    out.push(next);
    current = next;
  }
  return out;
}

function locatorOf(passages: readonly Passage[]): string {
  const first = passages[0] as Passage;
  const last = passages[passages.length - 1] as Passage;
  if (first === last) return first.locator;
  const [c1, v1] = first.locator.split('.');
  const [c2, v2] = last.locator.split('.');
  return c1 === c2 && v1 !== undefined && v2 !== undefined
    ? `${c1}.${v1}-${v2}`
    : `${first.locator}-${last.locator}`;
}

function quotationOf(hit: Hit, query: Query, index: PassageIndex): Quotation {
  const passages = withContinuation(hit.passage, index);
  const joined = passages.map((p) => p.text).join(' ');
  return {
    passages,
    text: excerpt(joined, query, index),
    work: hit.passage.work.title,
    author: hit.passage.work.author,
    locator: locatorOf(passages),
  };
}

function quotable(passage: Passage): boolean {
  return wordCount(passage.text) >= (passage.work.verses ? 5 : MIN_WORDS);
}

/**
 * One or two quotations from the ranked hits: the best, and the best from another work when it
 * scores well enough (or, within a single-work style, a second passage that is not a neighbour).
 */
export function chooseQuotations(hits: readonly Hit[], query: Query, index: PassageIndex): Quotation[] {
  const usable = hits.filter((h) => quotable(h.passage));
  const first = usable[0];
  if (first === undefined) return [];
  const out = [quotationOf(first, query, index)];
  const taken = new Set(out[0]?.passages.map((p) => p.index));
  const otherWork = usable.find(
    (h) => h.passage.work !== first.passage.work && h.score >= first.score * SECOND_SHARE,
  );
  const sameWork = usable.find(
    (h) =>
      h.passage.work === first.passage.work &&
      !taken.has(h.passage.index) &&
      Math.abs(h.passage.index - first.passage.index) > 2 &&
      h.score >= first.score * 0.6,
  );
  const second = otherWork ?? sameWork;
  if (second !== undefined) out.push(quotationOf(second, query, index));
  return out;
}

const FAMILY_LINES: Readonly<Record<FamilyId, readonly string[]>> = {
  radiant: [
    'A radiant mood is a gift and a test: it asks what you will do with the lift while it lasts.',
    'There is brightness in this; the old writers would ask how to hold it without gripping.',
  ],
  calm: [
    'A calm mood is a good place to look from: things can be seen at their own size.',
    'From a settled place, a question like this can be turned over slowly.',
  ],
  stormy: [
    'Stormy moods pull the attention outward, toward what others did and what may happen; the old writers kept asking what, in the storm, is actually yours.',
    'There is weather in this question: charged and unsettled, the kind of mood in which judgements come fast.',
  ],
  heavy: [
    'Heavy moods slow everything down; they are also when the old writers thought most carefully about what lasts.',
    'There is weight in this question, and weight deserves patience rather than hurry.',
  ],
  still: [
    'A still mood sits near the centre of the Atlas, neither lifted nor weighed down: a quiet place from which to ask.',
    'The reading is quiet, close to the still centre, where a question can be held without pushing it.',
  ],
};

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

export function moodLine(reading: MoodReading, seed: number): string {
  const mood = findMood(reading.moodId);
  const label = (mood?.label ?? reading.moodId).toLowerCase();
  const lines = FAMILY_LINES[reading.family];
  const family = lines[seed % lines.length] as string;
  const opening = reading.named
    ? `You name your mood ${label}, in the ${reading.family} family of the Atlas.`
    : `Your words read as ${label}, ${article(reading.family)} ${reading.family} mood.`;
  return `${opening} ${family}`;
}

/** The themes to report: the question's own, then its mood family's, at most three. */
export function reportedThemes(questionThemes: readonly string[], family: FamilyId): string[] {
  const out: string[] = [];
  for (const id of [...questionThemes, ...FAMILY_THEMES[family]]) {
    if (!out.includes(id)) out.push(id);
    if (out.length === 3) break;
  }
  return out;
}

/** One to three questions to leave with, chosen by a seed from the question (stable). */
export function reflectiveQuestions(themes: readonly string[], seed: number): string[] {
  const out: string[] = [];
  const count = themes.length >= 2 ? 3 : 2;
  for (let i = 0; out.length < count && i < themes.length * 3; i++) {
    const theme = THEMES_BY_ID.get(themes[i % themes.length] as string);
    if (theme === undefined) continue;
    const pick = theme.questions[(seed + i) % theme.questions.length] as string;
    if (!out.includes(pick)) out.push(pick);
  }
  return out.slice(0, 3);
}

function labelsOf(themes: readonly string[]): string {
  const labels = themes.map((id) => THEMES_BY_ID.get(id)?.label ?? id);
  if (labels.length <= 1) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

function quoteMarks(text: string): string {
  // Quotations sit inside “…”, so their own double quotes become single ones.
  return `“${text.replace(/“/g, '‘').replace(/”/g, '’').replace(/"/g, "'")}”`;
}

/** The built-in answer: a reading of the mood, one or two quotations, questions to sit with. */
export function composeAnswer(input: {
  reading: MoodReading;
  questionThemes: readonly string[];
  themes: readonly string[];
  quotations: readonly Quotation[];
  questions: readonly string[];
  seed: number;
}): string {
  const paragraphs: string[] = [moodLine(input.reading, input.seed)];
  if (input.questionThemes.length > 0) {
    paragraphs.push(`Your question touches on ${labelsOf(input.questionThemes.slice(0, 2))}.`);
  }
  input.quotations.forEach((q, i) => {
    const lead =
      i === 0
        ? `${q.author} writes (${q.work} ${q.locator}):`
        : `And ${q.author}, from another angle (${q.work} ${q.locator}):`;
    paragraphs.push(`${lead}\n${quoteMarks(q.text)}`);
  });
  if (input.questions.length > 0) {
    paragraphs.push(`Questions to sit with:\n${input.questions.map((q) => `– ${q}`).join('\n')}`);
  }
  return paragraphs.join('\n\n');
}

export function seedOf(question: string, moodId: string, style: string): number {
  return fnv1a(`${question.trim().toLowerCase()}\u0000${moodId}\u0000${style}`);
}
