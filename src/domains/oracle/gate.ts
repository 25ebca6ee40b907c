import { stem, words } from './text.ts';

/**
 * The oracle's refusal gate. The oracle answers questions of meaning, feeling, choice and
 * perspective; it is not a general assistant. The gate is a short list of explainable rules over
 * the question's words, checked in order; the first that fires decides.
 *
 * Hard rules (a philosophical framing does not rescue them, since the request inside is still
 * a task): code and technical help, translation between languages, arithmetic and unit
 * conversion, requests to produce a piece of writing for another purpose (emails, essays,
 * copy, plans…), and factual questions that ask for a fact (who won, what year, the capital of…).
 *
 * Soft rules (they fire only when the question carries no reflective language at all):
 * explanations of impersonal topics, lists and comparisons, and practical domains (cooking,
 * fitness, money and shopping, travel, weather, medicine).
 *
 * Otherwise the question is on mission when it speaks of a life (reflective vocabulary, or the
 * asker's own thoughts and feelings in the first person); a question with neither is declined.
 * Words used as metaphors ("the code I live by", "translating my feelings into jokes") do not
 * fire a rule on their own: each rule asks for the task's own context.
 */

export type GateReason =
  | 'code'
  | 'translation'
  | 'arithmetic'
  | 'content_generation'
  | 'factual_lookup'
  | 'practical_advice'
  | 'not_reflective';

export interface GateVerdict {
  readonly onMission: boolean;
  readonly reason: GateReason | null;
  /** The rule that decided, for logs and tests. */
  readonly rule: string;
  /** What in the text made the rule fire. */
  readonly evidence: string | null;
}

export const REASON_TEXT: Readonly<Record<GateReason, string>> = {
  code: 'a request for code or technical help',
  translation: 'a request for translation',
  arithmetic: 'a request for arithmetic or a unit conversion',
  content_generation: 'a request to write something for another purpose',
  factual_lookup: 'a request to look up a fact',
  practical_advice: 'a request for practical advice outside reflection',
  not_reflective: 'not a question of meaning, feeling, choice or perspective',
};

// ---- Vocabulary ------------------------------------------------------------------------------

/** Technical terms that, unlike "code", are not used as metaphors for a life. */
const TECH_TERMS = new Set(
  `python javascript typescript java kotlin php perl haskell scala golang c++ c# sql mysql postgres
  postgresql sqlite mongodb redis regex regexp dockerfile docker kubernetes k8s terraform ansible yaml
  json xml csv css html jsx tsx react vue angular svelte node.js nodejs npm webpack api apis endpoint
  endpoints github gitlab git linux unix bash zsh powershell tcp udp dns http https ssl tls blockchain
  ethereum aws azure gcp s3 div flexbox backend frontend localhost compiler debugger codebase
  stacktrace segfault runtime boolean recursion subnet firmware cli sdk jquery django laravel graphql
  nginx emacs vscode vba cron`.split(/\s+/),
);

/** Multi-word technical phrases. */
const TECH_PHRASES = [
  /\b(linked list|binary tree|hash ?map|unit tests?|stack trace|sort function|shell script|bash script|source code|pull request|merge conflict|data ?base schema|web ?site scraper|scrape (a|the|this) (web)?site|machine learning model|neural network|big-?o|(sorting|search|pathfinding|hashing|encryption) algorithm|excel formula|spreadsheet formula)\b/,
  /\b(rust|go|ruby|swift|java|c|lua|r|dart|elixir|julia)\s+(function|script|program|code|class|method|library|crate|module|app|macro)s?\b/,
  /\b(write|writing|fix|fixing|debug|generate|give me)\b[^.?!]*\b(function|script|program|query|method|component|snippet)\b[^.?!]*\b(that|which|to|for|in)\b/,
  /\b(convert|turn) (this |the |my )?\w+ (file |data )?(to|into) (json|yaml|xml|csv|sql|html|markdown)\b/,
];

/** Text that looks like code itself. */
const CODE_SYNTAX = [
  /\bSELECT\b[^?]*\bFROM\b|\b(INSERT INTO|DELETE FROM|UPDATE \w+ SET|CREATE TABLE)\b/,
  /[a-z_]\w*\([^)]*\)\s*[{;]/i,
  /=>|\bdef \w+\(|\bfunction\s*\w*\(|<\/?[a-z]+[^>]*>|\{\s*["']?\w+["']?\s*:/,
];

const LANGUAGES = new Set(
  `english french german spanish italian portuguese japanese chinese mandarin cantonese korean russian
  arabic hindi urdu bengali latin greek dutch swedish norwegian danish finnish polish czech turkish
  hebrew persian farsi thai vietnamese indonesian malay swahili tagalog ukrainian romanian hungarian
  irish welsh esperanto kanji hiragana katakana`.split(/\s+/),
);

/** Pieces of writing that, when requested, are content for another purpose. */
const ARTIFACTS =
  /\b(e-?mails?|letters?|cover letters?|essays?|articles?|blog posts?|posts?|tweets?|threads?|captions?|bios?|resumes?|cvs?|speech(es)?|toasts?|eulog(y|ies)|poems?|haikus?|sonnets?|limericks?|songs?|lyrics|jingles?|slogans?|taglines?|ads?|adverts?|advertisements?|copy|copywriting|product descriptions?|descriptions?|reviews?|stor(y|ies)|short stor(y|ies)|novels?|scripts?|screenplays?|jokes?|riddles?|press releases?|newsletters?|reports?|summar(y|ies)|presentations?|slides?|proposals?|contracts?|terms and conditions|privacy polic(y|ies)|invoices?|recipes?|(meal|workout|lesson|business|marketing|training|study|diet|travel|fitness|exercise|project|content) plans?|itinerar(y|ies)|paragraphs?|messages?|texts?|replies|homework|assignments?|applications?|quiz(zes)?|outlines?|listings?|pitch(es)?|memos?|agendas?|invitations?|cards?|puns?|lists?|names for)\b/;

/** Verbs of producing a text, when used as a request. */
const MAKE_VERBS =
  '(write|draft|compose|create|generate|produce|prepare|design|rewrite|re-write|paraphrase|proofread|edit|summari[sz]e|outline|give|make|come up with|tell|craft|brainstorm|list)';

const REQUEST_FORMS = [
  new RegExp(
    `(^|[.!?:;,]\\s*|\\b(and|then|now|so|but)\\s+)(please\\s+|just\\s+|quickly\\s+|at least\\s+)?${MAKE_VERBS}\\b`,
    'g',
  ),
  new RegExp(`\\b(can|could|would|will) you (please |kindly |quickly )?${MAKE_VERBS}\\b`, 'g'),
  new RegExp(`\\b(help|let) me (to )?${MAKE_VERBS}\\b`, 'g'),
  new RegExp(`\\b(i need|i want|i'd like|i would like) you to ${MAKE_VERBS}\\b`, 'g'),
  /\b(i need|i want|i'd like|i would like) (a|an|some|two|three|four|five|ten|twenty|\d+)\b/g,
  new RegExp(`\\bplease\\s+${MAKE_VERBS}\\b`, 'g'),
];

/** How far after a request its object may sit ("write a short wedding speech"). */
const OBJECT_WINDOW_WORDS = 6;

/** Factual questions: the answer is a fact, not a reflection. */
const FACT_QUESTIONS = [
  /^(who|when) (wrote|won|invented|discovered|founded|painted|directed|composed|built|killed)\b/,
  /\bwhat (year|century|decade|date|day of the week)\b/,
  /\b(capital|population|currency|gdp|president|prime minister|ceo|founder|inventor|author|director|boiling point|melting point|freezing point|atomic number|exchange rate|stock price|share price|release date|winner|speed) of\b/,
  /\b(weather|forecast) (in|for|at|tomorrow|today|this)\b/,
];

/** Soft: asks for an explanation, a list or a comparison. */
const SOFT_LOOKUPS = [
  /^(who|when|where) (was|is|were|are|did|does|will)\b/,
  /\bhow (tall|far|big|old|long ago|many people|much does|much is)\b/,
  /^(explain|describe|define|summari[sz]e|outline|compare|list|name)\b/,
  /\b(explain|describe|define) (to me )?(how|what|why|the|a|an)\b/,
  /\b(list|name) (the|all|some|a few|three|four|five|six|seven|eight|nine|ten|\d+)\b/,
  /\bwhich (is|are|was|were) (bigger|larger|smaller|faster|slower|older|younger|taller|shorter|heavier|longer|cheaper|better|worse|more|less)\b/,
  /\blike i'?m (five|5|a child|ten)\b/,
  /\bwhat is the difference between\b[^?]*\b(and)\b/,
];

/** Soft: practical domains. */
const PRACTICAL = [
  /\b(recipes?|ingredients?|bake|baking|boil|boiling|roast|fry|cook|cooking|oven|grill|lasagne|lasagna|pasta|soup|sauce|egg|eggs|yolk|vegan|keto|calories|protein|macros)\b/,
  /\b(workouts?|reps|sets|gym|muscle|muscles|cardio|bench press|squats?|marathon training|lose weight|weight loss)\b/,
  /\b(stocks?|shares|crypto|bitcoin|ethereum|etfs?|invest|investing|investment|portfolio|dividends?|mortgage|loan|interest rate|tax|taxes|refund|budget spreadsheet|exchange rate)\b/,
  /\b(hotels?|flights?|airbnb|itinerary|restaurants?|visa|passport|tickets?|booking)\b/,
  /\b(buy|purchase|recommend|cheapest|discount|laptop|phone|headphones|camera|car insurance)\b/,
  /\b(dosage|dose|mg|milligrams|symptoms?|diagnos(e|is)|prescription|medication|antibiotics?|ibuprofen|paracetamol)\b/,
  /\b(weather|forecast|rain|sunny|temperature)\b/,
  /\b(install|set up|setup|configure|deploy|upgrade|reset|reboot|troubleshoot|plug|wifi|router|printer|password)\b/,
];

/** Words of a life examined: feelings, relations, choices, meaning. Matched as stems. */
const REFLECTIVE = new Set(
  [
    ...`meaning meaningful meaningless purpose matter matters life live living alive death die dying
    mortal mortality grief grieve mourn loss lose lost miss regret regrets fear afraid scared anxious
    anxiety worry worried hope hopeless hopeful despair lonely loneliness alone love loved loving
    heart friend friendship family parent parents mother father mom dad son daughter brother sister
    partner marriage child children relationship forgive forgiveness guilt guilty shame ashamed anger
    angry rage resent resentment jealous jealousy envy happy happiness joy joyful content contentment
    peace peaceful calm sad sadness sorrow cry crying tears hurt pain suffer suffering courage
    courageous brave bravery coward cowardly virtue virtues wisdom wise moral morals ethics ethical
    duty honest honesty kind kindness selfish ambition ambitious success failure fail failing worth
    self myself identity belong belonging home change choice choose decision decide accept acceptance
    trust betray betrayed soul spirit present future past age aging old grow growing retire retirement
    passion calling ordinary enough gratitude grateful nostalgia nostalgic faith god gods universe
    absurd existence exist free freedom fate destiny stoic stoics philosophy philosopher tao sage
    feel feeling feelings felt emotion emotions mind thoughts heartbreak breakup divorce lonely weak
    strength strong vulnerable vulnerability pride proud humility humble praise fame comparing compare
    authentic true truth justice injustice fairness forgiving sabotage sabotaging temptation desire
    desires crave craving greed rest restless tired exhausted burnout overwhelmed stress stressed
    numb empty emptiness boredom bored loneliness silence stillness suffering healing heal care caring
    kindness compassion cruel cruelty death grieving widow widowed illness sick dying parenting
    confidence insecure insecurity doubt doubts believe belief meaning wonder awe beauty evil
    mistake mistakes wrong worthy unworthy deserve lonely connection disconnected belonging
    relief ashamed courage foolish wisdom`.split(/\s+/),
  ].map((w) => stem(w)),
);

/** Phrases of a life examined that single words miss. */
const REFLECTIVE_PHRASES =
  /\b(who i am|who am i|let(ting)? go|give up|giving up|make peace|move on|start over|what('s| is) the point|way of life|good life|good person|live with|live by|to live|how to be|the end|end of|my own|deep down|at peace)\b/;

/** First person speaking of their own state. */
const FIRST_PERSON_STATE =
  /\b(i|i'm|im|i've|i'd|me|my|myself|we|our|us)\b[^.?!]*\b(feel|felt|am|was|were|be|been|become|want|wanted|need|wish|know|think|believe|keep|kept|can't|cannot|couldn't|should|could|would|do|did|have|had|turned|moved|chose|lost|miss|love|hate|fear|hope)\b|\b(am i|should i|do i|can i|could i|would i|will i|have i|did i|is it (okay|ok|wrong|selfish|foolish|weak|normal|possible|worth|fair|right))\b/;

// ---- Helpers ----------------------------------------------------------------------------------

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

function firstMatch(patterns: readonly RegExp[], text: string): string | null {
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) return match[0].trim();
  }
  return null;
}

function reflectiveHits(text: string): string[] {
  const hits = words(text).filter((w) => REFLECTIVE.has(stem(w)));
  const phrase = REFLECTIVE_PHRASES.exec(text);
  if (phrase) hits.push(phrase[0]);
  return hits;
}

function techEvidence(text: string): string | null {
  for (const token of text.split(/[^a-z0-9+#.]+/)) {
    const clean = token.replace(/^\.+|\.+$/g, '');
    if (TECH_TERMS.has(clean)) return clean;
  }
  return firstMatch(TECH_PHRASES, text);
}

function translationEvidence(text: string): string | null {
  const languages = words(text).filter((w) => LANGUAGES.has(w));
  if (/\btranslat(e|es|ed|ing|ion)\b/.test(text) && (languages.length > 0 || /["'].+["']/.test(text))) {
    return `translate … ${languages[0] ?? 'quoted text'}`;
  }
  const say = /\bhow (do|would|can) (you|i|we) (say|write|spell|pronounce)\b[^?]*\bin (\w+)/.exec(text);
  if (say && LANGUAGES.has(say[4] as string)) return say[0];
  const into = /\b(in|into|to) (\w+)( please)?[.?!]?$/.exec(text);
  if (into && LANGUAGES.has(into[2] as string) && /\b(say|write|put|render|translat\w*)\b/.test(text)) {
    return into[0];
  }
  return null;
}

/** A request verb followed, within a few words, by a piece of writing as its object. */
function requestForWriting(text: string): string | null {
  for (const form of REQUEST_FORMS) {
    form.lastIndex = 0;
    for (let match = form.exec(text); match !== null; match = form.exec(text)) {
      const after = text
        .slice(match.index + match[0].length)
        .split(' ')
        .filter(Boolean);
      const object = after.slice(0, OBJECT_WINDOW_WORDS + 1).join(' ');
      const artifact = ARTIFACTS.exec(object);
      if (artifact) return `${match[0].trim()} … ${artifact[0]}`;
      if (match[0] === '') form.lastIndex++;
    }
  }
  return null;
}

const ARITHMETIC = [
  /\d+(\.\d+)?\s*([+*×÷^x]|\s[-/]\s)\s*\d+/,
  /\b(square root|cube root|factorial|derivative|integral|logarithm|solve for|simplify the|compound interest|long division|times table)\b/,
  /\b\d+(\.\d+)?\s*(%|percent) of\b/,
  /\b(calculate|compute|work out|add up|multiply|divide|subtract)\b[^.?!]*\d/,
  /\bconvert\b[^.?!]*\d/,
  /\b\d+(\.\d+)?\s*(miles?|km|kilomet(er|re)s?|kg|kilos?|pounds|lbs?|ounces?|oz|lit(er|re)s?|gallons?|fahrenheit|celsius|feet|foot|inch(es)?|cm|centimet(er|re)s?|met(er|re)s?|grams?|cups?|tablespoons?)\b[^.?!]*\b(to|in|into)\b/,
  /\bhow many (ounces|grams|cups|miles|km|kilometres|kilometers|feet|inches|seconds|minutes|days|weeks|litres|liters|pounds|calories|tablespoons|teaspoons|centimetres|centimeters|meters|metres)\b[^.?!]*\b(in|per) (a|an|one|\d+)\b/,
];

// ---- The gate ---------------------------------------------------------------------------------

function off(reason: GateReason, rule: string, evidence: string | null): GateVerdict {
  return { onMission: false, reason, rule, evidence };
}

export function assessMission(question: string): GateVerdict {
  const text = normalise(question);

  const tech = techEvidence(text) ?? firstMatch(CODE_SYNTAX, question);
  if (tech !== null) return off('code', 'technical-terms', tech);

  const translation = translationEvidence(text);
  if (translation !== null) return off('translation', 'translate-to-language', translation);

  const arithmetic = firstMatch(ARITHMETIC, text);
  if (arithmetic !== null) return off('arithmetic', 'arithmetic-or-conversion', arithmetic);

  if (/https?:\/\/|www\.\w/.test(text)) return off('content_generation', 'link-to-process', 'a link');

  const writing = requestForWriting(text);
  if (writing !== null) return off('content_generation', 'request-for-writing', writing);

  const firstPerson = /\b(i|i'm|im|i've|i'd|me|my|myself)\b/.test(text);
  const fact = firstMatch(FACT_QUESTIONS, text);
  if (fact !== null && !firstPerson) return off('factual_lookup', 'fact-question', fact);

  const reflective = reflectiveHits(text);
  if (reflective.length === 0) {
    const lookup = firstMatch(SOFT_LOOKUPS, text);
    if (lookup !== null) return off('factual_lookup', 'explain-list-compare', lookup);
    const practical = firstMatch(PRACTICAL, text);
    if (practical !== null) return off('practical_advice', 'practical-domain', practical);
  }

  if (reflective.length > 0)
    return { onMission: true, reason: null, rule: 'reflective', evidence: reflective[0] ?? null };
  const state = FIRST_PERSON_STATE.exec(text);
  if (state) return { onMission: true, reason: null, rule: 'first-person', evidence: state[0] };
  return off('not_reflective', 'no-reflective-language', null);
}
