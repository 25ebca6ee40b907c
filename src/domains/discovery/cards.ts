import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { foldForMatching, foldLetters } from '../../lib/fold.ts';
import { HOUR, iso } from '../../lib/time.ts';
import { ATLAS, type FamilyId, family as familyById, findMood, type Mood } from '../atlas/catalogue.ts';
import type { SignalRecord } from '../council/service.ts';

export type CardKind = 'pulse' | 'mood' | 'signal' | 'object';

/** A discovery-safe card: public facts only, never anything a person wrote about themselves. */
export interface Card {
  id: string;
  kind: CardKind;
  title: string;
  body: string;
  moodId: string;
  family: FamilyId;
  color: string;
  link: string | null;
  createdAt: string;
}

/** The public parts of the 24-hour pulse a card may use (the trajectory domain's Pulse shape). */
export interface PulseView {
  window: string;
  generatedAt: string;
  participants: number;
  families: { id: string; share: number }[];
  moods: { id: string; share: number }[];
}

/** A live cosmos object as the public listing shows it. */
export interface ObjectView {
  objectId: string;
  type: string;
  title: string;
  description: string;
  moodTarget: string;
  createdAt: string;
  expiresAt: string | null;
}

/** A stored world signal, as the Council keeps it. */
export type SignalView = SignalRecord;

/** The pulse shows no group smaller than this (the trajectory domain enforces it too). */
export const PULSE_MIN_PARTICIPANTS = 5;
export const PUBLIC_OBJECT_TYPES = ['billboard', 'event', 'content_node'] as const;

const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/** Things that identify a person or a credential; a card carrying one is not shown. */
const PERSONAL = [
  // Email addresses, also with " at " / " dot " spelled out.
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/u,
  /\b[\w.+-]+\s*(\(at\)|\[at\]|\sat\s)\s*[\w-]+\s*(\(dot\)|\[dot\]|\sdot\s)\s*[a-z]{2,}\b/i,
  // Orrery account, session, key, check-in and memory ids, and raw API keys.
  /\b(usr|ses|key|chk|mem|whk)_[0-9a-z]{26}\b/,
  /\borr_[A-Za-z0-9]{10,}/,
  // Phone numbers: at least nine digits in a phone-like run.
  /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?)?\d{2,4}[\s.-]\d{3,4}[\s.-]\d{3,4}\b/,
];

/** Number words as people spell out a phone number ("oh seven seven …"). */
const NUMBER_WORDS: Readonly<Record<string, string>> = {
  zero: '0',
  oh: '0',
  o: '0',
  nought: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
const NUMBER_WORD = new RegExp(`\\b(?:${Object.keys(NUMBER_WORDS).join('|')})\\b`, 'g');
/** Ten or more digits with nothing but spaces and phone punctuation between them. */
const DIGIT_RUN = /(?:\d[\s().\-/,]*){10,}/;

/**
 * The filters judge the text as written and folded: NFKC, zero-width and bidi characters
 * removed, look-alike letters folded; for profanity also leetspeak and letters spaced or dotted
 * apart ("f u c k", "f.u.c.k", "ѕhіt", "ｆｕｃｋ" all read as the word they spell). Personal
 * data keeps its digits and "@" unfolded.
 */
export function isProfane(text: string): boolean {
  return matcher.hasMatch(text) || matcher.hasMatch(foldForMatching(text));
}

export function hasPersonalData(text: string): boolean {
  for (const form of [text, foldLetters(text)]) {
    if (PERSONAL.some((pattern) => pattern.test(form))) return true;
    // "jane @ example . com": an address with spaces around its punctuation.
    if (PERSONAL[0]?.test(form.replace(/\s*([@.])\s*/g, '$1'))) return true;
    // Numbers in words or with odd separators: "five five five, one two three, four five six seven".
    if (DIGIT_RUN.test(form.replace(NUMBER_WORD, (word) => NUMBER_WORDS[word] ?? word))) return true;
  }
  return false;
}

/** Whether a card may be shown: no profanity and nothing that identifies a person. */
export function isDiscoverySafe(card: Pick<Card, 'title' | 'body'>): boolean {
  const text = `${card.title}\n${card.body}`;
  return !isProfane(text) && !hasPersonalData(text);
}

function colorOf(mood: Mood | undefined, family: FamilyId): string {
  return mood?.color ?? familyById(family).color;
}

function label(id: string): string {
  return findMood(id)?.label ?? familyById(id as FamilyId).label;
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** The catalogue mood that stands for a family when no mood is named. */
function emblem(family: FamilyId): Mood {
  const mood = ATLAS.moods.find((m) => m.family === family) ?? ATLAS.moods[0];
  if (mood === undefined) throw new Error('Atlas: the catalogue is empty');
  return mood;
}

function isFamily(id: string): id is FamilyId {
  return ATLAS.families.some((f) => f.id === id);
}

/**
 * The pulse card and the mood-of-the-moment card, from the 24-hour pulse. Only aggregate shares
 * of at least five people reach the pulse at all; with fewer than five participants there is no
 * card.
 */
export function pulseCards(pulse: PulseView, origin: string): Card[] {
  if (pulse.participants < PULSE_MIN_PARTICIPANTS) return [];
  const families = pulse.families.filter((f) => f.id !== 'other' && isFamily(f.id));
  const moods = pulse.moods.filter((m) => m.id !== 'other' && findMood(m.id) !== undefined);
  const top = families[0];
  if (top === undefined || !isFamily(top.id)) {
    // Enough people, but no family held five of them: the spread is all there is to say.
    const still = findMood('neutral') ?? emblem('still');
    return [
      {
        id: 'pulse_24h',
        kind: 'pulse',
        title: 'The collective pulse',
        body: `${pulse.participants} people checked in over the last 24 hours, their moods spread across the Atlas.`,
        moodId: still.id,
        family: still.family,
        color: familyById(still.family).color,
        link: `${origin}/pulse`,
        createdAt: pulse.generatedAt,
      },
    ];
  }
  const topMood = moods[0] ? findMood(moods[0].id) : undefined;
  const mood = topMood ?? emblem(top.id);
  const shares = families
    .slice(0, 3)
    .map((f) => `${label(f.id).toLowerCase()} ${percent(f.share)}`)
    .join(', ');
  const cards: Card[] = [
    {
      id: 'pulse_24h',
      kind: 'pulse',
      title: 'The collective pulse',
      body: `${pulse.participants} people checked in over the last 24 hours. Most felt ${label(top.id).toLowerCase()}: ${shares}.`,
      moodId: mood.id,
      family: top.id,
      color: familyById(top.id).color,
      link: `${origin}/pulse`,
      createdAt: pulse.generatedAt,
    },
  ];
  if (topMood !== undefined && moods[0] !== undefined) {
    cards.push({
      id: `mood_now_${topMood.id}`,
      kind: 'mood',
      title: `Mood of the moment: ${topMood.label}`,
      body: `${topMood.description} ${percent(moods[0].share)} of the pulse over the last 24 hours.`,
      moodId: topMood.id,
      family: topMood.family,
      color: topMood.color,
      link: `${origin}/pulse`,
      createdAt: pulse.generatedAt,
    });
  }
  return cards;
}

/** A different Atlas mood every hour, the same one for everyone within the hour. */
export function atlasCard(now: number): Card {
  const hour = Math.floor(now / HOUR);
  // An integer hash of the hour (xorshift-multiply), so consecutive hours jump across families.
  let h = hour ^ 0x5bd1e995;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  h ^= h >>> 15;
  const mood = ATLAS.moods[(h >>> 0) % ATLAS.moods.length] ?? emblem('still');
  return {
    id: `mood_hour_${mood.id}`,
    kind: 'mood',
    title: `From the Atlas: ${mood.label}`,
    body: mood.description,
    moodId: mood.id,
    family: mood.family,
    color: mood.color,
    link: null,
    createdAt: iso(hour * HOUR),
  };
}

export function signalCard(signal: SignalView): Card {
  const mood = findMood(signal.moodId);
  const family = mood?.family ?? 'still';
  return {
    id: signal.id,
    kind: 'signal',
    title: signal.title,
    body: signal.summary === '' ? signal.sourceName : `${signal.summary} (${signal.sourceName})`,
    moodId: mood?.id ?? emblem(family).id,
    family,
    color: colorOf(mood, family),
    link: signal.link,
    createdAt: iso(signal.sortAt),
  };
}

export function objectCard(object: ObjectView, origin: string): Card {
  const mood = findMood(object.moodTarget);
  const family = mood?.family ?? 'still';
  return {
    id: object.objectId,
    kind: 'object',
    title: object.title,
    body: object.description,
    moodId: mood?.id ?? emblem(family).id,
    family,
    color: colorOf(mood, family),
    link: `${origin}/cosmos#${object.objectId}`,
    createdAt: object.createdAt,
  };
}
