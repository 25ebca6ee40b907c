import { ATLAS, type AtlasPoint, type FamilyId, familyOf, type Mood } from '../atlas/catalogue.ts';
import {
  AROUSAL_DOMINANCE,
  EMOJI,
  EMOTICONS,
  FRAMED_MOOD_WORDS,
  LEARNED_MODEL,
  lookup,
  MOOD_WORDS,
  VALENCE,
} from './lexicon.ts';

/** What the analyser reads in a text: a point in the Atlas and the moods around it. */
export interface MoodAnalysis {
  /** The closest Atlas mood of `family` (a mood the text names wins inside its family). */
  moodId: string;
  family: FamilyId;
  /** −1..1, two decimals. */
  valence: number;
  arousal: number;
  dominance: number;
  /** 0..1: how much the text said and how consistently (0 = no signal at all). */
  confidence: number;
  /**
   * Five moods: `moodId` first, then the four others nearest the point, closest first. `score`
   * is closeness in 0..1 (1 = at the point); a mood the text names counts as twice as close.
   */
  emotions: { moodId: string; score: number }[];
}

// ---- Modifiers -----------------------------------------------------------------------------

const NEGATORS = new Set([
  'not',
  'no',
  'never',
  'cannot',
  'nothing',
  'nobody',
  'none',
  'nor',
  'neither',
  'without',
  'dont',
  'didnt',
  'doesnt',
  'isnt',
  'wasnt',
  'arent',
  'werent',
  'cant',
  'couldnt',
  'wont',
  'wouldnt',
  'shouldnt',
  'havent',
  'hasnt',
  'hadnt',
  'aint',
]);

function isNegator(token: string): boolean {
  return NEGATORS.has(token) || token.endsWith("n't");
}

/** Multipliers of the next cue; > 1 intensify, < 1 tone down. */
const MODIFIERS: ReadonlyMap<string, number> = new Map([
  ['very', 1.4],
  ['really', 1.3],
  ['so', 1.3],
  ['extremely', 1.6],
  ['incredibly', 1.6],
  ['unbelievably', 1.6],
  ['insanely', 1.6],
  ['terribly', 1.5],
  ['awfully', 1.5],
  ['utterly', 1.6],
  ['absolutely', 1.6],
  ['totally', 1.5],
  ['completely', 1.5],
  ['entirely', 1.4],
  ['thoroughly', 1.4],
  ['deeply', 1.5],
  ['truly', 1.4],
  ['super', 1.4],
  ['too', 1.3],
  ['exceptionally', 1.6],
  ['immensely', 1.6],
  ['hugely', 1.5],
  ['especially', 1.3],
  ['particularly', 1.3],
  ['remarkably', 1.4],
  ['seriously', 1.3],
  ['properly', 1.2],
  ['genuinely', 1.3],
  ['pretty', 1.15],
  ['quite', 1.1],
  ['fairly', 0.85],
  ['rather', 0.9],
  ['somewhat', 0.7],
  ['slightly', 0.5],
  ['mildly', 0.6],
  ['marginally', 0.5],
  ['partly', 0.7],
  ['moderately', 0.75],
  ['barely', 0.4],
  ['hardly', 0.4],
  ['scarcely', 0.4],
  ['almost', 0.8],
  ['kinda', 0.7],
  ['sorta', 0.7],
  ['bit', 0.6],
  ['little', 0.6],
  ['less', 0.6],
  ['more', 1.2],
  ['most', 1.4],
]);

/** Two-word modifiers, checked before the single words above. */
const PHRASE_MODIFIERS: ReadonlyMap<string, number> = new Map([
  ['a bit', 0.6],
  ['a little', 0.6],
  ['kind of', 0.7],
  ['sort of', 0.7],
  ['a tad', 0.6],
  ['a touch', 0.6],
  ['so much', 1.4],
  ['way too', 1.5],
  ['at all', 1.2],
]);

/** Words that are modifiers or glue here, never valence cues ("pretty", "super" and "kind" score in AFINN). */
const NOT_CUES = new Set([...MODIFIERS.keys(), ...NEGATORS, 'kind', 'like', 'well', 'yes', 'please', 'want']);

/** After these, "like" is a comparison ("feels like rain"), not liking. */
const LIKE_AS_COMPARISON = new Set([
  'feel',
  'feels',
  'felt',
  'feeling',
  'look',
  'looks',
  'looked',
  'seem',
  'seems',
  'seemed',
  'sound',
  'sounds',
  'sounded',
  'was',
  'is',
  'be',
  'just',
  'more',
  'less',
  'something',
  'anything',
  'nothing',
  'things',
  'much',
]);

/** Words that open a feeling frame: "I feel down", "I'm so blue", "got bored". */
const FEELING_FRAME = new Set([
  'feel',
  'feels',
  'felt',
  'feeling',
  'am',
  "i'm",
  'im',
  'was',
  'were',
  'are',
  "we're",
  "they're",
  'been',
  'being',
  'be',
  'get',
  'got',
  'getting',
  'became',
  'become',
  'seem',
  'seems',
  'seemed',
  'stay',
  'stayed',
  'remain',
  'remained',
]);

/** "But" and its kin shift the weight of a sentence to what follows. */
const CONTRAST = new Set(['but', 'however', 'though', 'although']);

// ---- Tuning (see docs/api.md, "Mood analysis") ----------------------------------------------

/** A negated cue flips and softens: "not happy" leans sad, but not as far as "miserable". */
const NEGATION_VALENCE = 0.65;
const NEGATION_AROUSAL_DOMINANCE = 0.5;
/** Negating a mood of the still centre ("not okay", "not fine") reads as this point. */
const NEGATED_STILL: AtlasPoint = { valence: -0.45, arousal: 0.1, dominance: -0.2 };
/** How many tokens back a negator reaches within its clause ("don't really feel happy"). */
const NEGATION_REACH = 3;
/** A mood the text names outweighs a word that merely carries feeling. */
const MOOD_WEIGHT = 2.5;
/** Pseudo-weight of "no evidence" in each average: little signal stays near the centre. */
const SHRINK_VALENCE = 0.6;
const SHRINK_AROUSAL_DOMINANCE = 0.8;
/**
 * Valence of a text with no AFINN word at all comes from the dominance of its words, scaled
 * down: feeling in control goes with pleasant states, powerlessness with unpleasant ones.
 */
const DOMINANCE_AS_VALENCE = 0.5;
/** Clauses before a contrast word count this much. */
const BEFORE_CONTRAST = 0.5;
/** An exclamation adds this arousal evidence (with this weight) to its sentence. */
const EXCLAMATION_AROUSAL = 0.6;
const EXCLAMATION_WEIGHT = 0.5;

// ---- Analysis -------------------------------------------------------------------------------

interface Sum {
  total: number;
  weight: number;
}

interface Totals {
  /** Valence from AFINN and named moods. */
  valence: Sum;
  /** Sum of |weight × valence| of those cues, for the agreement part of confidence. */
  valenceMagnitude: number;
  /** Valence hints from dominance, used only when `valence` has no cue. */
  hint: Sum;
  arousal: Sum;
  dominance: Sum;
  /** Weight of every cue that carried signal; everyday near-neutral words count half. */
  evidence: number;
  /** Named (not negated) moods and the weight they were named with. */
  named: Map<string, number>;
  /** Sums of the learned model's word weights, and how many words it saw (known or not). */
  learned: { valence: number; arousal: number; dominance: number; count: number };
}

interface Clause {
  tokens: string[];
  /** Per token: > 1 when it was shouted (all caps among lower case) or stretched ("sooo"). */
  emphasis: number[];
  weight: number;
  exclaimed: boolean;
}

/** A word in capitals among lower-case words is shouted; a stretched word ("sooo") is stressed. */
const CAPS_EMPHASIS = 1.3;
const ELONGATION_EMPHASIS = 1.2;
/** Each "!" of a sentence (at most three) stresses its cues this much more. */
const EXCLAMATION_EMPHASIS = 0.08;
/** Weight of an emoji or emoticon, as a cue word. */
const SYMBOL_WEIGHT = 1.5;

/** Word tokens of lower-cased text. */
const TOKEN = /[a-z0-9]+(?:'[a-z]+)*/g;

/** A letter three times in a row ("sooo"): a stretched word. A loop: a back-reference is slow. */
function stretched(text: string): boolean {
  for (let i = 2; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122 && c === text.charCodeAt(i - 1) && c === text.charCodeAt(i - 2)) return true;
  }
  return false;
}

/** Words written in capitals (two letters or more), lower-cased; null when there are none. */
function shoutedWords(text: string): Set<string> | null {
  let words: Set<string> | null = null;
  for (const match of text.matchAll(/\b[A-Z][A-Z0-9']*[A-Z][A-Z0-9']*\b/g)) {
    words ??= new Set();
    words.add(match[0].toLowerCase());
  }
  return words;
}

/** "sooooo" → "so", "happyyy" → "happy", "goooood" → "good": the first spelling a lexicon knows. */
function unstretched(token: string): string {
  const twice = token.replace(/(.)\1{2,}/g, '$1$1');
  if (scored(twice)) return twice;
  const once = token.replace(/(.)\1{2,}/g, '$1');
  return scored(once) || MODIFIERS.has(once) ? once : twice;
}

function clamp(x: number): number {
  return x > 1 ? 1 : x < -1 ? -1 : x;
}

function round2(x: number): number {
  const r = Math.round(x * 100) / 100;
  return r === 0 ? 0 : r;
}

function add(sum: Sum, value: number, weight: number): void {
  sum.total += clamp(value) * weight;
  sum.weight += weight;
}

function mean(sum: Sum, shrink: number): number {
  return clamp(sum.total / (sum.weight + shrink));
}

/** Sentences → clauses; within a sentence, clauses before a contrast word weigh less. */
function clausesOf(text: string): Clause[] {
  const clauses: Clause[] = [];
  const folded = text.replace(/[\u2018\u2019\u02bc`]/g, "'");
  // Capitals are emphasis only when the text also has lower case: an all-caps text is not shouting.
  const shouted = /[a-z]/.test(folded) ? shoutedWords(folded) : null;
  const sentences = folded.toLowerCase().match(/[^.!?;\n]+[.!?;\n]*/g) ?? [];
  for (const sentence of sentences) {
    let bangs = 0;
    for (let k = sentence.indexOf('!'); k >= 0 && bangs < 3; k = sentence.indexOf('!', k + 1)) bangs++;
    const exclaimed = bangs > 0;
    const stress = 1 + EXCLAMATION_EMPHASIS * bangs;
    const parts = sentence.split(/[,:()\u2013\u2014"]|\s-\s/);
    const sentenceClauses: Clause[] = [];
    for (const part of parts) {
      let current: string[] = [];
      let emphasis: number[] = [];
      const anyStretched = stretched(part);
      for (const raw of part.match(TOKEN) ?? []) {
        let token = raw;
        let stressed = stress;
        if (shouted?.has(token)) stressed *= CAPS_EMPHASIS;
        if (anyStretched && stretched(token)) {
          token = unstretched(token);
          stressed *= ELONGATION_EMPHASIS;
        }
        if (CONTRAST.has(token)) {
          for (const c of sentenceClauses) c.weight = Math.min(c.weight, BEFORE_CONTRAST);
          if (current.length > 0)
            clauses.push({ tokens: current, emphasis, weight: BEFORE_CONTRAST, exclaimed });
          current = [];
          emphasis = [];
          continue;
        }
        current.push(token);
        emphasis.push(stressed);
      }
      if (current.length > 0) {
        const clause = { tokens: current, emphasis, weight: 1, exclaimed };
        sentenceClauses.push(clause);
        clauses.push(clause);
      }
    }
  }
  return clauses;
}

/** Emoji live in these ranges (and their surrogate pairs); emoticons use these characters. */
const MAY_HAVE_EMOJI = /[\u2190-\u2BFF\uD83C-\uD83E]/;
const MAY_HAVE_EMOTICON = /[:;=<()%*8\\/^_|@&>]/;

function addEmoji(totals: Totals, text: string): void {
  for (const match of text.matchAll(/\p{Extended_Pictographic}/gu)) {
    const reading = EMOJI.get(match[0]);
    if (reading === undefined) continue;
    add(totals.valence, reading.valence, SYMBOL_WEIGHT);
    totals.valenceMagnitude += Math.abs(reading.valence) * SYMBOL_WEIGHT;
    add(totals.arousal, reading.arousal, SYMBOL_WEIGHT);
    add(totals.dominance, reading.dominance, SYMBOL_WEIGHT);
    totals.evidence += SYMBOL_WEIGHT;
  }
}

/** Emoji and emoticons, read over the whole text (they often stand outside any sentence). */
function addSymbols(totals: Totals, text: string): void {
  // Cheap pre-checks first: most texts have neither emoji nor emoticons.
  if (MAY_HAVE_EMOJI.test(text)) addEmoji(totals, text);
  if (!MAY_HAVE_EMOTICON.test(text)) return;
  for (const raw of text.split(/\s+/)) {
    const token = raw.replace(/^[,.!?"]+|[,.!?"]+$/g, '') || raw;
    const valence = EMOTICONS.get(token) ?? EMOTICONS.get(raw);
    if (valence === undefined) continue;
    add(totals.valence, valence, SYMBOL_WEIGHT);
    totals.valenceMagnitude += Math.abs(valence) * SYMBOL_WEIGHT;
    add(totals.arousal, 0.3 * Math.abs(valence), SYMBOL_WEIGHT);
    add(totals.dominance, 0.3 * valence, SYMBOL_WEIGHT);
    totals.evidence += SYMBOL_WEIGHT;
  }
}

/**
 * The product of the modifiers just before `at` ("very", "not very", "a bit") and the index of
 * a negator that reaches it, or −1.
 */
function context(tokens: readonly string[], at: number): { scale: number; negator: number } {
  let scale = 1;
  let k = at - 1;
  while (k >= 0) {
    const pair = k >= 1 ? PHRASE_MODIFIERS.get(`${tokens[k - 1]} ${tokens[k]}`) : undefined;
    if (pair !== undefined) {
      scale *= pair;
      k -= 2;
      continue;
    }
    const single = MODIFIERS.get(tokens[k] as string);
    if (single === undefined) break;
    scale *= single;
    k -= 1;
  }
  // Modifiers between the negator and the cue do not use up its reach.
  const reach = NEGATION_REACH + (at - 1 - k);
  for (let j = at - 1; j >= Math.max(0, at - reach); j--) {
    if (!isNegator(tokens[j] as string)) continue;
    // "not only", "not just" do not negate what follows.
    const next = tokens[j + 1];
    return { scale, negator: next === 'only' || next === 'just' ? -1 : j };
  }
  return { scale, negator: -1 };
}

function scored(token: string): boolean {
  return MOOD_WORDS.single.has(token) || VALENCE.single.has(token);
}

/**
 * A comparative or superlative that neither AFINN nor the Atlas lists, reduced to a base form
 * they do list ("happier" → "happy", "sadder" → "sad"); else undefined.
 */
function comparativeBase(token: string, known = false): string | undefined {
  if (token.length < 5 || !(token.endsWith('er') || token.endsWith('est'))) return undefined;
  if (!known && scored(token)) return undefined;
  const candidates: string[] = [];
  for (const suffix of ['iest', 'ier']) {
    if (token.endsWith(suffix)) candidates.push(`${token.slice(0, -suffix.length)}y`);
  }
  for (const suffix of ['est', 'er']) {
    if (!token.endsWith(suffix)) continue;
    const stem = token.slice(0, -suffix.length);
    candidates.push(stem, `${stem}e`);
    if (stem.length > 2 && stem.at(-1) === stem.at(-2)) candidates.push(stem.slice(0, -1));
  }
  return candidates.find(scored);
}

/** "couldn't be happier", "never felt better": a negated comparative is emphatic, not reversed. */
function isComparative(token: string): boolean {
  return token === 'better' || token === 'worse' || comparativeBase(token, true) !== undefined;
}

function inFeelingFrame(tokens: readonly string[], at: number): boolean {
  for (let j = at - 1; j >= Math.max(0, at - 3); j--) {
    const token = tokens[j] as string;
    if (FEELING_FRAME.has(token)) return true;
    if (!MODIFIERS.has(token) && !isNegator(token) && token !== 'a' && token !== 'all') return false;
  }
  return false;
}

function likeIsLiking(tokens: readonly string[], at: number): boolean {
  const previous = tokens[at - 1];
  return previous !== undefined && !LIKE_AS_COMPARISON.has(previous);
}

/** "mom's" → "mom"; contractions other than n't keep their stem. */
function baseForm(token: string): string {
  const apostrophe = token.indexOf("'");
  return apostrophe > 0 && !token.endsWith("n't") ? token.slice(0, apostrophe) : token;
}

function negate(value: number, factor: number, negated: boolean): number {
  return negated ? -factor * value : value;
}

/**
 * Words that say nothing of a feeling but carry the style of a forum, and with it the base rates
 * of its labels: the learned model does not see them.
 */
const FUNCTION_WORDS = new Set(
  `a an the this that these those it its it's is are was were be been being am i i'm i've i'd
  i'll me my mine myself you you're your yours he him his she her hers they them their we us our
  to of in on at by for with from as into onto about over under up down out off than then there
  here and or if so because while when where which who whom whose what how why all any some
  each every both either do does did doing done have has had having will would shall should can
  could may might must just also still even yet ago s t d ll m re ve name`.split(/\s+/),
);

/**
 * Adds what the learned model makes of a clause. Its features are every word other than function
 * words, negators and modifiers (the rules handle those), marked when a negator reaches it;
 * `features`, when given, collects them (`not_<word>` when marked) for the training script.
 */
function addLearned(totals: Totals, clause: Clause, features?: string[]): void {
  const learned = totals.learned;
  let lastNegator = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < clause.tokens.length; k++) {
    const token = clause.tokens[k] as string;
    if (isNegator(token)) {
      const next = clause.tokens[k + 1];
      if (next !== 'only' && next !== 'just') lastNegator = k;
      continue;
    }
    if (MODIFIERS.has(token) || FUNCTION_WORDS.has(token)) continue;
    const negated = k - lastNegator <= NEGATION_REACH;
    features?.push(negated ? `not_${token}` : token);
    learned.count++;
    const w = (negated ? LEARNED_MODEL.negated : LEARNED_MODEL.plain).get(token);
    if (w === undefined) continue;
    learned.valence += w.valence;
    learned.arousal += w.arousal;
    learned.dominance += w.dominance;
  }
}

function addClause(totals: Totals, clause: Clause): void {
  const tokens = clause.tokens.map((token) => comparativeBase(token) ?? token);
  const { weight } = clause;
  // A negator flips the first cue that carries feeling after it, then it is spent: in
  // "can't stop laughing" it flips "stop", not "laughing".
  let spentNegator = -1;
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i] as string;
    const found = lookup(MOOD_WORDS, tokens, i);
    const mood =
      found !== undefined && (found.length > 1 || !FRAMED_MOOD_WORDS.has(token) || inFeelingFrame(tokens, i))
        ? found
        : undefined;
    let afinn: { value: number; length: number } | undefined;
    let ad: { arousal: number; dominance: number } | undefined;
    let length = 1;
    if (mood === undefined) {
      if (NOT_CUES.has(token) && !(token === 'like' && likeIsLiking(tokens, i))) {
        i += 1;
        continue;
      }
      afinn = lookup(VALENCE, tokens, i);
      length = afinn?.length ?? 1;
      // Phrases ("fed up") carry valence only; the lexicon has single words.
      ad =
        length === 1
          ? (AROUSAL_DOMINANCE.get(baseForm(clause.tokens[i] as string)) ?? AROUSAL_DOMINANCE.get(token))
          : undefined;
      // A word that carries nothing needs no context.
      if (afinn === undefined && ad === undefined) {
        i += 1;
        continue;
      }
    }

    const { scale, negator } = context(tokens, i);
    const reached = negator >= 0 && negator !== spentNegator;
    const emphatic = reached && isComparative(clause.tokens[i] as string);
    const negated = reached && !emphatic;
    const gain = (emphatic ? 1.3 : negated && scale > 1 ? 1 / scale : scale) * (clause.emphasis[i] as number);

    if (mood !== undefined) {
      const m: AtlasPoint = negated && mood.value.family === 'still' ? NEGATED_STILL : mood.value;
      const flip = negated && mood.value.family !== 'still';
      // A negated mood is no longer named ("not happy" names no mood): it weighs as a cue word.
      const w = (negated ? 1 : MOOD_WEIGHT) * weight;
      const v = negate(m.valence, NEGATION_VALENCE, flip) * gain;
      add(totals.valence, v, w);
      totals.valenceMagnitude += Math.abs(clamp(v)) * w;
      add(totals.arousal, negate(m.arousal, NEGATION_AROUSAL_DOMINANCE, flip) * gain, w);
      add(totals.dominance, negate(m.dominance, NEGATION_AROUSAL_DOMINANCE, flip) * gain, w);
      totals.evidence += w;
      if (!negated) totals.named.set(mood.value.id, (totals.named.get(mood.value.id) ?? 0) + w);
      if (reached) spentNegator = negator;
      i += mood.length;
      continue;
    }

    let signal = 0;
    if (afinn !== undefined) {
      signal = 1;
      const v = negate(afinn.value, NEGATION_VALENCE, negated) * gain;
      add(totals.valence, v, weight);
      totals.valenceMagnitude += Math.abs(clamp(v)) * weight;
    }
    if (ad !== undefined) {
      const a = negate(ad.arousal, NEGATION_AROUSAL_DOMINANCE, negated) * gain;
      const d = negate(ad.dominance, NEGATION_AROUSAL_DOMINANCE, negated) * gain;
      add(totals.arousal, a, weight);
      add(totals.dominance, d, weight);
      add(totals.hint, DOMINANCE_AS_VALENCE * d, weight);
      // Everyday words near the centre are evidence of an ordinary mood, at half weight.
      signal = Math.max(signal, Math.abs(ad.arousal) + Math.abs(ad.dominance) >= 0.3 ? 1 : 0.5);
    }
    if (reached && signal === 1) spentNegator = negator;
    totals.evidence += signal * weight;
    i += length;
  }
  if (clause.exclaimed) add(totals.arousal, EXCLAMATION_AROUSAL, EXCLAMATION_WEIGHT * weight);
}

const MOOD_VALENCE = Float64Array.from(ATLAS.moods, (m) => m.valence);
const MOOD_AROUSAL = Float64Array.from(ATLAS.moods, (m) => m.arousal);
const MOOD_DOMINANCE = Float64Array.from(ATLAS.moods, (m) => m.dominance);

const EMOTION_COUNT = 5;
/** Width of the closeness score: a mood this far from the point scores e^-1 ≈ 0.37. */
const SCORE_WIDTH = 0.4;
/** A mood the text names counts as this much closer. */
const NAMED_PULL = 0.5;

/**
 * Reads the mood of a text: valence from AFINN-165, arousal and dominance from Orrery's own
 * lexicon, direct mood words from the Atlas, with negation and intensity handled here. Pure,
 * synchronous and deterministic: the same text always gives the same analysis.
 */
/**
 * The learned correction counts at this share of its fitted size. It was fitted on Reddit
 * comments; at full size it pulls other kinds of text (check-in notes, prose) towards Reddit's
 * habits, and Orrery's hand-labelled notes lose ten points of family accuracy. 0.6 keeps most
 * of its gain on comments (see docs/analysis.md, where the choice is recorded).
 */
const LEARNED_SHARE = 0.6;

function emptyTotals(): Totals {
  return {
    valence: { total: 0, weight: 0 },
    valenceMagnitude: 0,
    hint: { total: 0, weight: 0 },
    arousal: { total: 0, weight: 0 },
    dominance: { total: 0, weight: 0 },
    evidence: 0,
    named: new Map(),
    learned: { valence: 0, arousal: 0, dominance: 0, count: 0 },
  };
}

/** The rules' reading before the learned correction and the squashing into −1..1. */
function rulePoint(totals: Totals): AtlasPoint {
  return {
    valence:
      totals.valence.weight > 0 ? mean(totals.valence, SHRINK_VALENCE) : mean(totals.hint, SHRINK_VALENCE),
    arousal: mean(totals.arousal, SHRINK_AROUSAL_DOMINANCE),
    dominance: mean(totals.dominance, SHRINK_AROUSAL_DOMINANCE),
  };
}

/**
 * For `scripts/train-analysis.ts`: the rules' reading of a text and the features the learned
 * model sees (words, `not_`-prefixed when negated). The model is trained on what the rules miss.
 */
export function ruleReadingAndFeatures(text: string): { rules: AtlasPoint; features: string[] } {
  const totals = emptyTotals();
  const features: string[] = [];
  for (const clause of clausesOf(text)) {
    addLearned(totals, clause, features);
    addClause(totals, clause);
  }
  addSymbols(totals, text);
  return { rules: rulePoint(totals), features };
}

/**
 * Reads the mood of a text: the rules over VADER's and AFINN's valence, Orrery's arousal and
 * dominance lexicon, Atlas mood words, emoji and emoticons, then a linear correction learned
 * from GoEmotions (see docs/analysis.md). Pure, synchronous and deterministic: the same text
 * always gives the same analysis.
 */
export function analyzeText(text: string): MoodAnalysis {
  const totals = emptyTotals();
  for (const clause of clausesOf(text)) {
    addLearned(totals, clause);
    addClause(totals, clause);
  }
  addSymbols(totals, text);

  const rules = rulePoint(totals);
  // The model's sum is scaled by 1/√(words + 1), as in training; tanh keeps each axis inside
  // −1..1 without flattening strong readings into a tie at 1.
  const { learned } = totals;
  const scale = LEARNED_SHARE / Math.sqrt(learned.count + 1);
  const bias = LEARNED_MODEL.bias;
  const point: AtlasPoint = {
    valence: round2(Math.tanh(rules.valence + bias.valence + learned.valence * scale)),
    arousal: round2(Math.tanh(rules.arousal + bias.arousal + learned.arousal * scale)),
    dominance: round2(Math.tanh(rules.dominance + bias.dominance + learned.dominance * scale)),
  };
  const family = familyOf(point);

  const moods = ATLAS.moods;
  const closeness = new Array<number>(moods.length);
  for (let i = 0; i < moods.length; i++) {
    const dv = (MOOD_VALENCE[i] as number) - point.valence;
    const da = (MOOD_AROUSAL[i] as number) - point.arousal;
    const dd = (MOOD_DOMINANCE[i] as number) - point.dominance;
    const d = Math.sqrt(dv * dv + da * da + dd * dd);
    closeness[i] = totals.named.size > 0 && totals.named.has((moods[i] as Mood).id) ? d * NAMED_PULL : d;
  }
  const primary = primaryMood(moods, closeness, family, totals.named);
  // The nearest others, by closeness (ties: catalogue order); at most EMOTION_COUNT − 1.
  const others: number[] = [];
  for (let i = 0; i < moods.length; i++) {
    if (i === primary) continue;
    const c = closeness[i] as number;
    let at = others.length;
    while (at > 0 && (closeness[others[at - 1] as number] as number) > c) at--;
    if (at < EMOTION_COUNT - 1) {
      others.splice(at, 0, i);
      if (others.length > EMOTION_COUNT - 1) others.pop();
    }
  }

  return {
    moodId: (moods[primary] as Mood).id,
    family,
    valence: point.valence,
    arousal: point.arousal,
    dominance: point.dominance,
    confidence: confidence(totals),
    emotions: rankedEmotions(moods, closeness, primary, others),
  };
}

/**
 * `moodId` first and highest: a mood of another family can sit closer to the point than the
 * reading's own mood (the point lies near a family border), so the others' scores are capped at
 * the reported mood's. The list stays in non-increasing score order.
 */
function rankedEmotions(
  moods: readonly Mood[],
  closeness: readonly number[],
  primary: number,
  others: readonly number[],
): { moodId: string; score: number }[] {
  const score = (i: number) => round2(Math.exp(-(((closeness[i] as number) / SCORE_WIDTH) ** 2)));
  const top = score(primary);
  return [
    { moodId: (moods[primary] as Mood).id, score: top },
    ...others.map((i) => ({ moodId: (moods[i] as Mood).id, score: Math.min(top, score(i)) })),
  ];
}

/**
 * The index of the reported mood: the most strongly named mood of the family if the text names
 * one (ties: the closer), else the family's closest mood (ties: catalogue order).
 */
function primaryMood(
  moods: readonly Mood[],
  closeness: readonly number[],
  family: FamilyId,
  named: ReadonlyMap<string, number>,
): number {
  let best = -1;
  let bestWeight = -1;
  let bestCloseness = Number.POSITIVE_INFINITY;
  for (let i = 0; i < moods.length; i++) {
    const mood = moods[i] as Mood;
    if (mood.family !== family) continue;
    const weight = named.get(mood.id) ?? 0;
    const c = closeness[i] as number;
    if (weight > bestWeight || (weight === bestWeight && c < bestCloseness)) {
      best = i;
      bestWeight = weight;
      bestCloseness = c;
    }
  }
  if (best < 0) throw new Error(`Atlas: no mood in family ${family}`);
  return best;
}

/**
 * How much to trust the reading: the amount of evidence (saturating: a few cue words already
 * count) times how well the valence cues agree with each other (mixed feelings lower it).
 */
function confidence(totals: Totals): number {
  if (totals.evidence === 0) return 0;
  const coverage = 1 - Math.exp(-totals.evidence / 3);
  const agreement =
    totals.valenceMagnitude > 0 ? Math.abs(totals.valence.total) / totals.valenceMagnitude : 0.5;
  return round2(coverage * (0.4 + 0.6 * agreement));
}
