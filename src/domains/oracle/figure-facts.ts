/**
 * Facts about the figures, works and events that a question about living often names: "What
 * year did Seneca die?", "Who said 'the unexamined life is not worth living'?", "Which book is
 * 'one must imagine Sisyphus happy' from?", "Were Sartre and Beauvoir ever married?", "How many
 * people died in the Black Death?". Their words (die, life, meaning) read as reflection; what they
 * ask is a lookup. A perspective asked ("What would Seneca say about my divorce?") and a question
 * about the asker's own life in the same text are answered.
 */
import { ASKS_OF_ONES_OWN_LIFE, sentencesOf } from './text.ts';

/** Thinkers and writers of the oracle's traditions, and other figures often asked about. */
const FIGURES = String.raw`(?:seneca|marcus aurelius|aurelius|epictetus|zeno|chrysippus|cleanthes|musonius|cato|cicero|socrates|plato|aristotle|diogenes|epicurus|heraclitus|parmenides|pythagoras|hypatia|plotinus|boethius|augustine|aquinas|laozi|lao ?tzu|lao-tzu|zhuangzi|chuang ?tzu|confucius|mencius|sun ?tzu|the buddha|buddha|siddhartha|nagarjuna|rumi|hafez|montaigne|pascal|descartes|spinoza|leibniz|hume|locke|rousseau|voltaire|kant|hegel|schopenhauer|kierkegaard|nietzsche|marx|mill|thoreau|emerson|dostoevsky|tolstoy|kafka|heidegger|husserl|wittgenstein|russell|sartre|beauvoir|camus|frankl|viktor frankl|arendt|simone weil|weil|jung|freud|alan watts|watts|thich nhat hanh|shakespeare|goethe|dante|homer|virgil|ovid|woolf|plath|orwell|tolkien|mozart|beethoven|bach|napoleon|caesar|julius caesar|alexander the great|cleopatra|churchill|lincoln|gandhi|einstein|newton|darwin|galileo|da vinci|van gogh|picasso)`;

/** Works, events and things an encyclopaedia answers about. */
const SUBJECTS = String.raw`(?:the meditations|meditations|letters to lucilius|the enchiridion|enchiridion|discourses|the republic|the apology|tao te ching|the stranger|the myth of sisyphus|the plague|being and nothingness|man's search for meaning|thus spoke zarathustra|the black death|the plague of|the titanic|world war|the war|the roman empire|rome|athens|sparta|the stoa|stoicism|the stoics|the serenity prayer|memento mori|the ship of theseus|the trolley problem)`;

/** The forms of a fact asked. */
const FACT_ASK = new RegExp(
  [
    String.raw`\bwho (?:actually |really |first |originally )?(?:said|wrote|coined|came up with|is credited with|invented|founded|taught|was)\b`,
    String.raw`\b(?:what|which) (?:year|century|decade|age|city|country)\b|\bin what year\b|\bwhen (?:did|was|were|is)\b`,
    String.raw`\bhow old (?:was|were|is)\b|\bhow did [\w' ]{1,30}? (?:die|live|meet|end)\b|\bhow many (?:[\w]+ ){1,4}?(?:died|were killed|are there|were there|did|wrote|are in)\b`,
    String.raw`\b(?:which|what) (?:book|play|work|essay|letter|novel|poem|dialogue|chapter|film|movie|song|text|school)\b`,
    String.raw`\bwhich (?:\w+ )?(?:philosopher|emperor|king|queen|writer|poet|scientist|president|composer|painter|pope|general|stoic)\b|\bhow many people (?:live|lived|died) in\b`,
    String.raw`\b(?:is|was|are|were) [\w' ]{1,40}? (?:a true story|true|a myth|real|fiction|made up|ever married|related|friends|alive at the same time)\b`,
    String.raw`\bdid [\w' ]{1,40}? (?:really|actually|ever|live|believe in|meet|die)\b`,
    String.raw`\bwhat(?:'s|s| is| was) the (?:plot|story|origin|history|difference between|meaning of the word)\b|\bwhat does [\w' ]{1,30}? (?:refer to|stand for)\b|\bwhat did [\w' ]{1,30}? (?:say about|believe about|think about|write about) (?:zeus|the gods|god|slavery|women|the soul|atoms|the universe|physics|logic)\b`,
  ].join('|'),
);

/** A quotation in the question: what someone said, asked about. */
const QUOTATION =
  /(?:^|[\s(])["\u201c'\u2018](?=\S)[^"\u201d\n]{6,}?(?<=\S)["\u201d'\u2019](?=[\s.,!?;:)]|$)/;

/** A perspective asked, or a question about the asker's own life: answered. */
const ASKS_FOR_A_LIFE =
  /\bwhat (?:would|might|could) [\w' ]{1,30}? (?:say|think|make of|tell|advise|do)\b|\b(?:how (?:do|can|should|would|could) (?:you|one|people) (?:live|cope|bear|accept|forgive|find|stop|let go|move on|grieve|face|keep|stay|make peace|deal)|how (?:do|can|should|would|could) (?:i|we)|should i|am i)\b|\b(?:me|my|i|i'm|i've|we|our)\b[^.?!]{0,60}\?/;

/** A perspective or a question about the asker's own life, anywhere in `text`. */
function asksForALife(text: string): boolean {
  return ASKS_FOR_A_LIFE.test(text) || ASKS_OF_ONES_OWN_LIFE.test(text);
}

/** A figure, work or event named. */
const NAMED = new RegExp(String.raw`\b${FIGURES}\b|\b${SUBJECTS}\b`);
/** "Which philosopher…?", "How many people live in…?": the question names a kind, not a figure. */
const ASKS_WHICH_FIGURE =
  /^which (?:\w+ )?(?:philosopher|emperor|king|queen|writer|poet|scientist|president|composer|painter|pope|general|stoic)\b|\bhow many people (?:live|lived|died) in\b/;

/** A fact about a named figure, work or event, asked as a lookup: its evidence, or null. */
export function figureFact(text: string): string | null {
  for (const sentence of sentencesOf(text)) {
    if (!sentence.includes('?') && !/^(?:who|what|when|which|how|did|were|was|is)\b/.test(sentence)) continue;
    const asked = FACT_ASK.exec(sentence);
    if (asked === null) continue;
    // "Who actually wrote it?" names what it asks about in the sentence before.
    const pointsBack = /\b(?:it|this|that|they|he|she|him|her)\b/.test(sentence) && NAMED.test(text);
    const asksWhichFigure = ASKS_WHICH_FIGURE.test(asked[0]);
    if (!NAMED.test(sentence) && !QUOTATION.test(sentence) && !pointsBack && !asksWhichFigure) continue;
    if (asksForALife(sentence)) continue;
    if (asksForALife(text.replace(sentence, ''))) return null;
    return asked[0];
  }
  return null;
}
