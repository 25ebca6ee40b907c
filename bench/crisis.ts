/**
 * `npm run bench:crisis`: in-process speed of the crisis detector, which runs on every oracle
 * question and every analysed text, and what it adds to an analysis. Bounded: a fixed number of
 * calls per case, best of five rounds.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeText } from '../src/domains/analysis/analyzer.ts';
import { analyze } from '../src/domains/analysis/service.ts';
import { detectCrisis } from '../src/domains/safety/crisis.ts';
import { learnedCrisis } from '../src/domains/safety/learned.ts';
import { DEFAULT_CRISIS_RESOURCES } from '../src/domains/safety/resources.ts';
import { crisisFlag } from '../src/domains/safety/service.ts';

const SHORT = [
  'Finally finished the thesis and I feel light, a little giddy even.',
  'How do I make peace with a decision I regret?',
  'What did the Stoics teach about mortality?',
  "I'm dead tired and killing time before my exam, how do I find some energy?",
  'My dad died last year and I still cannot believe he is gone. How do I cope with grief?',
  'i cant do this anymore. everyone would be better off without me',
];
const file = fileURLToPath(new URL('../eval/crisis.jsonl', import.meta.url));
const longPost = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => (JSON.parse(line) as { text: string }).text)
  .filter((text) => text.length > 400)
  .join('\n\n')
  .slice(0, 5000);

function perSecond(
  name: string,
  texts: readonly string[],
  calls: number,
  f: (text: string) => unknown,
): void {
  for (let i = 0; i < Math.min(calls, 2000); i++) f(texts[i % texts.length] as string);
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) f(texts[i % texts.length] as string);
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
  }
  const each = (best / calls) * 1e6;
  process.stdout.write(
    `${name.padEnd(44)} ${Math.round(calls / best)
      .toLocaleString('en')
      .padStart(10)}/s  ${each.toFixed(1).padStart(7)} µs each\n`,
  );
}

perSecond('detectCrisis, short texts (45..95 chars)', SHORT, 50_000, detectCrisis);
perSecond(`detectCrisis, one long post (${longPost.length} chars)`, [longPost], 500, detectCrisis);
perSecond('learnedCrisis, short texts (45..95 chars)', SHORT, 50_000, learnedCrisis);
perSecond(`learnedCrisis, one long post (${longPost.length} chars)`, [longPost], 2000, learnedCrisis);
perSecond('both stages decided, short texts', SHORT, 50_000, crisisFlag);
perSecond(`both stages decided, one long post (${longPost.length} chars)`, [longPost], 500, crisisFlag);
perSecond('analyzeText alone, short texts', SHORT, 50_000, analyzeText);
perSecond('analysis service (reading + safety), short', SHORT, 50_000, (t) =>
  analyze(t, DEFAULT_CRISIS_RESOURCES),
);
