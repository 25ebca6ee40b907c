/**
 * Text folding for judging what a text says (crisis detection, discovery filters), never for
 * storing it: compatibility forms (NFKC), invisible characters removed, look-alike letters and
 * leetspeak folded, letters spaced or dotted apart joined again. Pure and allocation-light on
 * plain ASCII, which is most of what arrives.
 */

/** Zero-width characters, soft hyphen, word joiner, BOM, bidi marks, embeddings and isolates. */
const INVISIBLE =
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/g;

/** Cyrillic, Greek and other letters that look like Latin ones, mapped to the Latin letter. */
const LOOKALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  г: 'r',
  ѕ: 's',
  т: 't',
  у: 'y',
  х: 'x',
  ү: 'y',
  ԝ: 'w',
  ь: 'b',
  п: 'n',
  и: 'u',
  л: 'n',
  ц: 'u',
  ш: 'w',
  щ: 'w',
  з: '3',
  д: 'a',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  ω: 'w',
  μ: 'u',
  σ: 'o',
  ς: 's',
  λ: 'a',
  δ: 'd',
  π: 'n',
  θ: 'o',
  φ: 'o',
  ɑ: 'a',
  ɡ: 'g',
  ɩ: 'i',
  ɪ: 'i',
  ʀ: 'r',
  ʏ: 'y',
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ꜰ: 'f',
  ɢ: 'g',
  ʜ: 'h',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ꞯ: 'q',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ᴢ: 'z',
  ı: 'i',
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ħ: 'h',
  ŧ: 't',
  ß: 'ss',
};
const LOOKALIKE_RE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'g');
/** Accents and other combining marks (after NFKD), dropped so "kíll" reads as "kill". */
const MARKS = /\p{M}+/gu;

/** Digits and symbols that stand for letters inside a word: "k1ll", "$uicide", "d!e". */
const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '€': 'e',
};
const LEET_RUN = /[a-z013457@$!|€8]+/g;
const LEET_CHARS = /[013457@$!|€8]/;

/** Three or more single letters separated by spaces, dots, dashes, underscores or stars. */
const SPACED = /(?<![a-z])(?:[a-z][ .\-_*·•]{1,3}){2,}[a-z](?![a-z])/g;

/** Lower-case, NFKC, invisible characters removed, look-alikes and accents folded. */
export function foldLetters(text: string): string {
  let out = text.normalize('NFKC').toLowerCase();
  if (/[^\x00-\x7f]/.test(out)) {
    out = out
      .replace(INVISIBLE, '')
      .replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'")
      .replace(LOOKALIKE_RE, (c) => LOOKALIKES[c] ?? c)
      .normalize('NFKD')
      .replace(MARKS, '')
      .normalize('NFKC');
  }
  return out;
}

/** Leetspeak inside words folded to letters ("k1ll" → "kill"); digits alone stay digits. */
export function foldLeet(text: string): string {
  if (!LEET_CHARS.test(text)) return text;
  return text.replace(LEET_RUN, (run) => {
    // Trailing "!", "|" or "$" are punctuation ("die!"), not letters.
    const core = run.replace(/[!|$]+$/, '');
    let letters = 0;
    let leet = 0;
    for (const c of core) {
      if (c >= 'a' && c <= 'z') letters++;
      else leet++;
    }
    // A word with more digits than letters ("500mg", "30s") is a number with a unit, unless it
    // is a short word that starts with a letter ("d13").
    if (leet === 0 || letters === 0) return run;
    if (leet > letters && !(core.length <= 4 && core[0] !== undefined && core[0] >= 'a' && core[0] <= 'z'))
      return run;
    let out = '';
    for (const c of core) out += LEET[c] ?? c;
    return out + run.slice(core.length);
  });
}

/** Letters spelled apart joined again: "f u c k", "f.u.c.k", "k-i-l-l" → "fuck", "kill". */
export function joinSpacedLetters(text: string): string {
  return text.replace(SPACED, (run) => run.replace(/[^a-z]/g, ''));
}

/** Every letter repeated in a row reduced to one ("sooo" → "so", "kill" → "kil"). */
export function squeeze(text: string): string {
  return text.replace(/([a-z])\1+/g, '$1');
}

/** The whole fold used by the filters: letters, leetspeak, then spaced letters. */
export function foldForMatching(text: string): string {
  return joinSpacedLetters(foldLeet(foldLetters(text)));
}

/**
 * Words run together at a case change split apart, as a line break: a lower-case letter followed
 * by a capitalised word, a word in capitals or the word "I" is almost always a title run into its
 * post's first word, as some forum exports print them ("feeling suicidalEdit", "getting pretty
 * closeI just", "I want to end myselfSAD PAIN").
 * Brand names split the same way ("YouTube") cost nothing that matters to the readers of it.
 */
export function splitRunTogetherWords(text: string): string {
  return text.replace(/([a-z])([A-Z][a-z]|[A-Z]{3,}\b|I(?=[\s'\u2019]))/g, '$1\n$2');
}
