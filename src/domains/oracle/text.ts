/**
 * Text handling shared by the oracle's retrieval, themes and refusal gate: lower-casing,
 * word splitting, stop words (modern and the archaic ones of the translations) and a light,
 * deterministic suffix stemmer. Deliberately small: the same function runs over the corpus at
 * start-up and over every question.
 */

/** Lower-case words (letters, inner apostrophes and hyphens kept), curly quotes folded. */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .match(/[a-z]+(?:['-][a-z]+)*/g) ?? []
  );
}

const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before
  being below between both but by can can't cannot could couldn't did didn't do does doesn't doing
  don't down during each few for from further had hadn't has hasn't have haven't having he he'd
  he'll he's her here here's hers herself him himself his how how's i i'd i'll i'm i've if in into
  is isn't it it's its itself let's me more most mustn't my myself no nor not of off on once only or
  other ought our ours ourselves out over own same shan't she she'd she'll she's should shouldn't so
  some such than that that's the their theirs them themselves then there there's these they they'd
  they'll they're they've this those through to too under until up very was wasn't we we'd we'll
  we're we've were weren't what what's when when's where where's which while who who's whom why
  why's with won't would wouldn't you you'd you'll you're you've your yours yourself yourselves
  thee thou thy thine ye hath doth dost hast art shalt wilt wouldst shouldst canst couldst didst
  unto upon thereof therefore wherefore whereof wherein whether shall may might must also yet
  even still just really like get got one ones thing things way ways much many every anything
  something nothing everything make makes made say says said tell told let us oh well ever
  able another else either neither least less lest often quite rather since though thus whatever
  whoever whose within without would-be s t feel feels felt know knows think thinks want wants need
  needs keep keeps okay ok anyway always sometimes someone anyone everyone nobody somebody lot lots`.split(
    /\s+/,
  ),
);

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

// Irregular and archaic forms that the suffix rules would miss or mangle.
const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ['died', 'die'],
  ['dies', 'die'],
  ['dying', 'die'],
  ['dead', 'die'],
  ['death', 'die'],
  ['deaths', 'die'],
  ['lives', 'live'],
  ['life', 'live'],
  ['living', 'live'],
  ['lived', 'live'],
  ['liveth', 'live'],
  ['mortal', 'mortal'],
  ['mortality', 'mortal'],
  ['fears', 'fear'],
  ['feared', 'fear'],
  ['afraid', 'fear'],
  ['fearful', 'fear'],
  ['fearing', 'fear'],
  ['angry', 'anger'],
  ['angered', 'anger'],
  ['grieve', 'grief'],
  ['grieved', 'grief'],
  ['grieving', 'grief'],
  ['grievous', 'grief'],
  ['sorrows', 'sorrow'],
  ['sorrowful', 'sorrow'],
  ['lonely', 'lonel'],
  ['loneliness', 'lonel'],
  ['men', 'man'],
  ['women', 'woman'],
  ['children', 'child'],
  ['wise', 'wisdom'],
  ['wiser', 'wisdom'],
  ['wisest', 'wisdom'],
  ['happiness', 'happy'],
  ['happier', 'happy'],
  ['happiest', 'happy'],
  ['unhappy', 'unhappy'],
  ['worse', 'bad'],
  ['worst', 'bad'],
  ['better', 'good'],
  ['best', 'good'],
  ['thoughts', 'thought'],
  ['thinketh', 'think'],
  ['knoweth', 'know'],
  ['known', 'know'],
  ['knew', 'know'],
  ['knowledge', 'know'],
  ['gave', 'give'],
  ['given', 'give'],
  ['giveth', 'give'],
  ['took', 'take'],
  ['taken', 'take'],
  ['taketh', 'take'],
  ['lost', 'lose'],
  ['losing', 'lose'],
  ['loss', 'lose'],
  ['losses', 'lose'],
  ['friendship', 'friend'],
  ['friendships', 'friend'],
  ['labour', 'labor'],
  ['labours', 'labor'],
  ['laboured', 'labor'],
  ['laboureth', 'labor'],
  ['honour', 'honor'],
  ['honours', 'honor'],
  ['tranquillity', 'tranquil'],
  ['tranquility', 'tranquil'],
  ['riches', 'rich'],
  ['richer', 'rich'],
  ['wealthy', 'wealth'],
  ['began', 'begin'],
  ['begun', 'begin'],
  ['beginning', 'begin'],
  ['chose', 'choose'],
  ['chosen', 'choose'],
  ['choice', 'choose'],
  ['choices', 'choose'],
  ['anxious', 'anxiety'],
  ['anxieties', 'anxiety'],
  ['forgave', 'forgive'],
  ['forgiven', 'forgive'],
  ['forgiveness', 'forgive'],
  ['purposes', 'purpose'],
  ['meant', 'mean'],
  ['meaning', 'mean'],
  ['meanings', 'mean'],
  ['meaningful', 'mean'],
  ['meaningless', 'mean'],
]);

/**
 * A light suffix stemmer in the spirit of Porter's first steps: plurals, -ed/-ing, -ly,
 * -ness, -ment, -eth/-est (archaic verbs). Stems keep at least three letters. Deterministic,
 * and good enough that "fears", "feared" and "fearing" meet "fear".
 */
export function stem(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) return irregular;
  let w = word.replace(/'s$/, '').replace(/'/g, '');
  if (w.length <= 3) return w;
  const strip = (suffix: string, replacement = '', min = 3): boolean => {
    if (w.endsWith(suffix) && w.length - suffix.length >= min) {
      w = w.slice(0, w.length - suffix.length) + replacement;
      return true;
    }
    return false;
  };
  if (
    !strip('sses', 'ss') &&
    !strip('ies', 'y') &&
    !w.endsWith('ss') &&
    !w.endsWith('us') &&
    !w.endsWith('is')
  ) {
    strip('s');
  }
  if (strip('eth') || strip('est', '', 4)) return w;
  if (strip('ingly') || strip('edly') || strip('ing') || strip('ed')) {
    // hoping → hop → hope is not recovered; doubled consonants are undone: stopped → stop.
    if (/([bdfgklmnprt])\1$/.test(w) && !/(ll|ss)$/.test(w)) w = w.slice(0, -1);
    else if (w.endsWith('i')) w = `${w.slice(0, -1)}y`;
    else if (w.endsWith('e')) w = w.slice(0, -1);
    return w;
  }
  if (strip('fulness') || strip('ousness') || strip('iveness') || strip('ness')) return w;
  if (strip('ment', '', 4)) return w;
  if (strip('ly', '', 4)) return w;
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** Words → stems, stop words dropped. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    if (STOP_WORDS.has(word)) continue;
    const s = stem(word);
    if (s.length >= 2) out.push(s);
  }
  return out;
}

/** 32-bit FNV-1a: a stable seed from text, for the few choices that must not vary by run. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The sentences of normalised text, each with its closing mark. */
export function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/).filter((s) => words(s).length > 0);
}

/**
 * A question about the asker's own life ("how do I bear…", "should I forgive…", "am I wrong…"):
 * answered whatever frames it, a persona or a named thinker.
 */
export const ASKS_OF_ONES_OWN_LIFE =
  /\b(?:how (?:do|can|should|would|could|might) (?:i|we) (?:bear|live|cope|deal|forgive|accept|let go|move on|grieve|face|stop|find|get through|go on|keep going|make peace|carry|survive|love|trust|handle)|what should i do (?:about|with|now)|why (?:do|am|can't|cant|did|does) (?:i|it hurt)|is it (?:wrong|okay|ok|selfish|normal|weak) (?:to|that|for me)|should i (?:forgive|leave|stay|let|tell|give up|keep)|am i (?:wrong|a bad|selfish|weak|a coward))\b/;
