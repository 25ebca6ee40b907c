/**
 * A persona asked of the oracle: "be my mum for a little while", "debate me as Nietzsche and stay
 * in character", "you play my landlord and I'll practise", "be a grumpy bakery clerk in Munich".
 * The oracle speaks as itself, from its sources, and never as someone else — not a philosopher, not
 * the dead, not a partner; the persona is the task, however tender the reason for it. A sincere
 * question about the asker's own life inside the same text is answered ("Pretend you are Seneca:
 * how should I bear the loss of my brother?"), and so is a style ("answer like a Stoic would").
 */
import { ASKS_OF_ONES_OWN_LIFE } from './text.ts';

/** Who the oracle may be asked to become: people, relations, trades, characters, creatures. */
const PERSONA_NOUNS = String.raw`(?:boyfriend|girlfriend|husband|wife|partner|fianc[eé]e?|ex|crush|date|mum|mom|mother|mama|mommy|dad|father|papa|daddy|grandma|grandpa|grandmother|grandfather|nan|nana|gran|granny|grandad|granddad|sister|brother|son|daughter|aunt|uncle|cousin|(?:best |old )?friend|bestie|mate|buddy|therapist|counsell?or|coach|teacher|tutor|professor|doctor|nurse|lawyer|boss|manager|landlord|interviewer|recruiter|officer|clerk|cashier|waiter|governess|butler|comedian|detective|narrator|character|villain|hero|ghost|god|goddess|angel|devil|demon|cat|dog|tree|oak|pirate|robot|genie|wizard|witch|knight|king|queen|prince|princess|emperor|general|soldier|sergeant|judge|priest|monk|guru|mentor|opponent|critic|inner critic|future self|younger self|past self|dungeon master|game master|gm|dm|host|customer|salesman|psychic|fortune teller|alien|vampire)`;

/** Words after "Be" that describe a manner, not a persona ("Be Honest", "Be Kind"). */
const MANNER =
  /^(?:a )?(?:little|bit|tad|more|less|gentle|gentler|kind|kinder|honest|brutal|blunt|serious|nice|nicer|patient|quiet|brief|short|quick|clear|careful|concise|straight|real|there|here|strong|calm|present|good|better|fair|frank|direct|soft|softer|warm|warmer)\b/;

/** Asking the oracle to become someone. */
const BECOME = new RegExp(
  [
    // "Can you be her for a while?", "could you be my mum?", "would you play my landlord?"
    String.raw`\b(?:can|could|would|will) (?:you|u) (?:please |just )?(?:be|become|play|pretend to be|act as|act like|talk like|speak like) (?:her|him|them|(?:my|a|an|the) (?:late |dead |old |little |big |younger |older |future |inner |best |strict |grumpy |sarcastic |wise old |wise )?${PERSONA_NOUNS})\b`,
    // "Be my girlfriend for tonight", "become my grandpa", "pretend to be my best friend Jess".
    String.raw`(?:^|[.!?:;]\s+|,\s*)(?:please |pls |now |just )?(?:be|become|pretend to be|act as|play|roleplay as|role-play as) (?:my|a|an|the) (?:late |dead |old |little |big |younger |older |future |inner |best |strict |grumpy |sarcastic |wise old |wise |very |really )*(?:[\w-]+ ){0,2}?${PERSONA_NOUNS}\b`,
    // "I want you to be my boyfriend", "you play my landlord", "be the voice of my inner critic".
    String.raw`\b(?:i want|i need|i'd like|i would like|i wish) (?:you|u) to (?:be|play|become|act as|pretend to be) (?:my|a|an|the) (?:[\w-]+ ){0,2}?${PERSONA_NOUNS}\b|\b(?:you|u) (?:play|be) (?:my|a|an|the) (?:[\w-]+ ){0,2}?${PERSONA_NOUNS}\b|\bbe the voice of\b`,
    // "Be a moody lighthouse keeper and describe my commute": any role given a task.
    String.raw`(?:^|[.!?:;]\s+)(?:please |now |just )?(?:be|become|play) (?:a|an|the|my) (?!(?:better|good|kind|kinder|nicer|stronger|braver|decent|real|whole|new|different|happier|calmer)\b)(?:[\w-]+ ){0,3}?[\w-]+ (?:and|who|that) (?:describe|tell|talk|narrate|write|answer|give|say|correct|roast|quiz|teach|explain|reply|respond|text|sing|speak|walk|scold|interview|guide|read)s?\b`,
    // Staying in a role, playing a scene, a game or a voice.
    String.raw`\b(?:stay|staying|remain|keep) in character\b|\b(?:don't|do not|never|without) break(?:ing)? character\b|\bin character\b`,
    String.raw`(?:^|[.!?,:;]\s*|\band\s+|\b(?:can|could|will|would) (?:you|u)\s+|\bplease\s+|\bnow\s+)(?:debate|roast|quiz|interrogate|grill) me\b|\bnarrate my\b|\bcontinue (?:this|the) (?:scene|story|dialogue|conversation) as\b`,
    String.raw`\b(?:you|u) (?:be|play) [\w' ]{1,30}(?:,|and) (?:i'll|i will|i'm|i am|and i|i)\b|\byou('re| are) (?:the|a|an|my) [\w ]{1,30}? and i('m| am| will be|'ll be)\b|\byou('re| are) my [\w ]{1,20}? now\b|\bimprov(?:ised)? (?:scene|game|sketch)\b|\b(?:be|play) two (?:characters|people|philosophers)\b|\bi('ll| will) be (?:the|a|an|your) [\w ]{1,25}? and you\b`,
    String.raw`\blet's (?:do|play|try|have|run) (?:a|an|some) (?:scenario|game|round|role|roleplay|role-play|debate|mock|simulation)\b|\bcan we (?:play|do a scenario|role ?play)\b|\bscenario where\b`,
    String.raw`\b(?:text|talk|speak|write|reply|answer) (?:to me |me |back )?(?:like|as) (?:she|he|they|her|him|them) (?:would|did|used to|does)\b|\b(?:talk|speak|reply|answer|write|respond|tell me [\w ]{1,30}?) (?:to me |back )?(?:in|using) (?:his|her|their) (?:voice|words|style)\b|\b(?:reply|answer|respond|write back|write to me) as (?:him|her|them)\b|\b(?:talk|speak) to me like (?:her|him|them|my \w+)\b`,
  ].join('|'),
);

/** A persona named after "be", "become", "as", "act like you are" (capitalised in the raw text). */
const NAMED_PERSONA =
  /(?:^|[.!?:;]\s+|,\s*|\b(?:[Cc]an|[Cc]ould|[Ww]ould|[Ww]ill) you (?:please |just )?|\b[Pp]lease |\b[Nn]ow |\b(?:[Ii] want|[Ii] need|[Ii]'d like|[Ii] would like) you to )(?:[Bb]e|[Bb]ecome|[Dd]ebate me as|[Aa]ct (?:like|as if) you(?:'re| are)|[Pp]retend (?:to be|you(?:'re| are))|[Yy]ou be|[Rr]eply as|[Aa]nswer as|[Ww]rite (?:back )?as) (?:[A-Z][\w'-]+)(?: [A-Z][\w'-]+)?\b/;

/** A style of answer, not a persona: "answer like a Stoic would", "reply as a philosopher". */
const A_STYLE =
  /\b(?:answer|reply|respond|speak|talk|write) (?:to me )?(?:like|as) (?:a|an) (?:stoic|taoist|existentialist|philosopher|sage|buddhist)\b/;

/** The persona a text asks the oracle to take on, as evidence; null when it asks none. */
export function personaRequest(raw: string, text: string): string | null {
  if (A_STYLE.test(text) || ASKS_OF_ONES_OWN_LIFE.test(text)) return null;
  const asked = BECOME.exec(text);
  if (asked !== null) return asked[0].trim();
  const named = NAMED_PERSONA.exec(raw);
  if (named === null) return null;
  const name = named[0].split(' ').slice(-1)[0] ?? '';
  return MANNER.test(name.toLowerCase()) ? null : named[0].trim();
}
