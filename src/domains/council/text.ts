import { convert } from 'html-to-text';

/** Query parameters that only track the reader; two links differing in them are the same story. */
const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'ref_src',
  'ref_url',
  'cmpid',
  'at_medium',
  'at_campaign',
]);

function isTracking(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMS.has(lower);
}

/**
 * The form of a link used to recognise a story seen before: http(s) only, scheme and host
 * lower-cased (the URL parser does that, and drops default ports), no fragment, no tracking
 * parameters, the remaining parameters in a stable order. `null` for anything else.
 */
export function canonicalLink(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  url.hash = '';
  const kept = [...url.searchParams].filter(([name]) => !isTracking(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = new URLSearchParams(kept).toString();
  return url.href;
}

/** Plain text of a fragment of HTML: no tags, no link targets or images, whitespace collapsed. */
export function stripMarkup(html: string): string {
  if (html === '') return '';
  const text = convert(html, {
    wordwrap: false,
    decodeEntities: true,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'iframe', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'h4', options: { uppercase: false } },
      { selector: 'h5', options: { uppercase: false } },
      { selector: 'h6', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
      { selector: 'ul', options: { itemPrefix: ' ' } },
    ],
  });
  return normaliseSpace(text);
}

export function normaliseSpace(text: string): string {
  // Control characters never belong in a headline or summary.
  return text
    .replace(/[\u0000-\u001f\u007f\u200b\ufeff]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export const SUMMARY_LIMIT = 280;
const ELLIPSIS = '…';
const MAX_SENTENCES = 200;

const STOPWORDS = new Set(
  (
    'a an and are as at be been but by for from had has have he her his i if in into is it its ' +
    'me my no not of on or our she so than that the their them then there these they this to ' +
    'us was we were what when which who will with would you your said says also after over ' +
    'more about up out new one two can could just than how all any do does did'
  ).split(' '),
);

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Feed furniture that reads like a sentence but says nothing about the story. */
const BOILERPLATE = [
  /^(read|continue reading|keep reading|read the (full|rest)|more|full story|click here|see more)\b.{0,40}$/i,
  /^the post .* appeared first on .*$/i,
  /^(this|the) (article|entry|story) (was )?(originally )?(published|appeared) (on|in|at)\b.*$/i,
];

function isBoilerplate(sentence: string): boolean {
  return BOILERPLATE.some((pattern) => pattern.test(sentence));
}

/** A dangling fragment (a caption, a button label) is no sentence to choose for a summary. */
function isSentence(sentence: string): boolean {
  return /[.!?…"”'’)]$/.test(sentence) || sentence.split(' ').length >= 6;
}

/**
 * Sentences of a text. A boundary the segmenter finds without whitespace after it ("end.Next",
 * "!/") is not taken: summaries join sentences with a space, which would split a word there.
 */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  let pending = '';
  for (const { segment } of segmenter.segment(text)) {
    pending += segment;
    if (!/\s$/.test(segment)) continue;
    const sentence = pending.trim();
    if (sentence !== '') out.push(sentence);
    pending = '';
  }
  const last = pending.trim();
  if (last !== '') out.push(last);
  return out;
}

function termsOf(sentence: string): string[] {
  return (sentence.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).filter(
    (t) => t.length > 2 && !STOPWORDS.has(t),
  );
}

/**
 * Cuts text to at most `limit` characters at a word boundary, with an ellipsis. A text with no
 * whitespace before the limit gives the empty string rather than half a word.
 */
export function truncateAtWord(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const room = text.slice(0, limit - ELLIPSIS.length + 1);
  const cut = room.search(/\s\S*$/);
  if (cut <= 0) return '';
  return `${room.slice(0, cut).replace(/[\s,;:–—-]+$/u, '')}${ELLIPSIS}`;
}

/**
 * An extractive summary of at most `limit` characters. Sentences are scored by the frequency of
 * their content words in the whole text (normalised by sentence length) plus a bonus for coming
 * early, as news leads do; the best that fit are kept in their original order. When not even one
 * sentence fits, the best one is cut at a word boundary and ends with "…". Never cuts a word.
 */
export function summarise(text: string, limit = SUMMARY_LIMIT): string {
  const clean = normaliseSpace(text);
  // Leads carry the story; a long article's tail adds cost, not a better summary.
  const all = sentencesOf(clean).slice(0, MAX_SENTENCES);
  const content = all.filter((sentence) => !isBoilerplate(sentence));
  const whole = (content.length > 0 ? content : all).join(' ');
  if (whole.length <= limit) return whole;
  const proper = content.filter(isSentence);
  const sentences = proper.length > 0 ? proper : content.length > 0 ? content : all;
  const frequency = new Map<string, number>();
  const terms = sentences.map(termsOf);
  for (const list of terms) for (const term of list) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const top = Math.max(1, ...frequency.values());

  const scored = sentences.map((sentence, index) => {
    const list = terms[index] ?? [];
    const weight = list.reduce((sum, term) => sum + (frequency.get(term) ?? 0) / top, 0);
    const density = list.length === 0 ? 0 : weight / Math.sqrt(list.length);
    const position = 1 / (1 + index);
    return { sentence, index, score: density + position };
  });
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);

  const chosen: typeof scored = [];
  let length = -1;
  for (const candidate of ranked) {
    const added = candidate.sentence.length + 1;
    if (length + added <= limit) {
      chosen.push(candidate);
      length += added;
    }
  }
  if (chosen.length === 0) {
    for (const candidate of ranked) {
      const cut = truncateAtWord(candidate.sentence, limit);
      if (cut !== '') return cut;
    }
    return truncateAtWord(clean, limit);
  }
  chosen.sort((a, b) => a.index - b.index);
  return chosen.map((c) => c.sentence).join(' ');
}
