import { foldForMatching, splitRunTogetherWords, squeeze } from '../../lib/fold.ts';
import {
  accumulateEvidence,
  BROKEN_STREAK,
  distancingFrame,
  EVIDENCE_THRESHOLD,
  READER_SAID,
  STREAK_BREAKERS,
} from './evidence.ts';
import { blankReportedSpeech } from './reported-speech.ts';
import { TOKEN_REWRITES, unsqueezable } from './vocabulary.ts';

/**
 * The crisis detector: does a text express a risk of suicide or self-harm, or of harming
 * someone else? Pure, deterministic and offline; it runs on every oracle question and every
 * analysed text, before anything else reads them.
 *
 * How it reads:
 * 1. `canonical` folds the text (NFKC, look-alikes, leetspeak, spaced letters), squeezes every
 *    repeated letter ("diiie", "kill" → "die", "kil"), splits punctuation into tokens, expands
 *    contractions and the internet's words for suicide ("kms", "unalive", "sewerslide", "ctb"),
 *    and mends near-misses of the key words ("sucide", "myslef").
 * 2. Rules are patterns over that canonical text. Each has a flag, a weight and a strength:
 *    a `strong` rule (first-person intent, a plan, a method, a farewell, a threat) flags alone;
 *    `medium` cues ("I can't do this anymore", "no way out") flag together; `weak` mood cues
 *    only tip medium ones over. A rule's match is discounted when what precedes it in its
 *    sentence denies or distances it ("never", "used to", "my character").
 * 3. Idioms ("dead tired", "killing time", "my mom will kill me", "I'd die for a coffee") are
 *    never matched: every pattern needs a first-person subject and a self-directed or
 *    person-directed object, and the few phrases that would still match are listed as idioms
 *    and blanked before the rules run. A method named as the answer to an everyday annoyance
 *    ("if this meeting goes on any longer…", "I'd rather walk into traffic than…") is hyperbole.
 * 4. Evidence (`evidence.ts`) is added up over the whole text by class — a wish not to be,
 *    thoughts, a plan, preparation, means, a past attempt, burden, belonging, entrapment,
 *    finality; for harm to others a grievance, revenge, targeting, a weapon — and adds its share
 *    of the threshold when it holds a risk class. So a medium cue with any risk evidence beside
 *    it flags, and a long post whose risk is only said sideways flags when its classes add up.
 * 5. A text told as a recovery story (nothing saying the risk is back) or as fiction is capped
 *    below the threshold, however many matches it holds.
 *
 * Protecting people beats a false alarm: where first-person distress is ambiguous, it flags.
 */

export type CrisisFlag = 'self_harm' | 'harm_to_others';

export interface CrisisVerdict {
  readonly flag: CrisisFlag;
}

type Strength = 'strong' | 'medium' | 'weak';

interface Rule {
  readonly id: string;
  readonly flag: CrisisFlag;
  readonly strength: Strength;
  readonly re: RegExp;
  /** A match does not count when its clause matches this (someone else's death, say). */
  readonly unless?: RegExp;
  /** The rule does not count in a text that matches this anywhere (a hike, a joke). */
  readonly unlessAnywhere?: RegExp;
}

// ---- Canonical text ------------------------------------------------------------------------

/** Phrases rewritten before tokens: multi-word slang and spellings. */
const PHRASE_MAP_SOURCE: ReadonlyArray<readonly [string, string]> = [
  ['me self', 'myself'],
  ['sewer slide', 'suicide'],
  ['sewer side', 'suicide'],
  ['self delete', 'kill myself'],
  ['self - delete', 'kill myself'],
  ['self - harm', 'self harm'],
  ['self - harming', 'self harming'],
  ['self - harmed', 'self harmed'],
  ['self - harms', 'self harms'],
  ['self injury', 'self harm'],
  ['self - injury', 'self harm'],
  ['self injuring', 'self harming'],
  ['self - injuring', 'self harming'],
  ['self - injured', 'self harmed'],
  ['self injured', 'self harmed'],
  ['game end', 'kill myself'],
  ['commit sudoku', 'commit suicide'],
  ['toaster bath', 'suicide'],
  ['self deletion', 'suicide'],
  ['self - deletion', 'suicide'],
  ['i want die', 'i want to die'],
  ['i want unalive', 'i want to unalive'],
  ['i want to kill me', 'i want to kill myself'],
  ['i wanna kill me', 'i want to kill myself'],
  ['catch the bus', 'kill myself'],
  ['an hero', 'commit suicide'],
  ['neck myself', 'hang myself'],
  ['rope myself', 'hang myself'],
  ['want 2', 'want to'],
  ['need 2', 'need to'],
  ['going 2', 'going to'],
  ['wish 2', 'wish to'],
  ['do not wan to', 'do not want to'],
];

/** Key words mended when a token is one edit away (a letter dropped, swapped, added, changed). */
const FUZZY_TARGETS = [
  'suicide',
  'suicidal',
  'myself',
  'overdose',
  'yourself',
  'anymore',
  'tomorrow',
  'murder',
  'himself',
  'herself',
];

function damerauWithin1(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    // One substitution, or one transposition.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

const SQUEEZED_FUZZY = FUZZY_TARGETS.map((w) => [squeeze(w), w] as const);
const PHRASE_TO = new Map(PHRASE_MAP_SOURCE.map(([from, to]) => [squeeze(from), squeeze(to)] as const));
const PHRASES = new RegExp(
  `(?<= )(?:${[...PHRASE_TO.keys()].map((k) => k.replace(/[-]/g, '\\-')).join('|')})(?= )`,
  'g',
);
/** Tokens the fuzzy mender must leave alone (real words one edit from a key word). */
const NOT_FUZZY = new Set(['myelf', 'suicides', 'yourselves']);

/** Mended tokens, remembered (the vocabulary people write in is small); cleared when full. */
const MENDED = new Map<string, string>();
const MENDED_MAX = 20_000;

function mendToken(token: string): string {
  const mapped = TOKEN_REWRITES.get(token);
  if (mapped !== undefined) return mapped;
  if (token.length < 5 || NOT_FUZZY.has(token)) return token;
  const known = MENDED.get(token);
  if (known !== undefined) return known;
  const mended = mendRare(token);
  if (MENDED.size >= MENDED_MAX) MENDED.clear();
  MENDED.set(token, mended);
  return mended;
}

function mendRare(token: string): string {
  // "suicidel", "sucidal", "suicdal": anything shaped s·u…c…d… ending in al/el/le.
  if (
    token.length >= 6 &&
    token.startsWith('su') &&
    /^su[ie]?[cs]i?[ds]i?(?:[ae][lt]?|[lt][ae]?)?$/.test(token)
  ) {
    return /[ds]i?[ae]?[lt]/.test(token.slice(3)) ? 'suicidal' : 'suicide';
  }
  for (const [squeezed, word] of SQUEEZED_FUZZY) {
    if (token[0] === squeezed[0] && damerauWithin1(token, squeezed)) return squeeze(word);
  }
  // A word run into the one before it in lower case ("coloradokilling myself", a title glued to
  // its post): a key word at the end of a long token is read apart.
  const glued = GLUED_TAIL.exec(token);
  if (glued !== null) return `${token.slice(0, glued.index)} ${glued[0]}`;
  return token;
}

/** Key words read apart from a token they end ("anniversarysuicidal"); squeezed spellings. */
const GLUED_TAIL = /(?<=^[a-z]{3,})(?:kiling|suicidal|suicide)$/;

/**
 * The canonical form the rules read: tokens separated by single spaces, punctuation tokens
 * kept (they end clauses), a space at both ends, every repeated letter squeezed.
 */
/** Words starred out: "k***" (alone, it is "kill myself"), "s*****e", "su***de", "d*e". */
function uncensor(text: string): string {
  if (!text.includes('*')) return text;
  return text
    .replace(/\bk\*{2,}(?=\s+(?:my|him|her|them|you|some|every|the|a)\b)/gi, 'kill')
    .replace(/\bk\*{2,}/gi, 'kill myself')
    .replace(/\bs[\w*]\*{2,}[\w*]*e\b|\bsu\*+\w*\b/gi, 'suicide')
    .replace(/\bd\*e\b/gi, 'die');
}

export function canonical(text: string): string {
  // The knot emoji is written for a noose ("the 🪢 is ready"), and words starred out to pass a
  // filter are read as written ("I want to k***", "s*****e"); every other symbol separates words.
  // A nose is renamed before letters repeated in a row count once, when "noose" becomes "nose":
  // "I hate my nose" is about a face (`unsqueezable` does the same for other such words).
  const folded = unsqueezable(foldForMatching(splitRunTogetherWords(uncensor(text))))
    .replaceAll('\u{1FAA2}', ' noose ')
    .replace(/\bnoses?\b/g, ' nostril ');
  const out: string[] = [];
  let token = '';
  let apostrophe = false;
  const flush = () => {
    if (token === '') return;
    if (apostrophe) {
      const mapped = TOKEN_REWRITES.get(token);
      if (mapped !== undefined) out.push(mapped);
      else {
        const bare = token.replace(/'s$/, '').replaceAll("'", '');
        if (bare !== '') out.push(mendToken(bare));
      }
    } else out.push(mendToken(token));
    token = '';
    apostrophe = false;
  };
  // One pass: letters and digits build tokens (a letter repeated in a row counts once), an
  // apostrophe stays inside a word, sentence punctuation and hyphens become tokens of their
  // own, a line break ends a sentence, and everything else (spaces, emoji, symbols) separates.
  for (let i = 0; i < folded.length; i++) {
    const c = folded[i] as string;
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
      if (c !== token[token.length - 1] || c < 'a') token += c;
    } else if (c === "'" || c === '`' || c === '\u2019' || c === '\u2018' || c === '\u00b4') {
      if (token !== '') {
        token += "'";
        apostrophe = true;
      }
    } else if (c === '.' || c === '!' || c === '?' || c === ';' || c === ':' || c === ',') {
      flush();
      out.push(c);
    } else if (c === '\n') {
      flush();
      if (out[out.length - 1] !== '.') out.push('.');
    } else if (c === '-') {
      flush();
      out.push('-');
    } else flush();
  }
  flush();
  const joined = ` ${out.join(' ')} `;
  return joined
    .replace(PHRASES, (phrase) => PHRASE_TO.get(phrase) ?? phrase)
    .replace(SPLIT_REFLEXIVE, ' $1self');
}

/**
 * A reflexive written as two words ("burning my self", "kill your self"), but not the first
 * half of a compound ("my self esteem", "my self harm scars").
 */
const SPLIT_REFLEXIVE = new RegExp(
  sq(
    ` (my|your|him|her) self(?= )(?! (?:esteem|worth|image|confidence|respect|care|harm|harming|control|doubt|awareness|hatred|hate|loathing|love|conscious|talk|destructive|destruction|sabotage|sabotaging|portrait|help|defense|defence|isolation|medicate|medicating|injury|injuring|mutilation|pity|discipline|improvement|expression|identity|belief|compassion|acceptance|interest|reflection|reliance|sufficiency|study|taught|made|employed|publish|published|driving|checkout|service|storage|titled|aware|centered|centred|absorbed|obsessed|critical))`,
  ),
  'g',
);

// ---- Rules ---------------------------------------------------------------------------------

/** Squeezes the letters of a pattern source as the text is squeezed (escapes left alone). */
function sq(source: string): string {
  return source.replace(/(?<!\\)([a-z])\1+/g, '$1');
}

function words(list: string): string {
  return `(?:${list
    .trim()
    .split(/\s*\|\s*/)
    .map((w) => w.replace(/ +/g, ' '))
    .join('|')})`;
}

/** Adverbs and hedges that may sit between a subject and its verb. */
const ADV = `(?:${words(`really | just | honestly | seriously | genuinely | actually | literally | kind of | sort of |
  lowkey | highkey | so | truly | still | also | sometimes | often | even | only | simply | all | badly |
  desperately | definitely | totally | fully | finally | now | think i | feel like i | think | already |
  right now | ngl | tbh | fr | lol | deeply | secretly | probably | might | may | could | should | almost |
  constantly | always | usually | normally | regularly | keep | kept | want to | wanna | am | just want to | nearly | mostly | basically |
  sincerely | every day | everyday | at this point | tonight | today | one day | soon | realy | rly | def |
  do | did | cannot help but | can not help but | want to just | need to | feel | literally just |
  am about to | swear i | swear to god i | swear i will | i swear | guess i | guess | suppose | gonna | will | would`)} )*`;

/** A first-person subject, or a clause start where one was dropped ("wanna die ngl"). */
const I = `(?:^ | [.!?;:,] | (?:i|i am|i was|i have|i had|i will|i would|i do|me|part of me|part of me still|i feel like|i think|i honestly|and i|but i|so i|and|but|so|ngl|tbh|honestly|lowkey|for real|sometimes|now|today|tonight|right now|lol|also|yeah|yes|ok|okay|well|because|that|just|really|literally|seriously|god) )`;

/** Acts of killing oneself (an intent to do one is a crisis, whatever the intent word). */
const DIE_ACT = `(?:kill myself|unalive(?: myself)?|rope|roping|end my life|end my own life|take my (?:own )?life|end it all|end it(?! (?:with|between|for (?:him|her|them|us)|off|there|here|early|now with|on a|on good))|end everything|end this life|end things(?! with| between)|commit suicide|die by suicide|die by my own hand|suicide|off myself|hang myself|shoot myself|stab myself|drown myself|overdose|jump off|jump in front|jump from|jump(?= [.!?,]| $| tonight| now| today| soon| off| from)|put a bullet (?:in|through) my (?:head|brain|skull)|blow my brains out|pull the trigger|check out(?= [.!?,]| $| tonight| now| for good| permanently| early| soon)|throw myself|drive (?:my car )?(?:into|off) (?:a |the )?(?:concrete )?(?:wall|tree|pole|bridge|cliff|oncoming traffic|traffic|river|lake|truck|divider|barier|median|overpas|pilar)|slit my wrists|cut my wrists|poison myself|starve myself to death|drink myself to death|go through with it|leave this world|leave this earth|exit this world|give up on life|check out early)`;

/** Being dead or gone, as something wished for. */
const DIE_STATE = `(?:die|perish|dye(?! (?:my|her|his|the|it|hair|your|them|clothes|fabric|eggs))|be dead|not (?:be )?(?:alive|exist|wake up|be here(?: any more| tomorrow)?)|never wake up|stop existing(?! (?:on|in|at|for a|online))|cease to exist|stop living|disappear (?:forever|for good|permanently)|sleep forever|go to sleep forever|sleep for ever|sleep permanently|sleep and never wake up|let go(?= [.!?,]| $| of (?:life|this life|everything|it all)| forever| for good)|go to sleep and (?:never|not) wake up|fall asleep and (?:never|not) wake up|be gone(?: forever| for good)?|not be around|not live|no longer (?:exist|be alive|live)|be with (?:my )?(?:dad|mom|mum|grandma|grandpa|brother|sister|him|her) (?:again|in heaven)|be put out of my misery|fall asleep forever|crash my car|get hit by a (?:car|bus|truck|train))`;

/** A wish, a plan or readiness: with an act or a state of death, a crisis. */
const WISH = `(?:want to|wanted to|wants to|free to|wish to|wish i could|wish i would|wish i can|wish i was able to|plan to|planning to|planned to|plan on|planning on|about to|ready to|need to|trying to|tried to|try to|attempt to|attempted to|deserve to|would rather|would like to|rather|thinking about|thinking of|think about|thought about|considering|consider|decided to|have decided to|contemplating|tempted to|feel like i want to|feel like i should|feel like i need to|can not wait to|cant wait to|hope to|long to|longing to|yearn to|choose to|urge to|keep thinking about|keep thinking of|obsessing over|fantasizing about|fantasising about|dreaming of|dream of|dream about|pray to|praying to|could just|just want to|honestly want to|can not stop thinking about|been thinking about|been thinking of|been planning to|been wanting to|been meaning to|should just|might just|wanna|am waiting to|waiting to|just waiting to|begging to|ask god to|asking god to)`;

/** What someone says they would have done by now, but for a person or a reason that holds them. */
const BUT_FOR_ACT = `killed myself|ended it(?: all)?|ended my life|blown my brains out|done it|jumped|hanged myself|overdosed|taken my (?:own )?life|be dead|been dead|gone through with it`;

/** An intent: everything a wish is, and the plain future. */
const INTENT = `(?:${WISH}|going to|am going to|will|should|might|am|gona|do it and|going to end up|will end up|might end up|end up)`;

/** A farewell letter to a place, a job or the next person at a desk: "Wrote a goodbye note to my desk". */
const NOTE_TO_A_PLACE =
  /to (?:that|my) (?:girl|boy|kid|teenager|younger self)\b(?!s)|back to (?:that|her|him|me)\b|to (?:my|a) (?:younger|past|teenage|old|\d+ year old) self|to (?:my|the|our|a) (?:old |childhod |first |new |future )?(?:desk|job|house|home|flat|apartment|bedrom|rom|schol|ofice|car|city|town|team|students|clas|garden|kitchen)|for whoever|for the next (?:person|tenant|owner)|coworker|coleague|for (?:the|my|our) (?:neighbour|neighbor|landlord|postman|delivery|driver|cleaner|babysiter|nany|romate|flatmate|teacher|milkman|plumber|builder|boss|team|substitute)|(?:on|under) (?:the|his|her|their|my) (?:door|windscreen|windshield|car|fridge|desk)/;

/** Leaving a job, a house or a school: goodbyes that are a day's events, not a farewell to life. */
const ORDINARY_DEPARTURE = new RegExp(
  sq(
    ` (?:last day (?:at|of|in)|final day at|our last day|my last day|(?:last|final) shift|leaving do|leaving party|leaving card|farewel (?:party|lunch|drinks|card|do)|new job|the new place|new house|old house|new flat|old flat|moving day|moved out|moving out|the removals?|removal van|painters|graduation|graduated|retirement|retiring|retired|a card and)(?= )`,
  ),
);

/** A journey or an ordeal to come through: "see you on the other side" of it. */
const TRIP =
  / (?:hike|hiking|trail|trek|trip|flight|exam|exams|finals|surgery|operation|holiday|vacation|of grid|festival|deployment|tour|camping|retreat|weding|marathon|move|moving|labou?r|delivery|c section|night shift)(?= )/;

/** Being away for an everyday reason: a holiday, a shift, a move. */
const AWAY =
  /\b(?:holidays?|vacation|trip|travel\w*|moving|abroad|shift|at work|for work|the ofice|conference|away on|camp|course|deployed|deployment|exchange)\b/;

function rule(
  id: string,
  flag: CrisisFlag,
  strength: Strength,
  source: string,
  unless?: RegExp,
  unlessAnywhere?: RegExp,
): Rule {
  const re = new RegExp(`(?:${sq(source.trimEnd())})(?= )`, 'g');
  return { id, flag, strength, re, ...(unless && { unless }), ...(unlessAnywhere && { unlessAnywhere }) };
}

/** Someone else's death, or death as a subject: not a first-person death wish. */
const THIRD_PARTY_DEATH = new RegExp(
  sq(
    ` (?:died|dies|passed away|passed|killed (?:himself|herself|themselves)|took (?:his|her|their) (?:own )?life|funeral of|death of|(?:his|her|their|mom|mum|dad|father|mother|brother|sister|friend|son|daughter|wife|husband|grandma|grandpa|grandmother|grandfather|pet|dog|cat) s? ?(?:death|suicide|overdose)|(?:is|was|are|were|has been|had been) (?:dying|dead)|afraid of (?:death|dying)|scared of (?:death|dying)|terified of (?:death|dying)|fear of (?:death|dying)|fear (?:death|dying)|(?:accept|accepting|face|facing|prepare for|preparing for|make peace with|think about|learn|learning|teach|stoics?|philosoph\\w*|meaning|mortality|what happens|after (?:we|i) die|when (?:we|i) die|before i die|if i (?:have to|hear|see|eat|miss|get another|sit through|do another)|not suicidal|i am not (?:dying|going to die)(?! (?:fast|quick|soon enough))|suicide (?:los|bereavement|prevention|awarenes|survivors?|hotline|helpline|charity|walk|support)|(?:would|wil|will) never (?:kil|hurt|harm) myself|not going to (?:kil|hurt|harm) myself|i am safe|do not want to die(?! (?:any more|alone|but|and))|one day|someday|eventually|old age|bucket list|will die one day|going to die one day))(?= )`,
  ),
);

/**
 * A decision that is someone else's ("he decided", "the mods decided") or that names an everyday
 * act ("I decided to call the owner", "decided to go back to school"). "I've decided. Sunday.",
 * "decided to stop taking the tablets", "I've decided how" still count.
 */
const SOMEONE_ELSES_OR_ORDINARY_DECISION = new RegExp(
  sq(
    ` (?:he|she|they|we|you|it|mods|someone|everyone|nobody|people|dad|mum|mom|father|mother|boss|ex|doctor|therapist|sister|brother|husband|wife|boyfriend|girlfriend|partner|friend|friends|family|parents|body|brain|mind|kid|kids|cat|dog|car|phone|laptop|weather|universe|god|company|school|council|landlord|bank|manager|team|government|court|judge|s)(?: (?:has|have|had|just|finaly|already|then|eventualy|recently|suddenly|al|both))* (?:decided|made (?:a|his|her|their|the) decision|made up (?:his|her|their) minds?)|decided to (?!(?:end|stop taking|stop eating|stop my|not be|not go on|not wake|not live|go through|go too|go with|join|test it|do it|kil|take my|take (?:al|the|every|an)|leave this|leave the world|leave for god|say godbye|give away|give up on|write (?:my|the|a) (?:note|leter)|not tel|not come back|not go back)(?= ))`,
  ),
);

/**
 * "Kill yourself" said to someone about their own risk, as people who answer a person in crisis
 * say it: negated, asked about, or named as an urge. Not a threat and not the writer's risk.
 */
const SPEAKING_TO_SOMEONE_AT_RISK = new RegExp(
  sq(
    ` (?:do not|did not|not|never|no need to|need not|why would you|why do you|want to|wanting to|thought about|thoughts of|thinking about|thinking of|going to|tried to|trying to|try to|urge to|urges to|about to|plan to|planning to|if you|before you|off of|instead of|stop you from|keep you from)(?: [^.?!;,~]*?)? kill yourself`,
  ),
);

/** Self-harm spoken of in someone else, or in the past, or to help. */
/** Ways people end their lives, as they are named when compared ("hanging or pills"). */
const SUICIDE_METHOD =
  'jumping|jump(?= (?:to (?:my )?death|of|from|in front))|hanging|hanging myself|a noose|overdosing|an overdose|overdose|pills|drugs|gunshot|a gun|shooting myself|shotgun|slitting|cutting my wrists|wrists|drowning|carbon monoxide|exhaust fumes|the train|a train|train tracks|bleach|helium|starving';

/**
 * What follows "cutting" when it is self-harm: the clause's end, "again", "myself", a part of the
 * body, how long or how often, why ("I've been cutting for three years", "started cutting again").
 * "Cutting my hair", "cutting veg", "cutting back on coffee" and "cutting it close" go on otherwise.
 */
const CUTTING_GOES_ON = ` (?:[.,!?;:-]|$|again|rn|right now|now|as i|while|instead|myself|deeper|deep|more|less|badly|every|daily|regularly|lately|recently|since|for|when|because|to (?:cope|feel|numb|punish|release|get|make|stop|calm)|and (?!pasting|sticking|gluing|chopping|slicing|dicing|peeling|colouring|coloring)|but|so|or|tonight|today|last|a lot|is|was|has|helps|helped|used|urges?|scars|relapse|behind|where|till|until|then|at night|my (?:arms?|wrists?|legs?|thighs?|skin|stomach|belly|hips?|body|chest|ankles?|hands?|fingers|face|side|shoulders?|calf|calves|forearms?)|(?:on|into) (?:my|the) (?:arms?|wrists?|legs?|thighs?|skin|stomach|hips?|body|forearms?)|(?:\\d+|a few|a couple|several|two|three|four|five) (?:times|years|months|weeks|days)|at (?:\\d+|age)|in (?:high school|school|college|my room|the bathroom)|with (?:a|my|the) (?:razor|blade|knife|scissors|glass|sharpener))`;

/**
 * A fall that hurt ("I slipped on the ice and cut my hand"). Canonical text squeezes doubled
 * letters, so "fell" reads as "feel": only a fall's own words around it make it one.
 */
const A_FALL = new RegExp(
  sq(
    ` (?:fel|fal|falen|tripped|slipped|crashed|fainted|colapsed)(?: (?:down|off|over|backwards|hard|badly|(?:on|of|off|from|into|in|at|down) (?:\\S+ ){0,3}?\\S+))? and (?:\\S+ )?(?:cut|hurt|burned|burnt|bruised|hit|scratched|bit|banged|bashed)(?= )`,
  ),
);

const SOMEONE_ELSE_HARM = new RegExp(
  sq(
    ` (?:friend|sister|brother|son|daughter|child|students?|pupils?|patients?|clients?|partner|girlfriend|boyfriend|flatmate|romate|housemate|clasmate|coworker|coleague|he|she|they|someone|people|help (?:a|my|someone)|support (?:a|my|someone)|used to|years ago|lesson|lessons|content|safeguarding|(?:was|used to be) (?:a|an) (?:\\S+ ){0,2}who|by accident|accidentally|shaving|cooking|chopping|kitchen|gym|workout|training|running|football|soccer|playing|practice|fel (?:down|off|over|of|from|into|onto|out|backwards|hard|badly|asleep|and)|fall|falling|slipped|tripped|sport|sports|lifting|skating|hiking|climbing|injury|injured|sprain|sprained|back|knee|ankle|wrist while|cat|dog|kitten|puppy|pet|bird|horse|rabbit|hamster|nosebled|nostril)(?= )`,
  ),
);

/** Exasperation at circumstances ("can't take it anymore with this heat lol"), not despair. */
const ANNOYANCE = new RegExp(
  sq(
    ` (?:any more|much longer) +(?:with|in) (?:this|the|these|my|our) (?:heat|cold|weather|rain|snow|humidity|noise|traffic|wifi|internet|commute|neighbou?rs?|printer|laptop|phone)| (?:any more|much longer)(?: +\\S+){0,6} +(?:lol|lmao|haha|hahaha)| (?:any more|much longer) +, (?:so )?i am (?:moving|quiting|leaving|caling|reporting|going to (?:move|quit|leave|cal|report|complain|talk|ask|look))(?= )`,
  ),
);

/**
 * A method said as the answer to an everyday annoyance ("if this meeting goes on any longer
 * I'll throw myself out the window", "I'd rather walk into traffic than sit through it"):
 * hyperbole, not a plan.
 */
const HYPERBOLE = new RegExp(
  sq(
    ` if(?: +\\S+){0,10}? +(?:one more|\\d+ more|a hundred more|any longer|another (?:minute|hour|page|meeting|email|lecture|class|song|episode|word))(?= )| rather(?: +\\S+){1,8}? +than +(?:sit|listen|go|do|read|watch|attend|spend|work|deal|talk|hear|eat|take|study|write|sit through|be stuck|open)(?= )| for the (?!first|last|second|third|fourth|fifth|final)\\S+(?:th|st|nd|rd) time(?= )| (?:whoever|anyone who|anybody who|the person who|the genius who|the idiot who) (?:invented|designed|came up with|thought of|thought up|decided|scheduled|says|thinks|puts|likes|disagrees|does not like|is not|plays|ordered|picked)(?= )`,
  ),
);

/** "They'll regret losing me": a loss to them, not a threat to them. */
const REGRET_LOSING_ME = new RegExp(
  sq(
    ` regret +(?:losing|firing|letting go of|dumping|leaving|not hiring|not promoting|underestimating|ignoring) me(?= )`,
  ),
);

/** A dose asked for an animal or a child's safety ("what dose of ibuprofen is lethal for a cat?"). */
const DOSE_FOR_ANOTHER = new RegExp(
  sq(
    ` (?:for|to|kil|harm|poison) (?:a|my|the|our|your) (?:cat|dog|puppy|kiten|pet|horse|rabbit|hamster|parot|guinea pig|child|toddler|baby|kid)(?= )`,
  ),
);

/** "They have it coming" said of a team, a character or the referee. */
const A_SHOW_OR_A_MATCH =
  /(?: (?:karma|the universe|in the game|the show|season|episode|the finale|the match|their team|the refs?|the referee))(?= )/;
/** "My plan is simple", "I'll follow through" said of a diet, a course or a trip. */
const AN_ORDINARY_PLAN =
  /(?: (?:project|diet|gym|business|course|degree|training|resolution|for dinner|the party|overnight|sleepover|revision|study|holiday|trip|wedding|budget|workout|meal))(?= )/;

const S: CrisisFlag = 'self_harm';
const H: CrisisFlag = 'harm_to_others';

const PERSON = `(?:him|her|them|you|one of (?:them|you|those \\w+|these \\w+)|everyone|everyone else|someone|somebody|people|all of them|them all|all of you|you all|every (?:single )?one of (?:them|you|those \\w+|these \\w+)|each (?:one )?of them|all (?:of )?(?:those|these) (?:people|kids|guys|bastards|bitches|assholes)|the (?:whole )?(?:class|school|office|family|neighbou?rs?|kids|teachers?|students|staff)|the next (?:person|guy|one|man|woman|kid|idiot)(?: who| that)?|anyone who|whoever|anybody who|my (?:whole |entire |own |stupid |fucking |damn |little |older |younger |big )?(?:boss|manager|ex|ex - ?(?:wife|husband|girlfriend|boyfriend)|wife|husband|girlfriend|boyfriend|gf|bf|dad|father|mom|mum|mother|stepdad|stepmom|step - dad|step - mom|stepfather|stepmother|brother|sister|son|daughter|baby|babies|kids?|child|children|family|parents|roommate|flatmate|neighbou?rs?|teacher|coworkers?|co - workers?|colleagues?|classmates?|bully|bullies|uncle|aunt|cousin|grandma|grandpa|partner|fiance|landlord|friend|best friend|in - laws|father - in - law|mother - in - law)|(?:that|this|the|those|these) (?:guy|girl|man|woman|dude|kid|bitch|bastard|asshole|prick|cunt|fucker|motherfucker|idiot|teacher|boss|cop|neighbou?r|driver|clerk|ex|people|guys|girls|kids|bitches|bastards|assholes|whore|slut|twat|jerk|loser|family|couple|lady|officer|man)|(?:everyone|everybody) (?:at|in) (?:my |the )?(?:school|work|office|class|church))`;

const HARM_VERB = `(?:kill|stomp (?:him|her|them) out|murder|stab|shank|shoot|strangle|choke|poison|hurt|harm|beat|beat up|punch|attack|smash|bash|slit (?:his|her|their) throats?|behead|torture|burn|run over|hit|break (?:his|her|their) (?:neck|legs?|face|bones)|end|slaughter|massacre|butcher|rape|maim|gun down|blow up|bomb|drown|suffocate|smother|bury|cut|slap|put (?:him|her|them) in (?:the|a) (?:hospital|ground|grave)|make (?:him|her|them) (?:bleed|suffer|pay)|hunt down|get rid of|destroy|ruin|mutilate|set fire to|light (?:him|her|them) on fire|unload on|open fire on|fight|stomp|curb stomp|bludgeon|break|snap)`;

const RULES: readonly Rule[] = [
  // ---- Self: direct intent, wish, plan.
  rule('self.intent', S, 'strong', `${I}${ADV}${INTENT} ${ADV}(?:just )?${DIE_ACT}`, HYPERBOLE),
  rule('self.wish-state', S, 'strong', `${I}${ADV}${WISH} ${ADV}(?:just )?${DIE_STATE}`),
  rule(
    'self.kill-myself',
    S,
    'strong',
    ` (?:kill|killing|kil|hang|hanging|shoot|shooting|(?<= (?:to|will|would|gonna|should|might|could|just|finally|and)) off|offing|end|ending|drown|drowning|poison|poisoning|overdose on|od on) myself(?! (?:laughing|with laughter|trying|working|for (?:this|that|a|the|my|nothing)|over (?:this|that|a|the|my|nothing)|at the gym|at work|to (?:get|make|finish|meet|keep|please)|studying|running|doing))`,
  ),
  rule('self.take-life', S, 'strong', ` (?:take|taking|end|ending) my (?:own )?life `),
  rule(
    'self.suicidal',
    S,
    'strong',
    ` (?:i|i am|am|i feel|feel|feeling|i have been|been|i get|getting|i was|so|really|very|pretty|super|kind of|extremely|actively|passively|lowkey) (?:so |really |very |pretty |super |kind of |extremely |actively |passively |quite |more |increasingly |just |lowkey )?suicidal`,
    / (?:from|back|since) when i was (?:\S+ )?suicidal| was suicidal (?:at \d+|as a (?:teen|teenager|kid|student)|in (?:19|20)\d\d)/,
  ),
  rule(
    'self.suicidal-thoughts',
    S,
    'strong',
    ` (?:i|i have|i am having|having|i keep having|my|been having|i get|getting|had|constant|daily|intrusive|these) (?:\\w+ ){0,2}suicidal (?:thoughts|ideation|feelings|urges|tendencies|episode|again|thinking)`,
  ),
  rule(
    'self.suicide-attempt',
    S,
    'strong',
    ` (?:my|i) (?:\\w+ ){0,3}(?:suicide (?:attempt|plan|note|letter|method)|attempt(?:ed)? suicide|attempt(?:ed)? to (?:kill|end))`,
  ),
  rule(
    'self.suicide-first',
    S,
    'strong',
    `${I}${ADV}(?:think|thinking|thought|keep thinking|been thinking|consider|considering|considered|contemplate|contemplating|contemplated|plan|planning|planned|want|wanting|fantasi[sz]e|fantasi[sz]ing|dream|dreaming|obsess|obsessing) (?:a lot |so much |constantly |every day |seriously |again )?(?:about |of |on )?(?:suicide|killing myself|unaliving myself|ending (?:it|it all|my life|everything|things)|taking my (?:own )?life|not being alive|not existing|offing myself|how to (?:die|kill myself|end it))(?! (?:of|in|is|as|and my)? ?(?:a |the )?(?:character|story|book|novel|film|movie|essay))`,
  ),
  rule(
    'self.suicide-only-way',
    S,
    'strong',
    ` (?:suicide|death|dying|killing myself|ending it) (?:is|seems|feels like|is becoming|looks like) (?:like )?(?:the |my )?(?:only|best|last|easiest|right) (?:way|option|choice|answer|solution|escape|thing)`,
    / (?:asisted|euthanasia|dignitas|voluntary|medicaly|terminaly)(?= )/,
  ),
  rule(
    'self.wish-dead',
    S,
    'strong',
    ` (?:i|i just|i really|i honestly|i sometimes|i often|i kind of|sometimes i|and i) (?:wish|wished|hope|pray|prayed|hoped) (?:that )?(?:i|i would|i could|i had) (?:\\w+ )?(?:was|were|be|had been|been|had never been|never was|never) (?:dead|born(?! (?:a|an|in|into|with|rich|earlier|later|somewhere|as|the|male|female|smarter|prettier|taller))|gone|never born|not born|killed|not alive|not here)`,
  ),
  rule(
    'self.hope-die',
    S,
    'strong',
    ` (?:i|i just|i really|i honestly|i sometimes|sometimes i|every night i|i kind of|i secretly) (?:hope|pray|wish) (?:that )?(?:i|god|something|someone|a car|a bus|the plane|it|the cancer|this illness) (?:\\w+ ){0,3}(?:die|dies|kills me|takes me|would kill me|hits me|run me over|runs me over|not wake up|never wake up|do not wake up|get hit|gets me|crash|end me|ends me)(?! (?:\\w+ ){0,3}(?:when i am (?:old|\\d+|ninety|a hundred)|at (?:\\d+|ninety|a hundred)|of old age|as an old|one day|someday|decades from now|many years from now|peacefully at|like (?:my )?(?:grandma|grandpa|gran|nan|grandmother|grandfather)))`,
  ),
  rule(
    'self.pray-take',
    S,
    'strong',
    ` (?:please (?:god )?|god please |god )?(?:just )?(?:take me|let me die|kill me|end me)(?: now| already| please| tonight| in my sleep)? (?:god|lord|please|already|i am done|i can not|i am begging)`,
  ),
  rule(
    'self.not-wake',
    S,
    'strong',
    ` (?:i|i just|i really|i honestly) (?:do not want to|hope i do not|hope i never|hope not to|wish i would not|wish i did not|want to not|would rather not|pray i do not|pray i never|do not plan to|want to never|wish i never|hope i will not) (?:\\w+ ){0,2}(?:wake up|see (?:tomorrow|the morning|another day|my next birthday|next year|christmas)|live (?:any more|another|through|past|to see)|be alive|exist|be here any more|be here tomorrow|be around|make it to|survive)`,
  ),
  rule(
    'self.not-live',
    S,
    'strong',
    `${I}${ADV}(?:do not|no longer|can not|can not bring myself to|do not think i can|do not know if i can|do not know how to|do not see how i can|refuse to) ${ADV}(?:want to |wish to |feel like |see the point in |see a reason to |have the strength to |have it in me to |keep |want to keep )?(?:live|living|be alive|exist|existing|go on|carry on|keep going|keep living|stay alive|be here|survive|continue(?: living| to live)?|see (?:a |any )?(?:future|reason to live|point in living|way out))(?! (?:with|without (?:you|her|him)|in|at|near|like (?:this|that) with|here|there|on|for|under|as a|alone in))`,
  ),
  rule(
    'self.tired-living',
    S,
    'strong',
    ` (?:tired|sick|exhausted|done|finished|fed up|weary) (?:of|with) (?:living|being alive|life itself|existing|my (?:own )?existence|this life|my life|life|breathing|waking up|being here|fighting to stay alive|trying to stay alive|staying alive)`,
  ),
  rule(
    'self.better-off',
    S,
    'strong',
    ` (?:better|happier|easier) (?:off )?(?:without me|if i (?:just |simply |really |finally )?(?:was|were|am|had|died|did not|was not|were not|disappeared|left|never|had never|killed)|with me gone|when i am gone|after i am gone|once i am gone|if i was dead|without me in it|without me around|if i was not around|if i were not around)`,
  ),
  rule(
    'self.world-without-me',
    S,
    'strong',
    ` (?:world|everyone|everything|my family|they|people|life) (?:\\w+ ){0,3}(?:better|easier|happier) (?:\\w+ ){0,2}without me`,
  ),
  rule(
    'self.no-one-miss',
    S,
    'strong',
    ` (?:no one|not a single person|nobody) (?:would|will|is going to|going to|would even|will even|will ever|would ever|really|even|would really) (?:\\w+ )?(?:care|notice|miss me|care|cry|come to my funeral|even notice|realize|know) (?:\\w+ ){0,4}(?:if i|when i|that i|i am gone|i was gone|i died|i die|i disappeared|i killed myself|i was dead|i was not here|if i was gone|i left|my funeral)`,
  ),
  rule(
    'self.no-reason',
    S,
    'strong',
    `${I}${ADV}(?:do not have|have no|can not find|can not see|do not see|see no|have not got|there is no|lost (?:my|every|any|all)|find no) (?:a |any |more |single |real |good )?(?:reason|point|reasons) (?:to|in|for) (?:live|living|be alive|being alive|stay alive|staying alive|go on|going on|keep going|keep living|exist|existing|wake up|waking up|get up|getting up|stay|staying|be here|being here|continue|continuing|try any more|trying any more|life|my life|fighting)`,
  ),
  rule(
    'self.only-way',
    S,
    'strong',
    ` (?:only|best|last|easiest|one) (?:way out|option|answer|solution|escape|choice|way|thing) (?:left )?(?:for me )?(?:is|would be|seems|seems to be|i see is|i can see is|left is|i have left is) (?:to )?(?:suicide|death|dying|die|kill myself|killing myself|end it|ending it|end my life|ending my life|to not exist|not existing)`,
  ),
  rule(
    'self.nothing-to-live',
    S,
    'strong',
    ` (?:nothing (?:left )?to live for|no one to live for|nobody to live for|lost (?:the|my|all) will to live|no (?:more )?will to live|lost (?:my )?reason to live|no reason to live|hate being alive|regret being born|wish i (?:was|were|had) never (?:been )?born|should (?:never|not) have been born|should not exist|should not be alive|be put out of my misery|put me out of my misery)`,
  ),
  rule(
    'self.burden-all',
    S,
    'strong',
    `${I}${ADV}(?:am|feel like|feel like i am|am just|have become|am nothing but|am only) (?:such )?(?:a |an )?(?:\\w+ )?burden (?:to|for|on) (?:everyone|my family|everybody|the world|all|everyone around me|the people i love|those i love|my loved ones|you all)(?! \\S* ?(?:financially|for (?:money|rent|a while|now)|while i))`,
  ),
  rule(
    'self.lethal',
    S,
    'strong',
    ` (?:how (?:many|much)|what (?:dose|amount)|lethal (?:dose|amount)|fatal (?:dose|amount)|overdose (?:on|of)|deadly dose|enough) (?:\\S+ ){0,6}(?:pills|tablets|mg|milligrams|paracetamol|tylenol|acetaminophen|ibuprofen|aspirin|insulin|antidepressants|xanax|oxy|oxycodone|opioids|fentanyl|heroin|sleeping pills|meds|medication|medicine|benadryl|melatonin|lithium|morphine|codeine|alcohol|vodka|bleach|antifreeze)(?: \\S+){0,8} (?:to die|would kill|will kill|to kill (?:me|a person|someone|you|myself)|kill (?:me|a person|someone|you)|is lethal|is fatal|to not wake up|would it take|does it take|it would take|it will take|it takes|would be enough|is enough|are enough|to overdose|overdose|to end it|to sleep forever|never wake up|lethal|fatal|would do it|to do it)`,
    DOSE_FOR_ANOTHER,
  ),
  rule(
    'self.lethal-of',
    S,
    'strong',
    ` (?:lethal|fatal|deadly|toxic) (?:dose|amount|quantity) (?:of|for) (?:\\S+ ){0,3}(?:pills|tablets|paracetamol|tylenol|acetaminophen|ibuprofen|aspirin|insulin|xanax|oxy|oxycodone|fentanyl|heroin|sleeping pills|meds|medication|benadryl|melatonin|lithium|morphine|codeine|my (?:\\w+ )?(?:pills|meds|medication))`,
  ),
  rule(
    'other.outside-home',
    H,
    'strong',
    ` (?:outside|at|near|by|to|in front of) (?:his|her|their|my ex s|my ex|my boss s|that \\w+ s) (?:house|home|place|work|office|school|apartment|flat|door|car) (?:\\S+ ){0,4}(?:with|holding|carrying) (?:a |an |my |the |his |her )?(?:\\w+ ){0,2}(?:gun|knife|rifle|pistol|shotgun|weapon|machete|axe|bat|blade|crowbar|hammer)`,
  ),
  rule(
    'other.run-over',
    H,
    'strong',
    `${I}${ADV}(?:${INTENT}|could|will|ill) (?:run|mow) ${PERSON} (?:over|down)`,
  ),
  rule(
    'other.go-after',
    H,
    'strong',
    ` (?:get|buy|grab|take|bring|got|bought|grabbed|took|load|loaded) (?:a |my |the |his |her |\\w+ )?(?:gun|knife|rifle|pistol|shotgun|weapon|machete|axe|bat|crowbar|hammer) (?:and |to )?(?:go after|come for|hunt|hunt down|pay (?:him|her|them) a visit|show up at|wait for|go find|find|visit|deal with|settle (?:this|it|things)) (?:him|her|them|my|that|those|the|everyone|people|his|her|their)`,
  ),
  rule(
    'other.slit',
    H,
    'strong',
    `${I}${ADV}(?:${INTENT}|could|will|ill) (?:slit|cut|slash|break|snap|crush|bash in|cave in|blow off|blow out|rip out|smash in|stomp on|blow) (?:his|her|their|your|that \\w+ s|my \\w+ s) (?:\\w+ )?(?:throat|throats|neck|skull|head|face|brains|legs|jaw|teeth|eyes|heart)`,
  ),
  rule(
    'other.deserve-die',
    H,
    'strong',
    ` (?:they|he|she|you|them|him|her|those (?:\\w+)|all of them|everyone|my (?:\\w+)) (?:all )?(?:deserve|deserves|need|needs|have|has) to die (?:\\S+ ){0,6}(?:i will|i am going to|and i|i am gonna|i want to|i will make|by my hand|i will do it|i am the one)`,
  ),
  rule(
    'other.someone-hurt',
    H,
    'medium',
    ` (?:someone|somebody|people|everyone|someone else|a lot of people) (?:\\w+ ){0,3}(?:is|are) (?:going to|gonna|about to) (?:get hurt|die|get killed|bleed|pay|get shot|get stabbed)`,
  ),
  rule(
    'other.me-who',
    H,
    'medium',
    ` (?:it is going to be|it will be|and it will be|it is gonna be) me (?:who|that) (?:does it|did it|hurts|kills|shoots|pulls the trigger)`,
  ),
  rule(
    'other.burn-house',
    H,
    'strong',
    `${I}${ADV}(?:${INTENT}|could|will|ill) (?:burn|torch|set fire to|firebomb|blow up) (?:down )?(?:my |his |her |their |that |the |this )?(?:\\w+ ){0,2}(?:house|home|car|place|apartment|flat|shop|store|office)(?: down)?`,
  ),
  rule(
    'self.goodbye-forever',
    S,
    'strong',
    ` (?:goodbye|bye|farewell) (?:\\w+ ){0,3}(?:forever|for good|for the last time|i love you all|i am sorry|please forgive me|it was nice knowing you|see you on the other side|see you in (?:another|the next) life)`,
  ),
  rule(
    'self.nice-knowing',
    S,
    'strong',
    ` (?:it was|it s been|it has been|been) nice knowing (?:you|y all|you all|everyone|you guys)(?! (?:at|in|from|this (?:semester|year|week)|over|during))`,

    /moving|new (?:team|job|role|school|city|position)|leaving (?:the|this|my) (?:company|team|job|school|group)|retir|transfer|graduat/,
    / (?:jk|just kiding|night shift|day shift|(?:he|she|they) (?:said|says)|bank (?:acount|balance)|my acount|wallet|paycheck|salary|after christmas)(?= )/,
  ),
  rule(
    'self.this-is-the-day',
    S,
    'strong',
    ` (?:this is|tonight is|today is|tomorrow is|this will be|it is) (?:the|my) (?:day|night|week|weekend|time|month|year|moment) (?:that )?i (?:finally |actually |really )?(?:do it|end it|go through with it|kill myself|die|end my life|leave|check out|stop fighting|let go|jump|do this)`,
  ),
  rule(
    'other.how-kill',
    H,
    'strong',
    ` (?:thinking|think|thought|planning|plan|planned|imagine|imagining|fantasi[sz]ing|fantasi[sz]e|dream|dreaming|daydreaming|researching|looking up|figuring out|figured out) (?:about |of |up )?(?:how|ways|the best way) (?:i would|i will|i could|i am going to|i can|i might|to) (?:${HARM_VERB}|get away with (?:killing|murdering|hurting)) (?:${PERSON}|him|her|them)`,
  ),
  rule(
    'self.intent-ing',
    S,
    'strong',
    `${I}${ADV}(?:am |have been |been |was |keep )?(?:thinking about|thinking of|contemplate|contemplated|consider|considered|so close to|this close to|close to|planning on|considering|contemplating|obsessing over|fantasi[sz]ing about|dreaming of|dreaming about|think about|thought about|think of|going to go through with) (?:just )?(?:killing myself|ending it(?! (?:with|between|off|for (?:him|her|them|us)))|ending it all|ending my life|ending things(?! with| between)|ending everything|taking my (?:own )?life|committing suicide|suicide|hanging myself|overdosing|jumping(?: off| in front| from)?|unaliving myself|offing myself|not being (?:here|alive|around)(?: any more| tomorrow)?|not existing|not waking up|being dead|giving up for good|doing it(?= (?:tonight|today|soon|this time|for real|again))|checking out|leaving this world|disappearing forever|roping|slitting my wrists|shooting myself|drowning myself)`,
  ),
  rule(
    'self.intent-ing-am',
    S,
    'strong',
    `${I}${ADV}am (?:finally |really |actually |just )?(?:ending it(?! (?:with|between|off|for (?:him|her|them|us)|on))|ending it all|ending my life|killing myself|checking out(?= [.!?,]| $| tonight| now| for good| permanently| early| soon)|doing it tonight|going through with it|taking my (?:own )?life)`,
  ),
  rule(
    'self.urged-from-within',
    S,
    'strong',
    ` (?:my (?:brain|head|mind|gut|thoughts|body|heart|depression|illness|intrusive thoughts|inner voice)|the voices?|a voice|voices|something (?:inside|in) (?:me|my head)|part of me|everything in me|every (?:part|fiber|fibre|cell|bone) (?:of|in) me) (?:\\w+ ){0,3}(?:telling|tells|told|begging|begs|begged|urging|urges|urged|pushing|pushes|screaming at|screams at|whispering to|whispers to|wants|wanting) me to (?:just )?(?:${DIE_ACT}|die|do it|end it|jump|cut|hurt myself)`,
  ),
  rule(
    'self.courage-to',
    S,
    'medium',
    ` (?:(?:courage|nerve|guts|balls|bravery) (?:\\w+ ){0,2}(?:to|for)|too (?:much of a |big of a |big a )?(?:coward|cowardly|scared|afraid|chicken|weak|pussy) to) (?:just )?(?:finally )?(?:actually )?(?:follow through|go through with it|end it all|kill myself|pull the trigger|leave this world|take my life|(?:do it|end it|jump)(?= [.!?,;]| $))| (?:wish i had|work up|working up|worked up|find|finding|muster|mustering|get up|getting up|lack|lacking|do not have|never had) (?:the |enough )?(?:guts|nerve|courage|balls)(?= [.!?,;]| $| tonight| now| right now| again| today| already| yet| still)| (?:such a|too much of a|too big a|stop being a|being a|am a|so) (?:coward|chicken)(?: ,)?(?= [.!?,;]| $| still| to| for still)`,
    / (?:you|your|she|he|they|her|his|their|we|our) (?:\w+ ){0,3}(?:courage|nerve|guts|balls|bravery|coward|cowardly|scared|afraid|chicken|weak|pussy)/,
  ),
  rule(
    'self.comfortable-with-it',
    S,
    'strong',
    ` (?:comfortable|at peace|okay|ok|fine|at ease|content|obsessed|in love) with (?:the (?:idea|thought) of )?(?:suicide|killing myself|ending it all|ending my life|taking my (?:own )?life|my (?:own )?suicide|not waking up|not existing|being dead)`,
  ),
  rule(
    'self.hopefully-dead',
    S,
    'strong',
    ` (?:hopefully|with any luck|fingers crossed|if i am lucky ,?) (?:\\w+ ){0,5}(?:kills me|will kill me|takes me|ends me|finishes me off|i (?:do not|never|will not) wake up|i die|i will die|i am dead|i will be dead|i will not be here)`,
  ),
  rule(
    'self.suicide-method-ask',
    S,
    'strong',
    `(?<! no| not a| not an| never a| never an| is not a| is not an) (?:effective|painless|quick|quickest|best|easiest|easy|good|reliable|surest|sure|peaceful|fastest|least painful|foolproof|guaranteed) (?:suicide (?:plan|plans|method|methods)|ways? to (?:die|kill myself|end it all|end my life|commit suicide|overdose))`,
  ),
  rule(
    'self.no-other-option',
    S,
    'medium',
    ` (?:do not|can not|no longer|fail to) see (?:any |an |a )?(?:other |different |better )?(?:option|options|way out|choice|alternative|solution|way forward)(?! (?:but|than|besides|except|for (?:the|my|this|that|her|him|them|us)|to (?:get|fix|pay|make|the)|in (?:this|the) (?:market|job)))`,
  ),
  rule(
    'self.getting-close',
    S,
    'medium',
    ` i am (?:getting |so |really |pretty |very |too |dangerously )*close(?= [.!?,]| $| now| to the edge| to the end| to doing it| to giving up)`,
  ),
  rule(
    'self.who-finds-my-body',
    S,
    'medium',
    ` (?:dispose of|find|finds|found|discover|discovers|clean up|deal with|collect|identify) my (?:dead )?(?:body|corpse|remains)`,
  ),
  rule(
    'self.voice-says-do-it',
    S,
    'strong',
    ` (?:the voices?|a voice|voices|my (?:head|brain|mind|thoughts)|head|brain) (?:\\w+ ){0,3}(?:saying|says|said|whispering|whispers|telling me|tells me|told me|screaming|screams|goes|go|keeps saying|keep saying) (?:to )?(?:just )?(?:do it|end it|end it all|jump|die|kill yourself|kill myself|you could just die|you should die)`,
  ),
  rule(
    'self.talk-me-out',
    S,
    'medium',
    ` talk me out of (?:it|this|doing it|ending it|going through with it)(?= [.!?,;]| $| or| please| tonight)`,
  ),
  rule(
    'self.who-finds-me',
    S,
    'medium',
    ` (?:who|the one (?:who|that)|the right person|the person who|how long before (?:anyone|someone|somebody|they)|my (?:mum|mom|dad|flatmate|roommate|kids?|wife|husband|partner|sister|brother|parents|son|daughter)) (?:\\w+ ){0,3}(?:finds|find|will find|would find|is going to find|has to find) me(?= [.!?,;]| $| first| dead| like that| after| when| in (?:the|my) (?:morning|flat|room|bath|car|house))`,
  ),
  rule(
    'self.method-feel',
    S,
    'medium',
    ` (?:does|do|would|will|is|how much does|how painful is|how long does|how long would|what does) (?:\\w+ ){0,2}(?:drowning|hanging|jumping|overdosing|an overdose|freezing to death|bleeding out|suffocating|a gunshot|getting hit by a (?:train|car|lorry|truck|bus)) (?:hurt|painful|quick|fast|take|feel like|feel|hurt much|work)| (?:painless|peaceful|quickest|easiest|least painful|least mesy) (?:way|method|death|way out)(?= [.!?,;]| $| to go| out| to do it| anyone)`,
  ),
  rule(
    'self.vehicle-on-purpose',
    S,
    'strong',
    ` (?:leting go of|let go of|take my hands of|took my hands of|turning|turn|turned|yank|yanking|pul|puling|jerk) the (?:steering )?whel(?: \\S+){0,12} (?:on purpose|to end it|and end it|toward|towards|into)| (?:drifted|swerved|steered|drove|driving|drive|take|took|taking) (?:\\S+ ){0,6}?(?:on purpose|hoping|daring)(?= [.!?,;]| $| (?:the|that|a|for|something|it|and))| (?:driving|drive|drove|ride|riding) (?:\\S+ ){0,8}?(?:with )?(?:my |the )?seatbelt (?:of|undone)(?: \\S+){0,6} (?:hoping|waiting|so that|in case)| hoping (?:a|the|some) (?:\\S+ ){0,3}?(?:truck|car|lorry|bus|train|roo|deer|tree) (?:\\S+ )?(?:makes the decision|hits me|takes me|ends it)| (?:drive|driving|drove) (?:my car |the car |it )?(?:into|of) (?:the |a )?(?:lake|river|sea|barier|guardrail|wal|tree|bridge|clif|oncoming)(?! (?:view|road|house|path|trail|side|bank|front|walk))`,
    / (?:intrusive|not a wish|would never|never would|wil never|used to|years ago|back then|at the end|when i was|in (?:19|20)\d\d|he|she|they|my (?:husband|wife|son|daughter|friend|brother|sister|dad|mum|mom|partner|boyfriend|girlfriend)) /,
  ),
  rule(
    'self.sat-with-means',
    S,
    'strong',
    ` (?:sat|sitting|sit|spent (?:\\S+ ){0,4}?night|held|holding) (?:\\S+ ){0,10}?(?:with|holding) (?:my |his |her |my dads |my dad s |the |a |an )?(?:\\S+ )?(?:revolver|gun|pistol|rifle|shotgun|noose|hair dryer plugged in)| (?:sat|sitting|stood|standing) on the (?:railing|ledge|edge of the rof|parapet)(?: \\S+){0,6} (?:feet|legs) (?:on the )?(?:outside|over|dangling)| (?:in|at) the garage (?:\\S+ ){0,6}?(?:the )?(?:keys|engine)(?: \\S+){0,4} (?:in my hand|running)`,
    / (?:you sit|you sat|he|she|they|used to|years ago|back then|when i was|in (?:19|20)\d\d|my (?:husband|wife|son|daughter|friend|brother|sister|dad|mum|mom|partner)) (?!s )/,
  ),
  rule(
    'self.means-kept-for-later',
    S,
    'strong',
    ` (?:filed|filled|refiled|refilled|picked up) al (?:of )?my (?:prescriptions|scripts|meds|pils) early| (?:pils|pil|tablets|meds|medication|prescription|painkilers|tramadol|oxy|baclofen|insulin|sleping pils)(?: \\S+){0,8} (?:for later|not for the pain|for when i decide|just in case|for when the time (?:is right|comes)(?= [.!?,;]| $))(?= [.!?,;]| $| for| when| like)| i (?:think i )?have enough (?:now|saved|stored|put by)(?= [.!?,;]| $| i)| (?:waiting period|background check)(?: \\S+){0,6} (?:ends|is up|clears|over)| i know (?:exactly )?what my tolerance is| now i know what did not work| know exactly which (?:ones|drugs|pils|one)`,
    / (?:threw|throw|thrown|flushed|flush|got rid|get rid|gave (?:them|it) (?:back|away)|handed|returned|used to|years ago|back then|in (?:19|20)\d\d) /,
  ),
  rule(
    'self.method-compare',
    S,
    'strong',
    ` (?:${SUICIDE_METHOD})(?: \\S+){0,3}? (?:or|vs|versus) (?:\\S+ ){0,4}?(?:${SUICIDE_METHOD})(?: \\S+){0,4}? (?:which|what) (?:one |of them |of those )?(?:is|would be|will be|hurts|would hurt|is the) (?:more|less|most|least|quicker|faster|surer|more certain)| (?:which|what) (?:one |of them )?(?:is|would be|hurts) (?:more|less|most|least) (?:painful|painles|reliable|efective|certain|quick|lethal)(?: \\S+){0,2} ,? (?:${SUICIDE_METHOD})(?: \\S+){0,3}? (?:or|vs|versus) (?:\\S+ ){0,3}?(?:${SUICIDE_METHOD})`,
  ),
  rule(
    'self.overdosed-now',
    S,
    'strong',
    `(?:^ (?:just )?| [.!?;,] (?:just )?| i (?:just |think i |think i just |might have |may have |have just |have )?)(?:overdosed|overdose|took an overdose)(?= [.!?,]| $| (?:about |like |maybe |around |over )?(?:an hour|half an hour|\\d+|ten|twenty|thirty|forty|a few) (?:minutes|mins|hours|hrs)? ?ago| on (?:(?:my|his|her|the|some|al|a|\\d+) )*(?:\\S+ )?(?:pils|tablets|meds|medication|sleping|painkilers|insulin|heroin|fentanyl|paracetamol|tylenol|ibuprofen|acetaminophen|xanax|antidepresants|drugs|opioids|oxy|benzos)| again| tonight| today| an hour| half an hour| \\d)`,
  ),
  rule(
    'self.may-be-my-last',
    S,
    'strong',
    ` (?:today|tonight|this|this day|this night|this week|tomorow) (?:may|might|could|wil|is going to|wil probably) be my last(?= [.!?,]| $| day (?:[.!?,]|$|alive|on|here)| night (?:[.!?,]|$|alive|on|here))`,
  ),
  rule(
    'self.nice-living',
    S,
    'medium',
    ` it (?:was|has ben|s ben) (?:nice|fun|god|great|a pleasure|an honou?r|a ride) (?:living|being alive|being here|existing)(?= [.!?,]| $| for| on| with| among)`,
  ),
  rule('self.cruel-world', S, 'medium', ` (?:godbye|god bye|bye|farewel) cruel world`),
  rule(
    'self.methods-advice',
    S,
    'medium',
    ` (?:advice|sugestions?|recomendations?|tips|ideas|help|info|information) (?:regarding|on|about|for|with) (?:suicide )?methods(?= [.!?,]| $| that| which| to| i)| methods that are (?:\\S+ )?(?:acesible|reliable|painles|quick|lethal|certain|foolproof)(?: and (?:\\S+ )?(?:acesible|reliable|painles|quick|lethal|certain|foolproof))?(?= [.!?,]| $)`,
  ),
  rule(
    'self.method-efficacy',
    S,
    'strong',
    ` how (?:sucesful|efective|reliable|certain|lethal|quick|fast|likely to work|sure) (?:would|is|wil|are|could) (?:\\S+ ){0,3}?(?:carbon monoxide|charcoal|helium|hanging|a noose|drowning|an overdose|overdosing|jumping|pils|tablets|a gunshot|exhaust)`,
  ),
  rule(
    'self.knife-into-me',
    S,
    'strong',
    ` (?:plunging|plunge|plunged|stabbing|stab|driving|drive|puting|put|slicing|slice|sticking|stick|shoving|shove) (?:a |the |my |this )?(?:knife|blade|kitchen knife|scisors|shard|glass shard|razor) (?:right |straight |deep )?(?:into|through|in|across) my (?:abdomen|stomach|chest|neck|heart|throat|gut|belly|wrists?|arms?|thighs?|eye|head|skul)`,
  ),
  rule(
    'self.not-take-enough',
    S,
    'strong',
    ` (?:did|have) i (?:just )?not (?:take|taken|swalow|swalowed) enough| i have (?:now |just |already )?(?:taken|swalowed) (?:[1-9]\\d+|twenty|thirty|forty|fifty|a hundred) (?:of (?:my |the |these )?)?(?:\\S+ )?(?:pils|tablets|ibuprofens?|paracetamols?|tylenols?|advils?|aspirins?|xanax|sleping pils|painkilers|capsules|meds)`,
  ),
  rule(
    'self.dose-need',
    S,
    'medium',
    ` how (?:many|much) (?:do|would|wil|should|must) i (?:ned|have) to (?:take|swalow|drink)(?= [.?!]| $)`,
  ),
  rule(
    'self.right-day',
    S,
    'medium',
    ` (?:waiting for|wait for|picked|chosen|chose|choose) the (?:right|perfect) (?:day|night|moment)(?= [.!?,;]| $)`,
  ),
  rule(
    'self.debating',
    S,
    'strong',
    `${I}${ADV}(?:am |have been |been |was |keep )?(?:debating|deciding|weighing up|torn between|choosing between|trying to decide|can not decide) (?:whether |if )?(?:or not )?(?:i should |to |i will |i want to |i am going to )?(?:just )?(?:kill myself|end my life|end it all|take my (?:own )?life|commit suicide|hang myself|shoot myself|overdose|slit my wrists|jump in front of|jump (?:off|from) (?:a |the |my )?(?:bridge|building|roof|cliff|balcony|overpass|ledge|tower|car park|parking garage)|(?:killing|hanging|shooting) myself|ending (?:my life|it all)|overdosing)`,
  ),
  rule(
    'self.dose-kill-me',
    S,
    'strong',
    ` (?:mg|milligrams|grams|pills|tablets|xanax|ativan|valium|klonopin|oxy|oxycodone|percocet|fentanyl|heroin|tylenol|paracetamol|acetaminophen|ibuprofen|advil|benadryl|sleeping pills|insulin|lithium|seroquel|trazodone|antidepressants|meds|medication|alcohol|vodka)(?: \\S+){0,12} (?:will|would|could|can|does) (?:it|this|that|these|they|those|this amount|that amount|that much|this much|the combination|the mix) (?:be enough to )?(?:kill me|be lethal|be fatal|stop my heart|die)`,
  ),
  rule(
    'self.die-in-my-sleep',
    S,
    'strong',
    ` (?:(?:please|just|pls|plz|someone|somebody|god|universe) )+(?:kill|take|end) me in my sleep| (?:let me|i hope i|i pray i|i wish i|hopefully i|pray i|hope i) (?:just )?(?:die|pass|go) in my sleep(?! (?:when|at|of|after|as|like|one day|someday|eventually|decades|years|many|a long))`,
  ),
  rule(
    'self.planning-my-death',
    S,
    'strong',
    `${I}${ADV}(?:spend \\w+ (?:\\w+ )?|keep |been |am |have been )?(?:devising|planning|plotting|scheming|designing|rehearsing|mapping out|working out|figuring out) (?:my (?:own )?(?:death|suicide|demise|last day|final day|final exit)|how i (?:will|am going to|would|could|can) (?:die|end it|kill myself|end my life))`,
  ),
  rule(
    'self.stronger-rope',
    S,
    'strong',
    ` (?:found|got|bought|ordered|have|tested|tied) (?:a |the |some )?(?:longer|stronger|thicker|sturdier) (?:belt|rope|cord|noose|cable|extension cord)(?! (?:for|to (?:tie|hold|tow|pul|hang (?:the|a|my) (?:hamock|swing|picture|lights|plant))))`,
  ),
  rule(
    'self.quit-existence',
    S,
    'strong',
    `${I}${ADV}${INTENT} (?:just )?(?:\\w+ )?(?:log off|log out|sign off|unsubscribe|uninstall|delete|rage quit|quit|exit|cancel|unplug|disconnect|despawn|alt f4|control z|ctrl z|turn off|shut down|opt out|tap out|bow out)(?: (?:of|from))? (?:my |this |the )?(?:whole |entire )?(?:life|existence|existing|living|being alive|reality|the game of life|myself|my body)(?! (?:insurance|story|hack|coach|style|lesson|behind|as a|at|in|on|for|plan|skills|admin|support|settings|account|subscription))`,
  ),
  rule(
    'self.leave-the-simulation',
    S,
    'strong',
    ` (?:exiting|leaving|quitting|rage quitting|logging off|logging out of|uninstalling|unsubscribing from|deleting myself from) (?:the )?(?:simulation|game of life|server of life|group chat of life|life|existence|this life|reality)(?! (?:insurance|story|behind|as a|lesson|coach|style|skills|admin|is|was|sim|simulator|game|video))`,
  ),
  rule(
    'self.looks-inviting',
    S,
    'strong',
    ` (?:train tracks|tracks|bridge|ledge|edge|rope|noose|pills|blade|blades|razor|traffic|railing|the drop) (?:\\w+ ){0,4}(?:look|looks|looking|looked|seem|seems|feel|feels|are|is|keep|keeps|kept) (?:\\w+ )?(?:inviting|tempting|welcoming|freing|calling(?: me| to me| my name)?|so peaceful)(?! (?:for|to (?:swim|jump in|climb)))`,
  ),
  rule(
    'self.look-like-an-accident',
    S,
    'strong',
    ` (?:make|making|made) (?:it|my death|this) (?:look|seem) like an? (?:accident|natural death|heart attack|car crash)`,
    / (?:she|he|they|her|him|them|wife|husband|friend|son|daughter)(?: \S+){0,6} (?:make|making|made) (?:it|this) /,
  ),
  rule(
    'self.but-for',
    S,
    'strong',
    ` (?:if it (?:was|were|had) not (?:ben )?for|if not for|if i did not have|were it not for|the only thing (?:keeping|stoping) me(?: from \\w+)?(?: is)?) (?:\\S+ ){0,8}?i would (?:have )?(?:\\w+ )?(?:${BUT_FOR_ACT})|${I}${ADV}would (?:have )?(?:\\w+ )?(?:${BUT_FOR_ACT})(?: \\S+){0,3} (?:if (?:it (?:was|were|had) not (?:ben )?for|not for|i did not have)|but for|were it not for)`,
  ),
  rule(
    'self.explain-why',
    S,
    'strong',
    ` (?:note|notes|leter|leters|message|video|recording|email)(?: \\S+){0,8} (?:explaining|explain|to explain|saying|telling (?:them|everyone|my \\w+)) why i (?:did it|did this|am doing this|had to do it|chose this|had to go|am gone|left)`,
  ),
  rule(
    'self.gun-in-mouth',
    S,
    'strong',
    ` (?:gun|barel|pistol|revolver|shotgun|rifle|baby) (?:\\w+ ){0,2}in my mouth| in my mouth and pul (?:the|her|his|its) triger`,
  ),
  rule(
    'self.places-to-jump',
    S,
    'strong',
    ` (?:places|place|spots|spot|bridges|bridge|buildings|building|rofs|rof) (?:\\w+ )?to jump(?! (?:rope|start|into (?:the )?(?:water|pool|lake|river|sea|ocean)|in (?:the )?(?:water|pool|lake|river|sea|ocean)))| (?:any|know of|recommend|suggest|sugestions for|ideas for) (?:\\w+ ){0,2}ways? to (?:\\w+ )?die(?= [.!?,]| $| here| in| quickly| painlesly| fast)| (?:anchor|anchoring) point for (?:a |the )?(?:rope|belt|nose)`,
  ),
  rule(
    'self.pray-dead',
    S,
    'strong',
    ` (?:pray|praying|prayed|hope|hoping|vow|vowing|swear|swearing) (?:that )?i (?:wil|would) be dead(?! (?:tired|on my fet|inside))`,
  ),
  rule(
    'self.put-an-end',
    S,
    'strong',
    `${I}${ADV}(?:${INTENT}|decided to|am going to) (?:just )?put (?:it )?an end(?: to (?:it|it al|my life|everything|myself|my existence|this life|al of this))?(?= [.!?,;]| $| to (?:it|my|everything|myself|al|this life))`,
  ),
  rule(
    'self.best-option-for-me',
    S,
    'strong',
    ` (?:suicide|death|dying|ending it|kiling myself) is (?:\\w+ )?(?:the )?(?:right|best|only|right and only) (?:option|choice|answer|way|solution)(?: \\S+){0,3} (?:for me|like me)| (?:for me|like me) ,? (?:suicide|death|dying|ending it|kiling myself) is (?:\\w+ )?(?:the )?(?:right|best|only) (?:option|choice|answer|way|solution)| (?:suicide|death|dying|ending it|kiling myself) is (?:\\w+ )?(?:the )?(?:right|best|only) (?:option|choice|answer|way|solution)[^~]{0,240}? (?:for me|like me) ,? (?:it|this) is (?:\\w+ )?(?:the )?(?:right|best|only) (?:option|choice|answer|way|solution)`,
  ),
  rule(
    'self.log-off-for-good',
    S,
    'strong',
    `${I}${ADV}${INTENT} (?:just )?(?:log|logging|sign|signing) (?:off|out)(?: of (?:life|everything|existence|this world))? (?:permanently|forever|for good|for the last time|of life)(?= [.!?,;]| $| like| and)`,
  ),
  rule(
    'self.afraid-of-myself',
    S,
    'strong',
    ` (?:scared|afraid|terrified|worried|frightened) (?:of )?what i (?:might|will|could|am going to|may|would) do (?:to myself|tonight|if i am alone|when i am alone)`,
  ),
  rule(
    'self.not-trust',
    S,
    'strong',
    ` (?:do not|can not|no longer|no more) trust myself (?:right now|tonight|any more|around (?:my |the )?(?:pills|meds|knives|gun|razors?|blades?)|with (?:my |the )?(?:pills|meds|knives|gun|razors?|blades?|a knife)|alone|not to (?:do|hurt|cut|kill))`,
  ),
  rule(
    'self.not-safe',
    S,
    'strong',
    ` i am not safe (?:right now|tonight|alone|with myself|by myself|from myself|any more|to be alone)`,
  ),
  rule(
    'self.plan-date',
    S,
    'strong',
    ` (?:i have|i got|i made|i have made|i have got|got|made|have) (?:a |the |my )?(?:plan|method) (?:and|with) (?:a |the |my )?(?:date|time|place|day|method|means)`,
  ),
  rule(
    'self.plan-plain',
    S,
    'medium',
    ` i (?:have|got|made|have made) (?:a |my )plan(?= [.!?,]| $| now| already| ready| for (?:it|tonight|when)| to (?:do it|end it|die|kill myself|go through))`,
  ),
  rule(
    'self.research',
    S,
    'strong',
    ` (?:researching|looking up|googling|reading about|searching|searched|researched|looked up|googled|read about) (?:\\w+ ){0,2}(?:suicide methods|methods to die|methods of suicide|ways to die|ways to kill myself|how to die|how to kill myself|lethal doses?|how to overdose|painless ways|painless methods|methods(?= [.!?,]| $| again| all night| online| for))`,
  ),
  rule(
    'self.ideation-worse',
    S,
    'strong',
    ` (?:suicidal|suicide) (?:thoughts|ideation|feelings|urges|thinking|impulses) (?:are|have been|keep|is|came|come|got|getting|back|again|will not|won t|never|everyday|every day|all the time|louder|stronger|al day|every night|constantly|today|tonight|lately|recently)`,
  ),
  rule(
    'self.why-alive',
    S,
    'strong',
    ` why (?:am i|do i keep|should i keep|do i even|do i bother|am i even|do i have to keep|should i even|am i still) (?:still |even )?(?:alive|here|living|breathing|existing|waking up|staying alive)(?= [.!?,]| $| when| if| any more| at all| anyway)`,
  ),
  rule(
    'self.hold-on',
    S,
    'strong',
    ` (?:do not know|not sure|unsure|no idea) how (?:much )?(?:longer|long) i can (?:hold on|keep going|go on|last|survive|keep fighting|stay alive|keep living|keep myself alive|keep myself safe|do this(?= [.!?,]| $))`,
  ),
  rule(
    'self.nobody-find',
    S,
    'strong',
    ` (?:disappear|go|leave|walk away|vanish|go somewhere) (?:\\w+ ){0,3}(?:no one|nobody|they) (?:will|would|is going to|can) (?:ever )?(?:find me|find my body|find the body|know where i|look for me)`,
  ),
  rule(
    'self.plan-exit',
    S,
    'strong',
    ` (?:planning|planned|plan|preparing|prepare|prepared|arranging) (?:for )?my (?:exit|departure|death|suicide|funeral|last day|way out|final (?:day|exit|goodbye))(?! (?:from|strategy|interview|of the|package|plan from|date from|with hr))`,
  ),
  rule(
    'self.until-wake',
    S,
    'strong',
    ` until i (?:can not|do not|never|will not|cannot) wake up|until i (?:die|stop breathing|pass out forever|am dead|bleed out)`,
  ),
  rule(
    'self.let-me-die',
    S,
    'strong',
    ` (?:please|just|god|lord) (?:just |please )?(?:let me die|let me go|take me (?:away|now|home)|end me)(?= [.!?,]| $| already| now| please| tonight| in my sleep)`,
  ),
  rule(
    'self.relapsed-cut',
    S,
    'strong',
    ` relapsed (?:\\S+ ){0,4}(?:cut|cutting|sh|self harm|self harming|burn|burning|hurt myself|hurting myself|cut again)|(?:^|[.!?,]|i|and) cut (?:again|deeper|too deep|deep|myself)`,
    /chopping|slicing|cooking|shaving|onions|knife slipped|by acident|acidentaly|mandoline|kitchen|on (?:a|the) (?:glas|knife|can|tin|paper)/,
  ),
  rule(
    'self.bullet',
    S,
    'strong',
    ` (?:put|putting|shoot|shooting) (?:a |one )?(?:bullet|round) (?:in|into|through) my (?:head|brain|skull|mouth|heart|chest)|(?:blow|blowing) my (?:brains|head) (?:out|off)|eat (?:a|my) (?:bullet|gun)|pull the trigger on myself`,
  ),
  rule(
    'self.want-out',
    S,
    'strong',
    ` (?:i|i just|i really) (?:want|need) out of (?:this life|life|this world|existence|this body|being alive|it all)`,
  ),
  rule('self.want-out-plain', S, 'medium', ` (?:i|i just|i really) (?:want|need) out(?= [.!?,]| $)`),
  rule(
    'self.better-dead',
    S,
    'strong',
    ` (?:i|i would|i would be|i am|i think i would be|i would honestly be|i would just be|i d be|everyone would be|they would be) (?:\\w+ ){0,2}better off (?:dead|gone|not alive|not existing|not here|never born|if i was dead|in the ground|if (?:i|it) (?:just )?(?:died|was gone|were gone|did not wake up|never woke up|was not here|were not here|ended it(?: al)?|ended my life|ended it al))`,
  ),
  rule(
    'self.tonight-night',
    S,
    'medium',
    ` (?:tonight|today|tomorrow) (?:is|will be) (?:the|my) (?:night|day)(?= [.?,]| $)`,
  ),
  rule(
    'self.waste-space',
    S,
    'medium',
    ` i am (?:just |such |nothing but |only )?(?:a )?waste of (?:space|air|oxygen|skin|life)`,
  ),
  rule(
    'self.tired-fighting',
    S,
    'medium',
    ` (?:tired|sick|exhausted|done|weary) of (?:fighting|trying|struggling|being in pain|hurting|surviving|pretending)(?= [.!?,]| $| so| every| for| any more| all| just| and)`,
  ),
  rule(
    'self.disappear-plan',
    S,
    'medium',
    ` i am going to (?:disappear|vanish|go away)(?= [.!?,]| $| and| forever| for good| tonight| soon)`,
  ),
  rule(
    'self.point-living',
    S,
    'strong',
    ` (?:what is|whats|what s|is there|there is|there s|see|what|why|find|no|not any|not a|any) (?:even )?(?:the |a |any )?(?:point|reason|use|purpose) (?:for me )?(?:of|in|to|for) (?:living|being alive|go on|going on|staying alive|stay alive|existing|exist|me living|me being alive|me being here|waking up|wake up|continuing|keep going|keep living|getting up|get up|being here|live)(?! (?:a |an |the )?(?:good|moral|virtuous|happy|long|meaningful|ethical|simple|well|in fear|in the past|like that|with regret|according|forever)|according|in (?:stoicism|philosophy|buddhism|taoism|the view)|for (?:a |the )?(?:stoics?|philosophers?|buddhists?|humans|humanity|people|us all))`,
  ),
  rule(
    'self.point-life',
    S,
    'medium',
    ` (?:what is|whats|is there|there is|see|what|why|no|not any|any) (?:even )?(?:the |a |any )?(?:point|reason|use) (?:of|in|to|for) (?:life|my life|anything|any of (?:it|this)|trying)(?! (?:a |an |the )?(?:good|moral|virtuous|happy|long|meaningful|ethical|simple|well)|according|in (?:stoicism|philosophy|buddhism|taoism)|for (?:a |the )?(?:stoics?|philosophers?|buddhists?|humans|humanity|people|us all))`,
  ),
  rule(
    'self.not-worth',
    S,
    'strong',
    ` (?:my life|life|living|it|this life|being alive|anything|staying alive) (?:is|s) (?:just )?not worth (?:living|it any more|living any more|living for|it for me|the pain|the effort|fighting for)(?! \\?)`,
  ),
  rule('self.not-worth-q', S, 'medium', ` (?:life|living) (?:is|s) not worth living`),
  rule(
    'self.waiting-die',
    S,
    'strong',
    `${I}${ADV}(?:am |have been |been )?(?:just )?(?:waiting (?:to die|for death|for (?:it|my life) to end|for the end|to not exist|for the day i die)|counting down (?:the days )?(?:to|until) (?:i die|my death|the end))`,
  ),
  rule(
    'self.deserve-die',
    S,
    'strong',
    `${I}${ADV}(?:do not|no longer|will never|never) (?:deserve|deserved) to (?:live|be alive|be here|exist|breathe)|${I}${ADV}(?:deserve|deserved) to (?:die|be dead|not exist|rot|suffer and die)`,
  ),
  rule(
    'self.if-i-killed',
    S,
    'strong',
    ` (?:if|when|once|after|should|would it be (?:wrong|bad|selfish) if|is it (?:wrong|bad|selfish|okay|ok) (?:if|that)|what if) i (?:just )?(?:killed|kill|ended|end|took|take|unalived|unalive) (?:myself|my life|my own life|it all)`,
  ),
  rule(
    'self.suicide-appeal',
    S,
    'strong',
    ` (?:suicide|death|dying|killing myself|not existing|ending it|ending it all|the rope|the bridge|the noose|the pills) (?:is|s|keeps|has been|seems|sounds|feels|looks|looking|is looking|is starting to look|starting to look|is sounding|sounding|getting|is getting) (?:\\w+ ){0,2}(?:good|tempting|better|appealing|attractive|nice|like (?:an|the|a|my) (?:option|answer|solution|escape|relief|way out)|inviting|comforting|peaceful|easier|more (?:tempting|appealing|attractive|real))`,
  ),
  rule(
    'self.easiest-way',
    S,
    'strong',
    ` (?:painless|painlessly|easiest|quickest|best|fastest|surest|least painful|most painless|quietest|simplest|cleanest|most effective|a good|an easy|a quick|a painless) (?:way|ways|method|methods|means) (?:to|of) (?:die|dying|kill myself|killing myself|end it|ending it|end my life|ending my life|commit suicide|suicide|go|unalive|not wake up|overdose)`,
  ),
  rule(
    'self.how-to',
    S,
    'strong',
    ` (?:how (?:to|do i|can i|should i|would i|do you|does one|do people)|ways to|best way to|way to|where to|where can i) (?:\\w+ )?(?:kill myself|commit suicide|end my life|end it all|hang myself|tie a noose|overdose|unalive myself|slit my wrists|die painlessly|die quickly|die in my sleep|die without pain|jump without surviving|make a noose)`,
  ),
  rule(
    'self.noose-mine',
    S,
    'strong',
    ` (?:my|i have a|i made a|i tied a|i bought a|tied a|made a|the|a|tying a|tie a) noose(?: \\S+){0,6} (?:my|i|me|closet|room|ceiling|door|tonight|ready|hanging|tied|waiting)`,
  ),
  rule(
    'self.crash',
    S,
    'strong',
    `${I}${ADV}(?:${INTENT}|keep) ${ADV}(?:just )?(?:drive|driving|crash|crashing|swerve|swerving|steer|steering|ram|ramming|veer|veering) (?:my car |the car |my truck |myself |it )?(?:into|off|in front of|over) (?:a |the |an |some |on(?:coming)? )?(?:wall|tree|pole|oncoming traffic|traffic|truck|lorry|bridge|cliff|river|lake|barrier|semi|bus|train|edge|embankment|lane)`,
    HYPERBOLE,
  ),
  rule(
    'self.thinking-death',
    S,
    'medium',
    `${I}${ADV}(?:think|thinking|thought|keep thinking|been thinking|fantasi[sz]e|fantasi[sz]ing|dream|dreaming|obsess|obsessing) (?:a lot |so much |constantly |every day |again )?(?:about |of )(?:dying|death|my death|my funeral|not being here|being dead|not waking up)(?! (?:of|in|as|and my)? ?(?:a |the )?(?:character|story|book|novel|film|movie|essay|others|loved ones|parents|grandparents))`,
  ),
  rule(
    'self.say-goodbye',
    S,
    'strong',
    ` (?:say|saying|said) (?:my )?(?:goodbye|goodbyes|bye|farewell) (?:to (?:everyone|you all|all of you|everybody|my family|the world|you guys|whoever(?: \\w+){0,3}|someone|somebody|you) )?(?:before i (?:go|leave|die|am gone|do it|end it)|one (?:last|final) time|for the (?:last|final) time|forever|for good)(?! (?:on|to) (?:a |my )?(?:holiday|vacation|trip))`,
  ),
  rule(
    'self.goodbye-words',
    S,
    'medium',
    ` (?:goodbye|good bye|farewell)(?= (?:[.!]|$|forever|everyone|world|all|guys|friends|my (?:friends|family|loves?)))`,
    THIRD_PARTY_DEATH,
  ),
  rule(
    'self.tell-them',
    S,
    'medium',
    ` (?:tell|let) (?:my \\w+|them|everyone|her|him|my family|my parents|my kids) (?:know )?(?:that )?i (?:love|loved|am sorry|was sorry|did not mean|never meant|tried)`,
    / (?:crush|ask (?:him|her) out|asked (?:him|her) out|confes\w*|(?:tried|want|wanted|going|scared|afraid|should i|how do i|whether) to tel (?:him|her) (?:that )?i (?:love|like))/,
  ),
  rule(
    'self.sorry-everything',
    S,
    'medium',
    ` (?:i am sorry for everything|sorry for everything|please forgive me|forgive me for (?:this|what i am about to do|what i did)|do not blame yourselves|it is not your fault|this is not your fault|i love you all)`,
  ),
  rule(
    'self.cut-urge',
    S,
    'strong',
    `${I}${ADV}(?:want to|need to|wanna|going to|am going to|urge to|urges to|tempted to|about to|might|will|feel like|itching to|craving to|crave|relapsed and|just|so i|and i|then i|that is why i|why i|because i|when i|i still|i) (?:cut|self harm|sh|burn myself|relapse on sh|relapse on self harm)(?= (?:so|again|tonight|right|now|badly|really|deeper|myself|every|when|because|to feel|and|but|or|where|in places|on my|so no one|so nobody|\\.|!|,|\\?) | $)`,
  ),
  rule(
    'self.carve',
    S,
    'strong',
    ` (?:carve|carved|carving|write|wrote|writing|scratch|scratched|scratching|etch|etched) (?:\\w+ ){0,3}(?:into|in|on) my (?:skin|arms?|wrists?|legs?|thighs?|stomach|body|hips?)`,
  ),
  rule(
    'self.harm-helps',
    S,
    'strong',
    ` (?:self harm|self harming|cutting|cutting myself|hurting myself|burning myself|sh) (?:is|was|has been|s) (?:\\w+ ){0,2}(?:the only|my only|what|how i|helping|my way|my coping|the one thing|all that|addictive|an addiction)`,
  ),
  rule(
    'self.scars-from',
    S,
    'strong',
    ` my (?:\\w+ ){0,4}(?:scars|cuts|wounds|burns|marks) (?:\\w+ ){0,2}(?:from|of) (?:cutting|self harm|self harming|sh|razors?|blades?|my blade|burning myself|hurting myself)`,
  ),
  rule(
    'self.not-here',
    S,
    'strong',
    `${I}${ADV}(?:will not|am not going to|do not think i will|might not|may not|will no longer|probably will not|probably am not going to|am not gonna|wont) (?:be|even be) (?:here|around|alive|among you|on this earth|in this world|breathing) (?:\\w+ ){0,2}(?:tomorrow|much longer|any more|for long|by (?:tomorrow|morning|monday|friday|the weekend|christmas|next week|then|the time|the end)|next (?:week|year|month|time)|to see|after tonight|after today|this time next|soon|in a (?:week|month|few days)|for (?:your|his|her|my|their) (?:birthday|wedding|graduation))`,
  ),
  rule(
    'self.gone-soon',
    S,
    'strong',
    ` (?:i|i will|i will be|i am|i will soon be|soon i will be) (?:\\w+ )?(?:be )?(?:gone|dead|out of (?:your|everyone s|your all|the) (?:way|lives|life|hair)|out of here|no longer a burden) (?:soon|forever|tomorrow|tonight|by (?:tomorrow|morning|tonight|the weekend|then|the time)|for good|and (?:you|everyone|no one|it|nobody|they)|anyway|any way|before long|one way or another|so (?:you|it|they) (?:will|can|do not))`,
  ),
  rule(
    'self.disappear',
    S,
    'medium',
    `${I}${ADV}(?:want to|wish i could|just want to|need to|would love to|wanna) (?:just )?(?:disappear|vanish|not be here|not wake up|stop being|stop(?= [.!?,;]| $| breathing| living| everything| it al| existing(?! (?:on|in|at|for a|online)))|fade away|be gone|be nothing|go away (?:forever|for good)|sleep (?:for ever|forever|and not wake)|be erased|not be)(?! (?:for a (?:while|bit|few|week|day)|from (?:social|this (?:app|site|party|town|city))|to (?:the|a|another)|on (?:a|holiday|vacation)))`,
  ),
  rule(
    'self.want-it-over',
    S,
    'medium',
    ` (?:want|need|wish|just want|pray for|wanna|hope|wish for) (?:it|everything|this|the pain|this pain|all of (?:it|this)|the suffering|my life|life|the hurting|this life) (?:all )?(?:to )?(?:stop|end|be over|go away|finally end|finally stop|to be over|was over|were over|ended|would end|would stop)(?! (?:soon|already)? ?(?:so i can|and then i|before|after|when))`,
  ),
  rule(
    'self.it-all-over',
    S,
    'strong',
    ` (?:want|need|wish|just want|wanna|pray for) (?:it all|everything|all of it|all of this|my life|life|it|the pain) (?:to )?(?:all )?(?:stop|end|be over|finally end|finally stop)(?= (?:[.!?,;]|$|forever|for good|permanently|once and for all|now|already|please|i|and i|but)| $)(?! (?:and|but) (?:then|start))`,
  ),
  rule(
    'self.cant-anymore',
    S,
    'medium',
    `${I}${ADV}(?:can not|can not do|can not take|can not handle|can not keep|can not live|can not go on|can not go through|can not get through|can not bear|can not be borne|have nothing left|can not fight|have no fight left|do not have (?:any )?(?:strength|fight) left|can not cope)(?: (?:doing )?(?:this|it|life|living|like this|with (?:this|it|life)|on|going|fighting|the pain))? (?:any more|much longer|for much longer|no more|one more day|another day)`,
    ANNOYANCE,
  ),
  rule(
    'self.burden',
    S,
    'medium',
    `${I}${ADV}(?:am|feel like|feel like i am|am just|have become|have always been|have been|been|will always be|am nothing but|am only) (?:\\w+ )?(?:a )?(?:burden|waste of (?:space|air|oxygen|life)|mistake|worthless|useless|disappointment|failure|problem) (?:to|for|on|of|in|and|that) (?:everyone|my family|everybody|the world|all|my parents|people|those|you all|them|my friends|my mom|my dad|my wife|my husband|my kids|my children|everyone around me|the people i love|this world)`,
    /financially|money|rent|tuition|bills|while i (?:study|look|recover)|for now|when i (?:talk|ask|vent|complain|cal|text|need)/,
  ),
  rule(
    'self.no-way-out',
    S,
    'medium',
    ` (?:no way out|no other way out|no other option|no other choice|only way out|no escape|trapped forever|no future for me|no hope (?:left|for me|any more)|do not want this life|hate my existence|hate existing)`,
  ),
  rule(
    'self.goodbye-world',
    S,
    'strong',
    ` (?:goodbye|good bye|bye|farewell|so long) (?:everyone|world|cruel world|all|guys|friends|everybody|forever|my friends|reddit|y all|you all|all of you|mom|mum|dad)(?: \\S+){0,12} (?:last|final|sorry|love you|forgive me|i am done|take care|please|will not be|when i am gone|gone|forever|miss)`,
  ),
  rule(
    'self.last-post',
    S,
    'strong',
    ` (?:this is|this will be|this ll be|this be|here is|here s) (?:my )?(?:last|final) (?:post|message|text|goodbye|note|words|letter|entry|video|tweet|status|time (?:posting|writing|talking)|night)|^ (?:my )?(?:last|final) (?:post|message|words) (?:\\. )?(?:if anyone|bye|godbye|i love you|sory)(?= )`,
  ),
  rule(
    'self.by-time-read',
    S,
    'strong',
    ` (?:by the time|when|if|once) (?:you|anyone|someone|somebody|people|they|you all|you guys|my \\w+) (?:read|reads|see|sees|find|finds|get|gets|hears) this(?: message| post| note| letter)?(?: ,)? (?:i|i will|i will be|i ll be|i am|i would|i should) (?:\\w+ ){0,2}(?:be )?(?:gone|dead|long gone|no longer|not be|not here|away|already gone|in a better place|at peace|free)`,
  ),
  rule(
    'self.note',
    S,
    'strong',
    ` (?:wrote|written|writing|write|drafted|drafting|finished|left|leaving|have|prepared|preparing|typed|typing) (?:out )?(?:a |my |the |all my |some |several |goodbye |farewell |final |last |suicide )+(?:note|notes|letter|letters|goodbye letters|goodbyes)(?: (?:for|to) (?:my|everyone|them|the people|the ones|my family|my parents|my mom|my dad|my kids|my wife|my husband|my sister|my brother|my friends))?(?: (?:\\w+ ){0,6}(?:after i|when i am|once i|for when|to find|goodbye|gone|sorry|in case))?`,
    NOTE_TO_A_PLACE,
  ),
  rule(
    'self.note-plain',
    S,
    'medium',
    ` (?:my|a|the) (?:goodbye|farewell|suicide|final|last) (?:note|letter|letters|notes)`,
    NOTE_TO_A_PLACE,
  ),
  rule(
    'self.giving-away',
    S,
    'strong',
    ` (?:giving|gave|give|started giving|been giving|given) (?:away )?(?:all |most of |some of )?(?:my|all my) (?:stuff|things|belongings|possessions|games|clothes|books|jewell?ery|pets?|cat|dog|money|savings|stuff away|things away|favou?rite (?:\\w+)|guitar|collection|art|plants|car|laptop|console)(?: away)?(?! (?:a|an|some|her|his|their) (?:treat|bath|bone|toy|walk|hug|kis|pat|snack|name|wash|haircut|trim|rub|cuddle|scratch|chew|belly rub))`,
    /moving|move (?:abroad|house|out)|relocat|declutter|downsiz|packing|minimalis|abroad|new (?:flat|house|apartment|place)|garage sale|yard sale|charity shop before/,
  ),
  rule(
    'self.not-enough-to-stay',
    S,
    'strong',
    ` (?:it is |it was |that is |there is |there s )?(?:not enough|no reason|no reasons|nothing left|nothing) (?:to (?:make me |kep me )?)stay(?= [.!?,]| $| for| alive| here| any more| anymore)`,
    /job|company|firm|party|town|city|country|schol|university|relationship|mariage|club|team|server|group|house|flat|apartment|church|band|guild|clan|forum/,
  ),
  rule(
    'self.join-the-dead',
    S,
    'strong',
    ` (?:going to|about to|ready to|time to|time for me to|wil|want to|longing to) (?:go )?(?:join|be with) (?:my (?:late )?)?(?:\\S+ )?(?:now|soon|tonight|in heaven|on the other side)(?= [.!?,]| $)`,
    /club|team|gym|clas|cal|meting|zom|game|server|party|group|army|navy|union|queue|line|dinner|lunch|breakfast|them for|us for|for a|match|stream|discord|chat|waitlist|choir|band|course|church service/,
  ),
  rule(
    'self.scheduled-goodbye',
    S,
    'strong',
    ` (?:scheduled|schedule|scheduling|set|setting|timed) (?:this|these|my (?:messages?|texts?|emails?|posts?)|an? (?:email|message|post|text)|the (?:email|messages?|post|texts?))(?: \\S+){0,6} (?:to (?:go out|send|auto send|post|be sent)|for (?:\\d+|tomorow|the morning|after))(?: \\S+){0,24} (?:over|gone|went through|go through|understand|forgive|sorry|godbye|dead|done|wil not be|no longer)`,
  ),
  rule(
    'self.call-before-entering',
    S,
    'strong',
    ` (?:(?:do not|please do not|dont) (?:open|go into|come into|go in|come in|let (?:\\S+ ){1,2}(?:in|into)) (?:my|the) (?:bedroom|room|bathroom|garage|shed|flat|apartment)(?: door)?(?: \\S+){0,4} (?:call|cal|ring) (?:the )?(?:police|911|999|112|000|someone|an ambulance)|(?:call|cal|ring) (?:my \\S+|the police|someone|911|999) (?:first )?before (?:you|anyone|they|he|she) (?:go|goes|come|comes|walk|walks|open|opens) (?:in|inside|into|the door))`,
  ),
  rule(
    'self.see-you-never',
    S,
    'weak',
    ` (?:see you never|se you never|se ya never|long godnight|godnight forever|god night forever|final godnight|last godnight|a long sleep now)(?= [.!?,x]| $)`,
  ),
  rule(
    'self.goodbye-messages',
    S,
    'medium',
    ` (?:my|the|al my|wrote|writing|drafted) (?:goodbye|farewel|final|last) (?:texts|messages|emails|videos|voice notes)(?: \\S+){0,10} (?:before|send|sent|drafts|after)`,
    /leaving (?:the|my) (?:job|company|team|schol)|last day at|retire|moving|coleagues|coworkers|team/,
    ORDINARY_DEPARTURE,
  ),
  rule(
    'self.broke-clean',
    S,
    'strong',
    ` ${BROKEN_STREAK}| (?:\\d+|a|two|three|four|five|six|seven|eight|nine|ten) (?:days|weks|months|years) clean and (?:i )?(?:just )?(?:threw it|blew it|broke it|lost it|ruined it|relapsed)| (?:sh|self harm|cutting) relapse| relapsed (?:on|into|with|back into) (?:sh|self harm|cutting)| (?:sh|self harm|cutting) (?:[^ .!?;]+ ){0,2}relapsed`,
    /drink|drunk|alcohol|beer|wine|sober|sobriety|smok|vap|cigaret|weed|gambl|porn|nicotine|cafeine|sugar|diet|gym|duolingo|snapchat|snap streak|wordle|game|coding|runing|workout|nail|biting my nails|junk food|soda/,
  ),
  rule(
    'self.marks-excuse',
    S,
    'strong',
    ` (?:scratches|marks|cuts|burns|bruises|scars|plasters|new ones|fresh ones)(?: \\S+){0,14} (?:i said|i told|i lied|i lie|i pretend\\w*|i am telling|i keep telling|telling everyone|telling people|going to tel|gona tel|excuse)(?: \\S+){0,8} (?:cat|kiten|dog|puppy|rose ?bush|rosebush|fal|eczema|cooking|chickenpox|dreser|acident|a fight|the gym)| (?:i said|i told \\S+|i lied|i am telling \\S+|i keep telling \\S+|going to tel \\S+|(?:my \\S+|they|she|he|everyone) (?:think|thinks|believe|believes))(?: \\S+){0,3} (?:the |my )?(?:scratches|marks|cuts|burns|bruises|scars|new ones|fresh ones)(?: \\S+){0,4} (?:are|were|was|came|come) (?:from|by)`,
  ),
  rule(
    'self.bit-own',
    S,
    'strong',
    ` (?:i )?(?:bit|bite|biting|punched|punch|punching|hit|hitting|scratched|scratching|burned|burnt|clawed|pinched) my own (?:arm|arms|leg|legs|hand|hands|face|wrist|wrists|thigh|thighs|skin|stomach|head)(?! (?:by acident|acidentaly|on|against|with the (?:door|hamer|ball)|while|when))`,
  ),
  rule(
    'self.undeserving-of-food',
    S,
    'medium',
    ` (?:do not|dont|never|wil not let myself|can not let myself) (?:deserve|earn|earned) (?:to eat|food|to have (?:food|dinner|lunch|breakfast|a meal)|a meal|dinner|lunch|breakfast)`,
  ),
  rule(
    'self.slit-wrist',
    S,
    'strong',
    ` (?:slit|slice|slash|sliced|slashed|slitting|slicing|slashing|cut (?:down|open|across|up)|cutting (?:down|open|across|up)) (?:down |open |across |up )?(?:my|both|both of my) (?:wrist|wrists|throat|veins?)(?! (?:on|by acident|acidentaly|while|when (?:i|the)|open(?:ing)? (?:a|the|my)))`,
  ),
  rule(
    'self.attempt-again',
    S,
    'strong',
    ` (?:want to|wanna|going to|gona|plan to|planning to|about to|ready to|need to|tempted to|wishing to|wish i could|urge to|thinking about|thinking of|tried to|try to|if i|next time i|i might|i wil|i would) (?:\\S+ )?(?:(?:attempt|atempt)(?= [.!?,]| $| again| tonight| soon| at this point| so i| once more| one more time| for real)|try it (?:once more|one more time)(?= ))`,
    /(?:exam|test|recipe|marathon|race|jump|trick|climb|drive|driving|course|level|puzzle|question|quiz|pasword|interview|again next (?:year|week|term)|skate|kickflip|dive|swim)/,
  ),
  rule(
    'self.selfish-to-die',
    S,
    'medium',
    ` (?:is it|would it be|am i) (?:\\S+ )?selfish (?:of me )?(?:to|if i) (?:die|kil myself|end it|end my life|take my life|leave(?= [.!?,]| $| this world| for good| forever)|go(?= [.!?,]| $| for good| forever))|right to (?:die|leave|end it|go)(?= [.!?,]| $| if i| when i)`,
  ),
  rule(
    'self.before-i-end-it',
    S,
    'strong',
    ` before i (?:end it|end it al|kil myself|take my (?:own )?life|go through with it|folow through|end my life|end everything|check out|do something stupid)(?= [.!?,]| $| tonight| for good| again| and| or| ,)`,
  ),
  rule(
    'self.finish-the-job',
    S,
    'medium',
    ` (?:ready to|going to|gona|wil|about to|want to|need to|have to) finish (?:the job|what i started|myself of|myself off)(?= )`,
    /work|shift|project|essay|homework|painting|renovat|kitchen|bathrom|garden|fence|deck|report|contract|boss|client|customer|house/,
  ),
  rule(
    'self.suicide-an-option',
    S,
    'medium',
    ` (?:suicide|kiling myself|ending it|death) is (?:always |stil |definitely |realy |honestly |at least )?(?:an|my|a real) (?:option|way out|escape|exit)(?= [.!?,]| $| for me| now| left)| (?:se|see|seing|consider|considering) (?:suicide|kiling myself|ending it|death) as (?:my|an|the|a) (?:only |last |real |best )?(?:option|way out|escape|exit|answer)`,
  ),
  rule(
    'self.wish-not-survived',
    S,
    'strong',
    ` (?:i )?(?:realy |honestly |sometimes |stil |just )?wish (?:i|that i) (?:had not|did not|never) (?:survived|made it|woken up|woke up|ben saved|pulled through|ben revived|come back|recovered)(?! (?:so|this|that|at|til|until|before|early|late|on time|in time|from (?:my|the|that) nap|to|for|with|a))`,
  ),
  rule(
    'self.wish-fatal-illness',
    S,
    'strong',
    ` (?:wish|wishing|pray|praying|prayed|hope|hoping) (?:for|i get|to get|i had|that i get|i catch) (?:a |some )?(?:cancer|terminal (?:ilnes|disease|cancer|diagnosis)|fatal (?:ilnes|disease|acident)|an? (?:acident|heart attack|aneurysm) (?:that kils me|to take me))`,
  ),
  rule(
    'self.note-describing',
    S,
    'strong',
    ` (?:leave|leaving|write|writing) a (?:\\S+ ){0,3}note (?:describing|explaining|telling (?:them|everyone|my \\S+)|saying (?:why|godbye|sory)|answering)|(?:short|long|lengthy) note or (?:a )?(?:short|long|lengthy)(?: one)?`,

    NOTE_TO_A_PLACE,
  ),
  rule(
    'self.how-not-end',
    S,
    'medium',
    ` how (?:do|can|does) (?:you|i|people|anyone|one) not (?:end (?:it|everything|it al|things)|kil (?:themselves|yourself|myself))`,
  ),
  rule(
    'self.born-to-die',
    S,
    'strong',
    ` (?:born to|meant to|destined to) (?:commit suicide|die by suicide|kil myself|take my (?:own )?life|end my (?:own )?life)`,
  ),
  rule(
    'self.no-longer-scared',
    S,
    'strong',
    ` (?:waiting for the day|waiting til|waiting until|til the day|until the day) i (?:am|m|fel) (?:no longer|not|les) (?:scared|afraid|terified) (?:of death|of dying|to die|to do it|to end it)`,
  ),
  rule(
    'self.bleach-needle',
    S,
    'strong',
    ` (?:needle|syringe|shot|injection|glas|cup|botle) (?:ful )?of bleach`,
  ),
  rule(
    'self.fixture-looked-at',
    S,
    'strong',
    ` (?:a |the )?(?:beam|rafter|rafters|hok|banister|bannister|loft hatch)(?: \\S+){0,4} i (?:keep|kept|have ben|ve ben|been) (?:loking|staring|glancing) at`,
    /bikes?|plants?|swing|hamock|lights|shelf|shelves|storage|kayak|punchbag|punching bag|pictures?|fairy|decorations?/,
  ),
  rule(
    'self.want-to-bleed',
    S,
    'strong',
    ` (?:just )?(?:wanted|want|need|needed|wanting|neding) to bleed(?= [.!?,]| $| again| so| from| on purpose)| ned to hurt(?= ned| [.!?,]| $)| (?:watch|watching|se|seing|make|making|let|leting) myself bleed`,
  ),
  rule(
    'self.pick-the-night',
    S,
    'strong',
    ` (?:just )?(?:have to|need to|got to|gota) (?:pick|chose|choose) (?:the|a) (?:night|day|date)(?= [.!?,]| $)| (?:picked|chosen|chose) (?:the|a) (?:night|day|date)(?= [.!?,]| $| for it| to do it)`,
    /party|wedding|date night|dinner|holiday|trip|move|moving|venue|interview|exam|launch|meting|match|gig|concert/,
  ),
  rule(
    'self.will-to-live-zero',
    S,
    'strong',
    ` wil to live(?: \\S+){0,14} (?:it is|it s|is|at|a) (?:a )?(?:0|1|zero|gone|nonexistent|non existent|nothing)(?= [.!?,]| $| now| today| on)`,
  ),
  rule(
    'self.not-expecting-to-be-here',
    S,
    'strong',
    ` (?:not (?:realy )?expecting|do not expect|not (?:realy )?sure i (?:wil|am going to)|doubt i (?:wil|am going to)|not sure i l) (?:to )?be (?:here|around|alive)(?= (?:at|for|by|to se|next|in) )`,
    AWAY,
  ),
  rule(
    'self.insurance-worth-more',
    S,
    'strong',
    ` (?:life insurance|the insurance|the payout|my insurance)(?: \\S+){0,10} (?:better|more|worth more) than me|(?:worth more|beter of) dead`,
  ),
  rule(
    'self.insurance-pays-on-suicide',
    S,
    'strong',
    ` (?:wil|would|does|do|can|could|is)(?: \\S+){0,3} (?:life )?(?:insurance|policy|policies)(?: \\S+){0,3} (?:pay|pays|paid|payout|cover|covers|covered)(?: \\S+){0,10} (?:suicide|self inflicted|kil (?:myself|yourself|themselves)|takes? (?:my|your|their) own life)| (?:suicide|two year|2 year|1 year|one year) (?:exclusion|clause|exclusion clause|exclusion period)| (?:insurance|policy)(?: \\S+){0,6} (?:pay|pays|payout|pay out|cover|covers)(?: \\S+){0,3} (?:if|when|after) (?:it is|it was|i|the death (?:is|was)|someone) (?:\\S+ ){0,3}(?:suicide|kil myself|self inflicted)`,
  ),
  rule(
    'self.reading-quickest-ways',
    S,
    'strong',
    ` (?:reading|read|loking|loked|researching|researched|googling|googled|searching|searched) (?:up )?(?:about )?(?:the )?(?:quickest|easiest|fastest|painles|least painful|surest|most painles) ways?(?= [.!?,]| $| lately| to go| out| at night| late)| (?:googling|googled|loked up|searching|searched) how much (?:of )?(?:\\S+ ){0,3}it would take`,
  ),
  rule(
    'self.peace-before-i-go',
    S,
    'strong',
    ` (?:making|made|make) (?:my )?peace with (?:everyone|everybody|al of them|my family|people) before i (?:go|leave|die)`,
  ),
  rule(
    'self.never-get-up-for-good',
    S,
    'strong',
    ` (?:never|not) (?:get up|wake up|come back)(?: \\S+){0,8} (?:for god|forever|permanently)(?= [.!?,]| $)`,
  ),
  rule(
    'self.new-lines',
    S,
    'strong',
    ` (?:\\d+|two|thre|four|five|six|some|more) (?:new|fresh) lines(?! of)`,
    /poem|song|lyrics|code|script|dialogue|play|rap|verse|knitting|paint|road|bus|train|metro|tube/,
  ),
  rule(
    'self.jealous-of-the-dead',
    S,
    'medium',
    ` (?:jealous|envious)(?: \\S+){0,10} (?:dying|died|dead|passed away)|(?:they|he|she) got out(?= [.!?,]| $)(?: \\S+){0,4} i am stuck`,
  ),
  rule(
    'self.affairs',
    S,
    'strong',
    ` (?:put|putting|getting|got|set|setting) (?:all )?my (?:affairs|things|life|stuff|paperwork|accounts) in order`,
  ),
  rule(
    'self.pills',
    S,
    'strong',
    ` (?:saving|saved|stockpiling|stockpiled|hoarding|hoarded|collecting|collected|counting|counted|stashing|stashed|taking all|take all|swallow all|swallowed|took all|bought|buying|have enough|got enough|gathered|gathering) (?:up )?(?:all )?(?:\\w+ ){0,3}(?:pills|tablets|meds|medication|medicine|sleeping pills|painkillers|paracetamol|tylenol|acetaminophen|ibuprofen|insulin|antidepressants|xanax|oxy|opioids|pills to|pills and|of my (?:pills|meds))`,
  ),
  rule(
    'self.lethal-dose',
    S,
    'strong',
    // "How many" alone is everyday ("how many tickles does it take to make an octopus laugh"):
    // it asks for a dose when it names a means, or when what it asks is a death.
    ` (?:how (?:many|much)(?: \\S+){0,3} (?:pills|tablets|capsules|mg|milligrams|grams|of (?:my|these|them|the|those|this)|sleeping|painkillers|insulin|xanax|tylenol|paracetamol|acetaminophen|ibuprofen|advil|aspirin|meds|medication|alcohol|vodka|bleach|antifreeze|units|doses?)|what dose|what amount|lethal (?:dose|amount)|fatal dose|enough (?:pills|tablets|meds)|overdose on|how long does it take to die|painless(?:ly)? (?:way|ways|method|death)|easiest way to die|quickest way to die|best way to die|most painless way|how to kill myself|how to die|ways to die|ways to kill myself|how to end it|how to end my life|how to hang|how to tie a noose|what kills you|die in my sleep|to not wake up|without waking up)(?: \\S+){0,8} (?:to die|would kill|will kill|to kill me|is lethal|is fatal|to not wake up|would it take|does it take|would be enough|to overdose|kill (?:me|a person|someone|you)|to end it|od|overdose|die|to sleep forever|never wake up|painless|quickly|fast|without pain|lethal|fatal|a person|myself)| how (?:many|much)(?: \\S+){0,8} (?:to die|would kill|will kill|to kill me|is lethal|is fatal|to not wake up|to overdose|kill (?:me|a person|someone|you)|to end it|to sleep forever|never wake up|lethal|fatal)`,
    DOSE_FOR_ANOTHER,
  ),
  rule(
    'self.method-plan',
    S,
    'strong',
    `${I}${ADV}(?:bought|got|have|found|tied|made|set up|ordered|tested|prepared|hid|hidden|measured|looked up|researched|keep looking at|keep thinking about|picked|chose|chosen|scoped out|been looking at|went to|drove to|walked to|stood on|standing on|sat on|sitting on|climbed|am on|am at|keep standing on|keep going to|keep driving past) (?:a |the |my |some |out |up |on |at |enough )?(?:rope|noose|belt to hang|gun|pistol|rifle|shotgun|bullets|razor|razors|razor blades|blades|blade|knife to|bridge|ledge|roof|rooftop|train tracks|tracks|cliff|overpass|top floor|tall building|tallest building|highest building|tallest bridge|highest bridge|highest point|edge|balcony|charcoal|helium|exit bag|tylenol|lethal dose|spot|place|date|method|way to do it|where i will do it|how i will do it|how to do it|doses?|car in the garage|pills|meds)(?!(?:\\w| (?:for (?:dinner|lunch|work|school|my (?:mom|dad|son|daughter|wife|husband|friend|brother|sister|cousin))|of (?:food|pizza|paper|cake|chocolate|the (?:building|house)) ?)))`,
  ),
  rule(
    'self.jump',
    S,
    'strong',
    `${I}${ADV}(?:${INTENT}|keep|keep thinking about|keep wanting to) (?:just )?(?:jump|jumping|throw myself|throwing myself|step|stepping|walk|walking|drive|driving|swerve|swerving|crash|crashing) (?:off|from|in front of|into|out of|over|in) (?:a |the |my |this |that |some )?(?:bridge|building|roof|rooftop|cliff|ledge|balcony|window|train|bus|truck|car|traffic|tracks|overpass|highway|river|sea|ocean|lake|water|edge|tower|parking garage|a tree|wall)`,
    HYPERBOLE,
  ),
  rule(
    'self.water',
    S,
    'strong',
    `${I}${ADV}(?:${INTENT}|keep|keep thinking about) (?:walk|walking|wade|swim|swimming) (?:into|out into|out to) (?:the )?(?:sea|ocean|river|lake|water|waves) (?:and|until|tonight|forever|never)`,
    HYPERBOLE,
  ),
  rule(
    'self.looking-down',
    S,
    'medium',
    ` (?:standing|stood|sitting|sat|staring|looking|look|stare) (?:on|at|down|over|from) (?:the |this |that |a )?(?:edge|ledge|bridge|roof|railing|tracks|water below|drop|traffic)(?: \\S+){0,6} (?:jump|down at the water|fall|end it|wondering|thinking|how easy|step)`,
  ),
  rule(
    'self.garage',
    S,
    'strong',
    ` (?:in|inside) (?:my |the )?(?:car|garage) (?:\\w+ ){0,4}(?:engine running|with the engine|exhaust|hose|carbon monoxide)`,
  ),
  rule(
    'self.gun-self',
    S,
    'strong',
    ` (?:gun|pistol|rifle|shotgun|barrel|bullet) (?:\\w+ ){0,5}(?:to my head|in my mouth|on myself|at myself|for myself|against my head|under my chin|to my temple)`,
  ),
  rule(
    'self.rope',
    S,
    'strong',
    ` (?:noose|rope|belt|cord|extension cord)(?: \\S+){0,6} (?:around my neck|hang myself|to hang|from the (?:ceiling|door|beam|tree|closet|rafter)|over the (?:door|beam)|tied|is ready|ready|hanging from|for my neck|the funny|thing)`,
  ),
  rule(
    'self.rope-thing',
    S,
    'strong',
    ` (?:the )?(?:funny |rope |noose |tree )(?:rope|noose|thing|necklace|dance|neck tie) (?:thing|dance|necklace|way|option)?`,
  ),
  rule(
    'self.wrists',
    S,
    'strong',
    ` (?:slit|slitting|slice|slicing|cut|cutting|open|opening) (?:open )?my (?:wrists?|veins|arms? open|throat)`,
  ),
  // ---- Catch-alls: a first-person clause that speaks of one's own death or self-harm.
  rule(
    'self.first-person-death',
    S,
    'medium',
    ` (?:i|me|my|myself|i am|i have|i will|i would)(?: [^.?!;~]*?)? (?:die|dying|dead|death|suicide|suicidal|overdose|overdosing|noose|unalive|not wake up|never wake up|end it all|end my life|ending my life|not be alive|not being alive|not exist|not existing|stop existing(?! (?:on|in|at|for a|online))|bleed out|kill myself|killing myself|take my life|taking my life|gone forever|better off dead|my funeral|last breath)|(?: ^|[.?!;] | and | but | so )(?:die|dying|death|suicide|not existing|ending it|ending it all|not waking up|being dead)(?: [^.?!;~]*?)? (?:i|me|my|myself)`,
    THIRD_PARTY_DEATH,
  ),
  rule(
    'self.first-person-harm',
    S,
    'strong',
    ` (?:i|me|my|i am|i have|i keep|i still)(?: [^.?!;~]*?)? (?:self harm|self harming|self harmed|cutting myself|cut myself|cuts myself|hurting myself|hurt myself|burning myself|burn myself|harm myself|harming myself|punish myself|punishing myself|mutilate|cutting again|sh scars|sh again|relapsed)`,
    new RegExp(`${SOMEONE_ELSE_HARM.source}|${HYPERBOLE.source}`),
  ),
  // A diary drops its subject: "Self-harmed three times today." "Cut again tonight."
  rule(
    'self.harm-subjectless',
    S,
    'strong',
    `(?:^|[.!?;]) (?:(?:just|finaly|already|have|had|and) )?(?:self harmed (?:again|today|tonight|last night|this morning|this evening|for the first time|twice|(?:\\S+ ){1,2}times)|(?:cut|cuting|burned|burnt) (?:myself(?= [.!?,;]| $| again| to | tonight| today| after| because| with (?:a|the|my) (?:lighter|razor|blade|cigarete|match|matches|compas|scisors|sharpener))|again (?:tonight|today|last night|this morning)))(?= )`,
    SOMEONE_ELSE_HARM,
  ),
  rule(
    'self.dark-thoughts',
    S,
    'medium',
    ` (?:dark thoughts|bad thoughts|intrusive thoughts|scary thoughts|those thoughts|the thoughts|thoughts of (?:ending|not being|dying|death|disappearing|hurting myself)|urges|the urge|urge)(?: [^.?!;~]*?)? (?:again|back|louder|worse|stronger|every day|won t stop|will not stop|do not stop|all the time|scare me|are winning|keep coming)`,
  ),
  rule(
    'self.cant-do-life',
    S,
    'strong',
    ` (?:can not|do not want to|refuse to|am not able to|am unable to) (?:do|handle|take|stand|bear|face|keep doing|deal with) (?:life|living|being alive|existing|this life|my life|another day|one more day|tomorrow)(?= [.!?,]| $| any more| anymore| no more| like this| at all| now)`,
  ),
  rule(
    'self.wont-be-here',
    S,
    'strong',
    ` i (?:will not|am not going to|won t|do not plan to|do not intend to|will no longer|probably wil not) be (?:here|around|alive)(?= [.!?,]| $| any more| anymore| for long| much longer| long| to (?:see|argue|watch|celebrate|help|worry|fight|clean|explain)| soon| tomorow| after (?:tonight|today|this week|sunday|friday)| for (?:his|her|their|your|my|the) (?:birthday|wedding|graduation|christmas|concert|exams?|next))`,
    AWAY,
  ),
  // ---- Veiled: what people write around it.
  rule(
    'self.still-here',
    S,
    'strong',
    ` (?:the only reason|the only thing keeping me|the only (?:one|person|pet|creature|thing) left (?:that's |who's |that is |who is )?keeping me|only reason|only thing that keeps me|all that keeps me|what keeps me) (?:\\w+ ){0,3}(?:still )?(?:here|alive|around|going|breathing)`,
  ),
  // "How do I prepare my friends for my suicide?": one's own suicide as a thing being arranged.
  rule(
    'self.my-suicide-arranged',
    S,
    'strong',
    ` (?:prepare (?:\\S+ ){1,2}for|plan|planing|planned|before|after|ready for|the day of|the date of|a date for|pay for|paying for|afford|cover the cost of|arrange|arranging) my suicide(?! (?:atempts?|survivors?|aniversary|story|awarenes|thoughts|ideation|history|risk|year|atempt))`,
  ),
  rule(
    'self.wouldnt-matter',
    S,
    'strong',
    ` (?:would not|does not|will not|would it|it would not|nothing would) (?:really |even )?matter if i (?:just |simply |really )?(?:stopped|was gone|were gone|died|disappeared|was not here|were not here|did it|was dead|left for good|never woke up|was not around|stopped existing)`,
  ),
  rule(
    'self.how-do-it',
    S,
    'strong',
    // "How do I play music in discord? … I want to know how to do it": the everyday task asked
    // just before is what "it" is.
    `(?<!how (?:do|can|should) (?:i|you|we) (?:play|install|use|make|cook|fix|set|download|change|add|join|edit|turn|open|get|put|build|draw|write|learn|unlock|run|start|stream|record|mute|share) [^~]{0,160}) (?:thinking|thought|think|researching|researched|planning|planned|figured out|figuring out|know|knew|decided|deciding) (?:about |of |out |exactly )?(?:how|when|where) (?:to|i would|i could|i will|i am going to|i can|i d) (?:do it|end it|go through with it|do this)(?! (?:better|right|without|properly|faster|again|at work|in class))`,
  ),
  rule(
    'self.know-what-use',
    S,
    'strong',
    ` i (?:know|have decided|decided|know exactly|have) (?:exactly )?(?:what|which|how much|how many) (?:i would|i will|i d|i am going to|to) (?:use|take|need)(?= [.!?,]| $| and| to)`,
  ),
  rule(
    'self.not-another',
    S,
    'strong',
    ` (?:do not|can not|will not) (?:want to |wanna )?(?:do this|do it|fight|keep fighting|keep doing this|go on|continue|be here|live|keep going|wake up) (?:\\w+ ){0,2}(?:for )?(?:another|one more) (?:\\d+ |forty |twenty |ten |few )?(?:day|days|week|weeks|month|months|year|years)`,
  ),
  rule(
    'self.rest-forever',
    S,
    'strong',
    ` (?:want|need|wish|long|ready) (?:\\w+ ){0,2}(?:to )?(?:rest|sleep|stop|be at peace|be still|go quiet|be free) (?:permanently|forever|for ever|for good|eternally|and never wake)`,
  ),
  rule(
    'self.not-scared-any-more',
    S,
    'medium',
    ` (?:not|no longer) (?:scared|afraid|frightened) (?:of (?:it|dying|death|doing it) )?(?:any more|anymore)`,
  ),
  rule(
    'self.letters-to',
    S,
    'strong',
    ` (?:writing|wrote|written|write|left|leaving|finished) (?:\\w+ )?(?:letters|notes|goodbyes) (?:to|for) (?:the people i love|my family|everyone|my kids|my children|my parents|the ones i love|my loved ones|my friends|each of them|all of them|my mom|my dad|my wife|my husband)(?= )`,
  ),
  rule(
    'self.better-without-me-veiled',
    S,
    'medium',
    ` (?:he|she|they|my (?:son|kids|family|wife|husband|daughter|children|parents|partner)) (?:would|will|d|is going to) (?:be (?:better|happier|fine|okay|ok) (?:off )?(?:with|without)|forget (?:about )?me|move on (?:quickly|fast|without me)|not even miss me|be relieved)`,
  ),
  rule(
    'self.wish-gone-further',
    S,
    'strong',
    ` (?:wish|wishes|wished|wanted|hoped) (?:that )?i (?:had|would have|d have|could have) (?:gone deeper|cut deeper|died|not woken up(?! (?:so|this|that|at|til|until|before|early|late|on time|in time|to|for|with|a))|not survived|done it|succeeded|finished it|taken more|taken them all|jumped|not been found)`,
  ),
  rule(
    'self.too-deep',
    S,
    'medium',
    ` (?:went|cut|go|going|gone|went way|cutting) (?:too |way too |a bit too |much )?(?:deep|deeper)(?= [.!?,]| $| and| this| than| last| again| tonight)`,
  ),
  rule(
    'self.scared-of-thoughts',
    S,
    'strong',
    ` (?:scared|afraid|terrified|frightened) (?:of )?(?:what i am thinking|my (?:own )?thoughts|myself|where my (?:head|mind|thoughts) (?:is|are) going|what my (?:head|mind) is telling me)`,
  ),
  rule(
    'self.staring-at-method',
    S,
    'medium',
    ` (?:staring|stared|looked|looking|look|stare|sat|sitting) (?:\\w+ ){0,2}(?:at|with|in front of) (?:the |my |a )?(?:pills|meds|medicine cabinet|bottle of pills|pill bottle|botle of my (?:antidepresants|pills|meds|tablets|sleping pills|painkillers)|razor|blade|rope|gun|knife|bridge|tracks|edge|ledge|noose)`,
  ),
  rule(
    'self.fight-no-more',
    S,
    'medium',
    ` (?:do not want to|can not|do not have the strength to|am too tired to|have no strength to) (?:fight|try|keep fighting|keep trying|struggle|keep going|pretend) (?:any more|anymore|much longer|no more)`,
  ),
  rule(
    'self.losing-battle',
    S,
    'medium',
    ` (?:i am losing(?= [.!?,]| $| (?:this|the|my) (?:fight|battle|war)| to (?:it|this|my (?:brain|mind|head|depresion|ilnes))| (?:the will|my will|(?:al |any |every )?hope)| (?:an argument|a fight|a war|a battle) with (?:myself|my (?:brain|mind|head|thoughts)))|losing the (?:fight|battle|war)|lost the (?:fight|battle)|giving up the fight|done fighting|tired of fighting my own (?:brain|mind|head))`,
  ),
  rule(
    'self.sorry-to-all',
    S,
    'medium',
    ` (?:i am )?sorry (?:to|for) (?:everyone|all of you|you all|my family|everyone who (?:tried|loved me|cared))`,
  ),
  rule(
    'other.would-harm',
    H,
    'medium',
    `${I}${ADV}(?:would|d) (?:\\w+ )?(?:kill|murder|stab|shoot|strangle|choke|beat|hurt) ${PERSON}`,
  ),
  rule(
    'other.where-stab',
    H,
    'strong',
    ` (?:exactly |just )?(?:where|how) (?:i would|i will|i d|i am going to|to) (?:stab|shoot|hit|cut|kill|strangle|poison) (?:him|her|them|my \\w+)`,
  ),
  rule(
    'other.grab-weapon',
    H,
    'medium',
    ` (?:grab|get|take|use|pick up|reach for) (?:a|the|my|his|her|dad s|my dad s) (?:knife|gun|bat|hammer|axe|rifle|pistol|machete)(?= )`,
  ),
  rule(
    'self.pain-helps',
    S,
    'strong',
    ` (?:the only thing|only thing|the one thing|all) (?:that )?(?:helps|works|makes it stop|calms me|makes me feel (?:\\w+ )?|gets me through)(?: \\w+)? (?:is|are) (?:the )?(?:pain|cutting|hurting myself|bleeding|blood|burning|the blade|my blade|sh|self harm)`,
  ),
  rule(
    'self.need-bleed',
    S,
    'strong',
    ` (?:i|i just|i really) (?:need|want|crave|deserve|have) to (?:bleed|feel pain|hurt myself|be hurt|see blood|feel the blade|cut)(?= [.!?,]| $| again| so| tonight| right| now)`,
  ),
  rule(
    'self.point-anymore',
    S,
    'strong',
    ` what is (?:even )?the (?:point|use)(?: of (?:anything|it|this|trying|going on|me))? (?:any more|anymore)(?= )`,
  ),
  rule(
    'self.burden-plain',
    S,
    'strong',
    ` i am (?:just |such |nothing but |only |always )?(?:a|an) (?:\\w+ )?burden(?= [.!?,]| $| to (?:everyone|everybody|the (?:world|people))| on everyone| and)`,
  ),
  rule(
    'self.should-not-exist',
    S,
    'strong',
    ` i (?:should not|do not deserve to|was never meant to|was not meant to) (?:be alive|exist|have been born|be here any more|be on this earth|be in this world|still be here|still be alive|be breathing)`,
  ),
  rule('self.should-not-be-here', S, 'medium', ` i should not be here(?: any more)?(?= [.!?]| $)`),
  rule(
    'self.not-belong',
    S,
    'strong',
    ` i (?:do not|never) (?:belong|fit) (?:in|on) this (?:world|earth|planet|life)`,
  ),
  rule(
    'self.not-needed',
    S,
    'medium',
    ` (?:the world|no one|nobody|everyone|they) (?:does not|do not|will not|would not)? ?(?:needs?|want|wants) me(?= [.!?,]| $| here| around| alive| any more| anymore| in (?:it|this))`,
  ),
  rule(
    'self.no-future',
    S,
    'medium',
    ` (?:see no|have no|there is no|i do not have a|i have no|do not see a|can not see a) future(?: for me| ahead| any more| anymore)?(?= [.!?,]| $| and| for me)`,
  ),
  rule(
    'self.not-past',
    S,
    'strong',
    ` (?:can not|do not) (?:see|imagine|picture) (?:myself|me) (?:living|being alive|alive|making it|getting|surviving|being here|still here|here) (?:past|beyond|to|until|at|much longer|another|next)`,
  ),
  rule(
    'self.not-make-it',
    S,
    'strong',
    ` (?:do not think i will|i will not|i might not|i may not|not going to|i am not going to|i do not think i can) make it (?:through (?:the night|the week|tonight|today|this|the weekend|another)|to (?:my birthday|tomorrow|morning|next (?:week|year|month)|christmas|the end of|the weekend|\\d+|twenty|thirty)|much longer|past (?:tonight|this|my|\\d+))(?! (?:party|dinner|meeting|on time|game|concert|show|class|wedding|appointment))`,
  ),
  rule(
    'self.rather-dead',
    S,
    'strong',
    ` (?:would )?rather (?:die|be dead|not exist|not be alive|not wake up) than (?:feel|feeling|live|living|go on|going on|keep|continue|be alive|wake up|spend another|another|face|deal|be here|exist|existing|suffer|suffering|carry on|be like this|be me|be this)`,
  ),
  rule(
    'self.this-is-goodbye',
    S,
    'strong',
    ` (?:this is|this will be|so this is|i guess this is|consider this|take this as) (?:my )?(?:goodbye|farewell|good bye|the end)(?= [.!?,]| $| everyone| all| guys| friends| world| for me| forever)`,
  ),
  rule(
    'self.love-sorry',
    S,
    'strong',
    ` i love you(?: \\w+){0,2} (?:[.,!] )?(?:and )?i am (?:so |really )?sorry(?= [.!?,]| $| for everything| for this| for what)`,
  ),
  rule(
    'self.when-gone',
    S,
    'strong',
    ` (?:when|after|once) i am gone(?! (?:on|for (?:a|the|two|three|\\d+)|to|away|abroad|traveling|travelling|out))|(?:when|after|once) i (?:die|am dead|kill myself|do it)(?= [.!?,]| $| please| tell| take| make| give| i want| you)`,
  ),
  rule(
    'self.not-posting',
    S,
    'medium',
    ` (?:will not|wont|am not going to) be (?:posting|writing|coming back|online|on here|around here|texting|replying) (?:\\w+ )?(?:any more|anymore|again|after (?:today|tonight))`,
  ),
  rule(
    'self.take-care-all',
    S,
    'medium',
    ` (?:take care (?:of yourselves|everyone|all|you all|guys|of each other|of my (?:\\w+ ){0,2}for me)|look after (?:yourselves|each other|my (?:\\w+ ){0,2}for me)|please (?:look after|take care of) (?:my|mom|dad))`,
    / (?:he|she|they)(?: \S+){0,5} (?:said|says|told)(?= )/,
  ),
  rule(
    'self.other-side',
    S,
    'strong',
    ` see (?:you|y all|you all|everyone) on the other side(?! of)|see you in (?:another|the next) life`,
    undefined,
    TRIP,
  ),
  rule(
    'self.what-if-not-wake',
    S,
    'strong',
    ` what if i (?:just )?(?:did not|never|do not) wake up|what if i (?:just )?(?:died|was gone|disappeared|ended it|killed myself|was not here|stopped existing|jumped)(?= [.!?,]| $| tonight| tomorrow| today| now| and)`,
  ),
  rule(
    'self.feel-like-dying',
    S,
    'strong',
    ` i (?:feel|felt|am feeling) like (?:i am )?(?:dying|dieing|i want to die|i should die|i should just die|i need to die|ending it|disappearing forever|not existing|giving up on life)(?! (?:my|her|his|the|their|it|a|your|of (?:laughter|embarrassment|boredom|shame|cringe)))`,
  ),
  rule(
    'self.hurt-until',
    S,
    'strong',
    ` i (?:\\w+ )?(?:punch|punched|punching|hit|hitting|bang|banged|banging|slam|slammed|slamming|smash|smashed|smashing|bash|bashed|bashing) (?:my (?:head|fists?|hands?|knuckles)|walls?|the wall|myself)(?: (?:against|into|on) (?:the |a )?(?:wall|walls|floor|door|mirror))? (?:until|till|so hard|every time|when(?:ever)? i|because i (?:deserve|need))`,
  ),
  rule(
    'self.until-bleeds',
    S,
    'strong',
    ` (?:until|till) (?:it|they|i|my \\w+|the skin) (?:bleeds?|bled|bleding|breaks?|broke|bruises?|scars?)|(?:until|till) i (?:see|saw|taste|tasted) blod`,
    SOMEONE_ELSE_HARM,
    / (?:punchbag|punching bag|boxing gloves|sparing|bouldering|climbing wal|guitar strings)(?= )/,
  ),
  rule(
    'self.on-purpose',
    S,
    'strong',
    ` (?:took|take|taking|swallowed|swallow|cut|cutting|burned|burnt|burn|burning|hurt|hurting|scratched|scratching|starved|starving|overdosed|overdosing|crashed) (?:\\S+ ){0,5}on purpose`,
  ),
  rule(
    'self.keep-for',
    S,
    'strong',
    ` (?:keep|kept|hide|hid|hidden|have|stash|stashed) (?:a |my |some |the )?(?:razor|razors|blade|blades|pills|rope|knife|lighter) (?:\\S+ ){0,4}for (?:bad (?:nights|days|times)|emergencies|when i (?:need|ned)|when it gets bad|just in case|later|the right (?:time|moment)|the end)`,
  ),
  rule(
    'self.covered-in',
    S,
    'strong',
    ` my (?:arms?|wrists?|thighs?|legs?|stomach|hips?|body|skin|shoulders?) (?:are|is) (?:covered in|ful of|al|ripped up with|a mes of) (?:\\w+ )?(?:cuts|scars|burns|marks|bruises|wounds)(?! (?:\\S+ ){0,2}from (?:a |an |the |my )?(?:dog|cat|acident|surgery|operation|fire|fal|crash|acne|chickenpox|eczema|war|bike|the gym|training|rugby|fotbal))`,
  ),
  rule(
    'self.deserve-hurt',
    S,
    'strong',
    ` i (?:deserve|deserved) (?:to (?:hurt|be hurt|suffer|bled|be punished|feel pain|be in pain)|the pain|pain|all the pain)(?= [.!?,]| $| and| so| because| for)`,
  ),
  rule(
    'self.wont-need',
    S,
    'strong',
    ` (?:will not|wont|will no longer|am not going to) (?:need|be needing|be using|use) (?:this|my|these|those|any of my|any of this) (?:account|phone|stuff|things|room|car|meds|money|clothes|bed|plans?|savings)(?= [.!?,]| $| any more| anymore| after| soon| where i am going)`,
  ),
  rule(
    'self.wrote-will',
    S,
    'medium',
    ` (?:wrote|written|writing|made|making|updated|updating|finished) (?:my|a) (?:wil|testament)(?= )`,
    /everyone should|for (?:the|my) (?:house|kids s future)|lawyer|never (?:written|made)|not (?:written|made)|with my (?:partner|wife|husband)/,
  ),
  rule(
    'self.said-goodbye',
    S,
    'medium',
    ` (?:said|saying|say) (?:my )?(?:godbye|godbyes|bye) to (?:my \\w+|everyone|them|her|him|my family|my friends)(?= )`,
    /kenel|holiday|vacation|trip|airport|station|visit|for the (?:week|weekend|summer|night)|at the (?:door|airport|station)|before (?:the|my) (?:flight|trip)|to my (?:old |clasrom |dad s |mom s )?(?:pet|guinea pig|hamster|boat|car|house|flat|clasrom|therapist|teacher|students|clas|team|coleagues|coworkers|neighbour|neighbor|job|ofice|schol)/,
    ORDINARY_DEPARTURE,
  ),
  rule(
    'self.last-hear',
    S,
    'strong',
    ` (?:last time|last thing|final time) (?:you|anyone|you al|anybody|any of you|people) (?:will |wil |ever |wil ever |wil |are going to )?(?:hear|read|se|get) (?:from|of) me(?! (?:about|complain|on this|on that|mention|say))`,
  ),
  rule(
    'self.on-my-mind',
    S,
    'strong',
    ` (?:suicide|killing myself|ending it|ending it al|ending my life|unaliving myself|not being alive|not existing) (?:is|s|has ben|keps|keeps) (?:always |constantly |al |al the time |again )?(?:on my mind|al i think about|in my head|al i can think about|the only thing i think about)`,
  ),
  rule(
    'self.bare-act',
    S,
    'strong',
    `(?:^|[.!?]) (?:just |about to |ready to |going to |finaly )?(?:comiting suicide|comit suicide|kiling myself|ending it al|ending my life|ofing myself|unaliving myself|roping|kil myself)(?= [.!?,]| $| now| tonight| today| son| for real)`,
  ),
  rule(
    'other.make-regret',
    H,
    'medium',
    `${I}${ADV}(?:${INTENT}|will|ill|could) make ${PERSON} (?:\\w+ )?(?:regret|sory|pay|sufer)`,
  ),
  rule(
    'other.what-ill-do',
    H,
    'strong',
    ` (?:do not know|no idea|can not say|not sure|scared of|afraid of) what i (?:wil|would|might|could|am going to|may) do to (?:him|her|them|you|${PERSON})(?= )`,
  ),
  rule(
    'other.fuck-up',
    H,
    'strong',
    `${I}${ADV}(?:${INTENT}|will|ill|could|am going to) (?:fuck|mes|rough|jump|shank|stomp|kick|bust) ${PERSON} (?:up|in|down|out)(?= )`,
  ),
  rule(
    'other.wake-dead',
    H,
    'strong',
    ` (?:he|she|they|you|${PERSON}) (?:is|are|wil|will) (?:going to |gona )?(?:wake up dead|not live to se|never live to se|not make it to (?:tomorow|morning|the weekend)|be dead by (?:tonight|tomorow|morning|the weekend|monday|friday))`,
  ),
  rule(
    'other.rampage',
    H,
    'strong',
    `${I}${ADV}(?:${INTENT}|will|ill|am going to|could) (?:go on a (?:rampage|kiling spre|shoting spre|spre)|go postal|snap and (?:kil|hurt|shot)|become (?:a|the next) (?:schol |mas )?shoter|do (?:a|another) (?:schol|mas|workplace|church|mal) (?:shoting|masacre|atack|bombing)|comit (?:a |another )?(?:schol|mas) (?:shoting|masacre|murder))`,
  ),
  rule(
    'other.shooting-next',
    H,
    'strong',
    ` (?:schol|mas|workplace) (?:shotings?|shoters?|masacres?) (?:\\S+ ){0,8}(?:i am next|i wil be next|i could be next|i might be next|i think i am next|i understand them|i get why)|(?:be|am) the next (?:schol |mas )?shoter`,
  ),
  rule(
    'other.put-in',
    H,
    'strong',
    `${I}${ADV}(?:${INTENT}|will|ill|could|am going to) put ${PERSON} in (?:the|a|an) (?:hospital|ground|grave|cofin|body bag|wheelchair|icu|morgue)`,
  ),
  rule(
    'other.those-who',
    H,
    'strong',
    ` (?:everyone|everybody|anyone|al of them|those people|the people|people|they|whoever) (?:who|that) (?:\\w+ ){0,4}(?:me|us) (?:is|are|wil|will) (?:going to |gona |al )?(?:die|pay|regret it|sufer|bled|be sory|get what they deserve)`,
  ),
  rule(
    'other.capable-of',
    H,
    'medium',
    ` (?:se|know|find out|learn|realize|regret) (?:exactly )?what i am (?:capable of|able to do|realy capable of)`,
  ),
  rule(
    'other.violent-urge',
    H,
    'medium',
    ` (?:wanted|want|wanting|urge|urges|fel like i want) to (?:throw|smother|strangle|choke|drown|stab|sufocate|suffocate|shoot) (?:him|her|them|the baby|my (?:son|daughter|baby|brother|sister|child|kid|husband|wife|partner|mum|mom|dad))(?! (?:a |the |my |some |with (?:a|the) (?:bal|pilow|snowbal|water)|in the pool|into the pool|a look|a glance|a bone|a party))`,
  ),
  // "Gonna find the guy who jumped my brother and shank him": an intent to reach someone, then
  // to hurt them.
  rule(
    'other.find-and-hurt',
    H,
    'strong',
    `${I}${ADV}(?:going to|am going to|will|i will|il|am|wil|about to) (?:go )?(?:find|catch|get|pul up on|go after|wait for|track down|corner|get hold of|run into|se) (?:\\S+ ){1,8}?and (?:then )?(?:kil|murder|stab|shank|shot|strangle|choke|poison|hurt|beat|beat up|punch|atack|smash|bash|stomp|slap|hit|cut|run over) (?:him|her|them|that \\S+|his \\S+|her \\S+)(?= )(?! (?:at|in (?:a|the) (?:game|race|match)|up|of|off|loose|a text|back|some slack))`,
  ),
  rule(
    'other.fight-slang',
    H,
    'medium',
    ` (?:going to|wil|il|about to|i am|am) (?:jump|rush|rol up on|pul up on) (?:that|this|the|some) (?:kid|guy|dude|boy|girl|man|prick|idiot|fol|bastard|bitch|clown)| (?:going to|gona|wil|is about to|is going to) catch (?:these|my) hands`,
  ),
  rule(
    'other.weapon-to-head',
    H,
    'strong',
    ` (?:swing|swinging|take|taking|bring|bringing) (?:the|a|my) (?:bat|hamer|crowbar|bottle|pipe|club|brick) (?:down )?(?:at|to|on|into) (?:his|her|their) (?:head|face|skul|knees|legs)`,
  ),
  // "We're going to their gates with blades", "bring the bats": going armed to someone.
  rule(
    'other.going-armed',
    H,
    'strong',
    ` (?:going|heading|rolling|coming|turning up|turn up|pulling up|pull up|go|we are outside|we outside)(?: over| round| back)? (?:to |at )?(?:\\S+ ){0,5}with (?:the |our |my |a |some )?(?:blades|knives|a knife|machetes|a machete|bats|a bat|guns|a gun|straps|the strap|shanks|a shank|acid|a shotgun|the shotgun|hammers|crowbars)(?= )| bring(?:ing)? (?:the|your|ur|our|my) (?:bats?|blades?|knife|knives|straps?|guns?|tools|shanks?|machetes?)(?= )`,
    /(?: (?:cricket|baseball|rounders|softball|for the (?:match|game|picnic|bbq|barbecue|camping|kitchen)|carving|whittling|sharpen|sharpening|cooking|chef|dinner|kitchen|bread|cheese|cake))(?= )/,
  ),
  // "I'm cutting his fingers off", "she's getting acid in her face", "put him through the window".
  rule(
    'other.maim',
    H,
    'strong',
    ` (?:i am|we are|i will|we will|going to|gonna|about to|am) (?:cut|cuting|chop|choping|snap|snaping|break|breaking) (?:his|her|their) (?:fingers|toes|hands|legs|arms|kneecaps|knees|jaw|neck|wrists)(?= )| (?:is|are) geting (?:acid|bleach|drain cleaner) (?:in|on|thrown in|thrown on|over) (?:her|his|their) (?:face|eyes)| (?:acid|drain cleaner) (?:in|on|into|at) (?:her|his|their) face(?= )| (?:put|putting|throw|throwing|chuck|chucking) (?:him|her|them) (?:through|out of) (?:the|a|his|her|their) window| (?:a |the )?brick through (?:the|their|his|her) window (?:\\S+ ){0,4}(?:burning|petrol|fire|alight|lit)| (?:they are|they will be|he is|she is|he will be|she will be|you are|you will be) (?:leaving|going out|coming out|carried out) in (?:body )?bags`,
  ),
  // "Someone's getting wet tonight" (stabbed), "someone getting bodied": street words for it.
  rule(
    'other.street-hit',
    H,
    'medium',
    ` (?:somebody|someone|sombody|one of them|one of dem|he|she|they|opps|an op) (?:is |are |gona |going to )?(?:geting|get|gets) (?:wet|poked|bodied|smoked|dropped|splashed|sliced|shanked|merked|clapped)(?= )`,
    /(?: (?:rain|pool|swim|bath|shower|hose|sea|beach|river|wet wipes|splash pad|paint|paintbal|snowbal|water fight|water balon|in the game|fortnite|cod|warzone|valorant|ranked|lobby))(?= )/,
    /(?: (?:rain|raining|pool|swiming|swim|hose|sea|beach|waterpark|water park|splash|water fight|water balons?|game|fortnite|warzone|valorant|ranked|lobby|match))(?= )/,
  ),
  // "Been putting a bit of the rat stuff in my father-in-law's tea": a poisoning under way.
  rule(
    'other.poisoning-ongoing',
    H,
    'strong',
    ` (?:puting|put|slipping|sliped|slip|adding|added|mixing|mixed|crushing|crushed) (?:a bit of |a litle |smal amounts of |some |more )?(?:the )?(?:rat stuf|rat poison|poison|antifreze|wed kiler|wedkiler|slug pelets|her pils|his pils|sleping pils) (?:from (?:\\S+ ){1,3})?(?:in|into) (?:\\S+ ){1,4}(?:tea|cofee|food|drink|dinner|meals|meal|soup|juice|water|bottle|thermos|flask|mug|cup|lunch|gravy|stew|sauce|casserole|cake|punch|wine|beer|pint|smothie|cofee pot|protein shake|shake)(?= )`,
  ),
  // "Set her room on fire when she's sleeping"; "we're gonna put him in the hospital".
  rule(
    'other.fire-or-group',
    H,
    'strong',
    ` (?:going to|gona|wil|about to|i am|am) (?:set|light) (?:her|his|their|my \\S+ ?\\S*|the) (?:rom|house|car|flat|bed|door|caravan|shed|tent)? ?on fire| we (?:are|wil) (?:going to|gona|about to) (?:jump|stab|shank|shot|kil|murder|stomp|bater|beat up|put (?:him|her|them) in (?:the|a) (?:hospital|ground|grave)) (?:him|her|them|that \\S+|this \\S+|the \\S+)?`,
    undefined,
    /(?: (?:game|games|match|fortnite|cod|warzone|valorant|ranked|lobby|server|raid|bos|zombies|final|league|tournament|round|paintbal|lasertag|laser tag|dodgebal|prank|surprise|birthday|party|pitch|healer|resurect|respawn|wiped|scoreline|derby|quiz|pub quiz|trivia|debate|5-0|\d+ - \d+))(?= )/,
  ),
  // "What's the dose of paracetamol that actually kills you", "would that do it": a lethal dose asked.
  rule(
    'self.lethal-dose-asked',
    S,
    'strong',
    ` (?:dose|amount|how many|how much) (?:\\S+ ){0,4}(?:that )?(?:actualy |realy )?(?:kils you|would kil (?:you|me|someone)|is fatal|is lethal|would be fatal|would be lethal)| (?:lethal|fatal) (?:dose|amount)| would that do it(?= [.!?]| $)`,
    /(?: (?:dog|dogs|cat|cats|pet|puppy|kiten|horse|child|toddler|baby|kids?|acidentaly|by acident|swalowed|nurse|nursing|exam|pharmacology|lecture|homework|overdose awarenes))(?= )/,
  ),
  // "To the person who finds my phone: my passcode is…", "rocks in my pockets", "my plan is simple
  // and I'll follow through", "I can't stay": a note and an ending, said sideways.
  rule(
    'self.note-to-a-finder',
    S,
    'strong',
    ` to (?:the person|whoever|whomever|the one) (?:who )?finds (?:this|my phone|me|my body|this note|my note)| (?:rocks|stones|weights) in my pockets`,
  ),
  rule(
    'self.plan-ready',
    S,
    'medium',
    ` my plan is (?:simple|ready|set|made|done|final)(?= )`,
    undefined,
    AN_ORDINARY_PLAN,
  ),
  rule(
    'self.ending-sideways',
    S,
    'medium',
    ` (?:i wil|i am going to|i am gona) folow through(?: with it)?(?= [.!?]| $)| i can not stay(?= [.!?]| $)| tel my (?:\\S+ ){1,2}i love (?:her|him|them)| if anything happens (?:\\S+ ){0,8}love you| look after (?:\\S+ ){1,2}for me if anything happens`,
    undefined,
    new RegExp(
      `${AN_ORDINARY_PLAN.source}|(?: (?:heat|melting|soup|exam|exams|homework|cringe|lol|lmao|jk|haha))(?= )`,
    ),
  ),
  // Self-harm named by its marks and urges: "the cuts from sunday got infected", "cutting on your
  // ankle shows less?", "new burns on my hip", "sh urges", "scars… some from last week".
  rule(
    'self.harm-marks-named',
    S,
    'strong',
    ` (?:the|my) (?:cuts|burns) from (?:last night|sunday|monday|tuesday|wednesday|thursday|friday|saturday|yesterday|the weekend|last wek)| cuting on (?:your|my) (?:ankles?|thighs?|hips?|stomach|arms?|wrists?|legs?)| new burns on my (?:hips?|arms?|wrists?|thighs?|legs?|stomach)| sh urges| (?:scars|cuts|marks) on my (?:arms?|wrists?|legs?|thighs?)(?: \\S+){0,6} from last (?:wek|night)| broke my streak(?: \\S+){0,20}? (?:blade|razor|sharpener)`,
    /(?: (?:oven|kitchen|cooking|iron|stove|pan|grill|bbq|barbecue|sunburn|surgery|operation|stitches|c - section|bike|fel|scooter|skateboard|shaving|brambles|cat|dog|hair|fringe|bangs|carbs|sugar|caffeine|coffee|screen time|vaping|smoking))(?= )/,
  ),
  // "Those people… have it coming", "watch the news next week": a threat told sideways.
  rule(
    'other.have-it-coming',
    H,
    'medium',
    ` (?:have|has) it coming| deserves? what is coming`,
    A_SHOW_OR_A_MATCH,
  ),
  rule(
    'other.threat-sideways',
    H,
    'medium',
    ` watch the news (?:next wek|tomorow|tonight|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))| (?:i am |i wil )?not (?:going to )?say (?:any )?more (?:here|than that)| wont say more here`,
    A_SHOW_OR_A_MATCH,
  ),
  rule(
    'other.poison-drink',
    H,
    'strong',
    ` (?:bleach|antifreze|rat poison|poison|wedkiler|laxatives|crushed glas|his pils|her pils) (?:in|into) (?:his|her|their) (?:\\S+ ){0,2}(?:drink|cofee|tea|shake|food|dinner|lunch|breakfast|meal|water|bottle|juice|soup|smothie|pint|beer|wine)`,
  ),
  // "Trying so hard not to cut": the urge held back is self-harm's own risk.
  rule(
    'self.resisting-harm',
    S,
    'strong',
    ` (?:trying|try|tried|fighting|resisting) (?:so hard |realy hard |hard |my best )?not to (?:cut|burn|hurt myself|harm myself|sh|self harm)(?= [.!?,;]| $| again| tonight| and| but| rn| right now)`,
  ),
  rule(
    'self.harm-hidden',
    S,
    'strong',
    ` (?:lie|lied|lying) (?:to (?:\\S+ ){1,3})?about (?:the|my) (?:bandages|cuts|marks|scars|burns|plasters|sleves)| (?:arm|arms|legs?|thighs?|wrists?|skin) (?:lok|loks|loked|looks|looked) like a barcode| went back to cuting`,
    new RegExp(
      `${SOMEONE_ELSE_HARM.source}| (?:budget|funding|staf|pay|hours|jobs|council|government|benefits|services)(?= )`,
    ),
  ),
  // ---- Self-harm.
  rule(
    'self.harm-act',
    S,
    'strong',
    ` (?:i|i have|i have been|i am|i was|i keep|i still|i started|started|i began|i relapsed|relapsed|been|keep|me|i just|and|but|so|i did|i want to|want to|wanting to|need to|urge to|urges to|tempted to|going to|about to|i might|might|trying not to|try not to|stop|stopped|quit) (?:\\w+ ){0,2}(?:cut|cutting|cuts|burn|burning|burned|burnt|hurt|hurting|harm|harming|scratch|scratching|scratched|hit|hitting|punch|punching|bite|biting|bruise|bruising|carve|carving|carved|starve|starving|stab|stabbing|choke|choking|strangle|punish|punishing|mutilate|mutilating) (?:myself|my (?:wrists?|arms?|legs?|thighs?|skin|body|stomach|hips?|face|hands?|chest))(?! (?:by accident|accidentally|shaving|while (?:cooking|shaving|chopping|working|playing|running|on)|cooking|chopping|on (?:a|the) (?:glass|knife|can|paper|fence|stove|oven|pan|tin|corner|edge)|with (?:a|the) (?:knife|kitchen|paper|can) (?:while|when|by)|on (?:a|an|the) (?!purpose)\\S+|at (?:a|the) cooking|in (?:a|my|the) cooking clas|in the (?:kitchen|garden|gym)|at the gym|at work|playing|slightly|a little bit|a bit|doing|working|lifting|running|training|exercising|yesterday at|falling|when i fell|badly when|stretching|skating|in a fall))`,
    new RegExp(`${A_FALL.source}|${HYPERBOLE.source}`),
  ),
  rule(
    'self.harm-word',
    S,
    'strong',
    ` (?:(?:my|i|i am|i have|i do|i still|i started|started|relapsed|relapse|relapsing|urge to|urges to|urges|the urge|clean from|clean of|been|keep|stop|stopped|quit|months|days|weeks|years|want to|i want to|going to|doing|do|into|since|my first|free|with|on) (?:\\w+ ){0,3}(?:cutting(?=${CUTTING_GOES_ON})|(?<= (?:my|fresh|new|old|deep|deeper|open|infected|bleeding) )cuts|(?:self harm|self harming|sh|scars))(?! (?:presentations?|patients?|cases|referrals?|admisions?|awareness|training|policy|policies|statistics|research|support|services|charity|charities|team|unit|ward|leaflets?|asesments?|workshop|module|course|clinic|nurse|nurses|(?:\\S+ ){0,3}from (?:\\S+ ){0,2}(?:surgery|operation|reconstruction|acne|chickenpox|dog|cat|acident|fal|crash|fire|transplant|section|biopsy|birth|bike|stitches)|pizza|paper|hair|costs|corners|class|ties|the cake|the grass|the lawn|back on|down on|out|in line|onions|carbs|sugar|the (?:team|staff|budget|hedge|bread|deck|cards|line|cord|ribbon|power|wire|price|prices|cost|bil)|jobs|staff|budget|funding|hours|prices|deals?|down|back|through|across|of|edge))|(?:fresh|new|deep|deeper|open|bleeding) cuts (?:on|along|across|all over) my (?:arms?|wrists?|legs?|thighs?|stomach|hips?|body|skin|forearms?))`,
    SOMEONE_ELSE_HARM,
  ),
  rule(
    'self.harm-scars',
    S,
    'strong',
    ` (?:hide|hiding|cover|covering|hid|see|saw|noticed|found|notice|find|asked about) (?:my |the |these |fresh |new |old )?(?:self harm |sh |cutting |cut |burn )?(?:scars|cuts|wounds|marks|burns)(?: on my (?:arms?|wrists?|legs?|thighs?|body|stomach|hips?))?(?: (?:from|with|under|because|so|on|at|and|again|every))?`,
  ),
  rule(
    'self.harm-deserve-pain',
    S,
    'medium',
    ` (?:i|i just|because i) (?:deserve|need|want|crave) (?:the |to feel )?(?:pain|hurt|to bleed|to suffer|to be punished|punishment|to be in pain|to feel pain)`,
  ),
  rule(
    'self.harm-bleed',
    S,
    'strong',
    ` (?:make|made|making|watch|watched|watching|until|till) (?:myself|me|i) (?:\\w+ ){0,2}(?:bleed|bled|bleeding)`,

    SOMEONE_ELSE_HARM,
  ),
  // "Dug my nails into my palms till they bled", "punched the wall until my knuckles split".
  rule(
    'self.harm-until',
    S,
    'strong',
    ` (?:dig|dug|diging|stick|stuck|sticking|jab|jabed|jabing|press|presed|punch|punched|punching|hit|hiting|bang|banged|scrape|scraped|pick|picked|picking|scratch|scratched|scratching|bite|bit|biting|rub|rubed|pinch|pinched) (?:\\S+ ){0,6}(?:until|til|untill) (?:they|it|my \\S+|the skin|i) (?:bled|bleed|bleds|bleding|split|splits|broke|tore|were raw|was raw|went raw|cracked)(?= )`,
    new RegExp(
      // Not SOMEONE_ELSE_HARM: its "they" is this rule's own "till they bled".
      ` (?:the|my|our|his|her) (?:dog|cat|puppy|kiten|baby|toddler|son|daughter|brother|sister|friend|partner) (?:\\S+ ){0,3}(?:scratched|bit|bites|scratches|picked|dug|punched|hit)| (?:by acident|acidentaly|climbing|gym|boxing|training|guitar|practice|practise|gardening|weding)(?= )| (?:his|her|their) (?:arms?|legs?|skin|face|hands?|wrists?|thighs?|knuckles|fingers|palms|nails|scalp|lips)(?= )`,
    ),
  ),
  // "Punish myself by going without water", "haven't eaten in 3 days … it's punishment".
  rule(
    'self.withholding-punishment',
    S,
    'strong',
    ` punish(?:ing|ed)? myself by (?:going without|not eating|not drinking|skiping|starving|refusing)| (?:have not|havent|hasnt|not) (?:eaten|drunk|drank|had (?:any )?(?:food|water)) (?:anything )?(?:in|for) (?:\\d+|two|thre|four|five) days (?:\\S+ ){0,8}(?:punishment|punishing|deserve)`,
  ),
  // "Relapsed … used the edge of a broken mug", "found my box. Blades, plasters": self-harm's tools.
  rule(
    'self.harm-tools',
    S,
    'strong',
    ` relapsed (?:\\S+ ){0,20}?used (?:the |a |my )?(?:edge of (?:a |the |my )?)?(?:broken )?(?:mug|glas|blade|razor|compas|scisors|sharpener|lighter|knife|pencil sharpener|safety pin)(?= )| my (?:box|kit|stash|tin|pouch) (?:\\S+ ){0,3}(?:blades|razors|razor blades)(?= )`,
  ),
  // "Staring at the bleach under the sink. I'm going to drink it."
  rule(
    'self.means-then-intent',
    S,
    'strong',
    ` (?:bleach|antifreze|the pils|my pils|the same pils|the same tablets|the same stuf|the tablets|the bottle of pils|the pils i saved|rat poison|the rope|pesticide|the pesticide|wedkiler|paraquat|poison) (?:\\S+ ){0,10}(?:i am (?:going to|gona|about to)|i wil(?: going to)?) (?:drink|take|swalow|use|down) (?:it|them|al of (?:it|them))(?= )`,
    /(?: (?:clean|cleaning|toilet|mop|bathroom|mould|mold|grout|headache|prescribed|as prescribed|with food|with water|antibiotics|vitamins|climbing|swing))(?= )/,
  ),
  // Purging, restricting and punishing exercise, told as what is being done now.
  rule(
    'self.eating-harm',
    S,
    'strong',
    ` (?:making|made|make) myself (?:throw up|vomit|purge|be sick after|sick after (?:every|each|my) (?:meal|meals|dinner|lunch|breakfast))| (?:been|keep|kept|started|i am|i have ben) purging(?= )| purging (?:since|every|after|again|\\d+ times|twice|thre times)(?= )| (?:eating|eat|ate|having) (?:only |just |like |under |les than |about |around |maybe )?(?:\\d{2,3}|one hundred|two hundred|thre hundred|four hundred|five hundred) (?:calories|cals|kcal)(?: a| per| each)? day| (?:as )?(?:a )?punishment for eating| punish(?:ing)? myself for eating| (?:have not|havent|not) eaten (?:anything )?(?:but|except|apart from) (?:\\S+ ){1,4}in (?:\\d+|two|thre|four|five|six|seven) days`,
    /(?: (?:bug|virus|fod poisoning|flu|blod test|norovirus|stomach flu|hangover|drunk|chemo|pregnan\S*|morning sicknes|fasting|ramadan|surgery|colonoscopy|bowel prep|dentist|wisdom teth))(?= )/,
  ),
  // "Used a lighter on my wrist", "the cuts are getting deeper", "said the marks were from my cat".
  rule(
    'self.harm-told-plainly',
    S,
    'strong',
    ` used (?:a|the|my) (?:lighter|blade|razor|knife|scisors|compas|sharpener|match|matches|hot spon|iron) on my (?:wrists?|arms?|legs?|thighs?|skin|stomach|hips?|hands?)| (?:the|my) cuts are geting (?:deper|worse|bigger|longer)| (?:say|said|told (?:\\S+ ){0,1}\\S+|tell (?:\\S+ ){0,1}\\S+|pretend|pretended) (?:that )?(?:the|my) (?:marks|cuts|scratches|burns|bruises) (?:were|are|was) from (?:my|the|a) (?:cat|dog|kiten|puppy|rose bush|brambles|bush)| blood (?:out of|off) (?:my |the )?(?:shets|clothes|towels?|hodie|sleves?|carpet|uniform) (?:\\S+ ){0,2}without (?:my|your|the) (?:mom|mum|parents|dad|family|romate|flatmate)`,
  ),
  // "I'm standing in the kitchen holding a knife and I don't know what to do."
  rule(
    'self.holding-means',
    S,
    'strong',
    ` (?:holding|have|got|staring at) (?:a|the|my) (?:knife|blade|razor|gun|pils|rope|botle of pils) (?:\\S+ ){0,4}(?:and )?(?:i )?(?:do not know what to do|can not stop shaking|want to use it)`,
  ),
  // "The thought of dying makes me feel relieved"; "wish I didn't have to come up" (from under water).
  rule(
    'self.death-as-relief',
    S,
    'strong',
    ` the (?:thought|idea) of (?:dying|death|being dead|not waking up|not existing|it al ending) (?:makes me (?:fel )?|is |feels )(?:relieved|calm|happy|peaceful|at peace|comforting|a relief|so comforting|nice)| wish i (?:did not|would not|never) (?:have to )?come (?:back )?up(?= )`,
  ),
  rule(
    'self.starve',
    S,
    'medium',
    `${I}${ADV}(?:starve|starving) (?:myself)(?: to death| until| so| because)?`,
  ),
  // ---- Present risk of someone close (a friend writes for them).
  rule(
    'self.other-at-risk',
    S,
    'strong',
    ` (?:my|our|a) (?:\\w+ ){0,2}(?:friend|bff|bestie|girlfriend|boyfriend|gf|bf|sister|brother|son|daughter|mom|mum|mother|dad|father|wife|husband|partner|kid|child|cousin|roommate|classmate|student|coworker|colleague) (?:\\w+ ){0,4}(?:is|has been|keeps|says|said|told me|texted me|messaged me|posted|wrote|threatens|threatened|threatening|wants|is going|is planning|plans|is talking|talks|keeps talking|keeps saying) (?:\\w+ ){0,4}(?:suicidal|to kill (?:himself|herself|themselves|themself)|kill (?:himself|herself|themselves|themself)|killing (?:himself|herself|themselves|themself)|to end (?:his|her|their) life|ending (?:his|her|their) life|about suicide|suicide|self harm|self harming|cutting (?:himself|herself|themselves|again)|to die|wants to die|does not want to live|goodbye)(?! (?:years|months|weeks|last|in (?:19|20)|when (?:he|she|they) was))`,
  ),
  // Someone close doing it now, told by the person beside them ("he's locked himself in the
  // bathroom saying he's going to end it", "she's on the balcony now", "he's taken all his pills").
  rule(
    'self.other-acting-now',
    S,
    'strong',
    ` (?:saying|says|said|told me|texted me|messaged me|emailed me|rang me|caled me|just told me) (?:that )?(?:he|she|they) (?:is|are|wil) (?:going to |gona |about to )?(?:end it|jump(?! (?:me|him|her|you|us|them|my|our|his|that|this|the queue|in))|kil (?:himself|herself|themselves)|take them al|drive into|hang (?:himself|herself))(?= )| (?:he|she|they|my (?!(?:cat|dog|kiten|puppy|bird|parot|goat|horse|chicken|son is standing on the rof of his lego))\\S+(?: \\S+)?) (?:is|are) (?:standing|siting|sat|stood) (?:on|at) (?:the )?(?:edge|ledge|rof|balcony|bridge|railing|tracks|platform edge)| (?:he|she) is on (?:it|the roof|the ledge|the balcony|the bridge|the railing) (?:now|right now)| (?:he|she|they|dad|mum|mom|grandad|grandpa|nan|gran|grandma|my \\S+) (?:has|have|is|are) (?:just )?taken (?:al|a lot of|loads of|too many|a load of|a bunch of|al of) (?:his|her|their|the) (?:\\S+ )?(?:pils|tablets|meds|medication|sleping pils)| (?:siting|sat) in (?:his|her|their|the) car with the engine runing| photo of (?:his|her|their) (?:wrist|arm|arms|leg|legs) (?:cut|bleding|slit)| (?:photo|picture|pic) of (?:the )?(?:train )?(?:tracks|bridge|pils|rope|edge|rof|clif|cliffs|platform)(?: \\S+){0,3} (?:bye|godbye)| (?:he|she|they) (?:told|has told|said to|texted|messaged) (?:\\S+ ){0,4}(?:that )?(?:he|she|they) (?:wants|is going|is planing|plans|has a plan) to (?:kil (?:himself|herself|themselves)|die|end it)`,
    /(?: (?:years ago|when (?:he|she|they) was|in (?:19|20)\d\d|last (?:year|month|term|summer|winter)|the film|the movie|the show|the book|the episode|the game|character|in the story|novel))(?= )/,
    // Told once it was in hand: a professional's protocol followed, the person seen and safe.
    /(?: (?:constant watch|suicide watch|has ben sen|was sen by|they reached (?:him|her|them)|folowed (?:our|the) protocol|opened an act|safeguarding lead|is safe now|is in hospital now|police found (?:him|her|them)|paramedics (?:came|arived|got)|a much beter place))(?= )/,
  ),
  // A farewell told as care ("found a family for Bella… she deserves someone who'll be around",
  // "gave my brother my xbox, told him to look after mum").
  rule(
    'self.farewell-as-care',
    S,
    'strong',
    ` (?:deserves?|needs?) (?:someone|somebody|an owner|a family|a home|people) (?:who wil|who is going to|that wil) (?:be around|be there|be here|stil be here|be alive)| gave (?:my |him |her )(?:\\S+ ){0,6}(?:and )?told (?:him|her|them) to look after (?:mum|mom|dad|my mum|my mom|my dad|everyone|the family|the dog|the cat|nan|gran)(?! (?:while|when|until|on|for the|this) )`,
    /(?: (?:while i am away|deployment|deployed|travel\S*|holiday|trip|uni|university|hospital for|surgery|working away|rehab|prison|the army|basic training))(?= )/,
  ),
  // "I know how this ends now and it's such a relief", "this is where I want to be, at the end",
  // "I wanted to hear them all once more": an ending decided, told sideways.
  rule(
    'self.ending-decided',
    S,
    'medium',
    ` i know how (?:this|it) ends now| (?:this is|that is|here is) where i want to (?:be|die|go) (?:\\S+ )?at the end| (?:wanted|want|needed) to (?:hear|see|hug|thank) (?:them|him|her|you|everyone|everybody|it) (?:al )?(?:once more|one more time|one last time)| (?:a|my) farewel tour| (?:told|tel|telling) (?:him|her|them) (?:i|that i) love (?:him|her|them)(?: \\S+){0,3} while i (?:stil )?can`,
    /(?: (?:series|book|novel|film|movie|show|season|episode|game|story|trilogy|concert|band|tour dates|gig|leaving do|moving|emigrat\S*|graduat\S*|retir\S*))(?= )/,
  ),
  rule(
    'self.other-threatens',
    S,
    'strong',
    ` (?:she|he) (?:\\w+ ){0,2}(?:threatens|threatened|is threatening|has been threatening|keeps threatening|began threatening|started threatening|began to threaten|started to threaten|threatening) (?:suicide|to kill (?:herself|himself)|to end (?:her|his) (?:own )?life)(?! (?:years|months|weeks|once|back (?:then|when)|when (?:he|she) was))`,
  ),
  // ---- Slang and veiled.
  rule(
    'self.slang-kys-me',
    S,
    'strong',
    ` (?:told|tell|telling|tells|keep telling|kept telling|said|says) me to (?:go )?kill (?:myself|yourself)`,
  ),
  rule(
    'self.death-welcome',
    S,
    'medium',
    `${I}${ADV}(?:would (?:welcome|not mind|not care if i|be fine with|gladly accept)|would not be (?:sad|upset|scared) (?:if|to)|am not (?:scared|afraid) (?:of|to) (?:die|dying|death)|am at peace with (?:dying|death|ending it)|hope (?:death|it) comes soon|look forward to (?:dying|death)|am ready to go|am ready to die|am ready for (?:death|it to end))(?! (?:for|in (?:my|the) (?:sleep|old age)|when i am old|of (?:old age|natural causes)|eventually|one day|someday))`,
  ),
  rule(
    'self.do-it-tonight',
    S,
    'strong',
    `${I}${ADV}(?:am going to|will|plan to|am planning to|am finally going to|finally going to|am doing|doing|am about to) (?:finally )?(?:do it|end it|go through with it|go through with this) (?:tonight|today|tomorrow|this weekend|soon|this time|for real|finally|now|after|before|when|once|and|i have|i am|goodbye|sorry)`,
  ),
  rule(
    'self.go-through',
    S,
    'medium',
    ` (?:go through with it|going through with it|finally do it|actually do it|do it this time|doing it this time|actually going to do it|really going to do it|nothing is stopping me|not scared any more|made (?:my|up my) (?:decision|mind)|made a decision|have decided|decided|calm for the first time|at peace with my decision|my mind is made up)`,
    SOMEONE_ELSES_OR_ORDINARY_DECISION,
  ),
  rule(
    'self.final-calm',
    S,
    'weak',
    ` (?:calm|peace|peaceful|relief|relieved)(?: \\S+){0,6} (?:first time|finally|decision|decided|soon|over soon|it will be over|end)`,
  ),
  // ---- Mood cues that only tip medium ones over.
  rule(
    'self.mood-hopeless',
    S,
    'weak',
    ` (?:hopeless|worthless|empty inside|numb|no point|pointless|nothing matters|hate myself|hate my life|hate my self|give up|giving up|gave up|want to give up|done with (?:everything|it all|this|life)|so tired|exhausted|can not sleep|no one cares|nobody cares|no one loves me|alone|lonely|failure|broken|a burden|burden|trapped|i am done|i am so done|cry myself to sleep|crying every night|end of my rope|at the end of|hurting so much|in so much pain|numbness|dark place|darkest place|depressed|depression|drowning|suffocating)`,
  ),
  rule(
    'self.mood-pain',
    S,
    'weak',
    ` (?:pills|bridge|rope|razor|blade|gun|funeral|goodbye|sorry for everything|forgive me|take care of (?:my|mom|dad|the)|love you all)`,
    THIRD_PARTY_DEATH,
  ),

  // ---- Harm to others.
  rule(
    'other.intent',
    H,
    'strong',
    `${I}${ADV}(?:${INTENT}|am gonna|will|ill|i will|am going to|gonna|could|could actually|could seriously|might actually|might|swear i will|swear i am going to|am planning to|plan on|will fucking|am gonna fucking|going to fucking|want to fucking|fucking|really want to|literally want to|want to so badly|keep wanting to|keep thinking about|fantasi[sz]e about|fantasi[sz]ing about|dream about|dreaming about|thought about|imagine|imagining|can not stop thinking about|keep imagining|have thought about|am thinking about|think about|have urges to|get urges to|urges to|intrusive thoughts (?:about|of)|thoughts (?:about|of)) ${ADV}(?:${HARM_VERB}|killing|murdering|stabbing|shooting|strangling|choking|poisoning|hurting|harming|beating|attacking|smashing|torturing|burning|drowning|suffocating|smothering|bashing) (?:the (?:shit|hell|fuck|life|crap) out of |the (?:shit|hell|fuck|life|crap) of |up )?${PERSON}(?= )(?! (?:at (?:chess|cards|pool|tennis|golf|poker|fifa|a game|the game|mario|video games|basketball|ping pong|arm wrestling|trivia|scrabble|monopoly)|in (?:a game|the game|chess|cards|fifa|fortnite|an argument|the debate|the race|the election|court|mario kart|the ratings|sales|the polls)|with kindness|with kisses|with love|for (?:eating|taking|using|borrowing|finishing|not|being late|forgetting|spoiling|teling|posting|showing|sharing|singing|organi[sz]ing|making me|leaking|texting|caling me|inviting|signing me up|booking|ordering|drinking|wearing|stealing my (?:fries|chips|charger|hodie|snacks|seat|spot))|if (?:he|she|they|you) (?:eat|eats|take|takes|use|uses|borrow|borrows|finish|finishes|spoil|spoils|touch|touches|forget|forgets|is late|are late|keep|keeps)|when (?:he|she|they|you) (?:gets? home|find|finds|see|sees) (?:out|this|that|the|my)))`,
    HYPERBOLE,
  ),
  rule(
    'other.kill-them',
    H,
    'strong',
    `${I}${ADV}(?:want|wanted|need|wish|would like|will|hope|going to|am going to) (?:to )?(?:see |watch |make )?${PERSON} (?:all )?(?:dead|to die|die|six feet under|in (?:the|a) (?:grave|ground|hospital|coffin|body bag)|suffer|bleed|gone for good|gone forever|pay with (?:his|her|their) (?:life|lives|blood))`,
  ),
  rule(
    'other.shoot-up',
    H,
    'strong',
    ` (?:shoot up|shoot|shooting up|bomb|blow up|attack|burn down|set fire to|open fire (?:at|in|on)|shoot everyone (?:at|in)|kill everyone (?:at|in)|kill everybody (?:at|in)|massacre (?:everyone (?:at|in) )?)(?: my| the| our| this| that| a)? (?:school|high school|class|classroom|college|campus|university|office|workplace|work|job|church|mosque|synagogue|temple|mall|concert|party|club|building|store|hospital|restaurant|bar|house|home|place)(?! (?:in|of) (?:the|a) (?:game|movie|film|book|story|novel|show|series|episode))`,
  ),
  rule(
    'other.bring-weapon',
    H,
    'strong',
    ` (?:bring|bringing|brought|take|taking|took|carry|carrying|hide|hiding|sneak|sneaking|load|loaded|have|got) (?:a |my |the |his |her |some |an |dads |(?:my |his |her )?\\w+ )?(?:gun|guns|knife|rifle|pistol|shotgun|weapon|ar 15|ar15|glock|machete|bomb|explosives|axe|blade) (?:to|into|in|at|inside) (?:my |the |our |a )?(?:school|high school|class|classroom|work|office|church|campus|college|mall|meeting|party|concert|club|synagogue|mosque|temple)`,
  ),
  rule(
    'other.make-pay',
    H,
    'strong',
    ` (?:make|making|made) (?:them|him|her|everyone|you|those people|all of them|them all|every one of them|each of them|the bullies|my bullies|the people who|whoever) (?:\\w+ ){0,4}(?:pay|suffer|bleed|regret|sorry) (?:\\w+ ){0,3}(?:like i did|the way i did|like they made me|as much as|in blood|with (?:their|his|her|your) (?:blood|lives|life)|for (?:what|everything|this|it|all)|dearly|big time|they will|i swear|one day|i promise|soon)`,
  ),
  rule(
    'other.in-blood',
    H,
    'strong',
    ` (?:pay|paying|answer|settle|revenge|vengeance|repay)(?: \\S+){0,4} (?:in|with|for) (?:blood|their blood|his blood|her blood|your blood|their lives|his life|her life)`,
  ),
  rule(
    'other.they-will-pay',
    H,
    'medium',
    ` (?:they|he|she|you|everyone|they all|all of them|those (?:people|bitches|bastards|kids)) (?:will|are going to|is going to|am going to|gonna|will all|are all going to|deserve to|should) (?:all |fucking |soon |finally )?(?:pay(?! (?:\\d|towards|to|rent|bills|the (?:bill|rent|deposit|fine|fee)|me back|us back|you back|half|a (?:month|wek|fee|deposit)|for (?:the|his|her|their|my|our|a|an|rent|dinner|lunch|food|parking|gas|petrol|tickets?|school|colege|uni)|in (?:cash|ful)|by (?:card|cash|transfer)|up|extra|more|les|monthly|wekly|upfront))|regret|be sorry|suffer|die|get what (?:they|he|she|you) deserve|get theirs|see what i am capable of|feel my pain|know pain|burn|bleed)`,
    REGRET_LOSING_ME,
  ),
  rule(
    'other.know-where',
    H,
    'medium',
    ` (?:i know|i found out|i found|i have) (?:exactly )?(?:where|when) (?:he|she|they|you|that bitch|that bastard|that guy|my ex) (?:live|lives|sleep|sleeps|park|parks|works|work|goes|go|get home|gets home|is alone)`,
  ),
  rule(
    'other.fantasy',
    H,
    'strong',
    ` (?:fantasi[sz]e|fantasi[sz]ing|dream|dreaming|daydream|daydreaming|thoughts|thinking|intrusive thoughts|urges?|visions?|images?) (?:\\w+ ){0,2}(?:about|of) (?:killing|murdering|stabbing|shooting|strangling|choking|hurting|harming|drowning|smothering|poisoning|torturing|beating|attacking|running over) (?:\\w+ ){0,2}(?:him|her|them|his|their|my|people|someone|everyone|the|that|this|those|a|strangers|kids|children)`,
  ),
  rule(
    'other.hope-dies',
    H,
    'medium',
    ` (?:i|i really|i honestly|i just) (?:hope|wish|pray) (?:that )?(?:he|she|they|my (?:\\w+)|that (?:bitch|bastard|guy|man|woman)) (?:\\w+ ){0,2}(?:dies|die|gets killed|get killed|is dead|was dead|were dead|drops dead|rots|burns)`,
  ),
  rule(
    'other.kys',
    H,
    'strong',
    `(?<! (?:told|tell|telling|tells|keep telling|kept telling|said|says) me to (?:go )?)(?<! (?:what is it like to|what does it fel like to|how (?:do|does|would|can|could|did) (?:you|one|someone|people|they)|ways to|way to|how to|how easy is it to|how hard is it to|the urge to|urges to|decide to|decided to|tried to|try to|trying to|want to|wanted to|ever think about|thought about|thinking about|if you|when you|before you|made me want to) (?:\\S+ )?)(?: (?:go|just|pls|please|you should|u should|should|why not|you need to|now) )?kill yourself`,
    SPEAKING_TO_SOMEONE_AT_RISK,
  ),
  rule(
    'other.weapon-plan',
    H,
    'medium',
    ` (?:bought|got|buying|ordered|loaded|sharpened|cleaning|cleaned|hid|hidden|stole|took) (?:a |my |the |his |her |some )?(?:gun|rifle|pistol|shotgun|ammo|ammunition|bullets|knife|machete|axe) (?:\\w+ ){0,5}(?:for (?:him|her|them|my|that|the)|to use on|to kill|to shoot|to hurt|just in case (?:he|she|they)|because of (?:him|her|them)|when (?:he|she|they)|so (?:he|she|they|i can))`,
  ),
  rule(
    'other.child-harm',
    H,
    'strong',
    ` (?:hurting|hurt|harm|harming|shake|shaking|smother|smothering|drown|drowning|throw|throwing|kill|killing|suffocate|suffocating|hit|hitting) (?:my|the) (?:baby|newborn|infant|toddler|son|daughter|kids?|child|children)(?: \\S+){0,6} (?:scares me|i am scared|i am afraid|i might|i could|i will|when (?:he|she|it|they) (?:cries|cry|will not stop|screams|scream)|will not stop crying|keeps crying|thoughts|urge|urges|worry)`,
  ),
  // ---- Wishes not to exist, said around the edges (long posts by people in pain rarely name a
  // method): a wish to not be here, to be gone, to not wake up, framed as ease or as a thought
  // that keeps coming back.
  rule(
    'self.easy-not-be',
    S,
    'strong',
    ` (?:how|that) easy (?:it would be|it is|it would all be) to (?:just )?(?:${DIE_ACT}|${DIE_STATE}|disappear|vanish|not be here|go)(?= )`,
  ),
  rule(
    'self.tired-alive',
    S,
    'strong',
    `${I}${ADV}(?:am )?(?:so |just |really |very )?(?:tired|sick|exhausted|done|weary) (?:of|with) (?:being alive|living|existing|being here|life itself|waking up)(?= [.!?,]| $| any more| every| so| and| but| not| just| tbh| honestly| now)`,
  ),
  rule(
    'self.nobody-notice-gone',
    S,
    'strong',
    ` (?:no one|nobody|noone|not a single person|would anyone|does anyone|who) (?:would|will|is going to) (?:even )?(?:notice|care|miss me)(?: \\S+){0,2} (?:if|when) i (?:was|were|am|died|disappeared|vanished|left|killed myself|went) (?:gone|dead|not here|not around)?`,
  ),
  rule(
    'self.cant-keep-doing',
    S,
    'medium',
    ` i (?:can not|could not|do not think i can) (?:keep doing this|keep going like this|keep living like this|go on like this|do this any more|do this much longer|do this (?:any )?longer|keep this up much longer)`,
  ),
  rule(
    'self.fine-without-me',
    S,
    'medium',
    ` (?:everyone|everybody|they|my family|people|the world|my kids|my friends|your al|you al|al of you) (?:would|will|are going to|are al going to|al going to|going to) (?:all )?(?:be )?(?:just )?(?:fine|ok|okay|happier|better|relieved) (?:without me|if i (?:was|were) gone|when i am gone)`,
  ),
  rule(
    'self.sleep-long',
    S,
    'medium',
    `${I}${ADV}(?:want to|wish i could|wanna|just want to|need to) (?:go to )?sleep (?:for )?(?:a (?:really |very )?long time|for ever|for a (?:really |very )?long time|and not have to be (?:anyone|me|anything))`,
  ),
  rule(
    'self.took-too-many',
    S,
    'strong',
    `${I}${ADV}(?:took|swallowed|have taken|just took) (?:a (?:few|lot|bunch|handful) )?(?:more|extra|too many|all|way too many|double) (?:of )?(?:my |the )?(?:meds|medication|pills|tablets|sleeping pills|painkillers)(?: than i (?:should|was supposed to)(?: have)?)?`,
    /by mistake|by acident|acidentaly|for (?:my|a) (?:headache|migraine|cold|flu|back|toth|period|fever)|is (?:that|it) (?:dangerous|bad|safe)/,
  ),
  rule(
    'self.follow-them',
    S,
    'medium',
    `${I}${ADV}(?:part of me )?(?:wants? to|want to|wish i could|think about|thinking about|going to) (?:just )?(?:follow|join|be with) (?:him|her|them|my (?:\\w+ )?(?:brother|sister|mom|mum|dad|son|daughter|friend|husband|wife|partner))(?= [.!?,]| $| there| in| again| soon| now)`,
  ),
  rule(
    'self.stop-being-problem',
    S,
    'medium',
    ` (?:time (?:for me to|i)|i should|i need to|i will|i am going to) (?:just )?(?:stop|stopped) being (?:everyone s|everyones|everyone|everybody s|everybody|a|their|your|my family s|my family) (?:problem|burden)| i have a plan(?= [.!?,]| $| and| now)| the point of me| how to keep carrying this| can not carry this (?:any more|much longer)`,
  ),
  // ---- Distress and ending language: tips an ambiguous cue over, never flags alone.
  rule(
    'self.mood-distress',
    S,
    'weak',
    ` (?:can not face|can not cope|can not function|falling apart|so heavy|feel nothing|do not feel anything|have not felt anything|feel finished|feel empty|so empty|nobody|no one|no friends|i have no one|mistake|do not care what happens to me|shaking|panic|anxiety|bullied|bully|therapist|therapy|failed|lost my job|hate waking up|waking up|grey|gray|misery|miserable|unbearable|suffering|struggling|can not breathe|cry|cried|crying|tears|sobbing|wall of text|sorry for|i do not know what to do|do not know how much longer|fault|weight on|a weight|hate me|hurts|kicking me out|owe money|breakup|broke up)`,
  ),
  rule(
    'self.mood-ending',
    S,
    'weak',
    ` (?:finally (?:feel |am )?(?:sure|ready|at peace)|putting it off|put it off|over soon|one last|for the last time|do not want a fuss|paid back|no regrets|my affairs|in order|say goodbye|saying goodbye|thank you for everything|it is not your fault|none of it was your fault)`,
  ),
  // ---- Harm to others imagined or foretold without a plain threat.
  rule(
    'other.imagining-harm',
    H,
    'medium',
    `${I}${ADV}(?:can not stop |keep |am always |been |have been )?(?:imagining|fantasizing about|fantasising about|picturing|dreaming about|thinking about) (?:${HARM_VERB}ing|hurting|killing|stabbing|shooting|beating|strangling|choking|punching) ${PERSON}`,
  ),
  rule(
    'other.next-one-gets-it',
    H,
    'medium',
    ` the next (?:\\S+ ){0,2}(?:who|that|to) (?:\\S+ ){1,6}(?:is going to|will|gona) (?:get )?(?:stabbed|shot|hurt|killed|beaten|punched|cut|jumped|smashed)`,
  ),
  rule(
    'other.will-snap',
    H,
    'weak',
    ` (?:i will|i am going to|i might|i am gona) (?:finally )?(?:snap|lose it|lose control)| (?:he|she|they) (?:will|is going to|are going to) get what (?:he|she|they) (?:deserves?|has coming|have coming)`,
  ),
  // ---- Rage and readiness: tips an ambiguous threat over, never flags alone.
  rule(
    'other.mood-rage',
    H,
    'weak',
    ` (?:knife|knives|gun|guns|rifle|bat|weapon|done being scared|not going to just stand there|do not care what happens to me|i know where (?:he|she|they) (?:lives?|keeps?|works?|sleeps?)|they laughed|laughed at me|humiliated|filmed it|sick of being|hate (?:him|her|them)|shaking|so angry|rage|furious|revenge|get back at)`,
  ),
  // ---- Passive wishes said in few words, in chat's voice.
  rule(
    'self.feel-like-ending',
    S,
    'strong',
    ` fel like (?:ending it al|ending my life|ending everything|kiling myself|taking my (?:own )?life|unaliving myself)`,
  ),
  rule(
    'self.stop-existing',
    S,
    'medium',
    ` (?:wish|want|wanted|wishing) (?:i|u|you) (?:could|would|can) (?:just )?(?:stop existing|not exist|cease to exist|cease existing|disapear for ?ever|vanish for ?ever)`,
  ),
  rule(
    'self.delete-self',
    S,
    'strong',
    ` (?:delete|deleting) (?:myself|urself|yourself) (?:irl|in real life|from existence)`,
  ),
  rule(
    'self.relieved-if-died',
    S,
    'strong',
    ` if i (?:died|was dead|were dead|did not wake up|never woke up)(?: tomorow| today| tonight| in my slep)?(?: ,)? (?:honestly )?(?:i would|id|i will) (?:honestly )?(?:be|fel) (?:relieved|glad|hapy|grateful|at peace|fine with it|ok with it|okay with it)`,
  ),
  rule(
    'self.over-breathing',
    S,
    'strong',
    ` (?:so |just |literaly )?over (?:breathing|being alive|existing)(?= [.!?,;]| $| tbh| honestly| lol| rn| fr)`,
  ),
  rule(
    'self.waiting-life-over',
    S,
    'strong',
    ` waiting for (?:my )?(?:life|it al|everything) to (?:be over|end|finish)(?= [.!?,;]| $| or| and| already| so| at| now| tbh| honestly| lol| rn| fr)`,
  ),
  rule(
    'self.holding-on-how-long',
    S,
    'medium',
    ` holding on (?:for|because of) (?:\\S+ ){1,3}(?:but|and) (?:i )?(?:do not know|idk|dunno|not sure) (?:how much longer|how long) (?:i can|i wil)`,
  ),
  rule(
    'self.if-gone-who-notices',
    S,
    'strong',
    ` if i (?:disapeared|vanished|was gone|were gone|died|was not here|were not here)(?: tomorow| today)?(?: ,)? (?:who|would anyone|would anybody|does anyone|nobody|no one) (?:would |wil )?(?:even )?(?:notice|care|miss me)`,
  ),
  // ---- Harm to others foretold: two of these together flag.
  rule(
    'other.nobody-miss',
    H,
    'medium',
    ` (?:nobody|no one|noone) (?:is going to|going to|wil|would|is gona|gona) (?:even )?miss (?:him|her|them)(?= [.!?,;]| $| when| if| either)`,
  ),
  rule(
    'other.will-not-wake',
    H,
    'medium',
    ` (?:one of these (?:nights|days)|some night|one night) (?:he|she|they) (?:is|are|wil) (?:not going to|not|never) (?:wake up|make it home|come home)`,
  ),
  rule(
    'other.know-fear',
    H,
    'medium',
    ` (?:want|ned|going to make) (?:him|her|them) (?:to )?(?:know|fel|understand) what (?:fear|pain|teror|real fear|being scared|sufering) (?:fels|is|fel) like`,
  ),
  // ---- Eating as self-harm told by its numbers, and self-injury in other forms.
  // A day's food said as one small thing; its signs (below) are a second rule, so the two flag together.
  rule(
    'self.eating-nothing-but',
    S,
    'medium',
    ` (?:eating|ate|have eaten|had) nothing but (?:one|an?|half an?) (?:apple|banana|rice cake|cracker|yogurt)`,
  ),
  rule(
    'self.restricting-signs',
    S,
    'medium',
    ` weigh myself (?:like |about |around )?(?:\\d+|two|three|four|five|six|ten) times| (?:lowering|lower) my (?:number|goal weight)| (?:throw up|purge|make myself sick) if i (?:eat|ate)| proud when my stomach (?:hurts|growls|aches)`,
  ),
  rule(
    'self.head-banging',
    S,
    'strong',
    ` (?:banging|bang|baning|hitting|hit|slaming|slam|smashing) my head (?:on|against|into) (?:the )?(?:wall|walls|flor|desk|door|mirror)(?: \\S+){0,6} (?:bruise|bruises|bruised|bled|bleding|so hard|until it hurts|til it hurts)`,
  ),
  rule(
    'self.almost-took',
    S,
    'strong',
    ` (?:almost|nearly) (?:took|swalowed|downed|overdosed on) (?:al|every|the whole|a whole|the rest of) (?:of )?(?:my |the )?(?:\\w+ )?(?:pils|tablets|meds|medication|adderal|xanax|insulin|bottle|box|packet)`,
  ),
  rule(
    'self.lines-on-skin',
    S,
    'strong',
    ` (?:did|made|cut|carved|sliced) (?:\\d+ |some |a few |more |another \\d+ )?lines (?:on|into|in) my (?:arm|arms|calf|calves|thigh|thighs|leg|legs|wrist|wrists|stomach|hip|hips|skin|shoulder)`,
  ),
  rule(
    'self.pins-under-nails',
    S,
    'strong',
    ` (?:stick|sticking|push|pushing|jam|jaming|put|puting) (?:pins|nedles|a pin|a nedle|staples) (?:under|into|in) my (?:fingernails|nails|skin|fingers|arm|arms|legs)`,
  ),
  rule(
    'self.withholding-insulin',
    S,
    'strong',
    ` (?:purposely|on purpose|deliberately|intentionaly) (?:not taking|skipping|stoped taking|not using|withholding) my (?:insulin|meds|medication|heart meds|blod thiners|seizure meds)| not (?:taking|using) my insulin (?:for days|on purpose|so (?:that )?i)`,
  ),
  rule(
    'other.burn-with-them-in',
    H,
    'strong',
    ` (?:burn|burning|torch|torching|set fire to) (?:it|the (?:house|place|flat|trailer|caravan|church|school|building)|his (?:house|place|flat)|her (?:house|place|flat)|their (?:house|place|flat)) (?:down )?with (?:him|her|them|the \\S+|al of them|everyone) (?:in it|inside|in there|stil in)`,
  ),
  rule(
    'other.locked-in',
    H,
    'medium',
    ` (?:lock|locking|trap|traping|shut|shuting) (?:the \\S+|him|her|them)(?: \\S+){0,4} with (?:him|her|them) (?:inside|in it|in there)| (?:lock|locking|trap|traping|shut|shuting) (?:him|her|them) (?:inside|in) (?:the )?(?:walk in|freezer|fridge|basement|shed|garage|car|trunk|boot)`,
  ),
  rule(
    'other.stop-their-heart',
    H,
    'strong',
    ` (?:a )?(?:dose|shot|injection|amount) (?:that wil|that would|that il|thatl|that l|to|that is going to|that s going to) (?:stop|kil) (?:his|her|their|the patient s) (?:heart|breathing)`,
  ),
  rule(
    'other.weapon-in-hand-going',
    H,
    'strong',
    ` (?:holding|gripping|have|got) (?:the|a|my|dad s|my dad s) (?:bat|knife|gun|hammer|machete|axe|crowbar|pipe|rifle|pistol)(?: right now| now| in my hand)?(?: ,)? and (?:i am |i m )?(?:going|about to go|wil go|gona go) (?:in there|in|over there|downstairs|upstairs|into his rom|into her rom|into their rom|next door)`,
  ),
  rule(
    'other.weapon-carried',
    H,
    'medium',
    ` (?:i wil have|i have|i am bringing|bringing|i am taking|packing|packed|i wil bring|i il have) (?:my |his |her |a |the |my dad s |my father s )?(?:gun|38|\\. 38|rifle|pistol|shotgun|revolver|machete|knife|can of gasoline|gas can|petrol can|can of petrol) (?:in|to|at) (?:my|the) (?:bag|laptop bag|backpack|car|trunk|boot|pocket|locker|jacket|standup|meting|ofice|clas|schol)`,
  ),
  rule(
    'self.blade-and-a-neck',
    S,
    'strong',
    ` (?:got|have|i have|bought) (?:a |my )?(?:\\S+ ){0,3}(?:blade|knife|razor|rope|belt) and a (?:neck|wrist|wrists|throat|beam|bridge)(?= [.!?,;]| $)`,
  ),
  rule(
    'self.scratch-to-the-point',
    S,
    'medium',
    ` (?:scratch|scratching|scratched|pinch|pinching|bite|biting) myself (?:to the point|until|til|so hard|hard enough)`,
  ),
  rule(
    'self.make-it-easier',
    S,
    'medium',
    ` (?:make|made|making) (?:killing yourself|kiling yourself|suicide|dying|killing myself|kiling myself) (?:easier|les painful|quicker|legal for me)| takes (?:too|to) long to (?:hang|drown|bled out|die)`,
  ),
  // Someone close feared to be about to do it: the writer is beside a person at risk now.
  rule(
    'self.fear-they-will',
    S,
    'strong',
    ` (?:scared|afraid|terified|worried|frightened)(?: out of my \\w+)? (?:that )?(?:she|he|they|my (?:\\w+ )?(?:sister|brother|friend|son|daughter|mom|mum|dad|wife|husband|partner|girlfriend|boyfriend)) (?:is|are|wil|might|is going to|are going to|might actualy) (?:going to )?(?:kil (?:herself|himself|themselves)|end (?:her|his|their) life|do it tonight)`,
  ),
  rule('self.its-time', S, 'medium', ` (?:i think |i know |i fel )?it is time(?= [.!?;]| $)`),
  rule(
    'other.bought-the-stuff',
    H,
    'medium',
    ` i (?:bought|got|picked up|ordered) the (?:stuf|things|gear|supplies)(?: today| yesterday| last night| this morning)?(?= [.!?,;]| $)`,
    /\b(?:party|birthday|baby|wedding|recipe|cake|trip|camping|paint|garden|christmas|dinner|school)\b/,
  ),
  rule(
    'other.their-schedules',
    H,
    'medium',
    ` i (?:have|know|got) (?:their|his|her) (?:names and (?:their |his |her )?)?(?:schedules?|routines?|shift paterns?|timetables?|home adreses|adreses)`,
  ),
];

// ---- Anchors: a rule can only match a text holding one of its anchor tokens --------------

const DIE_ACT_ANCHORS =
  'drive myself unalive rope roping end life suicide die overdose jump wrists through world earth exit check bulet brains trigger';
const DIE_STATE_ANCHORS =
  'perish die dye dead alive exist existing wake here living sleep disappear gone around live again heaven misery asleep car hit go cease born';
const HARM_ANCHORS =
  'kil kiling murder murdering stab stabing shank shanking shot shoot shoting strangle strangling choke choking poison poisoning hurt hurting harm harming beat beating punch atack atacking smash smashing bash bashing slit behead torture torturing burn burning run hit break end slaughter masacre butcher rape maim gun bomb blow drown drowning sufocate sufocating smother smothering bury cut slap hunt rid destroy ruin mutilate fire unload fight stomp curb bludgeon snap unalive bled sufer pay hospital ground grave';
const PERSON_ANCHORS =
  'him her them you everyone someone somebody people al class schol ofice family neighbor neighbors neighbour neighbours kids teacher teachers students staf boss manager ex wife husband girlfriend boyfriend gf bf dad father mom mum mother stepdad stepmom step stepfather stepmother brother sister son daughter baby babies kid child children parents roomate flatmate coworker coworkers co coleague coleagues clasmate clasmates buly bulies uncle aunt cousin grandma grandpa partner fiance landlord friend in guy girl man woman dude bitch bastard ashole prick cunt fucker motherfucker idiot cop driver clerk guys girls bitches bastards asholes whore slut twat jerk loser couple lady oficer every each those these';

const ANCHORS: Readonly<Record<string, string>> = {
  'self.took-too-many': 'more extra many al double',
  'self.follow-them': 'folow join with',
  'self.stop-being-problem': 'stop stoped plan point carying cary',
  'self.fine-without-me': 'without gone',
  'other.violent-urge': 'throw smother strangle choke drown stab sufocate suffocate shoot',
  'self.not-enough-to-stay': 'stay',
  'self.join-the-dead': 'join',
  'self.scheduled-goodbye': 'scheduled schedule scheduling set setting timed',
  'self.call-before-entering': 'call ring',
  'self.see-you-never': 'never goodnight night sleep',
  'self.goodbye-messages': 'texts messages emails videos notes',
  'self.broke-clean': 'streak clean free relapse relapsed',
  'self.marks-excuse': 'scratches marks cuts burns bruises scars plasters ones',
  'self.bit-own': 'own',
  'self.fixture-looked-at': 'beam rafter rafters hook banister bannister hatch',
  'self.want-to-bleed': 'bleed hurt',
  'self.pick-the-night': 'pick choose chose picked chosen',
  'self.will-to-live-zero': 'will',
  'self.not-expecting-to-be-here': 'here around alive',
  'self.insurance-worth-more': 'insurance payout worth better',
  'self.insurance-pays-on-suicide': 'insurance policy policies exclusion clause',
  'self.reading-quickest-ways': 'quickest easiest fastest painless least surest most much',
  'self.peace-before-i-go': 'peace',
  'self.never-get-up-for-good': 'good forever permanently',
  'self.new-lines': 'lines',
  'self.jealous-of-the-dead': 'jealous envious got',
  'self.before-i-end-it': 'before',
  'self.finish-the-job': 'finish',
  'self.suicide-an-option': 'option way escape exit',
  'self.wish-not-survived': 'wish',
  'self.wish-fatal-illness': 'cancer terminal fatal accident heart aneurysm',
  'self.note-describing': 'note',
  'self.how-not-end': 'not',
  'self.born-to-die': 'born meant destined',
  'self.no-longer-scared': 'scared afraid terrified',
  'self.bleach-needle': 'bleach',
  'self.slit-wrist': 'slit slice slash sliced slashed slitting slicing slashing cut cutting',
  'self.attempt-again': 'attempt atempt try',
  'self.selfish-to-die': 'selfish right',
  'self.undeserving-of-food': 'deserve earn earned',
  'self.sleep-long': 'slep',
  'other.imagining-harm': 'imagining fantasizing fantasising picturing dreaming thinking',
  'other.next-one-gets-it': 'next',
  'other.will-snap': 'snap lose get',
  'self.easy-not-be': 'easy',
  'self.tired-alive': 'tired sick exhausted done weary',
  'self.nobody-notice-gone': 'notice care mis',
  'self.cant-keep-doing': 'keep go do',
  'self.mood-distress':
    'face cope function falling heavy nothing anything felt finished empty no one nobody friends mistake care shaking panic anxiety bulied buly therapist therapy failed job waking grey gray misery miserable unbearable sufering strugling breathe cry cried crying tears sobing wal sory do know weight hate hurts kicking owe breakup broke',
  'self.mood-ending': 'finaly puting put over one last fus paid regrets afairs order godbye thank fault',
  'other.mood-rage':
    'knife knives gun guns rifle bat weapon done not do know they laughed humiliated filmed sick hate shaking angry rage furious revenge get',
  'other.make-regret': 'make',
  'other.what-ill-do': 'what',
  'other.fuck-up': 'fuck mes rough jump shank stomp kick bust',
  'other.wake-dead': 'wake live se make dead',
  'other.rampage': 'rampage postal snap become do comit',
  'other.shooting-next': 'shoting shotings shoter shoters masacre masacres',
  'other.put-in': 'put',
  'other.those-who': 'who that',
  'other.capable-of': 'capable able',
  'self.hurt-until': 'until till hard time when whenever because',
  'self.until-bleeds': 'until till',
  'self.on-purpose': 'purpose',
  'self.keep-for': 'razor razors blade blades pils rope knife lighter',
  'self.covered-in': 'cuts scars burns marks bruises wounds',
  'self.deserve-hurt': 'deserve deserved',
  'self.wont-need': 'ned neding using use',
  'self.wrote-will': 'wil testament',
  'self.said-goodbye': 'godbye godbyes bye',
  'self.last-hear': 'hear read se get',
  'self.on-my-mind': 'mind think head',
  'self.bare-act': 'suicide myself al life roping',
  'self.pain-helps': 'pain cuting hurting bleding blod burning blade sh self',
  'self.need-bleed': 'bled pain hurt blod blade cut',
  'self.point-anymore': 'more anymore',
  'self.burden-plain': 'burden',
  'self.should-not-exist': 'alive exist born here earth world breathing',
  'self.should-not-be-here': 'here',
  'self.not-belong': 'belong fit',
  'self.not-needed': 'neds ned want wants',
  'self.no-future': 'future',
  'self.not-past': 'myself me',
  'self.not-make-it': 'make',
  'self.rather-dead': 'rather',
  'self.this-is-goodbye': 'godbye farewel end',
  'self.love-sorry': 'sory',
  'self.when-gone': 'gone die dead myself do',
  'self.not-posting': 'posting writing coming online on around texting replying',
  'self.take-care-all': 'care lok',
  'self.other-side': 'side life',
  'self.what-if-not-wake': 'wake died gone disapeared ended myself here existing jumped',
  'self.feel-like-dying': 'dying dieing die ending disapearing existing giving',
  'self.still-here': 'here alive around going breathing',
  'self.my-suicide-arranged': 'suicide',
  'self.lethal-dose-asked': 'you me someone fatal lethal dose amount it',
  'self.note-to-a-finder': 'this phone me body note pockets',
  'self.plan-ready': 'simple ready set made done final',
  'self.ending-sideways': 'through stay her him them you happens',
  'self.harm-marks-named':
    'night sunday monday tuesday wednesday thursday friday saturday yesterday wekend wek ankle ankles thigh thighs hip hips stomach arm arms wrist wrists leg legs urges blade razor sharpener',
  'other.have-it-coming': 'coming',
  'other.threat-sideways':
    'news wek tomorow tonight monday tuesday wednesday thursday friday saturday sunday more here that',
  'self.farewell-as-care': 'around there here alive mum mom dad everyone family dog cat nan gran',
  'self.ending-decided': 'now end more time tour can',
  'self.other-acting-now':
    'it jump himself herself themselves al into edge ledge rof balcony bridge railing tracks platform now pils tablets meds medication runing cut bleding slit',
  'self.eating-harm': 'myself purging calories cals kcal punishment eaten',
  'self.harm-told-plainly':
    'on deper worse bigger longer cat dog kiten puppy bush brambles mom mum parents dad family romate flatmate',
  'self.holding-means': 'do shaking use',
  'self.death-as-relief': 'relieved calm happy peaceful peace comforting relief nice up',
  'other.fire-or-group':
    'fire him her them that this the hospital ground grave jump stab shank shot kil murder stomp bater up',
  'other.going-armed':
    'blades knife machetes machete bats bat guns gun straps strap shanks shank acid shotgun hamers crowbars',
  'other.maim': 'fingers toes hands legs arms kneecaps knes jaw neck wrists face window bags',
  'other.street-hit': 'wet poked bodied smoked droped splashed sliced shanked merked claped',
  'other.poisoning-ongoing': 'stuf poison antifreze kiler wedkiler pelets pils',
  'self.harm-until': 'bled bled bleds bleding split splits broke tore raw cracked',
  'self.withholding-punishment': 'myself punishment punishing deserve',
  'self.harm-tools': 'mug glas blade razor compas scisors sharpener lighter knife pin blades razors',
  'self.means-then-intent': 'it them',
  'self.wouldnt-matter': 'mater',
  'self.how-do-it': 'do end through this',
  'self.know-what-use': 'use take ned',
  'self.not-another': 'another one',
  'self.rest-forever': 'permanently forever ever god eternaly never',
  'self.not-scared-any-more': 'more anymore',
  'self.letters-to': 'leters notes godbyes',
  'self.better-without-me-veiled': 'beter hapier fine okay ok forget move mis relieved',
  'self.wish-gone-further': 'wish wishes wished wanted hoped',
  'self.too-deep': 'dep deper',
  'self.scared-of-thoughts': 'scared afraid terified frightened',
  'self.staring-at-method':
    'pils meds medicine botle pil razor blade rope gun knife bridge tracks edge ledge nose',
  'self.fight-no-more': 'fight try fighting trying struggle going pretend',
  'self.losing-battle': 'losing lost giving done tired',
  'self.sorry-to-all': 'sory',
  'other.would-harm': 'would d',
  'other.where-stab': 'stab shot shoot hit cut kil strangle poison',
  'other.grab-weapon': 'knife gun bat hamer axe rifle pistol machete',
  'self.first-person-death':
    'die dying dead death suicide suicidal overdose overdosing nose unalive wake exist existing alive bled myself life gone funeral breath ending end',
  'self.first-person-harm': 'self myself cuting again relapsed sh mutilate',
  'self.harm-subjectless': 'harmed cut cuting burned burnt',
  'other.find-and-hurt': 'find catch get pul go wait track corner run se',
  'other.fight-slang': 'jump rush rol pul catch',
  'other.weapon-to-head': 'bat hamer crowbar botle pipe club brick',
  'other.poison-drink': 'bleach antifreze poison wedkiler laxatives glas pils',
  'self.resisting-harm': 'cut burn hurt harm sh self',
  'self.harm-hidden': 'bandages cuts marks scars burns plasters sleves barcode cuting',
  'self.dark-thoughts': 'thoughts urges urge',
  'self.cant-do-life': 'life living alive existing day tomorow',
  'self.wont-be-here': 'here around alive',
  'self.intent': DIE_ACT_ANCHORS,
  'self.wish-state': DIE_STATE_ANCHORS,
  'self.kill-myself': 'myself',
  'self.take-life': 'life',
  'self.suicidal': 'suicidal',
  'self.suicidal-thoughts': 'suicidal',
  'self.suicide-attempt': 'suicide atempt atempted',
  'self.suicide-first': 'suicide kiling unaliving ending taking not how',
  'self.suicide-only-way': 'suicide death dying kiling ending',
  'self.wish-dead': 'dead born gone kiled alive here',
  'self.hope-die': 'die dies kils takes kil hits run runs wake get crash end ends gets',
  'self.pray-take': 'take let kil end',
  'self.not-wake': 'wake see live alive exist here around make survive',
  'self.not-live': 'live living alive exist existing on going survive continue future way here',
  'self.tired-living': 'tired sick exhausted done finished fed weary',
  'self.better-off': 'beter hapier easier',
  'self.world-without-me': 'without',
  'self.no-one-miss': 'care notice mis cry funeral realize know',
  'self.no-reason': 'reason point reasons',
  'self.only-way': 'only best last easiest one',
  'self.nothing-to-live': 'live alive born exist misery',
  'self.burden-all': 'burden',
  'self.lethal':
    'pils tablets mg miligrams paracetamol tylenol acetaminophen ibuprofen aspirin insulin antidepresants xanax oxy oxycodone opioids fentanyl heroin meds medication medicine benadryl melatonin lithium morphine codeine alcohol vodka bleach antifreze',
  'self.lethal-of': 'lethal fatal deadly toxic',
  'other.outside-home': 'gun knife rifle pistol shotgun weapon machete axe bat blade crowbar hamer',
  'other.run-over': 'run mow',
  'other.go-after': 'gun knife rifle pistol shotgun weapon machete axe bat crowbar hamer',
  'other.slit': 'slit cut slash break snap crush bash cave blow rip smash stomp',
  'other.deserve-die': 'die',
  'other.someone-hurt': 'someone somebody people everyone lot',
  'other.me-who': 'me',
  'other.burn-house': 'burn torch set firebomb blow',
  'self.goodbye-forever': 'godbye bye farewel',
  'self.nice-knowing': 'nice',
  'self.this-is-the-day': 'day night wek wekend time month year moment',
  'other.how-kill': HARM_ANCHORS,
  'self.intent-ing':
    'kiling ending taking comiting suicide hanging overdosing jumping unaliving ofing not being giving doing checking leaving disapearing roping sliting shoting drowning',
  'self.intent-ing-am': 'ending kiling checking doing going taking',
  'self.other-threatens': 'threatens threatened threatening threaten',
  'self.no-other-option': 'option options way choice alternative solution',
  'self.getting-close': 'close',
  'self.who-finds-my-body': 'body corpse remains',
  'self.voice-says-do-it': 'saying says said whispering whispers telling tels told screaming screams goes go',
  'self.talk-me-out': 'talk',
  'self.who-finds-me': 'finds find',
  'self.method-feel':
    'drowning hanging jumping overdosing overdose frezing bleeding sufocating gunshot hit painles peaceful quickest easiest least',
  'self.vehicle-on-purpose':
    'whel purpose hoping daring seatbelt decision lake river sea barier guardrail wal tree bridge clif oncoming',
  'self.sat-with-means': 'revolver gun pistol rifle shotgun noose dryer railing ledge edge parapet garage',
  'self.means-kept-for-later':
    'right comes early later pain decide case enough waiting background tolerance work exactly',
  'self.method-compare':
    'jumping jump hanging noose overdosing overdose pils drugs gunshot gun shooting shotgun slitting wrists drowning monoxide fumes train tracks bleach helium starving',
  'self.overdosed-now': 'overdosed overdose',
  'self.may-be-my-last': 'last',
  'self.nice-living': 'living alive here existing',
  'self.cruel-world': 'cruel',
  'self.methods-advice': 'methods',
  'self.method-efficacy':
    'monoxide charcoal helium hanging noose drowning overdose overdosing jumping pils tablets gunshot exhaust',
  'self.knife-into-me': 'knife blade scisors shard razor',
  'self.not-take-enough': 'enough taken swalowed',
  'self.dose-need': 'many much',
  'self.right-day': 'right perfect',
  'self.debating': 'debating deciding weighing torn chosing decide',
  'self.dose-kill-me': 'kil lethal fatal heart die',
  'self.die-in-my-sleep': 'slep',
  'self.planning-my-death': 'death suicide demise day exit die end kil',
  'self.stronger-rope': 'belt rope cord nose cable',
  'self.quit-existence': 'life existence existing living alive reality myself body',
  'self.leave-the-simulation': 'simulation game server group life existence reality',
  'self.looks-inviting': 'inviting tempting welcoming freing caling peaceful',
  'self.look-like-an-accident': 'acident natural heart crash',
  'self.but-for': 'kiled ended blown done jumped hanged overdosed taken dead',
  'self.explain-why': 'note notes leter leters mesage video recording email',
  'self.gun-in-mouth': 'mouth',
  'self.places-to-jump': 'jump die anchor anchoring',
  'self.pray-dead': 'dead',
  'self.put-an-end': 'end',
  'self.best-option-for-me': 'option choice answer way solution',
  'self.log-off-for-good': 'permanently forever god last life',
  'self.urged-from-within':
    'telling tels told beging begs beged urging urges urged pushing pushes screaming screams whispering whispers wants wanting',
  'self.courage-to': 'courage nerve guts bals bravery coward cowardly scared afraid chicken weak pusy',
  'self.comfortable-with-it': 'comfortable peace okay ok fine ease content obsesed love',
  'self.hopefully-dead': 'hopefuly luck fingers lucky',
  'self.suicide-method-ask': 'suicide way ways',
  'self.afraid-of-myself': 'scared afraid terified woried frightened',
  'self.not-trust': 'trust',
  'self.not-safe': 'safe',
  'self.plan-date': 'plan method',
  'self.plan-plain': 'plan',
  'self.research': 'researching loking googling reading searching searched researched loked googled read',
  'self.ideation-worse': 'suicidal suicide',
  'self.why-alive': 'alive here living breathing existing waking staying',
  'self.hold-on': 'longer long',
  'self.nobody-find': 'find know lok',
  'self.plan-exit': 'exit departure death suicide funeral last way final',
  'self.until-wake': 'until',
  'self.let-me-die': 'let take end',
  'self.relapsed-cut': 'relapsed cut',
  'self.bullet': 'bulet round brains head bulet gun trigger',
  'self.want-out': 'out',
  'self.want-out-plain': 'out',
  'self.better-dead': 'beter',
  'self.tonight-night': 'night day',
  'self.waste-space': 'waste',
  'self.tired-fighting': 'tired sick exhausted done weary',
  'self.disappear-plan': 'disapear vanish away',
  'self.point-living': 'point reason use purpose',
  'self.point-life': 'point reason use',
  'self.not-worth': 'worth',
  'self.not-worth-q': 'worth',
  'self.waiting-die': 'waiting counting',
  'self.deserve-die': 'deserve deserved',
  'self.if-i-killed': 'myself life al',
  'self.suicide-appeal': 'suicide death dying kiling existing ending rope bridge nose pils',
  'self.easiest-way': 'way ways method methods means',
  'self.how-to': 'myself suicide life end nose overdose wrists die jump',
  'self.noose-mine': 'nose',
  'self.crash': 'drive driving crash crashing swerve swerving steer steering ram raming ver vering',
  'self.thinking-death': 'dying death funeral not being',
  'self.say-goodbye': 'godbye godbyes bye farewel',
  'self.goodbye-words': 'godbye farewel',
  'self.tell-them': 'tel let',
  'self.sorry-everything': 'sory forgive blame fault love',
  'self.cut-urge': 'cut self sh burn relapse',
  'self.carve': 'carve carved carving write wrote writing scratch scratched scratching etch etched',
  'self.harm-helps': 'self cuting hurting burning sh',
  'self.scars-from': 'scars cuts wounds burns marks',
  'self.not-here': 'here around alive among earth world breathing',
  'self.gone-soon': 'gone dead out burden',
  'self.disappear': 'want wish ned love',
  'self.want-it-over': 'stop end over away ended',
  'self.it-all-over': 'stop end over',
  'self.cant-anymore': 'more longer another',
  'self.burden': 'burden waste mistake worthles useles disapointment failure problem',
  'self.no-way-out': 'way option choice escape trapped future hope life existence existing',
  'self.goodbye-world': 'godbye bye farewel long',
  'self.last-post': 'last final',
  'self.by-time-read': 'read reads se ses find finds get gets hears',
  'self.note': 'note notes leter leters godbyes',
  'self.note-plain': 'note leter leters notes',
  'self.giving-away': 'giving gave give given',
  'self.affairs': 'order',
  'self.pills':
    'pils tablets meds medication medicine painkilers paracetamol tylenol acetaminophen ibuprofen insulin antidepresants xanax oxy opioids',
  'self.lethal-dose':
    'lethal fatal enough overdose painles painlesly easiest quickest take die kil kils wake waking',
  'self.method-plan':
    'rope nose belt gun pistol rifle shotgun bulets razor razors blades blade knife bridge ledge rof roftop tracks clif overpas top tal talest highest edge balcony charcoal helium exit tylenol lethal spot place date method way where how doses dose car pils meds',
  'self.jump':
    'bridge building rof roftop clif ledge balcony window train bus truck car trafic tracks overpas highway river sea ocean lake water edge tower parking tre wal',
  'self.water': 'sea ocean river lake water waves',
  'self.looking-down': 'edge ledge bridge rof railing tracks water drop trafic',
  'self.garage': 'engine exhaust hose carbon',
  'self.gun-self': 'head mouth myself chin temple',
  'self.rope': 'nose rope belt cord',
  'self.rope-thing': 'rope nose thing necklace dance neck',
  'self.wrists': 'wrist wrists veins arm arms throat',
  'self.harm-act':
    'myself wrist wrists arm arms leg legs thigh thighs skin body stomach hip hips face hand hands chest',
  'self.harm-word': 'self sh cuting cuts scars',
  'self.harm-scars': 'scars cuts wounds marks burns',
  'self.harm-deserve-pain': 'pain hurt bled sufer punished punishment',
  'self.harm-bleed': 'bled bleding',
  'self.starve': 'myself',
  'self.other-at-risk':
    'suicidal himself herself themselves themself life suicide self die live godbye cuting',
  'self.slang-kys-me': 'myself yourself',
  'self.death-welcome': 'welcome mind care fine accept sad upset scared afraid peace hope lok ready',
  'self.do-it-tonight': 'do end through',
  'self.go-through': 'through finaly actualy time realy stoping scared decision decided calm mind',
  'self.final-calm': 'calm peace peaceful relief relieved',
  'self.mood-hopeless':
    'hopeles worthles empty numb point pointles nothing hate give giving gave done tired exhausted slep cares loves alone lonely failure broken burden traped rope end hurting pain numbnes dark darkest depresed depresion drowning sufocating cry crying',
  'self.mood-pain':
    'pils bridge rope razor blade gun note funeral wil godbye sory forgive care love last tonight forever',
  'other.intent': HARM_ANCHORS,
  'other.kill-them': 'dead die six grave ground hospital cofin body sufer bled gone pay',
  'other.shoot-up':
    'schol class clasrom colege campus university ofice workplace work job church mosque synagogue temple mal concert party club building store hospital restaurant bar house home place',
  'other.bring-weapon':
    'gun guns knife rifle pistol shotgun weapon ar ar15 glock machete bomb explosives axe blade',
  'other.make-pay': 'make making made',
  'other.in-blood': 'blod lives life',
  'other.they-will-pay': 'pay regret sory sufer die get se fel know burn bled',
  'other.know-where': 'where when',
  'other.fantasy':
    'kiling murdering stabing shoting strangling choking hurting harming drowning smothering poisoning torturing beating atacking runing',
  'other.hope-dies': 'dies die kiled dead drops rots burns',
  'other.kys': 'yourself',
  'other.weapon-plan': 'gun rifle pistol shotgun amo amunition bulets knife machete axe',
  'other.child-harm': 'baby newborn infant todler son daughter kid kids child children',
  'self.feel-like-ending': 'fel',
  'self.stop-existing': 'existing exist cease disapear vanish',
  'self.delete-self': 'delete deleting',
  'self.relieved-if-died': 'died dead wake woke',
  'self.over-breathing': 'breathing alive existing',
  'self.waiting-life-over': 'waiting',
  'self.holding-on-how-long': 'holding',
  'self.if-gone-who-notices': 'disapeared vanished gone died here',
  'other.nobody-miss': 'mis',
  'other.will-not-wake': 'nights days night',
  'other.know-fear': 'fear pain teror scared sufering',
  'other.bought-the-stuff': 'bought got picked ordered',
  'self.fear-they-will': 'scared afraid terified woried frightened',
  'self.its-time': 'time',
  'self.blade-and-a-neck': 'got have bought',
  'self.scratch-to-the-point': 'scratch scratching scratched pinch pinching bite biting',
  'self.make-it-easier': 'make made making takes',
  'other.burn-with-them-in': 'burn burning torch torching set',
  'other.locked-in': 'lock locking trap traping shut shuting',
  'other.stop-their-heart': 'dose shot injection amount',
  'other.weapon-in-hand-going': 'holding gripping have got',
  'other.weapon-carried': 'wil have am bringing taking packing packed',
  'self.eating-nothing-but': 'eating ate have had',
  'self.restricting-signs': 'weigh lowering lower throw purge make proud',
  'self.head-banging': 'banging bang baning hitting hit slaming slam smashing',
  'self.almost-took': 'almost nearly',
  'self.lines-on-skin': 'did made cut carved sliced',
  'self.pins-under-nails': 'stick sticking push pushing jam jaming put puting',
  'self.withholding-insulin': 'purposely purpose deliberately intentionaly insulin',
  'other.their-schedules': 'schedule schedules routine routines shift timetable timetables adreses',
};

/** Anchor token → indexes of the rules it may start. */
const ANCHOR_INDEX: ReadonlyMap<string, readonly number[]> = (() => {
  const index = new Map<string, number[]>();
  RULES.forEach((r, i) => {
    for (const token of new Set(squeeze(ANCHORS[r.id] ?? '').split(/\s+/))) {
      if (token === '') continue;
      const list = index.get(token) ?? [];
      list.push(i);
      index.set(token, list);
    }
  });
  return index;
})();

/** Rule ids without anchors (a test keeps this empty: such a rule would never run). */
export const UNANCHORED_RULES: readonly string[] = RULES.filter((r) => !ANCHORS[r.id]).map((r) => r.id);

const IDIOMS = new RegExp(
  sq(
    ` (?:${[
      'rather (?:die|perish) than(?! (?:feel|feeling|live|living|go on|going on|keep|continue|be alive|wake up|spend another|another|face|deal|be here|exist|suffer|carry on|be like this|be me|be this))',
      'rather be dead than(?! (?:feel|feeling|live|living|go on|going on|keep|continue|be alive|wake up|spend another|another|face|deal|be here|exist|suffer|carry on|be like this|be me|be this))',
      'die of (?:embarrassment|shame|boredom|laughter|cringe|happiness|cuteness|jealousy|envy|curiosity|thirst|hunger|heat|old age)',
      'dying of (?:embarrassment|shame|boredom|laughter|cringe|happiness|cuteness|jealousy|envy|curiosity|thirst|hunger|heat)',
      'died of (?:embarrassment|shame|boredom|laughter|cringe)',
      'dead inside',
      '(?:fake|faking|faked) my (?:own )?death',
      '(?:thought|felt like|feel like|(?:was|am) (?:completely |absolutely |totally |so |genuinely |honestly |literaly )?(?:sure|convinced|certain)) (?:i was|i am|im|i would|i was going to|i am going to|i will) (?:dying|going to die|about to die|die|going to freeze to death|having a heart attack|having a stroke)(?= (?:right there|on the|in the|at the|of a|from|because|or|and then|,|\\.|!))',
      'dead tired',
      'die on (?:this|that|the same|every|my) hil',
      '(?:my|our|his|her|their) (?:late|dead) (?:aunt|uncle|dad|mum|mom|mother|father|grandma|grandpa|grandmother|grandfather|grandad|nan|gran|brother|sister|husband|wife|son|daughter|friend|cousin|dog|cat|pet)',
      // Rope that is a toy, a swing or storage.
      'rope (?:swing|swings|toy|tug|ladder|lights|course|bridge)',
      'rope (?:and (?:hoks|hooks|pegs|pulleys) )?to hang (?:the|my|up|some) (?:bikes?|washing|hamock|lights|pictures|bunting|laundry|clothes|tools|plants|hose)',
      '(?:shot|shoot|shooting|shoots) (?:myself|ourselves|yourself|themselves) in the (?:fot|feet)',
      'so (?:anoying|anoyed|mad|angry|pised of|furious|fed up|irritated|irritating)(?: right now| rn)?(?: that)? i could (?:actualy |literaly |honestly |seriously |just |realy )?kil (?:him|her|them|you|my \\S+)(?! (?:and i mean it|i mean it|i am not joking|not joking|for real|with))',
      'dead serious',
      'dead set',
      'dead on',
      'dead end',
      'dead last',
      'dead wrong',
      'dead weight',
      'dead silent',
      'dead quiet',
      'dead air',
      'dead battery',
      'would die for',
      'could die for',
      'to die for',
      'dying to',
      'dying for',
      'die laughing',
      'died laughing',
      'dying laughing',
      'nearly died',
      'almost died laughing',
      'kill time',
      'killing time',
      'kill the lights',
      'kill the engine',
      'kill two birds',
      'kill it',
      'killed it',
      'killing it',
      'kill the mood',
      'kill the vibe',
      'killing the vibe',
      'kill for a',
      'kill for some',
      'could kill for',
      'would kill for',
      'murder a',
      'could murder',
      'killing me softly',
      'is killing me',
      'are killing me',
      'was killing me',
      'were killing me',
      'will be the death of me',
      'going to be the death of me',
      'bored to death',
      'scared to death',
      'scared me to death',
      'worried sick',
      'worried to death',
      'sick to death',
      'over my dead body',
      'i could die',
      'bore me to death',
      'kill me with kindness',
      'the suspense is killing me',
    ].join('|')})(?= )`,
  ),
  'g',
);

/** Words in the clause before a match that deny, distance or fictionalise it. */
const DISTANCING = new RegExp(
  sq(
    ` (?:would never|will never|(?:i am |am )?not going to(?! lie)|no intention|no plans? to|do not think i|joking|kidding|jk|hypothetically|what if (?:someone|a person)|is it normal for (?:someone|people)|why do people|why would (?:someone|anyone|a person|people)|how do i help|how can i help|what should i do if (?:someone|a friend)|what does it mean|does it mean|lyrics|the quote|entries like|entries saying|wrote things like|pages of|${READER_SAID})(?= )`,
  ),
);

/** What a writer denies wanting, in `DENIED_WISH`. */
const DENIED = `(?:die|dying|be dead|dead|death|end it|ending it|end my life|ending my life|kil myself|kiling myself|not exist|not be here|not be alive|stop existing|suicide|self harm|hurt myself|hurting myself|harm myself|harming myself)`;
/**
 * The writer denying the wish itself: "I have never wanted to die", "I have no thoughts of ending
 * my life", "it's not that I want to not exist". A self-harm match the denial reaches into does
 * not count, unless the clause goes on to reverse it ("never wanted to die until this year").
 */
const DENIED_WISH = new RegExp(
  sq(
    ` (?:no|not|never|no longer)(?: (?:once|ever|realy|actualy|even|that|the|in the way of|had|have|having|any|got|ben|mean|saying|said|like|i))* (?:want|wanted|wanting|wish|wished|wishing|thoughts? of|thought about|thinking about|plans? to|plan on|planning to|planing|intention|intentions|desire|desires|urge|urges)(?: (?:of|to|for|about))? (?:\\S+ ){0,2}?${DENIED}(?: (?:or|and|nor) (?:\\S+ )?${DENIED})*(?= )`,
  ),
  'g',
);
/** How many characters after a denied wish are read for what takes it back. */
const DENIAL_REACH = 160;
/** What, after a denied wish, takes the denial back. */
const DENIAL_REVERSED = new RegExp(
  sq(
    ` (?:until|til|but|now i|anymore|any more|lately|these days|again|except|before now|(?:just|only) (?:want|wish|need)|want (?:it|the pain|everything|this) (?:all )?to (?:stop|end))(?= )`,
  ),
);
/** A negation before the denial that turns it round: "not a day goes by that I don't want to die". */
const DOUBLE_NEGATIVE = new RegExp(
  sq(
    ` (?:not a day|no day|never a day|every day|everyday|cannot say|can not say|lying if i said|lie if i said|would be lying)(?= )`,
  ),
);

/**
 * Whether the writer denies the wish a match expresses: a denial in `upToMatch` (the clause up to
 * the end of the match, which starts at `matchFrom`) that reaches into the match, not taken back
 * in `next`.
 */
function deniesTheMatch(upToMatch: string, matchFrom: number, next: string): boolean {
  DENIED_WISH.lastIndex = 0;
  for (let d = DENIED_WISH.exec(upToMatch); d !== null; d = DENIED_WISH.exec(upToMatch)) {
    if (d.index + d[0].length <= matchFrom) continue;
    return (
      !DENIAL_REVERSED.test(` ${upToMatch.slice(d.index + d[0].length)}${next}`) &&
      !DOUBLE_NEGATIVE.test(upToMatch.slice(0, d.index + 1))
    );
  }
  return false;
}

/** Words, before or inside a match, that put it in the past or in a story. */
const DISTANCING_ANYWHERE = new RegExp(
  sq(
    ` (?:used to|use to|years ago|when i was (?:younger|a kid|a teen|a teenager|in (?:high school|school|college)|\\d+)|back in (?:high school|school|college|the day|19\\d\\d|20\\d\\d)|in (?:19|20)\\d\\d|(?:at|aged) 1\\d(?= )|in the past|in my past|my character|the character|the protagonist|the villain|the narrator|the hero|in the (?:story|novel|book|movie|film|game|song|poem|play|show)|in my (?:story|novel|book|poem|screenplay|script|game|fic|fanfic)|writing a (?:story|novel|book|poem|scene|script|screenplay)|survivors?|recovered|recovery|clean for|clean since|(?<!${STREAK_BREAKERS} (?:my )?(?:\\S+ ){0,3})(?:years|months|weeks) clean)(?= )`,
  ),
);

/** What follows a match in its clause that puts it in the past ("… in 2015, and I survived"). */
const DISTANCED_AFTER = new RegExp(
  sq(
    `^ (?:\\S+ ){0,8}?(?:years ago|(?:a|many|few|some|two|three|ten) years back|in (?:19|20)\\d\\d|when i was (?:younger|a kid|a teen|a teenager|in (?:high school|school|college)|\\d+)|as a (?:teen|teenager|kid|child)|in my (?:early |late |mid )?(?:teens|twenties|thirties|forties|20s|30s|40s)|in (?:high school|college|university|my teens)|i am (?:going )?(?:on|away|travelling|traveling|out of town)|on (?:vacation|holiday|a trip|leave)|back then|(?:i am|i have been|now i am) (?:doing )?(?:well|better|okay|fine|good|happy) now|but i (?:am|have been|got) (?:okay|ok|fine|better|clean|sober|well|good|safe)|and i am (?:grateful|glad|thankful|okay|ok|fine|better|alive)|(?:and|but) (?:survived|recovered|got help|got better)|not in a (?:bad|dark|sad|depressing|scary|suicidal|morbid) way)(?= )`,
  ),
);

function clauseAfter(text: string, at: number): string {
  const window = text.slice(at, at + 100);
  const cut = Math.min(
    ...[' . ', ' ? ', ' ! ', ' ; '].map((p) => {
      const i = window.indexOf(p);
      return i < 0 ? window.length : i;
    }),
  );
  return `${window.slice(0, cut)} `;
}

/** The clause a match sits in: back to the last sentence break, at most 80 characters. */
function clauseBefore(text: string, at: number): string {
  const from = Math.max(0, at - 80);
  const window = text.slice(from, at);
  const cut = Math.max(
    window.lastIndexOf(' . '),
    window.lastIndexOf(' ? '),
    window.lastIndexOf(' ! '),
    window.lastIndexOf(' ; '),
  );
  return ` ${cut >= 0 ? window.slice(cut + 3) : window} `;
}

/**
 * The part of a clause after its last "but" or "yet": "I got sober in 1993, but can't live down
 * this shame" says the shame now, whatever the year before it.
 */
function afterContrast(clause: string): string {
  const at = Math.max(clause.lastIndexOf(' but '), clause.lastIndexOf(' yet '));
  return at < 0 ? clause : clause.slice(at + 4);
}

/** A match that tells of an act done or a state left behind ("I tried to", "I was planning"). */
const PAST_ACT = new RegExp(
  sq(
    ` (?:tried|atempted|was|were|had|took|wrote|did|used to|overdosed|swalowed|spent|planed|wanted|wished|thought|without|no longer|stoped|since|any more|anymore|clean|free)(?= )`,
  ),
);

/** A clause about the reader ("the version of you that wants to die"), not the writer. */
const SECOND_PERSON = / (?:you|your|yours)(?= )/;

/** Rules that name self-harm or an attempt without saying it is wanted now. */
const MENTIONS: ReadonlySet<string> = new Set([
  'self.harm-word',
  'self.harm-scars',
  'self.harm-act',
  'self.first-person-harm',
  'self.first-person-death',
  'self.suicide-attempt',
  'self.too-deep',
  'self.on-purpose',
  'self.note',
  'self.note-plain',
  'self.broke-clean',
  'self.marks-excuse',
  'self.bit-own',
]);

/** The most a text framed as recovery or fiction can score. */
const FRAMED_CAP = 0.9;

const STRENGTH_WEIGHT: Readonly<Record<Strength, number>> = { strong: 1, medium: 0.7, weak: 0.3 };
const WEAK_CAP = 0.6;

export interface CrisisScores {
  readonly self_harm: number;
  readonly harm_to_others: number;
  /** Ids of the rules that matched (for tests and the eval's error listing). */
  readonly matched: readonly string[];
}

/**
 * Words that take a capital in running text but name no person: days, months, feasts, places
 * of work and play, products. A capitalised word after a verb of violence that is none of these
 * names a person ("I am going to kill Tom").
 */
const CAPITALISED_THINGS = new Set(
  `Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July
  August September October November December Christmas Easter Halloween Thanksgiving God Jesus Windows
  Chrome Excel Word Mario Minecraft Fortnite Zelda Bill Kill Time Cancer Covid Netflix Spotify Uber
  Everyone Anyone Someone Them Him Her`.split(/\s+/),
);
const VIOLENCE_THEN_NAME =
  /\b(kill|killing|murder|murdering|stab|stabbing|shoot|shooting|strangle|strangling|choke|choking|poison|poisoning|hurt|hurting|beat up|run over|bury|end)\s+([A-Z][a-z]{2,})\b(?!['\u2019]s\b)/g;

/**
 * The rules name the people a threat is aimed at as pronouns and kinds of person; a first name
 * after a verb of violence ("I am going to kill Tom", "stab Linda") is read as "them".
 */
function namedPeopleAsPronouns(text: string): string {
  return text.replace(VIOLENCE_THEN_NAME, (whole, verb: string, name: string) =>
    CAPITALISED_THINGS.has(name) ? whole : `${verb} them`,
  );
}

/** The detector's working: per-flag scores and the rules that fired. */
export function scoreCrisis(text: string, options: { ungated?: boolean } = {}): CrisisScores {
  // Someone else's words, quoted, are not the writer's (`reported-speech.ts`).
  const plain = canonical(blankReportedSpeech(namedPeopleAsPronouns(text)));
  const canon = /d[iy]|dea|kil|mur|bor|scar|wor|sick|perish|fot|fet|rope/.test(plain)
    ? plain.replace(IDIOMS, ' ~ ')
    : plain;
  const totals = {
    self_harm: { core: 0, weak: 0 },
    harm_to_others: { core: 0, weak: 0 },
  };
  const matched: string[] = [];
  // Which rules can match at all, and around which offsets: a rule's match always holds one of
  // its anchor tokens, so a rule none of whose anchors occurs is skipped, and in a long text a
  // rule reads only the sentences around its anchors.
  const anchorsAt = new Map<number, number[]>();
  let offset = 0;
  const tokens = canon.split(' ');
  for (const token of tokens) {
    const rules = options.ungated ? undefined : ANCHOR_INDEX.get(token);
    if (rules !== undefined) {
      for (const i of rules) {
        const list = anchorsAt.get(i);
        if (list === undefined) anchorsAt.set(i, [offset]);
        else if (list[list.length - 1] !== offset) list.push(offset);
      }
    }
    offset += token.length + 1;
  }
  // A text told as a recovery story (with nothing saying the risk is back) or as fiction stays
  // below the threshold, however many matches it holds.
  const storyFrame = distancingFrame(canon);
  // A recovery story holds the past; a strong self-harm cue said now ("I want to die", "I'm going
  // through with my plan") is the risk come back, whatever else the text says about recovery.
  let presentRisk = false;
  const candidates = options.ungated ? RULES.map((_, i) => i) : [...anchorsAt.keys()].sort((x, y) => x - y);
  for (const i of candidates) {
    const r = RULES[i] as Rule;
    if (r.unlessAnywhere?.test(canon)) continue;
    let best = 0;
    const full = STRENGTH_WEIGHT[r.strength];
    for (const [from, to] of windowsOf(canon, options.ungated ? [] : (anchorsAt.get(i) ?? []))) {
      const part = from === 0 && to === canon.length ? canon : canon.slice(from, to);
      r.re.lastIndex = 0;
      for (let m = r.re.exec(part); m !== null; m = r.re.exec(part)) {
        if (m[0].length === 0) r.re.lastIndex++;
        const at = from + m.index;
        const end = at + m[0].length;
        const before = clauseBefore(canon, at + 1);
        const after = clauseAfter(canon, end);
        // The clause read single-spaced, as every pattern is written: `before` ends with the
        // match's own leading space and one more.
        const head = `${before.trimEnd()} `;
        const upToMatch = `${head}${m[0].trim()} `;
        if (r.unless?.test(`${upToMatch}${after.trimStart()}`)) continue;
        // A denial is taken back as often in the next sentence ("I don't want to be dead. But
        // it's the only door I see"), so what follows it is read past the clause.
        if (
          r.flag === 'self_harm' &&
          deniesTheMatch(upToMatch, head.length, canon.slice(end, end + DENIAL_REACH))
        )
          continue;
        const distanced =
          DISTANCING.test(before) ||
          DISTANCING_ANYWHERE.test(afterContrast(`${before}${m[0]} `)) ||
          DISTANCED_AFTER.test(after);
        const weight = full * (distanced ? 0.35 : 1);
        // Only a recovery story needs to know whether the risk is said now.
        if (
          storyFrame === 'recovery' &&
          !presentRisk &&
          r.flag === 'self_harm' &&
          r.strength === 'strong' &&
          !distanced &&
          !MENTIONS.has(r.id) &&
          !PAST_ACT.test(upToMatch) &&
          !SECOND_PERSON.test(head)
        )
          presentRisk = true;
        if (weight > best) best = weight;
        if (best === full) break;
      }
      if (best === full) break;
    }
    if (best === 0) continue;
    matched.push(r.id);
    const total = totals[r.flag];
    if (r.strength === 'weak') total.weak += best;
    else total.core += best;
  }
  const score = (t: { core: number; weak: number }) => (t.core > 0 ? t.core + Math.min(WEAK_CAP, t.weak) : 0);
  // Evidence accumulated over the whole text adds its share of the threshold, when it holds a
  // risk class: a medium cue with some risk evidence beside it flags, and so does risk evidence
  // that reaches the threshold alone.
  const frame = storyFrame === 'recovery' && presentRisk ? null : storyFrame;
  const framed = frame !== null;
  const evidence = accumulateEvidence(canon, frame, tokens);
  for (const c of evidence.classes) matched.push(`evidence.${c}`);
  const selfEvidence = evidence.selfRisk ? evidence.self_harm / EVIDENCE_THRESHOLD.self_harm : 0;
  const otherEvidence = evidence.otherRisk ? evidence.harm_to_others / EVIDENCE_THRESHOLD.harm_to_others : 0;
  const self = score(totals.self_harm) + selfEvidence;
  const other = score(totals.harm_to_others) + otherEvidence;
  return {
    self_harm: framed ? Math.min(self, FRAMED_CAP) : self,
    harm_to_others: framed ? Math.min(other, FRAMED_CAP) : other,
    matched,
  };
}

/** Texts up to this many characters are read whole by every rule that may match. */
const WHOLE_TEXT = 600;
/** Characters read either side of an anchor in a longer text (more than any match spans). */
const REACH = 320;

/**
 * The stretches of `canon` a rule reads: the whole of a short text; in a long one, the
 * sentences within `REACH` of its anchors, merged, each starting and ending on a sentence
 * break so that clause starts and ends read as they do in the whole text.
 */
function windowsOf(canon: string, anchors: readonly number[]): [number, number][] {
  if (canon.length <= WHOLE_TEXT || anchors.length === 0) return [[0, canon.length]];
  const out: [number, number][] = [];
  for (const at of anchors) {
    let from = Math.max(0, at - REACH);
    let to = Math.min(canon.length, at + REACH);
    const back = canon.lastIndexOf(' . ', from);
    from = back < 0 ? 0 : back;
    const ahead = canon.indexOf(' . ', to);
    to = ahead < 0 ? canon.length : ahead + 3;
    const last = out[out.length - 1];
    if (last !== undefined && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** The score at which a text is flagged. */
export const CRISIS_THRESHOLD = 1;

/** The rules' reading of scores that count: the stronger flag, self-harm on a tie. */
export function rulesFlag(scores: Pick<CrisisScores, 'self_harm' | 'harm_to_others'>): CrisisFlag {
  return scores.harm_to_others > scores.self_harm ? 'harm_to_others' : 'self_harm';
}

/** Whether a text expresses a crisis, and which: `null` when it does not. */
export function detectCrisis(text: string): CrisisVerdict | null {
  const scores = scoreCrisis(text);
  if (Math.max(scores.self_harm, scores.harm_to_others) < CRISIS_THRESHOLD) return null;
  return { flag: rulesFlag(scores) };
}
