/**
 * Evidence accumulated across a whole text: how the crisis detector reads long posts whose risk
 * is said once, sideways, or only by adding up. Pure; reads the detector's canonical text
 * (tokens separated by single spaces, repeated letters squeezed, contractions expanded).
 *
 * Each evidence class is a wide vocabulary of one kind of warning sign, taken from clinical
 * frameworks rather than from particular messages:
 * - suicide risk (C-SSRS levels and Joiner's interpersonal theory): a wish not to be, thoughts
 *   of doing it, a plan, a decision, preparation, means, a past attempt (acquired capability),
 *   perceived burdensomeness, thwarted belonging, hopelessness and entrapment, and finality —
 *   language in which the writer's future is absent ("won't be around", "my last birthday",
 *   "gone before Christmas");
 * - harm to others: a grievance, revenge intent, targeting (knowing where, following, a
 *   routine), means, and finality aimed at someone.
 *
 * A class counts once however often it recurs (a second sentence adds half). A cue is
 * discounted when its sentence is distanced — someone else's, told in the past or as a story,
 * denied, or laughed off — and the whole text is discounted when it is framed as a recovery
 * story, as fiction, or states that the writer is safe. A text is flagged when its total
 * reaches the threshold *and* it holds at least one risk class: distress, loneliness and
 * hopelessness alone never flag, however much of them there is.
 */

import { squeeze } from '../../lib/fold.ts';

export type EvidenceFlag = 'self_harm' | 'harm_to_others';

interface PhraseGroup {
  /** The token a match is anchored on (squeezed). */
  readonly anchor: string;
  /** Sticky, tried at the space before each occurrence of the anchor. */
  readonly re: RegExp;
}

interface EvidenceClass {
  readonly id: string;
  readonly flag: EvidenceFlag;
  readonly weight: number;
  /** A risk class: without one, a total never flags. */
  readonly risk: boolean;
  /**
   * The class's phrases grouped by the token they start with (squeezed) and their rarest word:
   * each group is one sticky pattern, tried only where its lead token is and only in a text
   * holding its key word. A lead ending in `*` is a prefix of the token.
   */
  readonly groups: readonly PhraseGroup[];
  /** A cue counts only when its sentence also matches this (a means near an act or a look). */
  readonly needs?: RegExp;
  /** The class does not count in a text matching this (a move abroad explains giving things away). */
  readonly explained?: RegExp;
  /**
   * The class counts only in a text that also holds a risk of its flag said now (not a past
   * attempt): thanks add to finality or a decision, they are no risk alone.
   */
  readonly addsToRisk?: boolean;
}

/** Squeezes the letters of a pattern source as the text is squeezed (escapes left alone). */
function sq(source: string): string {
  return source.replace(/(?<!\\)([a-z])\1+/g, '$1');
}

/** An alternation of phrases separated by ` | ` (a bare `|` stays inside a phrase's own group). */
function family(list: string): string {
  return `(?:${list
    .replace(/\s+/g, ' ')
    .split(' | ')
    .map((w) => w.trim())
    .filter((w) => w !== '')
    .join('|')})`;
}

function cls(
  id: string,
  flag: EvidenceFlag,
  weight: number,
  risk: boolean,
  source: string,
  needs?: RegExp,
  explained?: RegExp,
): EvidenceClass {
  const byAnchor = new Map<string, string[]>();
  for (const phrase of alternatives(source)) {
    const anchored = anchorPhrase(phrase);
    if (anchored === null) throw new Error(`evidence class ${id}: no word to anchor "${phrase}" on`);
    for (const anchor of new Set(anchored.anchors.map(squeeze))) {
      const list = byAnchor.get(anchor);
      if (list === undefined) byAnchor.set(anchor, [anchored.source]);
      else list.push(anchored.source);
    }
  }
  const groups = [...byAnchor].map(([anchor, sources]) => ({
    anchor,
    re: new RegExp(`${sq(`(?:${sources.join('|')})`)}(?= )`, 'y'),
  }));
  return { id, flag, weight, risk, groups, ...(needs && { needs }), ...(explained && { explained }) };
}

/**
 * Where a phrase is looked for: on its rarest plain word outside groups (the longest uncommon
 * one), what precedes that word becoming a lookbehind; or, with no such word, on the words it
 * can start with. The source matches from the space before the anchor.
 */
function anchorPhrase(phrase: string): { anchors: string[]; source: string } | null {
  let depth = 0;
  let offset = 0;
  let best: { word: string; at: number } | null = null;
  let rank = -1;
  for (const piece of phrase.split(' ')) {
    const wasTop = depth === 0;
    for (const c of piece) {
      if (c === '(') depth++;
      else if (c === ')') depth--;
    }
    if (wasTop && depth === 0 && /^[a-z0-9']+$/.test(piece)) {
      const word = squeeze(piece);
      const r = word.length + (COMMON.has(word) ? 0 : 100);
      if (r > rank) {
        best = { word, at: offset };
        rank = r;
      }
    }
    offset += piece.length + 1;
  }
  if (best !== null && best.at > 0) {
    return { anchors: [best.word], source: `(?<= ${phrase.slice(0, best.at - 1)}) ${phrase.slice(best.at)}` };
  }
  const leads = best !== null ? [best.word] : leadWords(phrase);
  return leads === null ? null : { anchors: leads, source: ` ${phrase}` };
}

/**
 * The words a pattern's match can start with: each alternative's first literal token (a
 * lookaround after it consumes nothing); null when a match could start with a token no word
 * names (an optional group, a class, a stem).
 */
/** Words too common to anchor a phrase on (a rarer word of the phrase is tried in fewer places). */
const COMMON = new Set(
  squeeze(
    `i me my am is are was be been to the a an it its not do did have has had would will could should can of
    and or in on at for that this so just no with you he she they him her them what how here there all
    now out up get go any more one than then if about like`,
  ).split(/\s+/),
);

/** The top-level alternatives of a `(?:…|…)` group (the source itself when it is not one). */
function alternatives(source: string): string[] {
  if (!source.startsWith('(?:') || !source.endsWith(')')) return [source];
  const out: string[] = [];
  let depth = 0;
  let from = 3;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) {
      if (i !== source.length - 1) return [source];
      out.push(source.slice(from, i));
    } else if (c === '|' && depth === 1) {
      out.push(source.slice(from, i));
      from = i + 1;
    }
  }
  return out;
}

export function leadWords(source: string): string[] | null {
  if (source.startsWith('(?:')) {
    let depth = 0;
    let close = -1;
    const alternatives: string[] = [];
    let from = 3;
    for (let i = 0; i < source.length; i++) {
      const c = source[i];
      if (c === '\\') i++;
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) {
        close = i;
        break;
      } else if (c === '|' && depth === 1) {
        alternatives.push(source.slice(from, i));
        from = i + 1;
      }
    }
    const after = source[close + 1];
    if (close < 0 || after === '?' || after === '*') return null;
    alternatives.push(source.slice(from, close));
    const out: string[] = [];
    for (const alternative of alternatives) {
      const leads = leadWords(alternative === '' ? '' : alternative + source.slice(close + 1));
      if (leads === null) return null;
      out.push(...leads);
    }
    return out;
  }
  const literal = /^[a-z0-9']*/.exec(source)?.[0] ?? '';
  if (literal === '') return null;
  const rest = source.slice(literal.length);
  return rest === '' || rest.startsWith(' ') || rest.startsWith('(?=') || rest.startsWith('(?!')
    ? [literal]
    : null;
}

const S: EvidenceFlag = 'self_harm';
const H: EvidenceFlag = 'harm_to_others';

/** The writer as subject: "i", "i am", and the dropped subject of a fragment. */
const ME = `(?:i|i am|i have|i will|il|i would|me|my|myself)`;
/** People close to the writer, or everyone. */
const THEY = `(?:everyone|every one|they|them|people|my (?:\\w+ )?(?:family|parents|mom|mum|dad|kids|children|son|daughter|wife|husband|partner|girlfriend|boyfriend|friends?|sister|brother|siblings|roommates?|flatmates?)|the world|my loved ones|the people i love|the kids|he|she)`;
const PILLS = `(?:pils|pil|tablets|meds|medication|medicine|sleeping pils|painkilers|insulin|paracetamol|tylenol|benadryl|xanax|heart medication|prescription|sertraline|zopiclone|citalopram|fluoxetine|codeine|tramadol|ibuprofen|aspirin|antidepresants|diazepam|oxycodone|lithium|quetiapine|amitriptyline|propranolol)`;

export const EVIDENCE_CLASSES: readonly EvidenceClass[] = [
  // ---- Self: the C-SSRS ladder.
  cls(
    'wish-not-to-be',
    S,
    1.5,
    true,
    family(`
      not wake up(?! (?:any )?(?:earlier|early|on time|in time|before|til|until|for|at)) | never wake up | do not wake up | not waking up | not have to wake up | not have to come back
      | stop existing(?! (?:on|in|at|for a|online)) | stoped existing | i (?:\\w+ ){0,3}not exist | to not exist | not existing | cease to exist
      | i (?:\\w+ ){0,4}not be here | not being here | should just go(?= [.!?,;]| $) | want out(?= [.!?,;]| $| of (?:this|here|life|it al))
      | just not be | disappear for good | disappear forever | just disappear(?! (?:into|for a|to|from|under|in))
      | vanish(?! (?:into|for a|to|from|under|in)) | fade away | press a button | not be alive | not being alive
      | i was not here | i was not in it | i were not here | i was not around | i were not around | i (?:\\w+ ){0,4}not be around(?! (?:the|at|for|this|on|in|to|til|until|over|during|after|next|from|when)) | just be gone
      | sleep forever | sleep and not | go to sleep and not | not come back | how peaceful it would be
      | how quiet it would be | it would be so quiet | it would be so peaceful | clean slate for everyone
      | no longer be here | wish i was never | wish i had never | do not want to be here | do not want to be alive
      | do not want to exist | do not want to do another | do not want another year | should be the last
      | want (?:it|it al|everything|al of it|this) (?:to )?(?:stop|end|be over|to be over) | want it to be over
      | if i stoped existing | if i just stoped | not comin back | not coming back
      | (?:alowed|alow myself|ready|time for me|can finaly|could finaly|get to|just want to) (?:to )?(?:stop|rest)(?= [.!?,;]| $| now| for good| forever| al this)
      | waiting for the day i (?:can|get to|die|stop|am gone) | waiting to die | waiting for it to end
      | (?:go|went|going|be|gone|stay|sleep|slept|asleep|rest|disappear|leave|left|vanish|quiet|stop) (?:\\w+ ){0,3}(?:for good|forever|permanently)(?= [.!?,;]| $)
      | (?:do not know|not sure) (?:if|whether) i (?:even )?want to (?:get home|wake up|be here|kep going|go on|live|stay|make it|come back)
      | wrong one (?:of us )?(?:survived|lived|died) | should have been me
      | (?:i wil|il|i am going to) (?:se|join|be with) (?:her|him|them|you) (?:soon|again soon|there)`),
  ),
  cls(
    'thoughts-of-it',
    S,
    1,
    true,
    family(`
      think about it (?:a lot|every day|every night|al the time|constantly) | been thinking about it
      | thinking about it a lot | thinking about that a lot | the thought is there | thoughts that scare me
      | thoughts scare me | how i would do it | plan how i would | planning how i would | how quick it would be
      | how easy it would be | what i would do differently | do something about (?:that|it) | brave enough to
      | have the nerve | just need the nerve | go through with it | finish what i started | exit from (?:a|this|my) life
      | (?:fantasize|fantasise) about (?:driving|dying|jumping|crashing|walking|not)
      | (?:think|thinking) about (?:stepping|jumping|driving of|driving into|crashing|walking into|swerving|not being)
      | how much (?:of (?:my|his|her|the) \\w+ (?:\\w+ )?it would take|it would take)
      | (?:reading up on|reading about|looking up|loked up|lok up|researching|researched|googling|googled) (?:how|what|ways|methods|places|the|where|whether)
      | asisted dying | euthanasia | dignitas | other ideas | other ways out | (?:how|the way) (?:he|she|they) did it
      | (?:was|would be|is) not that hard | part of me (?:wants|does not care|is not sure|is ready)
      | not scare me enough | like relief | a relief | comforting thought | comforting to think | think about that buton
      | getting louder | thinking it sober | know exactly what would (?:work|do it) | know what would work | know what it would take
      | less scary | not as scary | getting used to the idea | feels less | (?:thought|thinking) about the (?:drugs|pils|meds|gun|rope|bridge)
      | how long that holds | how long i can hold | i mean it more | more each time`),
  ),
  cls(
    'plan',
    S,
    2,
    true,
    family(`
      plan how | planning how | planned how | the where , the when | the where | which day | what day
      | who would find me | would (?:even )?find me | find me for days | so the kids are not | not the ones to find me
      | if nothing changes (?:by|before|in) (?:the end|\\w+ (?:days|weks)|tomorow|next|my birthday) | if nothing changes i am (?:done|out|going to do it)
      | (?:by|at) the end of the (?:month|wek|year) i (?:am done|wil|am going)
      | held it for | holding it | opened the safe | know the code | the code for the safe | what i would ned
      | without braking | faster each time | while i stil can | already bought | have it al planed | have a date | set a date | picked a date
      | (?:everything is|everything s|it is al|al) (?:set|sorted|ready|arranged|in place) (?:for|by|before) (?:the wekend|this wekend|tonight|tomorow|sunday|monday|tuesday|wednesday|thursday|friday|saturday|next wek|the end)
      | got (?:everything|what i ned|al i ned)(?= [.!?,;]| $| for| ready| sorted) | i have the stuf(?= [.!?,;]| $| in| ready| here)
      | just waiting (?:for|til|until) (?:my|the|her|his|their) (?:\\w+ ){0,2}(?:trip|holiday|shift|flatmate|roommate|parents|to leave|to go away|to be away|to be out)
      | know exactly (?:how i would|what it does|how to do it|how much it would take) | loked into it(?= [.!?,;]| $| properly) | something that works(?= [.!?,;]| $| next| this)
      | make sure it works | i have picked the (?:tree|spot|place|bridge|day|level|flor|building|date|time)
      | (?:which|what) (?:level|flor|storey) is (?:the )?highest | not planing on coming (?:down|back|home) | (?:knot|nose) (?:is|s) tied
      | the key to (?:the|his|her|my \\w+ s) gun | gun cabinet`),
  ),
  cls(
    'decision',
    S,
    1.5,
    true,
    family(`
      i have decided(?= [.!?,;]| $) | i decided(?= [.!?,;]| $) | already decided | made up my mind | my mind is made up | made my peace
      | at peace with (?:it|my decision|this) | i am ready(?= [.!?;]| $) | not in a funy way | not a bit any more
      | not scared any more | not afraid any more | (?:calm|calmer) than i have
      | weirdly calm | strangely calm | if it happens it happens | i have accepted it | kind of accepted it
      | (?:they|he|she|someone|people) would (?:try to )?stop me | nothing is stopping me | nothing to stop me`),
  ),
  cls(
    'preparation',
    S,
    2,
    true,
    family(`
      gave (?:away|\\w+ my|my \\w+ to|my \\w+ away) | giving (?:away|my \\w+ to|my \\w+ away|\\w+ my) | given away
      | gave (?:the|my) (?:car )?keys back | (?:she|he|they) can (?:have|keep) (?:the|my) | who should get my
      | who gets my | (?:labeled|labelled) with | sorted my (?:things|stuf) | sorting (?:everything|my things|my stuf) out
      | tidy up | tidying up | put (?:my )?(?:affairs|things) in order | paid of (?:the last|my|al) | paying of my
      | last of what i owed | (?:cancel|canceled|cancelled|canceling|cancelling) (?:my )?(?:phone|contract|subscriptions?|gym|lease|appointments?|things)
      | deleted (?:my|most of my|al my) (?:social media|acounts?|apps|dating apps|profiles?)
      | returned al my | insurance (?:would|wil|pays|payout|covers|would cover) | (?:updated|changed|named) my beneficiary | who gets what
      | (?:letter|letters) (?:to|for) (?:my|the|each|everyone|her|him|them|the people) | writing letters
      | wrote (?:her|him|them|to \\w+) a (?:long )?(?:letter|note|card) | wrote a lot in | wrote out what
      | what i would want to say to | for when (?:they|he|she) (?:are|is|get|gets) older | said my goodbyes
      | (?:hose|tape|rope|charcoal|noose|belt|pils) (?:and (?:the|a) \\w+ )?in (?:the|my) (?:bot|trunk|car|bag|garage|wardrobe|closet)
      | (?:bought|buying|got|ordered|picked up|stole) (?:a |some |the |another )?(?:length of |box of |bottle of |pack of )?(?:rope|hose|charcoal|noose|gun|rifle|pistol|revolver|razor blades|blades|pils|tablets|sleeping pils|painkilers)
      | (?:wrote|writing|typed|drafted) (?:\\w+ ){0,3}(?:said|saying|says) goodbye | a goodbye (?:message|text|leter|note|video) | (?:message|text|leter|note) (?:that )?(?:basicaly )?said goodbye
      | sorted (?:out )?(?:the|my|al the) paperwork | (?:written|wrote) down (?:al )?(?:the |my )?passwords | (?:house|flat|money|car) wil go to
      | did not re enrol | did not reenrol | stoped taking my | sold (?:my|most of my|al my) | if anything (?:ever )?happens
      | (?:leaving|left) (?:little )?things to | could (?:have|keep) (?:the|my) | gave (?:my )?\\w+ my
      | (?:buying|bought|saving|saved|stockpile|stockpiles|stockpiled|stockpiling|hoard|hoarded|hoarding|collect|collected|collecting|counted|counting) (?:out )?(?:another |more |extra |up )?(?:box |bottle |pack |boxes )?(?:of )?${PILLS}
      | have (?:them|it) (?:hidden|in a|stashed) | like knowing (?:they are|it is) there
      | tying up lose ends | tied up lose ends | said my godbyes | wil signed | letters writen | (?:cat|dog|rabit|pets?) rehomed
      | so (?:my|the) (?:wife|husband|partner|family|kids|children) (?:gets?|get) the insurance | keping every single one`),
    undefined,
    /(?<![a-z])(?:moving|move (?:abroad|house|out|away|to)|relocat|emigrat|going abroad|travel+ing|gap year|new job|declutter|downsiz|spring clean)/,
  ),
  // A note left behind: what is said to those who find it (absolution, instructions for grief,
  // an apology for leaving), and what is arranged for them (passwords, things given, a pet's care).
  cls(
    'farewell-note',
    S,
    1.5,
    true,
    family(`
      if (?:you are|your) reading this(?= [.,!?;:-]| $| it means| then| i | i am| i have| i wil| i was| your| you)
      | (?:to )?whoever finds (?:this|me|my phone|my body|my note) | if (?:anyone|someone|somebody) (?:finds|reads) this | by the time you read this
      | do not blame yourself | you could not have known | nothing you could have done | could not have stopped (?:it|me|this)
      | do not be sad (?:about|for) me | do not cry (?:too long|for me|over me) | do not (?:waste|spend) (?:time|too long) (?:being sad|crying|grieving)
      | no sad songs | at (?:the|my) funeral, play | do not let (?:mum|mom|dad|them|anyone) see me | live for me | be happy for both of us
      | sorry (?:to leave you|to do this to you|for the trouble|for the mess|it is such admin)
      | (?:sorry|i am sorry) i could not (?:stay|keep going|hold on|be better|do better|make it)
      | i (?:just )?could not (?:stay|keep going|hold on any longer)
      | (?:need|needs) (?:any of )?(?:it|them|this|that) where i am going | where i am going | not staying for the next
      | now we will not | never (?:got|get) to meet | will not be making (?:anything|it) (?:any more|anymore) | i am where i want to be
      | i will always be proud of you | last orders`),
  ),
  cls(
    'arrangements',
    S,
    1.5,
    true,
    family(`
      the (?:laptop |phone |bank )?password (?:is|for) | passwords (?:are|is) in | you can have my | i want you to have my
      | i have left (?:you|money|my) | the paperwork is in | (?:the )?(?:car|house|flat|guitar|savings|bike|account) (?:is|are) yours
      | please cancel | direct debits | (?:her|his) vet is | the neighbours know to | letters? (?:to you )?for every birthday
      | voice notes for | selling everything | do not let (?:dad|mum|mom|them|anyone) sell
      | take (?:him|her|them|it) if anything (?:ever )?hap+ened | signed (?:the|my) (?:dog|cat|pet|rabits?|bird|horse) over
      | (?:look|lok) after (?:mum|mom|dad|my (?:mum|mom|dad|brother|sister|kids?|dog|cat|boys|girls)) for me
      | (?:does not|do not|did not) know (?:that )?(?:it is not a wek|i am not coming back|i wil not be back|this is godbye)
      | left al (?:the|my) group chats | unfollowed everyone`),
    undefined,
    /(?<![a-z])(?:moving|move (?:abroad|house|out|away|to)|relocat|emigrat|going abroad|holiday|vacation|trip|travel+ing|while i am away|away for|house ?sit|pet ?sit|until i get back|when i get back|back on|back in|see you (?:soon|next|then|when)|declutter|downsiz|spring clean)/,
  ),
  // The moment itself: a train due, the tide in, no fence, feet over the edge, going back in.
  cls(
    'imminence',
    S,
    1.5,
    true,
    family(`
      (?:the )?\\d+ (?:\\d+ )?(?:\\w+ )?is due | tide (?:is|s) in | no fence (?:on|here|at) | fet over the edge
      | going back (?:in|out)(?= [.!?,;]| $) | about to go in the bag with my | left my shoes | shoes (?:on|by) the
      | not going to wear the hi vis | on purpose(?= [.!?,;]| $)(?<= no seatbelt on purpose) | no seatbelt | treading water
      | (?:typing|writing) this (?:from|on) (?:the|a|my) (?:rof|bridge|ledge|edge|platform|car park|top|parapet|pier|railway)
      | (?:typing|writing) this with my eyes | came back out to write`),
  ),
  cls(
    'means',
    S,
    1.5,
    true,
    family(`
      ${PILLS} | lethal | overdose | rope | noose | razor | razors | blade | blades | gun | pistol | rifle | the safe
      | hose | the tape | exhaust | bridge | overpas | rof | rooftop | top level | top flor | multi story | multi storey
      | car park | parking garage | ledge | cliff | platform | train | tracks | pilar | reservoir | lake | the river
      | the sea | the water | med rom | shoebox | bottle | knife | knives | compas | drive of | driving of
      | of the road | into a wal | pier | jety | harbour wal | parapet | railing | railings | hard shoulder | motorway
      | the trafic | into trafic | buoys | multistorey | bath`),
    new RegExp(
      sq(
        ` (?:stare|staring|stared|lok(?:ed|ing)? (?:at|down)|keep|kept|counted|counting|enough|held|holding|hold|stod|standing|stand|sat|sitting|bought|buying|saving|saved|hid|hidden|hide|know exactly|how much|how many|lethal|edge|top|thinking about|think about|the code|opened|like knowing|i have the|in the bot|longer than i neded|reading up|loked up|researching|stoped taking|walk into|step|stepping|drive|driving|how quick|in front of|fantasi[sz]e|looked down|jump|dad s|mom s|mum s|my dad|my mom|my mum|at the end of|on the end of|at the top of|walking toward|walking towards|walked into|swam out|sat on|in the bath with|lined up|in front of me|on my lap|dangling|over the edge|walking (?:out )?to|heading (?:out )?to)(?= )`,
      ),
    ),
  ),
  cls(
    'past-attempt',
    S,
    1,
    true,
    family(`
      attempted | my attempt | last attempt | previous attempt | i tried (?:at|when|before|once|twice|last) | when i tried
      | since i tried | the way i did it | hospitalized | hospitalised | the ward | psych ward | relapsed
      | (?:brother|sister|mom|mum|dad|father|mother|friend|son|daughter|cousin|uncle) (?:\\w+ )?(?:killed (?:himself|herself)|took (?:his|her) (?:own )?life)
      | understand (?:him|her) now | supposed to go`),
  ),
  // ---- Self: Joiner's interpersonal theory, hopelessness and finality.
  cls(
    'burden',
    S,
    1.5,
    true,
    family(`
      (?:beter|easier|happier|lighter|fine|okay|ok|wel|of|relieved|move on|get by|do fine) without me
      | life without me | lives without me | if i was not (?:here|around|in it|alive) | if i were not (?:here|around|in it|alive)
      | if i was gone | if i were gone | with me gone | if i did not exist | (?:would|wil) (?:al )?get over it
      | (?:would|wil) do fine | (?:would|wil) be relieved | i am the problem | been the problem | i am the reason
      | cost more than i | taking up space | take up space | waste of (?:space|money|air|oxygen) | burden
      | have to deal with me | to deal with me | (?:would|wil) (?:al )?be beter of | easier time | kinder this way
      | nothing for them to | ruin everything | too much for (?:everyone|them|my) | a memory of me
      | do not deserve to (?:keep|be|live) | (?:apologizing|apologising) for existing | find someone (?:who|beter)
      | (?:does not|do not|would not) ned me | no one neds me | nobody neds me | not contributing
      | (?:not|never) have to (?:worry about|deal with|put up with|lok after|take care of) me | one les (?:thing|person|mouth)`),
  ),
  cls(
    'not-belonging',
    S,
    0.75,
    false,
    family(`
      no one (?:would|wil|even|ever|texted|cals|called|noticed|notices|understands|cares|would find)
      | not a single person | nobody | so alone | al alone | completely alone | feel alone | i have no one
      | have no friends | no friends left | invisible | left on read | like a ghost | do not belong
      | would anyone | stoped inviting`),
  ),
  cls(
    'entrapment',
    S,
    1.5,
    true,
    family(`
      can not (?:take|do|handle|bear|stand) (?:it|this|this life|life|living) any more | can not go on | can not kep going
      | can not do this much longer | can not kep doing this | can not kep living | no way out | no escape | trapped (?:in|forever)
      | can not get out | there is no way (?:out|through) | want out(?= [.!?,;]| $) | meaningles | can not be borne | can not do this (?:any )?longer | (?:becoming|getting|is) (?:almost )?to much to bear`),
  ),
  cls(
    'hopeless',
    S,
    1,
    false,
    family(`
      no point | pointles | what is the point | hopeles | no hope | nothing gets beter | nothing (?:wil|ever) change
      | nothing changes | never gets beter | not gotten beter | it wil never | used up | wasted every | no (?:more )?chances
      | another one in me | can not fix | no way out | trapped | drowning | nothing works | nothing touches it
      | tried everything | done trying | every med | never had a god | gets diferent | the hole | borowed time
      | fal right back | what would be left | nothing left | lost everything | can not kep | how much longer
      | kep pretending | i am done | i am so done | i think i am done | i have done enough | i am finished
      | hanging on | nowhere to go | no way through`),
  ),
  cls(
    'distress',
    S,
    0.5,
    false,
    family(`
      hate myself | hate being | hate my life | depressed | depression | empty | numb | hollow | grey | gray | exhausted
      | so tired | tired of | sick of | can not slep | crying | cried | cry | tears | worthles | useles | failure
      | disgrace | pathetic | falling apart | scared | dread | heavy | heavines | pain | hurting | therapy | therapist
      | drunk | drinking | lonely | lost my job | laid of | (?:evict|evicted|evicting|eviction) | debt | nightmare | screaming | stoped eating
      | not eaten | can not eat | homeles | couch surfing | have not told anyone | never said this | nobody knows`),
  ),
  cls(
    'finality',
    S,
    1.5,
    true,
    family(`
      i (?:wil not|am not going to|might not|do not think i wil|probably wil not) be (?:around|here)(?! (?:the|at|for a|this|on|in|to|til|until|over|during|after|next|from|when|tomorow)) | gone before | be gone by
      | gone soon | last (?:one|birthday|christmas|chance) | this is my last | for the last time | one last
      | no future | a future that has me | future with me | version of the future | with me in it
      | do not think i wil (?:se|make|need|be|stay) | not think i wil (?:se|make|need|be|stay) | wil not need
      | do not ned one | not going to stay | stay either | not going to wait | not wait another
      | by the end of the month | end of the (?:month|wek|year) i am | days left | weks left | after i am gone
      | when i am gone | what would be left for me | drive home again | not wait around | while i stil can
      | not have a plan for next | not sure i want to se
      | (?:tonight is the night|today is the day|this is the day)(?= [.!?,;]| $| i | for me)
      | (?:se|visit|hear|hold) (?:her|him|them|it|his|their|my)(?: \\w+)? (?:one|for one|for the) (?:more|last) time
      | enough to (?:hold|kep) me | hold me here | kep me here | keping me here | reason to stay
      | (?:reasons|reason) (?:to stay|to live|for living) | deleted the last one | crossed (?:of )?the last
      | thank you for everything | thanks for everything | take care of yourselves | i love you al
      | had my turn | had my time | after (?:friday|saturday|sunday|monday|tuesday|wednesday|thursday|tonight|this wekend|tomorow) (?:none of it|nothing) (?:maters|wil mater)
      | (?:going|gone|leaving|go) before the sun comes up | my time is up | done my job | done my part | (?:did not|have not) sent it yet | not sent it yet
      | last good (?:day|memory|evening|night|one|morning) | (?:a|one) good (?:one|day) to finish on | to finish on(?= [.!?,;]| $)
      | (?:wil not|am not going to) be (?:writing|posting|around|here) again | the last (?:list|entry|thing i was worried about) (?:i wil|i wil ever|i have to)?
      | (?:it is|everything is) (?:nearly|almost|finaly) over(?= [.!?,;]| $) | know (?:you are|i am) leaving(?= [.!?,;]| $)
      | before it is to late for me | (?:wil not|can not|wil never) be able to (?:give|tel|se|hand|read) (?:it to |this to )?(?:her|him|them) (?:myself|in person)
      | (?:from me|of me|them) one (?:more|last) time(?= [.!?,;]| $) | (?:se|visit) (?:it|this place|the place|the beach|the sea|the house) one more time
      | at the end(?= [.!?,;]| $)(?<= (?:something|anything) god at the end)`),
  ),
  // A farewell said through thanks and love: thanks to everyone, messages left for the people
  // who will be told, blame lifted from them, what of the writer will remain. Not a risk on its
  // own (gratitude journals are full of thanks): it adds to finality. A job, a move, a pet's
  // last day or a funeral explains a goodbye.
  {
    ...cls(
      'farewell',
      S,
      1.5,
      false,
      family(`
      thank you (?:for|to) (?:everyone|everything|al of you|being|every \w+ who) | thank u (?:for|to) (?:everyone|everything|al of u|being)
      | thanks (?:for|to) (?:everyone|everything|al of you|being)
      | grateful (?:for|to) (?:the people|everyone|al of you|every \w+ who)
      | tel (?:my \w+|her|him|them|\w+) (?:that )?i (?:loved|love|was proud|was not angry|am sory|forgave)
      | i hope (?:you|they|he|she) (?:have|has|live|find) (?:the best|a god|a wonderful|a hapy|a long)
      | i forgave (?:my|her|him|them|everyone|myself) | made my peace | made peace with (?:everything|it al)
      | (?:said|say) my godbyes | (?:written|wrote) to everyone | (?:letters|notes|cards) (?:to|for) everyone
      | (?:not|is not) (?:anyone|anybody|your|their|her|his) s? (?:fault|failure) | do not blame (?:yourself|yourselves|herself|himself)
      | not to blame (?:herself|himself|themselves|yourself|yourselves)
      | kinder to me than (?:you|they) know | you were enough | you al tried | you (?:al )?tried (?:so|realy) hard
      | (?:told|tel) (?:her|him|them) i loved (?:her|him|them) | to hear it from me
      | something of me | to have of me | to remember me by | remember me (?:as|for|by) | anything else about me
      | it was enough(?= [.!?,;]| $) | go out sad`),
      undefined,
      /\b(?:job|work|ofice|team|coleagues?|colegues?|retir\w*|moving|move to|moved to|emigrat\w*|abroad|relocat\w*|graduat\w*|semester|vet|put (?:him|her|them) down|put to slep|euthan\w*|rainbow bridge|funeral|pased away|hospice|holiday|trip|travel\w*|se you (?:in|next|son|when|at|on)|break from|tour|season|league|maternity|new chapter|flat|house move|school|sixth form|colege|uni|year \d+|end of an era)\b/,
    ),
    addsToRisk: true,
  },
  // An act already done: an overdose taken.
  cls(
    'act',
    S,
    3,
    true,
    family(`
      took (?:the rest of|al of|al|every|the whole|a whole|the entire|both) (?:of )?(?:my |the |a |her |his )?(?:box |bottle |pack |packet |strip )?(?:of )?(?:my )?(?:prescription|${PILLS})
      | swallowed (?:al of|al|them al|the lot|everything|the whole|every)
      | did it (?:\\. )?(?:i )?(?:took|swallowed|downed) (?:them al|the lot|everything)(?= [.!?;]| $)
      | (?:i am|standing|siting|lying|laying|stod|sat|lay) (?:right )?on the (?:train |railway )?(?:tracks|line)(?= [.!?,;]| $| now| right now| and| waiting)
      | (?:stoped|parked|siting) (?:my car )?on the (?:level |railway )?crosing
      | (?:took|taken|swallowed|downed) (?:like |about |around |maybe |over |nearly |almost |at least )?(?:a load|a bunch|a big bunch|a handful|handfuls|a lot|loads|lots|a pile|most|half|\\d+|twenty|thirty|forty|fifty) (?:of )?(?:my |her |his |mum s |mom s |dad s |the )?(?:sleping )?${PILLS}
      | ${PILLS} (?:about |like |maybe )?(?:\\w+ )?(?:minutes|an hour|hours|half an hour) ago
      | (?:took|taken|swallowed|had) too many(?! (?:\\S+ ){0,4}(?:by mistake|by acident|acidentaly|without thinking)) | (?:took|taken|swallowed) (?:al|every one) of (?:my |his |her |the )?(?:\\w+ s )?${PILLS}
      | (?:took|taken|swallowed) (?:my |the )?whole (?:wek s |month s |box of |bottle of |packet of )?${PILLS}
      | drank (?:some |a bit |half |a cup |a glass |a mouthful |a litle )?(?:of )?(?:the |my |our )?(?:bleach|antifreze|wedkiler|drain cleaner|paint thiner)
      | charcoal (?:is )?lit | taped (?:up )?(?:the|al the) (?:window|windows|door|vents|gaps)
      | (?:pils|tablets|blades|razor blades|razors|razor) (?:are|is) (?:in my hand|lined up|in front of me|on my lap)
      | (?:lined up|laid out) (?:the|my) (?:pils|tablets|blades|razor blades)(?= [.!?,;]| $| on| in| next)
      | (?:pils|tablets|blades|razor blades|razors) (?:al )?(?:lined up|laid out)(?= [.!?,;]| $| on| in| next| beside)
      | in the bath with (?:the|a|my) (?:razor|blades|razor blades|knife)
      | walked into the (?:lake|sea|river|water|lough|lock) up to my | going to let go (?:son|now|tonight)(?= [.!?,;]| $)
      | (?:knife|blade|razor|glass) (?:is |is now )?(?:against|on|to|at) my (?:wrist|wrists|throat|neck|skin|arm|vein|veins)(?= [.!?,;]| $| now| right now)
      | (?:was not|not) high enough(?= [.!?,;]| $)(?<= (?:jumped|fel|jump) (?:\\S+ ){1,9}(?:was not|not) high enough)`),
  ),
  // Absence said outright: the writer's future without them, or everyone better off, in so many
  // words; enough on its own.
  cls(
    'absence',
    S,
    3,
    true,
    family(`
      no future (?:with|for) me in it | a future (?:that has|with) me in it | future without me in it
      | (?:do not|not) think (?:i wil|il|i am going to|i would) (?:se|make it to|live to se|be here for|be around for|be alive for|be here by|be alive by) (?:next|another|the next|my next|christmas|new year|the new year|the end|my birthday|\\d+)
      | i (?:wil not|am not going to) se (?:next|another|christmas|my next|the new year|my birthday)
      | i (?:wil not|am not going to) (?:make it to|live to se) (?:next|another|christmas|my next|the new year|my birthday)
      | (?:wil not|am not going to) be a (?:problem|burden|bother)(?: (?:for|to|on) (?:anyone|anybody|you|them|everyone|my family|you al))? (?:soon|much longer|for much longer|for long|any more|after)
      | (?:pretending|pretend) (?:that )?i have a future | i do not have a future | i have no future
      | (?:this|it) (?:wil|is going to) be the last time i (?:ask|bother|reach out|post|write|cal|text)
      | (?:i wil|il|i am going to) be gone (?:before|by) (?:christmas|my birthday|the (?:end|wekend|new year|morning)|next|tomorow)
      | i am not going to be around (?:much longer|for long|long)
      | (?:everyone|everybody|they|people|my family|the world) (?:would|wil) (?:al )?be beter of(?= [.!?,;]| $| now| anyway)
      | sleep and not (?:have to )?(?:wake up|come back) | sleep and never (?:wake up|come back)
      | hope (?:the|my) (?:plane|car|bus|train|flight) (?:goes down|crashes|crash|hits) | hope (?:something|someone|a car|a bus|a truck) (?:hits|kils|takes) me
      | (?:no one|nobody) would (?:even )?(?:lok for|come loking for|search for|mis) me | (?:when|once) my (?:room|bed|chair|desk|seat|place) is empty`),
  ),
  // ---- Harm to others.
  cls(
    'grievance',
    H,
    1,
    false,
    family(`
      what (?:he|she|they|you) did | ruined my life | ruined everything | (?:humiliate|humiliated|humiliating|humiliation|humiliates) | laughed at me | laughing at me
      | laughing about it | laughed | bulied | bully | bulies | stole from me | cheated | lied (?:to|about)
      | abused | took everything | push me | spit | turned my friends | fired | in front of everyone
      | a joke | pushes | filmed (?:it|me) | broke my | threw my | jumped me | beat me up | got me fired | her lies | his lies
      | laying a hand | touches her | touches him | hits my | hit my`),
  ),
  cls(
    'revenge',
    H,
    1.5,
    true,
    family(`
      (?:they|he|she|you|everyone|them|al of them|those \\w+) (?:wil|are going to|is going to|wil al|should|are al going to) (?:al )?(?:pay|be sory|sufer)
      | (?:they|he|she|everyone|al of them|those \\w+) (?:wil|are going to|is going to|wil al|are al going to) (?:al )?regret
      | make (?:him|her|them|you|everyone|that \\w+) (?:regret|pay|sufer|sory|answer) | get what is coming
      | get what (?:he|she|they) deserves? | what is coming to | get back at | pay (?:him|her|them) back | payback
      | revenge | setle (?:it|this|things) myself | deal with (?:him|her|them) myself | dealing with (?:him|her|them) myself
      | teach (?:him|her|them|that|the|this) (?:\\w+ ){0,2}a leson | find out what it feels like
      | stop laughing | be sory | not think that after | se what happens when | what happens when you push
      | pushed me too far | push (?:someone|me|people) too far
      | getting what is coming | (?:are|is) going to (?:se|learn)(?= [.!?,;]| $) | this is not a talk | something people (?:wil )?talk about
      | no idea what is coming | does not know what is coming | what is coming (?:to|for) (?:her|him|them)
      | not going to be a victim | done being a victim | not going to take it any more | never (?:going to|gona) (?:touch|hurt|hit) (?:her|him|me|them|anyone) again | (?:wil not|not going to) be getting up | not get up again | not getting up again | answer for (?:it|this|what) | i (?:am going to|wil) end (?:him|her|them)`),
  ),
  cls(
    'urge-to-hurt',
    H,
    1.5,
    true,
    family(`
      wanted to (?:throw|shake|smother|hit|hurt|strangle|choke|drown|stab|slap) (?:him|her|them|the baby|my (?:son|daughter|baby|brother|sister))
      | scared of what (?:my hands|i) (?:want to do|might do|wil do|would do|could do) | frightened of what i (?:wil|might|would|could) do
      | (?:hand|pilow) over (?:his|her|their) (?:mouth|face) | knife to (?:his|her|their|my \\S+ s) (?:throat|neck)
      | throw (?:him|her) against`),
  ),
  cls(
    'agency',
    H,
    1.5,
    true,
    family(`
      it wil be me (?:who|that) | it is going to be me | i wil be the one | be me who | i wil do it myself | with my own hands
      | by my (?:own )?hand | (?:him|her|them|it) myself | i wil make sure (?:he|she|they)`),
  ),
  cls(
    'rumination',
    H,
    1,
    false,
    family(`
      kep imagining | imagining (?:the|his|her|their|it) | picture (?:his|her|their) | (?:fantasize|fantasise|fantasizing|fantasising) | thought about it so many
      | can not stop thinking about (?:him|her|them|it|getting|what) | do it with my eyes closed | think about (?:him|her|them) every`),
  ),
  cls(
    'targeting',
    H,
    1.5,
    true,
    family(`
      know where (?:he|she|they) | know their | their routine | his routine | her routine | folowing (?:them|him|her)
      | folowed (?:them|him|her) | drive past (?:his|her|their) | watch when | watching (?:his|her|their) | have a key
      | stil have a key | let myself in | which days | know the combination | know the code
      | (?:thought about|planed|planning|ben planning) (?:this|it) for (?:months|weks|years) | watching (?:them|him|her) | been watching | staking out
      | (?:driving|going|heading|on my way) (?:over )?(?:there|to (?:his|her|their) (?:place|house|work)) (?:now|tonight) | go over there | go round there | go over to (?:his|her|their)
      | show up at (?:his|her|their) | waiting outside | waiting for (?:him|her|them) | waiting at (?:his|her|their)
      | (?:comes|goes|walks|leaves|is|lives) (?:home )?alone | (?:catches|gets|takes) the (?:\\S+ )?(?:bus|train) | get myself there
      | know (?:they|he|she) (?:al )?(?:stay|leave|come|go|walk|finish|get) | when it is time
      | (?:got|have) (?:his|her|their) adres | dug the spot | (?:bringing|taking) it in (?:on|at|to)`),
  ),
  cls(
    'weapon',
    H,
    1.5,
    true,
    family(
      `gun | guns | rifle | pistol | revolver | handgun | firearm | shotgun | glock | knife | knives | bat | machete | axe | hamer | crowbar | shovel | nail gun | weapon | bulets | amo`,
    ),
    / (?:i|my|me|myself|i am|i have)(?= )/,
  ),
  cls(
    'aimed-finality',
    H,
    1,
    false,
    family(`
      permanently | wil not be getting up | not getting up again | never se it coming | not se it coming
      | not for much longer | never forget | after friday | on monday | every single one of them | every one of them
      | do not care what happens to me | i mean it | i swear | done playing nice | done being | one way or another
      | al (?:\\w+ )?of them | tomorow | tonight | for the last time | (?:is going to|wil) be diferent`),
  ),
];

// ---- Frames: what discounts a cue's sentence, or the whole text ----------------------------

/**
 * The reader's own words, quoted back in a reply ("You said you'd rather be dead than live in
 * that house"): not the writer's.
 */
export const READER_SAID = `(?:you|u) (?:said|say|wrote|write|mentioned|posted|described|typed|are saying|keep saying|have said|told (?:us|me|them))|your post (?:said|says)`;

/** A sentence whose subject is someone else, or told in the past, a story or a denial. */
const SENTENCE_DISTANCED = new RegExp(
  sq(
    ` (?:years ago|(?:a|two|three|five|ten|\\d+) years? ago|when i was (?:younger|a kid|a teen|a teenager|\\d+)|back then|in (?:19|20)\\d\\d|used to|my character|the character|the villain|the protagonist|(?:his|her) character|the party|the players|in my (?:story|novel|book|game|campaign|script)|the story|the novel|a novel|a story|one of my (?:students|patients|clients)|my (?:student|patient|client)|no thoughts of|not in (?:any )?danger|not at risk|never had (?:any )?thoughts|not suicidal|lol|lmao|haha|hahaha|jk|just kidding|${READER_SAID})(?= )`,
  ),
);

/** A text told as a recovery story: the writer says they are well now. */
const RECOVERY_FRAME = new RegExp(
  sq(
    ` (?:(?:i have|we have|weve|we have both|weve both|i have now) ben wel for|wel for (?:over |nearly |almost )?(?:a year|\\d+ years|two years|thre years|four years|five years|ten years|years|months)|when i got wel|anniversary post|a good ending|the thing that got me through|not for about (?:\\d+|two|thre|four|five|six|ten) (?:years|months)|a thought now , not a pul|like reading someone else|leter to (?:the |my )?(?:younger |past |old |teenage |\\d+ year old )?(?:version of )?(?:myself|me|yourself|self)|(?:\\d+|two|thre|four|five|six|seven|eight|nine|ten|twenty) years (?:since|on from) my (?:atempt|overdose|last atempt)|(?:i am )?(?:so )?glad i (?:am )?(?:stil )?(?:here|alive|around|stayed|did not|survived)|(?:wore|wearing) (?:a )?(?:t - shirt|t shirt|short sleves|swimsuit|bikini|tank top)(?: \\S+){0,12} (?:first time|nobody|no one)|i am (?:doing )?(?:wel|beter|okay|god) now|doing (?:really )?wel|i am (?:now )?in recovery|in recovery|recovery is|stable for|clean for|sober for|(?:months|years|days) (?:sober|clean)|sober today|it does (?:change|get beter)(?! [^.?!;]*\\?)|believe them|(?:i am|i m|im|i fel|i felt) (?:so |realy |actualy |kind of )?proud of (?:myself|me)|i got help|i got beter|i survived|(?:years?|months?|weks?|days?) (?:today )?since (?:i (?:last )?(?:tried|atempted|self harmed|cut|overdosed|hurt myself|harmed myself|took an overdose)|the atempt|my (?:last )?atempt)|(?:years?|months?) (?:out from|on from|after) (?:my|the) (?:last |first |suicide |last suicide )?(?:atempt|overdose)|i am doing (?:a lot |so much |much |way |really )?(?:beter|wel)(?= [.!,;]| $| now| these days| today| thankfuly)|i am in a (?:realy |much |so much |very |god |way )?(?:god|beter|healthy|great|stable|safe) place|that was (?:\\w+ ){0,2}(?:years|months) ago|have not (?:cut|self harmed|harmed myself|hurt myself) (?:in|for|since)|(?:anniversary of|since|after) my (?:\\w+ ){0,3}(?:atempt|overdose|admision)|i was in (?:her|his|your|their|the same|the exact) (?:exact )?(?:position|place|shoes)|(?:years|year|months|yrs) (?:ago|since) (?:today )?(?:i (?:tried|atempted|overdosed|took an overdose)|my (?:suicide )?atempt)|(?:days|weeks|months|years|yrs|year|month) (?:clean|free|sober|sh free|self harm free|no sh|no cutting|no self harm|without (?:cutting|self harming|harming myself|sh))|(?:sh|self harm|cutting) free|clean (?:from|of) (?:self harm|sh|cutting)|i used to (?:want to die|self harm|cut|be suicidal|think about (?:it|dying|suicide|kiling myself))|i am (?:living )?proof|i was (?:exactly )?(?:where you are|there|one of them)|i have ben where you are|i made it (?:out|through)|stories of hope|what helped(?: me)?|saved my life|(?:part of|reason|is) why i am (?:stil )?(?:alive|here)|i do not (?:think about|want) (?:dying|to die|kiling myself) any more|did not want to die any more|i am (?:okay|ok|fine|alive|happy|wel) now|now i am (?:okay|ok|fine|happy|wel|doing wel|stable)|i am \\d+ now|(?:tatoo|tatoos) (?:over|on|covering) (?:my |the )?(?:old )?(?:self harm |sh |cuting )?scars|(?:over|covering|cover) (?:the|my) scars|scars (?:do not|dont) bother me|say i am (?:okay|ok)|i am (?:okay|ok) ,|i am (?:actualy )?beter than okay|(?:years|months) since the (?:night|day)|(?:the thing|what) (?:that )?saved me|(?:years|months) (?:without|since) (?:an? |my )?(?:last )?(?:atempt|self harm|cuting|hurting myself|relapse|admision|overdose)|since (?:my )?(?:last|first) (?:atempt|cut|relapse|admision|overdose)|(?:\\d+|\\w+) year aniversary(?! of)|(?:when i was|at) \\d+ i (?:tried|atempted|overdosed|took an overdose|took an od)|recover(?:ed|ing|y)? from (?:wanting to die|suicidal|self harm|an atempt)|survived an atempt|(?:years?|months?|days?|weks?) since i (?:stoped|quit) (?:self harming|cuting|hurting myself|harming myself|sh)|recovery aniversary|(?:days?|weks?|months?|years?) (?:with no|without any) (?:self harm|sh|cuting|relapse)|(?:have ben|were|are) the best (?:years|year|time) of my life|(?:share|sharing|shared|tel|teling|told|write down|writing down|start teling) my story)(?= )`,
  ),
);

/**
 * A reply that supports someone else: it asks the reader to stay, to reach a person or a crisis
 * line, tells them they are not alone. What such a reply says of its writer's own risk is told
 * as the past, like a recovery story; a risk said now still cancels it (see `scoreCrisis`).
 */
const SUPPORT_FRAME = new RegExp(
  sq(
    ` (?:please (?:stay|hang on|hold on|do not give up|reach out|talk to (?:someone|somebody|a person|your)|tell (?:someone|somebody|a person|your)|get help|stick around|be gentle with yourself|be kind to yourself|do not do it|do not act)|you are not alone|you deserve (?:to be (?:happy|here|safe|alive|helped|heard)|help|support|a chance|to live|to stay|another chance)|you do not have to (?:carry|go through|do this|be alone|face)|(?:i am|we are) (?:so |realy )?(?:glad|proud|happy) (?:that )?you (?:are|posted|reached|told|stayed|said)|(?:^|[.!?,;:]) (?:please )?(?:call|text|ring|contact) (?:a |the |your )?(?:crisis|hotline|helpline|samaritans|988|lifeline|emergency)|you (?:can|could|should) (?:call|text|ring) (?:a |the )?(?:crisis|hotline|helpline|samaritans|988|lifeline)|i am (?:here|listening) (?:for you|if you)|sending (?:you )?(?:love|hugs|strength))(?= )`,
  ),
);

/**
 * A writer who speaks of suicide or self-harm as their work or study: a clinician, a researcher,
 * a crisis-line volunteer, a charity's campaigner, a student of it. Read like a recovery story:
 * a risk said now, in the first person, still cancels it ("I'm a nurse and I want to die").
 */
const PROFESSIONAL_FRAME = new RegExp(
  sq(
    `(?: (?:i am|as|speaking as|i work as|i have ben|i have worked as|i trained as|i have ben a) (?:a |an )?(?:\\S+ ){0,2}(?:gp|doctor|nurse|psychiatrist|psychologist|therapist|counsel?or|researcher|lecturer|profesor|social worker|paramedic|clinician|samaritan|chaplain|crisis (?:line |text line |text )?(?:volunteer|worker|counsel?or|supervisor))(?= [.,!?;]| $| and| for| in| at| on| who| with| of| here| myself)| (?:crisis line|crisis text line|helpline|hotline|samaritans) volunteer| i (?:work|volunteer) (?:for|at|on|in|with) (?:a |an |the )?(?:\\S+ ){0,2}(?:suicide prevention|crisis (?:line|service|team|charity)|helpline|hotline)| (?:my|our) (?:phd|dissertation|thesis|research|lab|module|study|paper|documentary|podcast|campaign|training) (?:is |on |about |looks |examines |explores |studies |focuses )| i (?:lead|run|co facilitate|facilitate) a (?:\\S+ ){0,3}(?:lab|study|research group|support group|charity|training)| i teach (?:a |the )?(?:\\S+ ){0,3}(?:session|class|course|module) on| for (?:my|our) (?:\\S+ ){0,2}(?:module|disertation|dissertation|thesis|phd|research|course|asignment|assignment|essay|project|seminar)(?= )| i am (?:doing|writing|working on) (?:a |an |my )?(?:phd|masters|dissertation|thesis|research|research project|study|paper|documentary) (?:on|about|into|in))(?= )`,
  ),
);

/**
 * The longest text read as a reply: a long post that also comforts someone ("you are not alone")
 * is still its writer's own.
 */
const SUPPORT_REPLY_LENGTH = 1200;

/** What ends a clean streak ("lost my 7 months clean", "broke my clean streak"). */
export const STREAK_BREAKERS = '(?:broke|broken|breaking|lost|ruined|reset|threw away|blew|ended)';
/** A clean streak ended: the risk come back in a recovery story, and a self-harm rule's match. */
export const BROKEN_STREAK = `${STREAK_BREAKERS} (?:my )?(?:\\S+ ){0,3}(?:clean streak|sh streak|(?:days|weks|months|years) clean|sh free|self harm free)`;

/** The risk is live now in a recovery story: it has come back. */
const LIVE_AGAIN = new RegExp(
  sq(
    ` (?:(?:it has|it is|they have|it) ben coming back|i have decided i have had enough|i know (?:exactly )?what i am going to do|set aside the night|i would like to stop existing|(?:it has|it is|they have|thoughts have|thoughts|urges|feelings|it al|they|the darknes|depresion) (?:have |has |are |al )?(?:al )?(?:come|came|coming) back|(?:lately|these days|right now|tonight|this week|this evening|last night)(?: \\S+){0,6} (?:thoughts|urges|want|wanting|wanted|thinking|planning|plan|cut|cuting|die|dying|dead|kil|suicid\\w*|end it|pils|hurt|harm|relapse\\w*|again|back|deper|do it)|(?:thoughts|urges|want to|wanting to|thinking about|planning|cut|cuting|suicidal|opened|do it|pils)(?: \\S+){0,6} (?:lately|these days|right now|tonight|this week|this evening|last night)|the same (?:pils|method|way|rope|bridge|place|spot|stuf|things|bottle|knife|blade|razor)|(?:want|going|wil|about|plan|planing) to try (?:it )?again|thinking about it every (?:day|night|single day)|(?:access to|have) more (?:now )?than i had|not going to put (?:it|them) away|last time (?:\\w+ ){0,4}(?:close|almost|nearly|working|worked)|(?:do|did) it (?:properly|right this time|last time)|(?:going )?back to the (?:clif|bridge|tracks|rof|ledge|edge)|i am not done|going deper|relapsed|relapsing|had a relapse|${BROKEN_STREAK}|started again|(?:started|start|begun|began) (?:\\w+ ){1,3}again|(?:cuting|cut|hurting|harming|burning) myself again|back again|again (?:now|lately|this)|(?:urges|thoughts|it) (?:are|is) back|i am back (?:there|to|in that|at)|back (?:to|at) square one|back where i (?:was|started)|(?:last night|yesterday|this morning) i (?:cut|relapsed|took|tried|hurt|burned|overdosed)|i do not (?:think|know if) i (?:wil|can) (?:make it|survive|hold on|kep going)|i have (?:a plan|a date|the pils|enough pils|a rope)(?! for)|i am (?:going to|gona) (?:do it|end it|kil myself|try again)|can not (?:do|take|handle) (?:this|it) any more|(?:want|wanting|thinking about|planning|plan) to (?:die|do it|end it|kil myself) again)(?= )`,
  ),
);

/** A text framed as fiction or a game. */
const FICTION_FRAME = new RegExp(
  sq(
    ` (?:i am writing (?:a|my)|writing a (?:novel|story|book|scene|script|screenplay)|my (?:novel|book|screenplay|script|campaign|character)|(?:in|for|writing|write|wrote|editing|finish|finishing|publish|draft of) my (?:story|stories)(?! (?:ends|ending|is ending|wil end|is over|stops|comes to an end))|my (?:short )?story (?:is about a (?:girl|boy|man|woman|character|knight|detective|family|world|kingdom)|where the|in which|for (?:class|school|english|a contest|the contest|my writing)|(?:last|first|final|opening) (?:page|line|chapter|scene)|(?:main )?(?:character|protagonist|narator|hero|villain))|creative writing|short story|the villain|the protagonist|game campaign|the players|a (?:story|novel) about)(?= )`,
  ),
);

/** The writer states that they are safe. */
const SAFE_FRAME = new RegExp(
  sq(
    ` (?:i am not in (?:any )?danger|not at risk|no thoughts of (?:hurting|harming|kiling|ending)|never had (?:any )?thoughts of|i am not suicidal|i do not want to die , i just want|i am safe)(?= )`,
  ),
);

/** Classes whose cues speak of others by nature ("everyone would be better off"). */
const ABOUT_OTHERS: ReadonlySet<string> = new Set(['burden', 'absence', 'not-belonging']);

/** The writer in a sentence. */
const FIRST_PERSON = / (?:i|me|my|myself|mine)(?= )/;
/** Someone else as a sentence's subject (a sentence with no subject at all is the writer's). */
const THIRD_PERSON = / (?:he|she|they|his|her|their|him|them|someone|somebody|people|everyone)(?= )/;

/**
 * A frame that discounts everything in a text: told as recovery (or as a reply supporting
 * someone else, or as one's work or study, read the same way), or as fiction.
 */
export function distancingFrame(canon: string): 'recovery' | 'fiction' | null {
  if (
    (RECOVERY_FRAME.test(canon) ||
      PROFESSIONAL_FRAME.test(canon) ||
      (canon.length <= SUPPORT_REPLY_LENGTH && SUPPORT_FRAME.test(canon))) &&
    !LIVE_AGAIN.test(canon)
  )
    return 'recovery';
  return FICTION_FRAME.test(canon) ? 'fiction' : null;
}

export interface Evidence {
  readonly self_harm: number;
  readonly harm_to_others: number;
  /** Whether each flag's total holds a risk class. */
  readonly selfRisk: boolean;
  readonly otherRisk: boolean;
  /** The classes found (`scoreCrisis` lists them among its matches as `evidence.<class>`). */
  readonly classes: readonly string[];
}

/** Anchor token → the phrase groups (and their classes) anchored on it. */
const ANCHOR_INDEX = new Map<string, [number, PhraseGroup][]>();
EVIDENCE_CLASSES.forEach((c, i) => {
  for (const group of c.groups) {
    const list = ANCHOR_INDEX.get(group.anchor);
    if (list === undefined) ANCHOR_INDEX.set(group.anchor, [[i, group]]);
    else list.push([i, group]);
  }
});

const NO_EVIDENCE: Evidence = {
  self_harm: 0,
  harm_to_others: 0,
  selfRisk: false,
  otherRisk: false,
  classes: [],
};

/** Weight of a second sentence holding the same class. */
const REPEAT = 0.5;
/** A distanced sentence's cue counts this much. */
const DISTANCED = 0.25;
/** A text framed as recovery, fiction or safety counts this much. */
const FRAMED = 0.35;

/** Sentence breaks in a canonical text: offsets of " . ", " ! ", " ? " and " ; ". */
function sentenceBreaks(canon: string): number[] {
  const out: number[] = [];
  for (const mark of [' . ', ' ! ', ' ? ', ' ; ']) {
    for (let at = canon.indexOf(mark); at >= 0; at = canon.indexOf(mark, at + 2)) out.push(at + 1);
  }
  return out.sort((a, b) => a - b);
}

/** Adds up the evidence classes found in a canonical text. */
export function accumulateEvidence(
  canon: string,
  frame: 'recovery' | 'fiction' | null = distancingFrame(canon),
  tokens: readonly string[] = canon.split(' '),
): Evidence {
  // Tokens in text order: each phrase group is tried where its anchor token is; each match is
  // weighed by its sentence, once per sentence and class.
  const state = new Reading(canon);
  // `tokens` is `canon.split(' ')`: an empty token at each end, each token after a space.
  for (let t = 1, at = 0; t < tokens.length - 1; t++) {
    const token = tokens[t] as string;
    const anchored = ANCHOR_INDEX.get(token);
    if (anchored !== undefined) {
      for (let k = 0; k < anchored.length; k++) {
        const [c, group] = anchored[k] as [number, PhraseGroup];
        state.weigh(c, group, at);
      }
    }
    at += token.length + 1;
  }
  return state.best === undefined ? NO_EVIDENCE : state.sum(frame !== null || SAFE_FRAME.test(canon));
}

/** One text's reading: the best and second-best weight per class, from different sentences. */
class Reading {
  best: number[] | undefined;
  second: number[] = [];
  bestFrom: number[] = [];
  lastFrom: number[] = [];
  breaks: number[] | undefined;
  /** Per class with an `explained` pattern: whether the text matches it. */
  explained: (boolean | undefined)[] = [];
  /** Sentence start → its text, its distancing factor, its someone-else factor. */
  sentences: Map<number, [string, number, number]> | undefined;

  constructor(readonly canon: string) {}

  weigh(c: number, group: PhraseGroup, at: number): void {
    const k = EVIDENCE_CLASSES[c] as EvidenceClass;
    const best = this.best?.[c] ?? 0;
    if (best === k.weight && this.second[c] === k.weight) return;
    group.re.lastIndex = at;
    const m = group.re.exec(this.canon);
    if (m === null) return;
    this.breaks ??= sentenceBreaks(this.canon);
    const [from, to] = sentenceAround(this.breaks, this.canon.length, m.index + 1);
    if (from === this.lastFrom[c]) return;
    this.lastFrom[c] = from;
    this.sentences ??= new Map();
    let sentence = this.sentences.get(from);
    if (sentence === undefined) {
      const text = `${this.canon.slice(from, to)} `;
      const distanced = SENTENCE_DISTANCED.test(text);
      const someoneElse = !distanced && !FIRST_PERSON.test(text) && THIRD_PERSON.test(text);
      sentence = [text, distanced ? DISTANCED : 1, someoneElse ? 0.5 : 1];
      this.sentences.set(from, sentence);
    }
    if (k.needs !== undefined && !k.needs.test(sentence[0])) return;
    if (k.explained !== undefined && (this.explained[c] ??= k.explained.test(this.canon))) return;
    const w = k.weight * sentence[1] * (k.flag === 'self_harm' && !ABOUT_OTHERS.has(k.id) ? sentence[2] : 1);
    this.best ??= [];
    if (from === this.bestFrom[c]) this.best[c] = Math.max(best, w);
    else if (w > best) {
      this.second[c] = best;
      this.best[c] = w;
      this.bestFrom[c] = from;
    } else if (w > (this.second[c] ?? 0)) this.second[c] = w;
  }

  /** Whether the text holds a risk class of `flag` other than a past attempt. */
  holdsRiskNow(flag: EvidenceFlag): boolean {
    return EVIDENCE_CLASSES.some(
      (k, c) =>
        k.flag === flag && k.risk && k.id !== 'past-attempt' && (this.best?.[c] ?? 0) >= k.weight * 0.5,
    );
  }

  sum(framed: boolean): Evidence {
    let selfTotal = 0;
    let otherTotal = 0;
    let selfRisk = false;
    let otherRisk = false;
    const classes: string[] = [];
    for (let c = 0; c < EVIDENCE_CLASSES.length; c++) {
      const b = this.best?.[c] ?? 0;
      if (b === 0) continue;
      const k = EVIDENCE_CLASSES[c] as EvidenceClass;
      if (k.addsToRisk && !this.holdsRiskNow(k.flag)) continue;
      const total = (b + REPEAT * (this.second[c] ?? 0)) * (framed ? FRAMED : 1);
      const isRisk = k.risk && b >= k.weight * 0.5;
      if (k.flag === 'self_harm') {
        selfTotal += total;
        selfRisk ||= isRisk;
      } else {
        otherTotal += total;
        otherRisk ||= isRisk;
      }
      classes.push(k.id);
    }
    return { self_harm: selfTotal, harm_to_others: otherTotal, selfRisk, otherRisk, classes };
  }
}

/** The sentence holding offset `at`: from the break before it to just past the break after. */
function sentenceAround(breaks: readonly number[], length: number, at: number): [number, number] {
  let lo = 0;
  let hi = breaks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((breaks[mid] as number) < at) lo = mid + 1;
    else hi = mid;
  }
  return [
    lo === 0 ? 0 : (breaks[lo - 1] as number),
    lo < breaks.length ? (breaks[lo] as number) + 1 : length,
  ];
}

/** Totals at which evidence flags (with a risk class among it). */
export const EVIDENCE_THRESHOLD: Readonly<Record<EvidenceFlag, number>> = { self_harm: 3, harm_to_others: 3 };

/** Which flag the evidence in a canonical text reaches, if any. */
export function evidenceFlag(evidence: Evidence): EvidenceFlag | null {
  const self = evidence.selfRisk && evidence.self_harm >= EVIDENCE_THRESHOLD.self_harm;
  const other = evidence.otherRisk && evidence.harm_to_others >= EVIDENCE_THRESHOLD.harm_to_others;
  if (self && other) return evidence.harm_to_others > evidence.self_harm ? 'harm_to_others' : 'self_harm';
  return self ? 'self_harm' : other ? 'harm_to_others' : null;
}
