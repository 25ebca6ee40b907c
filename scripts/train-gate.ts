/**
 * Trains the learned stage of the oracle's off-mission gate, `src/domains/oracle/gate-model.json`:
 * a logistic regression (on mission, off mission) over the same word features as the learned
 * crisis stage (`src/domains/safety/learned.ts`: stems, pairs of stems, pronoun counts), stored
 * in that stage's format with one class beside "on mission" so that the same scorer reads it.
 *
 * The gate's rules overfit the requests they were written from: on off-mission requests written
 * by someone else they refuse far fewer. The learned stage refuses what the rules let through
 * when it is confident; it never answers what the rules refuse.
 *
 * The penalty and the threshold are chosen by 5-fold cross-validation (stratified, fixed seed):
 * the threshold is the lowest at which the rules OR the learned stage refuse at most
 * `MAX_SINCERE_REFUSED` of the sincere questions, out of fold; the penalty with the most
 * off-mission requests refused wins. Data: the `dev` split of eval/gate.jsonl and every
 * eval/gate-dev-*.jsonl, never the held-out split or the blind sets.
 *
 *   npx tsx scripts/train-gate.ts            train, print CV figures, write the model
 *   npx tsx scripts/train-gate.ts --dry-run  the same without writing
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { learnedMayRefuse, offMissionScore, rulesVerdict } from '../src/domains/oracle/gate.ts';
import {
  compileModel,
  type LearnedModel,
  learnedPieces,
  pieceFeatures,
} from '../src/domains/safety/learned.ts';
import { stratifiedFolds } from './lib/folds.ts';
import { fitSoftmax, type SoftmaxRow } from './lib/softmax.ts';

const OUT = fileURLToPath(new URL('../src/domains/oracle/gate-model.json', import.meta.url));
const FOLDS = 5;
const SEED = 29;
const MAX_SINCERE_REFUSED = 0.02;
const PENALTIES = [1e-4, 3e-4, 1e-3, 3e-3];
const MIN_COUNT = 2;
const STEPS = 400;
const LEARNING_RATE = 0.05;
const KEEP = 0.02;
/** The unused second class: a logit this low gives it no probability. */
const UNUSED_BIAS = -50;

interface Case {
  prompt: string;
  off: boolean;
  rulesRefuse: boolean;
  /** Whether the learned stage may refuse it (see `learnedMayRefuse`). */
  learnedMay: boolean;
  features: string[];
  scale: number;
}

/** The rules' verdict alone: never the shipped learned stage's, which has seen these prompts. */
function judgedByRules(prompt: string): { rulesRefuse: boolean; learnedMay: boolean } {
  const verdict = rulesVerdict(prompt);
  return { rulesRefuse: !verdict.onMission, learnedMay: learnedMayRefuse(prompt, verdict) };
}

function read(name: string, keep: (row: { split?: string }) => boolean): Case[] {
  return readFileSync(fileURLToPath(new URL(`../eval/${name}`, import.meta.url)), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { prompt: string; onMission: boolean; split?: string })
    .filter(keep)
    .map((row) => {
      const pieces = learnedPieces(row.prompt);
      const tokens = pieces.reduce((n, p) => n + p.length, 0);
      return {
        prompt: row.prompt,
        off: !row.onMission,
        ...judgedByRules(row.prompt),
        features: [...new Set(pieces.flatMap((p) => pieceFeatures(p, false)))],
        scale: 1 / Math.sqrt(Math.max(1, tokens)),
      };
    });
}

const DEV_SETS = readdirSync(fileURLToPath(new URL('../eval/', import.meta.url)))
  .filter((name) => /^gate-dev-[\w-]+\.jsonl$/.test(name))
  .sort();
const cases = [
  ...read('gate.jsonl', (row) => row.split === 'dev'),
  ...DEV_SETS.flatMap((name) => read(name, () => true)),
];

const fold = stratifiedFolds(
  cases.map((c) => c.off),
  [false, true],
  FOLDS,
  SEED,
);

function train(members: readonly number[], penalty: number): LearnedModel {
  const counts = new Map<string, number>();
  for (const m of members)
    for (const f of (cases[m] as Case).features) counts.set(f, (counts.get(f) ?? 0) + 1);
  const names = [...counts.entries()]
    .filter(([, n]) => n >= MIN_COUNT)
    .map(([f]) => f)
    .sort();
  const index = new Map(names.map((f, i) => [f, i]));
  const rows: SoftmaxRow[] = members.map((m) => {
    const c = cases[m] as Case;
    return {
      ids: Int32Array.from(c.features.map((f) => index.get(f) ?? -1).filter((i) => i >= 0)),
      scale: c.scale,
      label: c.off ? 1 : 0,
      weight: 1,
    };
  });
  const w = fitSoftmax(rows, names.length, 2, { penalty, steps: STEPS, learningRate: LEARNING_RATE });
  const weights: Record<string, [number, number]> = {};
  names.forEach((name, i) => {
    weights[name] = [(w[i * 2 + 1] as number) - (w[i * 2] as number), 0];
  });
  return {
    version: 1,
    window: 0,
    windowFrom: 0,
    charGrams: false,
    threshold: 0.5,
    bias: [(w[names.length * 2 + 1] as number) - (w[names.length * 2] as number), UNUSED_BIAS],
    weights,
  };
}

const sincere = cases.map((_, i) => i).filter((i) => !(cases[i] as Case).off);
const offMission = cases.map((_, i) => i).filter((i) => (cases[i] as Case).off);
const pct = (x: number, n: number) => `${x}/${n} = ${((100 * x) / Math.max(1, n)).toFixed(1)} %`;

/** The lowest threshold at which the rules OR the learned stage stay within the sincere budget. */
function chooseThreshold(scores: readonly number[]): number {
  const open = sincere.filter((i) => (cases[i] as Case).learnedMay);
  const refusedByRules = sincere.filter((i) => (cases[i] as Case).rulesRefuse).length;
  const budget = Math.floor(MAX_SINCERE_REFUSED * sincere.length) - refusedByRules;
  if (budget < 0) return 1;
  const sorted = open.map((i) => scores[i] as number).sort((x, y) => y - x);
  const above = sorted[budget] ?? 0;
  const below = sorted[budget + 1] ?? 0;
  return Math.min(1, above + Math.max(1e-6, (above - below) / 2));
}

process.stdout.write(
  `${cases.length} prompts (${offMission.length} off mission, ${sincere.length} sincere), ${FOLDS}-fold CV\n` +
    `rules alone: off-mission refused ${pct(offMission.filter((i) => (cases[i] as Case).rulesRefuse).length, offMission.length)}, sincere refused ${pct(sincere.filter((i) => (cases[i] as Case).rulesRefuse).length, sincere.length)} (in sample: the rules were written from these)\n\n`,
);
let best = { penalty: PENALTIES[0] as number, threshold: 1, refused: -1 };
for (const penalty of PENALTIES) {
  const scores = new Array<number>(cases.length).fill(0);
  for (let k = 0; k < FOLDS; k++) {
    const compiled = compileModel(
      train(
        cases.map((_, i) => i).filter((i) => fold[i] !== k),
        penalty,
      ),
    );
    cases.forEach((c, i) => {
      if (fold[i] === k) scores[i] = offMissionScore(compiled, c.prompt);
    });
  }
  const threshold = chooseThreshold(scores);
  const learnedOnly = (i: number) => (cases[i] as Case).learnedMay && (scores[i] as number) >= threshold;
  const refuses = (i: number) => (cases[i] as Case).rulesRefuse || learnedOnly(i);
  const refused = offMission.filter(refuses).length;
  process.stdout.write(
    `penalty ${penalty}: threshold ${threshold.toFixed(4)}; learned alone refuses ${pct(offMission.filter(learnedOnly).length, offMission.length)} off mission, ${pct(sincere.filter(learnedOnly).length, sincere.length)} sincere; rules OR learned ${pct(refused, offMission.length)} off mission, ${pct(sincere.filter(refuses).length, sincere.length)} sincere\n`,
  );
  if (refused > best.refused) best = { penalty, threshold, refused };
}

const full = train(
  cases.map((_, i) => i),
  best.penalty,
);
const round = (x: number) => Math.round(x * 1e4) / 1e4;
const weights: Record<string, [number, number]> = {};
for (const name of Object.keys(full.weights).sort()) {
  const [a] = full.weights[name] as [number, number];
  if (Math.abs(a) >= KEEP) weights[name] = [round(a), 0];
}
const model: LearnedModel = {
  ...full,
  threshold: round(best.threshold),
  bias: [round(full.bias[0]), UNUSED_BIAS],
  weights,
};
const json = `${JSON.stringify(model)}\n`;
process.stdout.write(
  `\nchosen: penalty ${best.penalty}, threshold ${model.threshold}; ${Object.keys(weights).length} features, ${(json.length / 1024).toFixed(0)} KB\n`,
);
if (!process.argv.includes('--dry-run')) {
  writeFileSync(OUT, json);
  process.stdout.write(`wrote ${OUT}\n`);
}
