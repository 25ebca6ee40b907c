/**
 * Trains the mood analyser's learned correction, `src/domains/analysis/lexicon/goemotions-model.tsv`:
 * a linear model over the words of a text (a word a negator reaches is its own feature,
 * `not_<word>`) that predicts, on each Atlas axis, what the rules miss — the gap between the
 * rules' reading and the point of the text's emotion labels. Fitted by stochastic gradient
 * descent on squared error with an L2 penalty; the penalty and the number of passes are chosen
 * on every tenth comment of the train split, held out, then the model is refitted on all of it.
 * Of the settings that score within TOLERANCE of the best (sum of the three correlations), the
 * most strongly penalised is taken: Reddit is not the only kind of text the analyser reads, and
 * smaller weights carry less of its topics into other kinds.
 * Words seen fewer than MIN_COUNT times are left out, and so are weights too small to matter.
 *
 * Data: GoEmotions (Demszky et al., 2020, "GoEmotions: A Dataset of Fine-Grained Emotions"),
 * CC BY 4.0, https://github.com/google-research/google-research/tree/master/goemotions
 * (goemotions/data/train.tsv; the same file is in monologg/GoEmotions-pytorch, data/original/).
 * The raw file is not kept in the repository. Only the **train** split is read here — never dev
 * (Orrery's evaluation data) nor test. Deterministic: the same file gives the same model.
 *
 *   npx tsx scripts/train-analysis.ts path/to/goemotions/train.tsv
 */
import { writeFileSync } from 'node:fs';
import { pearson, readGoEmotions } from '../eval/goemotions.ts';
import { ruleReadingAndFeatures } from '../src/domains/analysis/analyzer.ts';

const MIN_COUNT = 5;
const LEARNING_RATE = 0.05;
/** Strongest first: the strongest penalty within TOLERANCE of the best validation score wins. */
const PENALTIES = [1e-2, 3e-3, 1e-3, 3e-4];
const TOLERANCE = 0.01;
const MAX_PASSES = 8;
/** Weights below this on every axis are dropped from the shipped file. */
const KEEP = 0.01;
const AXES = ['valence', 'arousal', 'dominance'] as const;

const file = process.argv[2];
if (file === undefined) throw new Error('usage: train-analysis.ts path/to/goemotions/train.tsv');

interface Example {
  features: number[];
  /** What the rules miss on each axis. */
  residual: [number, number, number];
  rules: [number, number, number];
  target: [number, number, number];
}

const comments = readGoEmotions(file);
const readings = comments.map((c) => ruleReadingAndFeatures(c.text));
const counts = new Map<string, number>();
for (const r of readings) for (const f of new Set(r.features)) counts.set(f, (counts.get(f) ?? 0) + 1);
const vocabulary = [...counts.entries()]
  .filter(([, n]) => n >= MIN_COUNT)
  .map(([f]) => f)
  .sort();
const index = new Map(vocabulary.map((f, i) => [f, i]));

const examples: Example[] = comments.map((c, n) => {
  const reading = readings[n] as (typeof readings)[number];
  const rules = AXES.map((axis) => reading.rules[axis]) as [number, number, number];
  const target = AXES.map((axis) => c.point[axis]) as [number, number, number];
  return {
    // The analyser adds every occurrence, so repeated words count again here too.
    features: reading.features.map((f) => index.get(f)).filter((i): i is number => i !== undefined),
    residual: [target[0] - rules[0], target[1] - rules[1], target[2] - rules[2]],
    rules,
    target,
  };
});
/** Scale of a text's sum, as in the analyser: 1/√(words + 1), counting unknown words too. */
const scales = readings.map((r) => 1 / Math.sqrt(r.features.length + 1));

interface Model {
  bias: [number, number, number];
  weights: Float64Array[];
}

function fit(
  rows: number[],
  penalty: number,
  passes: number,
  onPass?: (model: Model, pass: number) => void,
): Model {
  const model: Model = { bias: [0, 0, 0], weights: AXES.map(() => new Float64Array(vocabulary.length)) };
  for (let pass = 1; pass <= passes; pass++) {
    for (const n of rows) {
      const example = examples[n] as Example;
      const scale = scales[n] as number;
      for (let k = 0; k < 3; k++) {
        const w = model.weights[k] as Float64Array;
        let y = model.bias[k] as number;
        for (const i of example.features) y += (w[i] as number) * scale;
        const error = y - (example.residual[k] as number);
        model.bias[k] = (model.bias[k] as number) - LEARNING_RATE * 0.1 * error;
        for (const i of example.features)
          w[i] = (w[i] as number) - LEARNING_RATE * (error * scale + penalty * (w[i] as number));
      }
    }
    onPass?.(model, pass);
  }
  return model;
}

function correlations(model: Model, rows: number[]): number[] {
  return AXES.map((_, k) => {
    const predicted: number[] = [];
    const gold: number[] = [];
    for (const n of rows) {
      const example = examples[n] as Example;
      const w = model.weights[k] as Float64Array;
      let y = (example.rules[k] as number) + (model.bias[k] as number);
      for (const i of example.features) y += (w[i] as number) * (scales[n] as number);
      predicted.push(Math.tanh(y));
      gold.push(example.target[k] as number);
    }
    return pearson(predicted, gold);
  });
}

const all = examples.map((_, n) => n);
const validation = all.filter((n) => n % 10 === 0);
const fitting = all.filter((n) => n % 10 !== 0);
const trials: { penalty: number; passes: number; score: number }[] = [];
for (const penalty of PENALTIES) {
  fit(fitting, penalty, MAX_PASSES, (model, pass) => {
    const r = correlations(model, validation);
    trials.push({ penalty, passes: pass, score: (r[0] as number) + (r[1] as number) + (r[2] as number) });
    process.stdout.write(`penalty ${penalty} pass ${pass}: r ${r.map((x) => x.toFixed(3)).join(' ')}\n`);
  });
}
const top = Math.max(...trials.map((t) => t.score));
// Trials are in order of decreasing penalty, then increasing passes: the first good enough wins.
const best = trials.find((t) => t.score >= top - TOLERANCE) as (typeof trials)[number];
process.stdout.write(`chosen: penalty ${best.penalty}, ${best.passes} passes\n`);

const model = fit(all, best.penalty, best.passes);
const round = (x: number) => (Math.round(x * 1000) / 1000).toString();
// The bias is fitted (it keeps the weights from absorbing Reddit's base rates) but not shipped:
// the rules, not the forum's label frequencies, decide where a text with no known word sits.
const lines = ['feature\tvalence\tarousal\tdominance'];
for (let i = 0; i < vocabulary.length; i++) {
  const w = model.weights.map((axis) => axis[i] as number);
  if (w.every((x) => Math.abs(x) < KEEP)) continue;
  lines.push([vocabulary[i] as string, ...w.map(round)].join('\t'));
}
writeFileSync(
  new URL('../src/domains/analysis/lexicon/goemotions-model.tsv', import.meta.url),
  `${lines.join('\n')}\n`,
);
process.stdout.write(
  `${comments.length} comments, ${vocabulary.length} features, ${lines.length - 1} kept\n`,
);
