/**
 * The learned stage of crisis detection: a multinomial logistic regression over the words of a
 * text, trained by `scripts/train-crisis.ts` on Orrery's own crisis sets and shipped as
 * `crisis-model.json`. It reads vocabulary, not phrases: word stems, pairs of stems, four-letter
 * pieces of longer words (so a misspelling shares most of its pieces with the word), counts
 * of first-person and other-person pronouns and the text's length in buckets.
 *
 * A text is read whole and, when the model says so (for texts of at least `windowFrom`
 * characters), in windows of one to `window` consecutive sentences; the highest crisis probability of any of them is the text's score, so one risky
 * sentence in a long post is not diluted by the rest. Pure and deterministic: the model is read
 * once, at first use, and never changes; nothing is downloaded.
 */
import { readFileSync } from 'node:fs';
import { foldForMatching, splitRunTogetherWords, squeeze } from '../../lib/fold.ts';
import type { CrisisFlag } from './crisis.ts';
import type { CrisisDecision } from './decision.ts';
import { TOKEN_REWRITES, unsqueezable } from './vocabulary.ts';

/** The flags the model predicts, in the order of its weight columns (the other class is `none`). */
export const LEARNED_FLAGS: readonly CrisisFlag[] = ['self_harm', 'harm_to_others'];

/** What the training script writes and the scorer reads. */
export interface LearnedModel {
  readonly version: 1;
  /** Spans of 1..window sentences are scored besides the whole text; 0 scores the whole text only. */
  readonly window: number;
  /** Texts shorter than this many characters are scored whole only. */
  readonly windowFrom: number;
  /** Whether four-letter pieces of words of five letters or more are features. */
  readonly charGrams: boolean;
  /** Whether a span's length in tokens, in buckets (`lengthFeature`), is a feature. */
  readonly lengthBuckets?: boolean;
  /** A text is flagged when its crisis probability (1 − P(none)) reaches this. */
  readonly threshold: number;
  /** How the model's score and the rules' decide together; absent: rules OR learned. */
  readonly decision?: CrisisDecision;
  /** Logit of each flag minus the logit of `none`, before any feature. */
  readonly bias: readonly [number, number];
  /** Per feature, its weight on each flag's logit minus its weight on `none`'s. */
  readonly weights: Readonly<Record<string, readonly [number, number]>>;
}

export interface LearnedVerdict {
  readonly flag: CrisisFlag;
  /** The crisis probability of the riskiest span, 0..1. */
  readonly score: number;
}

/**
 * Where the learned stage reads a token differently from the rules: the rules match "sh" and
 * "unalive" as themselves, the model reads the words they stand for.
 */
const LEARNED_REWRITES: ReadonlyMap<string, string> = new Map([
  ...TOKEN_REWRITES,
  ['sh', 'self harm'],
  ['unalive', 'kil'],
  ['unaliving', 'kiling'],
]);

/** Pieces longer than this many tokens (text with little punctuation) are cut into chunks. */
const CHUNK = 30;
const FIRST_PERSON = new Set(['i', 'me', 'my', 'myself', 'mine']);
const OTHER_PERSON = new Set(['he', 'him', 'his', 'she', 'her', 'they', 'them', 'someone', 'everyone']);

/** A word's stem: elongations squeezed, a few inflections cut ("killing", "kills" → "kil"). */
function stem(word: string): string {
  const w = squeeze(word);
  if (w.length >= 6 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length >= 5 && w.endsWith('ied')) return `${w.slice(0, -3)}y`;
  if (w.length >= 5 && w.endsWith('ed')) return w.slice(0, -2);
  if (w.length >= 5 && w.endsWith('ly')) return w.slice(0, -2);
  if (w.length >= 4 && w.endsWith('s') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1);
  return w;
}

/** Each raw token's stems, remembered; bounded, so arbitrary input cannot grow it without limit. */
const TOKEN_STEMS = new Map<string, readonly string[]>();
const TOKEN_STEMS_MAX = 50_000;

/** The stems one raw token stands for: rewritten, apostrophes resolved, stemmed. */
function stemsOf(raw: string): readonly string[] {
  const known = TOKEN_STEMS.get(raw);
  if (known !== undefined) return known;
  const out = tokenStems(raw);
  if (TOKEN_STEMS.size < TOKEN_STEMS_MAX) TOKEN_STEMS.set(raw, out);
  return out;
}

function tokenStems(raw: string): readonly string[] {
  const plain = !raw.includes("'");
  const token = plain ? raw : raw.replace(/^'+|'+$/g, '');
  if (token === '') return [];
  const expanded = LEARNED_REWRITES.get(squeeze(token));
  if (expanded !== undefined) return expanded.split(' ').map(stem);
  if (plain) return [stem(token)];
  if (token.endsWith("n't")) return [stem(token.slice(0, -3)), 'not'];
  const bare = token.replace(/'s$/, '').replaceAll("'", '');
  return bare === '' ? [] : [stem(bare)];
}

/** The text folded and cut into sentences (or chunks of a long one), each a list of stems. */
export function learnedPieces(text: string): string[][] {
  const folded = unsqueezable(foldForMatching(splitRunTogetherWords(text)));
  const pieces: string[][] = [];
  for (const sentence of folded.split(/[.!?;\n]+/)) {
    const tokens: string[] = [];
    for (const raw of sentence.match(/[a-z0-9']+/g) ?? []) for (const t of stemsOf(raw)) tokens.push(t);
    for (let i = 0; i < tokens.length; i += CHUNK) pieces.push(tokens.slice(i, i + CHUNK));
  }
  return pieces.filter((p) => p.length > 0);
}

/**
 * Calls `visit` with every feature of one piece (a feature may come more than once): stems,
 * pairs of stems, four-letter pieces of words of five letters or more, pronoun counts.
 */
export function visitFeatures(
  tokens: readonly string[],
  charGrams: boolean,
  visit: (feature: string) => void,
): void {
  let first = 0;
  let other = 0;
  let previous = '';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as string;
    visit(t);
    if (i > 0) visit(`${previous} ${t}`);
    previous = t;
    if (FIRST_PERSON.has(t)) first++;
    else if (OTHER_PERSON.has(t)) other++;
    if (charGrams && t.length >= 5) {
      const w = `<${t}>`;
      for (let j = 0; j + 4 <= w.length; j++) visit(`#${w.slice(j, j + 4)}`);
    }
  }
  visit(`^fp${Math.min(first, 3)}`);
  visit(`^op${Math.min(other, 3)}`);
}

/** The features of one piece, each once. */
export function pieceFeatures(tokens: readonly string[], charGrams: boolean): string[] {
  const out = new Set<string>();
  visitFeatures(tokens, charGrams, (f) => out.add(f));
  return [...out];
}

/** Upper bounds, in tokens, of the length buckets; longer spans fall in the last bucket. */
const LENGTH_BUCKETS = [15, 40, 100, 250];

/**
 * The feature naming a span's length bucket. Features are scaled by 1/√tokens, so without it a
 * long post's few risky words weigh as if the model had seen posts that long: with it the model
 * learns a bias per length, from the long posts it was trained on.
 */
export function lengthFeature(tokens: number): string {
  const bucket = LENGTH_BUCKETS.findIndex((most) => tokens <= most);
  return `^len${bucket < 0 ? LENGTH_BUCKETS.length : bucket}`;
}

/** Probabilities of (self_harm, harm_to_others) for a span's logits; none is the rest. */
function probabilities(a: number, b: number): [number, number] {
  const top = Math.max(0, a, b);
  const ea = Math.exp(a - top);
  const eb = Math.exp(b - top);
  const en = Math.exp(-top);
  const sum = ea + eb + en;
  return [ea / sum, eb / sum];
}

/** A model ready to score: feature ids, weight columns and a scratch mark per feature. */
export interface CompiledModel {
  readonly model: LearnedModel;
  /** Single stems, word pieces and pronoun counts. */
  readonly ids: ReadonlyMap<string, number>;
  /** Pairs of stems, by first stem then second, so that no pair string is built to look one up. */
  readonly pairs: ReadonlyMap<string, ReadonlyMap<string, number>>;
  readonly a: Float64Array;
  readonly b: Float64Array;
  /** Scratch: the last span each feature was counted in, so a span counts a feature once. */
  readonly seen: Int32Array;
  stamp: number;
}

export function compileModel(model: LearnedModel): CompiledModel {
  const names = Object.keys(model.weights).sort();
  const a = new Float64Array(names.length);
  const b = new Float64Array(names.length);
  names.forEach((name, i) => {
    const w = model.weights[name] as readonly [number, number];
    a[i] = w[0];
    b[i] = w[1];
  });
  const ids = new Map<string, number>();
  const pairs = new Map<string, Map<string, number>>();
  names.forEach((name, i) => {
    const space = name.indexOf(' ');
    if (space < 0) ids.set(name, i);
    else {
      const first = name.slice(0, space);
      const seconds = pairs.get(first) ?? new Map<string, number>();
      seconds.set(name.slice(space + 1), i);
      pairs.set(first, seconds);
    }
  });
  return {
    model,
    ids,
    pairs,
    a,
    b,
    seen: new Int32Array(names.length),
    stamp: 0,
  };
}

/**
 * The crisis reading of a text under a model: the riskiest span's crisis probability and flag.
 * Spans are the whole text and, when the model's window is above 0, the text has at least
 * `windowFrom` characters and more than one piece, every run of 1..window consecutive pieces.
 */
export function scoreWith(compiled: CompiledModel, text: string): { score: number; flag: CrisisFlag } {
  const { model, ids, pairs, a, b, seen } = compiled;
  const pieces = learnedPieces(text);
  // The same features as visitFeatures, looked up without building the pair strings.
  const known = pieces.map((tokens) => {
    const out: number[] = [];
    const add = (id: number | undefined) => {
      if (id !== undefined) out.push(id);
    };
    let first = 0;
    let other = 0;
    let seconds: ReadonlyMap<string, number> | undefined;
    for (const t of tokens) {
      add(ids.get(t));
      if (seconds !== undefined) add(seconds.get(t));
      seconds = pairs.get(t);
      if (FIRST_PERSON.has(t)) first++;
      else if (OTHER_PERSON.has(t)) other++;
      if (model.charGrams && t.length >= 5) {
        const w = `<${t}>`;
        for (let j = 0; j + 4 <= w.length; j++) add(ids.get(`#${w.slice(j, j + 4)}`));
      }
    }
    add(ids.get(`^fp${Math.min(first, 3)}`));
    add(ids.get(`^op${Math.min(other, 3)}`));
    return out;
  });
  let best = -1;
  let flag: CrisisFlag = 'self_harm';
  const span = (from: number, to: number): void => {
    compiled.stamp = compiled.stamp >= 0x7fffffff ? 1 : compiled.stamp + 1;
    const stamp = compiled.stamp;
    let tokens = 0;
    let x = 0;
    let y = 0;
    for (let i = from; i < to; i++) {
      tokens += (pieces[i] as string[]).length;
      for (const id of known[i] as number[]) {
        if (seen[id] === stamp) continue;
        seen[id] = stamp;
        x += a[id] as number;
        y += b[id] as number;
      }
    }
    if (model.lengthBuckets) {
      const id = ids.get(lengthFeature(tokens));
      if (id !== undefined) {
        x += a[id] as number;
        y += b[id] as number;
      }
    }
    const scale = 1 / Math.sqrt(Math.max(1, tokens));
    const [p, q] = probabilities(model.bias[0] + x * scale, model.bias[1] + y * scale);
    if (p + q > best) {
      best = p + q;
      flag = q > p ? 'harm_to_others' : 'self_harm';
    }
  };
  span(0, pieces.length);
  if (model.window > 0 && pieces.length > 1 && text.length >= model.windowFrom) {
    for (let i = 0; i < pieces.length; i++)
      for (let w = 1; w <= model.window && i + w <= pieces.length; w++) if (w < pieces.length) span(i, i + w);
  }
  return { score: Math.max(0, best), flag };
}

/** A model file in this format, read and compiled (the gate's learned stage uses it too). */
export function readModel(url: URL): CompiledModel {
  const model = JSON.parse(readFileSync(url, 'utf8')) as LearnedModel;
  if (model.version !== 1) throw new Error(`${url.pathname}: unexpected model version`);
  return compileModel(model);
}

let loaded: CompiledModel | undefined;

/** The shipped model, read once. */
export function learnedModel(): CompiledModel {
  loaded ??= readModel(new URL('./crisis-model.json', import.meta.url));
  return loaded;
}

/** The learned stage's verdict on a text: a flag and its score, or null below the threshold. */
export function learnedCrisis(text: string): LearnedVerdict | null {
  const compiled = learnedModel();
  const { score, flag } = scoreWith(compiled, text);
  return score >= compiled.model.threshold ? { flag, score } : null;
}
