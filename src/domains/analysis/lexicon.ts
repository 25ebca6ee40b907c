import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ATLAS, type Mood } from '../atlas/catalogue.ts';

/**
 * The word data the analyser reads, loaded once per process and never changed afterwards:
 * AFINN-165 valence (as shipped by the `sentiment` package, credited in NOTICE), Orrery's own
 * arousal/dominance lexicon (`lexicon/arousal-dominance.tsv`, see its README) and the Atlas
 * mood names and synonyms.
 */

/** Lowercase word tokens; apostrophes stay inside a word (`can't`, `i'm`), everything else splits. */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc`]/g, "'")
      .match(/[a-z0-9]+(?:'[a-z]+)*/g) ?? []
  );
}

/** A multi-word entry, matched on consecutive tokens. */
export interface Phrase<T> {
  readonly tokens: readonly string[];
  readonly value: T;
}

/** Single words by spelling, phrases by their first token (longest first). */
export interface PhraseTable<T> {
  readonly single: ReadonlyMap<string, T>;
  readonly multi: ReadonlyMap<string, readonly Phrase<T>[]>;
}

function buildTable<T>(entries: Iterable<[string, T]>): PhraseTable<T> {
  const single = new Map<string, T>();
  const multi = new Map<string, Phrase<T>[]>();
  for (const [text, value] of entries) {
    const tokens = words(text);
    const first = tokens[0];
    if (first === undefined) continue;
    if (tokens.length === 1) {
      if (!single.has(first)) single.set(first, value);
      continue;
    }
    const list = multi.get(first) ?? [];
    list.push({ tokens, value });
    multi.set(first, list);
  }
  for (const list of multi.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
  return { single, multi };
}

/** The longest entry starting at `tokens[at]`: its value and how many tokens it covers. */
export function lookup<T>(
  table: PhraseTable<T>,
  tokens: readonly string[],
  at: number,
): { value: T; length: number } | undefined {
  const first = tokens[at];
  if (first === undefined) return undefined;
  for (const phrase of table.multi.get(first) ?? []) {
    if (phrase.tokens.every((token, k) => tokens[at + k] === token)) {
      return { value: phrase.value, length: phrase.tokens.length };
    }
  }
  const value = table.single.get(first);
  return value === undefined ? undefined : { value, length: 1 };
}

/** AFINN-165 scores (−5..5) of words and a few phrases. The emoji scores of `sentiment` are not used. */
export const AFINN: PhraseTable<number> = buildTable(
  Object.entries(loadAfinn()).filter(([, score]) => score !== 0),
);

function loadAfinn(): Record<string, number> {
  // Read as data rather than imported: some AFINN words are reserved words in JavaScript, which
  // trips loaders that turn JSON into a module with named exports.
  const path = createRequire(import.meta.url).resolve('sentiment/languages/en/labels.json');
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null)
    throw new Error('analysis lexicon: AFINN is not an object');
  const labels: Record<string, number> = {};
  for (const [word, score] of Object.entries(parsed)) {
    if (typeof score === 'number') labels[word] = score;
  }
  return labels;
}

export interface ArousalDominance {
  readonly arousal: number;
  readonly dominance: number;
}

function loadArousalDominance(): ReadonlyMap<string, ArousalDominance> {
  const url = new URL('./lexicon/arousal-dominance.tsv', import.meta.url);
  const lines = readFileSync(url, 'utf8').split('\n');
  if (lines[0]?.trim() !== 'word\tarousal\tdominance') {
    throw new Error('analysis lexicon: unexpected header in arousal-dominance.tsv');
  }
  const map = new Map<string, ArousalDominance>();
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    const [word, arousal, dominance] = line.split('\t');
    const a = Number(arousal);
    const d = Number(dominance);
    if (
      word === undefined ||
      !Number.isFinite(a) ||
      !Number.isFinite(d) ||
      Math.abs(a) > 1 ||
      Math.abs(d) > 1
    ) {
      throw new Error(`analysis lexicon: bad line "${line}"`);
    }
    map.set(word, { arousal: a, dominance: d });
  }
  return map;
}

/** Orrery's arousal/dominance lexicon: single lowercase words, values in −1..1. */
export const AROUSAL_DOMINANCE: ReadonlyMap<string, ArousalDominance> = loadArousalDominance();

/**
 * Mood names that are also everyday words in other senses ("sat down", "the content of",
 * "a patient", "bright colours"). They name a mood only in a feeling frame ("I feel down",
 * "I'm so blue"); elsewhere they count as ordinary words.
 */
export const FRAMED_MOOD_WORDS: ReadonlySet<string> = new Set([
  'alert',
  'alone',
  'awake',
  'balanced',
  'blue',
  'bright',
  'complete',
  'concerned',
  'content',
  'cross',
  'distant',
  'down',
  'driven',
  'empty',
  'flat',
  'frozen',
  'interested',
  'keen',
  'level',
  'longing',
  'loose',
  'mad',
  'okay',
  'patient',
  'preoccupied',
  'removed',
  'safe',
  'settled',
  'sorry',
  'spent',
  'stable',
  'steady',
  'stuck',
  'sunny',
  'tender',
  'tight',
  'torn',
  'warm',
  'whole',
]);

function moodEntries(): [string, Mood][] {
  const entries: [string, Mood][] = [];
  for (const mood of ATLAS.moods) {
    entries.push([mood.id.replace(/_/g, ' '), mood]);
    entries.push([mood.label, mood]);
    for (const synonym of mood.synonyms) entries.push([synonym, mood]);
  }
  return entries;
}

/** Atlas mood ids, labels and synonyms; the first mood to claim a spelling keeps it. */
export const MOOD_WORDS: PhraseTable<Mood> = buildTable(moodEntries());

/**
 * VADER's lexicon (Hutto & Gilbert, 2014; MIT), read from the copy in the npm package
 * `vader-sentiment`: 7,500 words, slang, acronyms and emoticons rated by ten people each on
 * −4..4. Words and phrases go to `VALENCE` (with AFINN-165 for what VADER lacks); tokens with
 * punctuation (":)", "<3", ":-(") to `EMOTICONS`. Both on the Atlas scale, −1..1.
 */
function loadVader(): { words: [string, number][]; emoticons: Map<string, number> } {
  const path = createRequire(import.meta.url).resolve('vader-sentiment/vader_lexicon.txt');
  const words: [string, number][] = [];
  const emoticons = new Map<string, number>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const [token, mean] = line.split('\t');
    const score = Number(mean);
    if (token === undefined || token === '' || !Number.isFinite(score) || score === 0) continue;
    const value = Math.max(-1, Math.min(1, score / VADER_SCALE));
    if (/^[a-z0-9']+(?:[ -][a-z0-9']+)*$/.test(token)) words.push([token.replace(/-/g, ' '), value]);
    else if (!emoticons.has(token)) emoticons.set(token, value);
  }
  return { words, emoticons };
}

/** VADER's ratings divided by this land on the Atlas valence scale (VADER "good" 1.9 → 0.54). */
const VADER_SCALE = 3.5;

/** AFINN integers (±1..5) on the Atlas valence scale. */
export function afinnValence(score: number): number {
  return Math.sign(score) * Math.min(1, 0.24 + 0.16 * Math.abs(score));
}

const vader = loadVader();

/** Valence of words and phrases, −1..1: VADER's rating, else AFINN-165's. */
export const VALENCE: PhraseTable<number> = buildTable([
  ...vader.words,
  ...Object.entries(loadAfinn())
    .filter(([, score]) => score !== 0)
    .map(([word, score]): [string, number] => [word, afinnValence(score)]),
]);

/** Emoticons by exact spelling (":)", ":-(", "<3"), valence −1..1. */
export const EMOTICONS: ReadonlyMap<string, number> = vader.emoticons;

export interface EmojiReading {
  readonly valence: number;
  readonly arousal: number;
  readonly dominance: number;
}

function loadEmoji(): ReadonlyMap<string, EmojiReading> {
  const lines = readFileSync(new URL('./lexicon/emoji.tsv', import.meta.url), 'utf8').split('\n');
  if (lines[0]?.trim() !== 'emoji\tvalence\tarousal\tdominance') {
    throw new Error('analysis lexicon: unexpected header in emoji.tsv');
  }
  const map = new Map<string, EmojiReading>();
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    const [emoji, v, a, d] = line.split('\t');
    const reading = { valence: Number(v), arousal: Number(a), dominance: Number(d) };
    if (emoji === undefined || !Object.values(reading).every((x) => Number.isFinite(x) && Math.abs(x) <= 1)) {
      throw new Error(`analysis lexicon: bad line "${line}"`);
    }
    map.set(emoji.replace(/\uFE0F/g, ''), reading);
  }
  return map;
}

/** Orrery's emoji readings (`lexicon/emoji.tsv`), keyed without variation selectors. */
export const EMOJI: ReadonlyMap<string, EmojiReading> = loadEmoji();

export interface LinearModel {
  readonly bias: EmojiReading;
  /** Weights of words as they stand, and of words a negator reaches. */
  readonly plain: ReadonlyMap<string, EmojiReading>;
  readonly negated: ReadonlyMap<string, EmojiReading>;
}

/**
 * The linear correction learned from GoEmotions' train split (`lexicon/goemotions-model.tsv`,
 * built by `scripts/train-analysis.ts`): per word, what it adds to each axis beyond the rules.
 * A file without rows (or with only the bias) is a model that adds nothing.
 */
export const LEARNED_MODEL: LinearModel = (() => {
  const lines = readFileSync(new URL('./lexicon/goemotions-model.tsv', import.meta.url), 'utf8').split('\n');
  if (lines[0]?.trim() !== 'feature\tvalence\tarousal\tdominance') {
    throw new Error('analysis lexicon: unexpected header in goemotions-model.tsv');
  }
  let bias: EmojiReading = { valence: 0, arousal: 0, dominance: 0 };
  const plain = new Map<string, EmojiReading>();
  const negated = new Map<string, EmojiReading>();
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    const [feature, v, a, d] = line.split('\t');
    const weights = { valence: Number(v), arousal: Number(a), dominance: Number(d) };
    if (
      feature === undefined ||
      !Object.values(weights).every((x) => Number.isFinite(x) && Math.abs(x) <= 5)
    ) {
      throw new Error(`analysis lexicon: bad line "${line}"`);
    }
    if (feature === '(bias)') bias = weights;
    else if (feature.startsWith('not_')) negated.set(feature.slice(4), weights);
    else plain.set(feature, weights);
  }
  return { bias, plain, negated };
})();
