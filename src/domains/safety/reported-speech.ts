/**
 * Words someone else said, quoted by the writer: "a patient kept saying 'just let me die'", "'I'll
 * kill him,' the man on the phone shouted", "callers often say things like 'I just want to sleep
 * and not wake up'". A nurse, a trainer, a juror or a parent telling what they heard is not the one
 * at risk, and canonical text loses the quotation marks that show it; so before the rules read a
 * text, such a quotation is blanked.
 *
 * What stays, because protecting the writer beats a false alarm:
 * - the writer's own words, quoted ("I told her 'I want to die'", "and I was like 'kill me'");
 * - a quotation with no speaker named (a lyric, a line the writer repeats);
 * - a quotation the writer then takes as their own ("that's me", "she's right", "I said yes");
 * - a threat addressed to the writer ("he told me 'I'll kill you'"): a person in danger from
 *   someone else is better met with where to turn than with a quotation;
 * - every quotation of a writer afraid for the speaker now ("she texted 'I won't need my car
 *   where I'm going' and isn't answering. I'm scared"): the quotation is the danger they tell;
 * - a quotation of one or two words, an epithet rather than speech ("called me a 'burden'").
 */

/** A span in double quotes, typographic or straight, within a line. */
const DOUBLE_QUOTED = /["\u201c]([^"\u201c\u201d\n]{1,300})["\u201d]/g;
/**
 * A span in single quotes: an opening mark at a word's start, a closing one at a word's end (an
 * apostrophe inside a word, "I'm", is neither).
 */
const SINGLE_QUOTED =
  /(?<=^|[\s([\u2014\u2013-])['\u2018](?=[^\s'])([^\n]{1,300}?)(?<=[^\s'])['\u2019](?=[\s.,!?;:)\]\u2014\u2013-]|$)/g;

const SPEECH_VERB = String.raw`(?:said|says|say|saying|told|tells|telling|shouted|shouts|shouting|yelled|yells|yelling|screamed|screams|screaming|whispered|whispers|whispering|muttered|mutters|muttering|asked|asks|asking|quoted|quoting|wrote|writes|writing|texted|texts|texting|messaged|posted|repeated|repeats|repeating|went|goes|sang|sings|singing|cried|learned|learnt|hissed|snapped|announced|declared|threatened|threatening|joked|jokes|joking|quipped|commented|replied|replies|complained|moaned|groaned|sighed|tweeted|captioned)`;
/**
 * The verb right before a quotation, with whom it was said to and what may sit between ("told my
 * mum", "said to me", "say things like", "was like").
 */
const VERB_BEFORE = new RegExp(
  String.raw`(?:^|\s)(?:${SPEECH_VERB}(?:\s+(?:to|at))?(?:\s+(?:me|us|him|her|them|everyone|people|(?:my|his|her|our|their|the|a)\s+\S+))?(?:\s+(?:things|stuff|lines|phrases|something|words))?(?:\s+like)?(?:,?\s+(?:\w+\s+)?\w+,)?|(?:was|were|is|are|be|been|goes|went)\s+(?:all\s+)?like)[\s,:\u2014\u2013-]*$`,
  'i',
);
/**
 * Words the writer heard or read ("I hear 'I want to die' every week", "I read messages like
 * '…'"): someone else's, whoever the subject of the verb is.
 */
const HEARD_BEFORE =
  /(?:^|\s)(?:hear|hears|heard|hearing|read|reading|overheard|overhear)\s+(?:(?:things|messages|texts|posts|notes|words|stuff|calls|people say|kids say|them say|him say|her say)\s+)?(?:like\s+)?[\s,:\u2014\u2013-]*$/i;
/** A speaker named right after a quotation: "'…,' she said", "'…', said my mum". */
const VERB_AFTER = new RegExp(
  String.raw`^[\s,.!?\u2014\u2013-]*(?:${SPEECH_VERB}\s+(\S+)|((?:\S+\s+){0,4}?)${SPEECH_VERB}\b)`,
  'i',
);
/** Words that name who speaks: a subject pronoun, or the determiner of a speaker's noun. */
const SPEAKER_WORD =
  /^(?:i|we|he|she|they|you|u|it|someone|somebody|everyone|people|a|an|the|my|his|her|our|their|your|this|that|one|some|mum|mom|dad)$/;
const WRITER = /^(?:i|we)$/;

/**
 * Who speaks in `words` (the words before a speech verb, in order): the last subject pronoun or
 * determiner, read backwards over verbs, adverbs and objects ("I laughed and said", "the
 * trainer made us say"); `undefined` when nothing names one.
 */
function speakerIn(words: string): string | undefined {
  const tokens = words
    .toLowerCase()
    .replace(/['\u2019](?:ve|m|d|ll|re|s)\b/g, '')
    .split(/[^a-z]+/)
    .filter(Boolean);
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i] as string;
    if (t === 'me' || t === 'us' || t === 'him' || t === 'them') continue;
    if (SPEAKER_WORD.test(t)) return t;
  }
  return tokens.length > 0 ? 'named' : undefined;
}

/** A quotation the writer owns afterwards ("that's me", "she's right", "I say it too now"). */
const TAKEN_AS_OWN =
  /\b(?:that'?s (?:me|how i feel|what i feel|exactly (?:me|how i feel)|what i want)|that (?:is|was|used to be|has been|'s been) (?:me|how i feel)|this is me|same here|me too|i feel (?:that|the same|exactly that|it)|(?:feel|felt) like mine|my own (?:thoughts?|voice|words|head)|the same (?:thing|way|words|question)|i(?:'m| am)? (?:the one )?(?:saying|say|said|feel|think|want) (?:it|that|the same)|i (?:said|say|answered|replied|told (?:her|him|them)),? (?:yes|yeah|yep)|(?:he|she|they|you) (?:is|are|was|were|might be|may be) right|(?:he|she|they)'?(?:s|re) right|i agree|relatable|i (?:believe|believed) (?:him|her|them|it)|i keep (?:saying|repeating|thinking)|take (?:it|him|her|them) literally|(?:do|doing) (?:it )?for real|make it (?:true|real)|do what (?:he|she|they) (?:says?|said|wants?|wanted))\b/i;
/**
 * A writer afraid for someone now ("she said 'I won't need them where I'm going' and I'm
 * scared"): the quotation is the danger they are telling, and where to turn is what they need.
 */
const WORRIED =
  /\b(?:scared|terrified|frightened|worried|panicking|panicked|afraid|(?:do not|don'?t) know (?:what to do|who to tell|how to help)|what (?:do|should|can) i do|how (?:do|can|should) i help|should i (?:call|tell)|urgent|urgently|we'?re looking|(?:he|she|they) (?:means?|meant) it|what (?:he|she|they) (?:means?|meant)|(?:he|she|they) (?:was|were|is|are|was not|wasn'?t|is not|isn'?t) (?:not )?joking|is (?:he|she|they) (?:ok|okay|safe|alright))\b/i;
/** A quotation of one or two words is an epithet ("called me a 'burden'"), not speech. */
const FEWEST_WORDS = 3;
/** Someone speaking to the writer ("told me", "said to us"). */
const AT_WRITER = /\b(?:me|us)\b/i;
/** A threat to whoever hears it ("I'll kill you", "you're dead"). */
const THREATENS_THE_HEARER =
  /\b(?:kill|hurt|stab|shoot|beat|end|get|find|destroy|ruin|murder|strangle|choke|punch|hit|burn)\s+(?:you|u|ya)\b|\byou(?:'re| are)\s+(?:dead|going to (?:die|pay|regret))/i;

/** How far back in its sentence the words before a quotation are read. */
const BEFORE_REACH = 90;

function sentenceBefore(text: string, at: number): string {
  const window = text.slice(Math.max(0, at - BEFORE_REACH), at);
  const cut = Math.max(
    window.lastIndexOf('. '),
    window.lastIndexOf('! '),
    window.lastIndexOf('? '),
    window.lastIndexOf('\n'),
  );
  return cut >= 0 ? window.slice(cut + 1) : window;
}

/** Whether a quotation at [from, to) holds someone else's words that the writer does not own. */
function isSomeoneElses(text: string, from: number, to: number, quoted: string): boolean {
  if (quoted.trim().split(/\s+/).length < FEWEST_WORDS) return false;
  const before = sentenceBefore(text, from);
  const ownedAfter = () => TAKEN_AS_OWN.test(text.slice(to));
  if (HEARD_BEFORE.test(before)) return !ownedAfter();
  const b = VERB_BEFORE.exec(before);
  const a = b === null ? VERB_AFTER.exec(text.slice(to, to + 60)) : null;
  if (b === null && a === null) return false;
  const speaker = b !== null ? speakerIn(before.slice(0, b.index)) : speakerIn(a?.[1] ?? a?.[2] ?? '');
  const attribution = (b ?? a)?.[0] ?? '';
  if (speaker === undefined || WRITER.test(speaker)) return false;
  if (THREATENS_THE_HEARER.test(quoted) && AT_WRITER.test(attribution)) return false;
  return !ownedAfter();
}

/** The text with every quotation of someone else's words replaced by a clause break. */
export function blankReportedSpeech(text: string): string {
  if (!/["'\u2018\u2019\u201c\u201d]/.test(text) || WORRIED.test(text)) return text;
  const spans: [number, number][] = [];
  for (const re of [DOUBLE_QUOTED, SINGLE_QUOTED]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const from = m.index;
      const to = from + m[0].length;
      if (isSomeoneElses(text, from, to, m[1] ?? '')) spans.push([from, to]);
    }
  }
  if (spans.length === 0) return text;
  spans.sort((x, y) => x[0] - y[0]);
  let out = '';
  let at = 0;
  for (const [from, to] of spans) {
    if (from < at) continue;
    out += `${text.slice(at, from)} , `;
    at = to;
  }
  return out + text.slice(at);
}
