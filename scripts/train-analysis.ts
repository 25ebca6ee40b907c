/**
 * Builds `src/domains/analysis/lexicon/goemotions-norms.tsv`: for each word common in the
 * GoEmotions **train** split, the mean Atlas point (valence, arousal, dominance) of the comments
 * that use it, shrunk towards the mean of all comments, minus that mean. The analyser adds these
 * word norms to what its rules read.
 *
 * Data: GoEmotions (Demszky et al., 2020, "GoEmotions: A Dataset of Fine-Grained Emotions"),
 * CC BY 4.0, https://github.com/google-research/google-research/tree/master/goemotions
 * (goemotions/data/train.tsv; the same file is in monologg/GoEmotions-pytorch, data/original/).
 * The raw file is not kept in the repository; only the train split is read here — never dev
 * (Orrery's evaluation data) nor test.
 *
 *   npx tsx scripts/train-analysis.ts path/to/train.tsv
 */
import { writeFileSync } from 'node:fs';
import { readGoEmotions } from '../eval/goemotions.ts';

const MIN_COUNT = 8;
/** Pseudo-count of the shrinkage towards the overall mean. */
const PRIOR = 20;
/** Deviations smaller than this on every axis are not worth shipping. */
const KEEP = 0.03;

const file = process.argv[2];
if (file === undefined) throw new Error('usage: train-analysis.ts path/to/goemotions/train.tsv');
const rows = readGoEmotions(file);

const global = [0, 0, 0];
for (const r of rows) {
  global[0] += r.point.valence;
  global[1] += r.point.arousal;
  global[2] += r.point.dominance;
}
for (let k = 0; k < 3; k++) global[k] = (global[k] as number) / rows.length;

const sums = new Map<string, { n: number; v: number; a: number; d: number }>();
for (const r of rows) {
  const seen = new Set(r.text.toLowerCase().match(/[a-z0-9]+(?:'[a-z]+)*/g) ?? []);
  for (const word of seen) {
    const s = sums.get(word) ?? { n: 0, v: 0, a: 0, d: 0 };
    s.n++;
    s.v += r.point.valence;
    s.a += r.point.arousal;
    s.d += r.point.dominance;
    sums.set(word, s);
  }
}

const lines = ['word\tvalence\tarousal\tdominance'];
const round = (x: number) => (Math.round(x * 1000) / 1000).toString();
for (const [word, s] of [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
  if (s.n < MIN_COUNT || word === '[name]' || word === 'name') continue;
  const dev = [s.v, s.a, s.d].map(
    (x, k) => (x + PRIOR * (global[k] as number)) / (s.n + PRIOR) - (global[k] as number),
  );
  if (dev.every((x) => Math.abs(x) < KEEP)) continue;
  lines.push([word, ...dev.map(round)].join('\t'));
}
writeFileSync(
  new URL('../src/domains/analysis/lexicon/goemotions-norms.tsv', import.meta.url),
  `${lines.join('\n')}\n`,
);
process.stdout.write(`${rows.length} comments, ${lines.length - 1} words kept\n`);
