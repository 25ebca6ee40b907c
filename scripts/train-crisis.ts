/**
 * Trains the learned stage of crisis detection, `src/domains/safety/crisis-model.json`: a
 * multinomial logistic regression (none, self_harm, harm_to_others) over the features of
 * `src/domains/safety/learned.ts`, fitted by full-batch gradient descent (Adam steps) on mean
 * cross-entropy plus an L2 penalty. Each text is one example, its features binary and scaled by
 * 1/√tokens.
 *
 * The settings — penalty, word pieces or not, window of sentences scored besides the whole text —
 * and the decision threshold are chosen by 5-fold cross-validation (folds stratified by label,
 * fixed seed): for each setting every text is scored by the model trained on the other four
 * folds, and the threshold is the lowest at which the learned stage alone raises false alarms on
 * at most 3 % of the benign texts. The setting whose shipped detector (the rules OR the learned
 * stage) then has the highest crisis recall wins (ties: the simpler). The CV figures of that setting are
 * printed per kind, for long posts and per route, then the model is refitted on every text and
 * weights too small to matter are dropped.
 *
 * Data (all Orrery's own): eval/crisis.jsonl, eval/crisis-holdout.jsonl, eval/crisis-train*.jsonl.
 * Deterministic: the same files give the same model.
 *
 *   npx tsx scripts/train-crisis.ts            train, print CV figures, write the model
 *   npx tsx scripts/train-crisis.ts --dry-run  the same without writing
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { QUESTION_MAX } from '../src/domains/oracle/schemas.ts';
import { detectCrisis } from '../src/domains/safety/crisis.ts';
import {
  compileModel,
  type LearnedModel,
  learnedPieces,
  pieceFeatures,
  scoreWith,
} from '../src/domains/safety/learned.ts';

const FILES = [
  'crisis.jsonl',
  'crisis-holdout.jsonl',
  'crisis-train.jsonl',
  'crisis-train-a.jsonl',
  'crisis-train-b.jsonl',
  'crisis-train-c.jsonl',
  'crisis-train-d.jsonl',
  'crisis-train-e.jsonl',
];
const OUT = fileURLToPath(new URL('../src/domains/safety/crisis-model.json', import.meta.url));
const FOLDS = 5;
const SEED = 13;
const MAX_FALSE_ALARMS = 0.03;
/** Texts longer than this are "long posts" in the figures. */
const LONG = 400;
/** A feature must occur in this many training texts to get a weight. */
const MIN_COUNT = 2;
const PENALTIES = [1e-5, 3e-5, 1e-4, 3e-4];
/** Whether every 1..3-sentence window of a benign text is also a benign example. */
const BENIGN_WINDOWS = [false, true];
const CHAR_GRAMS = [false, true];
const WINDOWS = [0, 1, 2, 3];
const STEPS = 500;
const LEARNING_RATE = 0.05;
/** Features whose two weights are both below this are dropped from the shipped file. */
const KEEP = 0.02;

type Label = 'none' | 'self_harm' | 'harm_to_others';
const CLASSES: readonly Label[] = ['none', 'self_harm', 'harm_to_others'];

interface Case {
  text: string;
  label: Label;
  kind: string;
  file: string;
  rules: boolean;
}

const cases: Case[] = FILES.flatMap((name) =>
  readFileSync(fileURLToPath(new URL(`../eval/${name}`, import.meta.url)), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const row = JSON.parse(line) as { text: string; label: Label; kind: string };
      return { ...row, file: name, rules: detectCrisis(row.text) !== null };
    }),
);

/** mulberry32: a small seeded generator, so the folds are the same on every run. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fold = new Array<number>(cases.length).fill(0);
{
  const next = random(SEED);
  for (const label of CLASSES) {
    const members = cases.map((c, i) => (c.label === label ? i : -1)).filter((i) => i >= 0);
    for (let i = members.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [members[i], members[j]] = [members[j] as number, members[i] as number];
    }
    members.forEach((m, k) => {
      fold[m] = k % FOLDS;
    });
  }
}

/** Whole-text features and token counts, per setting of word pieces. */
const wholeText = new Map(
  CHAR_GRAMS.map((charGrams) => [
    charGrams,
    cases.map((c) => {
      const pieces = learnedPieces(c.text);
      const features = new Set(pieces.flatMap((p) => pieceFeatures(p, charGrams)));
      const tokens = pieces.reduce((n, p) => n + p.length, 0);
      return { features: [...features], scale: 1 / Math.sqrt(Math.max(1, tokens)) };
    }),
  ]),
);

/** Every run of 1..3 pieces of each benign text of more than one piece, as extra benign examples. */
const benignWindows = new Map(
  CHAR_GRAMS.map((charGrams) => [
    charGrams,
    cases.map((c) => {
      if (c.label !== 'none') return [];
      const pieces = learnedPieces(c.text);
      if (pieces.length < 2) return [];
      const perPiece = pieces.map((p) => pieceFeatures(p, charGrams));
      const out: { features: string[]; scale: number }[] = [];
      for (let i = 0; i < pieces.length; i++)
        for (let w = 1; w <= 3 && i + w <= pieces.length && w < pieces.length; w++) {
          const features = new Set(perPiece.slice(i, i + w).flat());
          const tokens = pieces.slice(i, i + w).reduce((n, p) => n + p.length, 0);
          out.push({ features: [...features], scale: 1 / Math.sqrt(Math.max(1, tokens)) });
        }
      return out;
    }),
  ]),
);

/** Fits the model on the given cases; weights are (none, self_harm, harm_to_others) per feature. */
function train(
  members: readonly number[],
  charGrams: boolean,
  penalty: number,
  withWindows: boolean,
): LearnedModel {
  const docs = wholeText.get(charGrams) as { features: string[]; scale: number }[];
  const windows = benignWindows.get(charGrams) as { features: string[]; scale: number }[][];
  const counts = new Map<string, number>();
  for (const m of members)
    for (const f of (docs[m] as { features: string[] }).features) counts.set(f, (counts.get(f) ?? 0) + 1);
  const names = [...counts.entries()]
    .filter(([, n]) => n >= MIN_COUNT)
    .map(([f]) => f)
    .sort();
  const index = new Map(names.map((f, i) => [f, i]));
  const row = (d: { features: string[]; scale: number }, label: number, weight: number) => ({
    ids: Int32Array.from(d.features.map((f) => index.get(f) ?? -1).filter((i) => i >= 0)),
    scale: d.scale,
    label,
    weight,
  });
  const rows = members.flatMap((m) => {
    const whole = row(
      docs[m] as { features: string[]; scale: number },
      CLASSES.indexOf((cases[m] as Case).label),
      1,
    );
    if (!withWindows) return [whole];
    const extra = windows[m] as { features: string[]; scale: number }[];
    return [whole, ...extra.map((d) => row(d, 0, Math.min(1, 3 / extra.length)))];
  });
  const K = CLASSES.length;
  const size = (names.length + 1) * K; // the last K entries are the biases
  const w = new Float64Array(size);
  const grad = new Float64Array(size);
  const m1 = new Float64Array(size);
  const m2 = new Float64Array(size);
  const n = rows.reduce((sum, r) => sum + r.weight, 0);
  const logits = new Float64Array(K);
  for (let step = 1; step <= STEPS; step++) {
    grad.fill(0);
    for (const row of rows) {
      for (let k = 0; k < K; k++) {
        let z = w[names.length * K + k] as number;
        for (const id of row.ids) z += (w[id * K + k] as number) * row.scale;
        logits[k] = z;
      }
      const top = Math.max(...logits);
      let sum = 0;
      for (let k = 0; k < K; k++) {
        logits[k] = Math.exp((logits[k] as number) - top);
        sum += logits[k] as number;
      }
      for (let k = 0; k < K; k++) {
        const g = (row.weight * ((logits[k] as number) / sum - (k === row.label ? 1 : 0))) / n;
        grad[names.length * K + k] = (grad[names.length * K + k] as number) + g;
        for (const id of row.ids) grad[id * K + k] = (grad[id * K + k] as number) + g * row.scale;
      }
    }
    for (let i = 0; i < names.length * K; i++) grad[i] = (grad[i] as number) + penalty * (w[i] as number);
    const c1 = 1 - 0.9 ** step;
    const c2 = 1 - 0.999 ** step;
    for (let i = 0; i < size; i++) {
      const g = grad[i] as number;
      m1[i] = 0.9 * (m1[i] as number) + 0.1 * g;
      m2[i] = 0.999 * (m2[i] as number) + 0.001 * g * g;
      w[i] =
        (w[i] as number) -
        (LEARNING_RATE * ((m1[i] as number) / c1)) / (Math.sqrt((m2[i] as number) / c2) + 1e-8);
    }
  }
  const weights: Record<string, [number, number]> = {};
  names.forEach((name, i) => {
    const none = w[i * K] as number;
    weights[name] = [(w[i * K + 1] as number) - none, (w[i * K + 2] as number) - none];
  });
  const none = w[names.length * K] as number;
  return {
    version: 1,
    window: 0,
    windowFrom: 0,
    charGrams,
    threshold: 0.5,
    bias: [(w[names.length * K + 1] as number) - none, (w[names.length * K + 2] as number) - none],
    weights,
  };
}

interface Setting {
  penalty: number;
  charGrams: boolean;
  withWindows: boolean;
  window: number;
  /** Windows are scored on texts of at least this many characters (0: every text). */
  windowFrom: number;
}
/** The window settings tried: on every text, or on long posts only. */
const WINDOW_FROM = [0, LONG + 1];

/** The lowest threshold at which `alsoFlagged` plus learned flags stay within the false-alarm budget. */
function chooseThreshold(scores: readonly number[], alsoFlagged: (i: number) => boolean): number {
  const benign = cases.map((c, i) => i).filter((i) => (cases[i] as Case).label === 'none');
  const budget = Math.floor(MAX_FALSE_ALARMS * benign.length) - benign.filter(alsoFlagged).length;
  const open = benign
    .filter((i) => !alsoFlagged(i))
    .map((i) => scores[i] as number)
    .sort((x, y) => y - x);
  if (budget < 0) return 1;
  const above = open[budget] ?? 0;
  const below = open[budget + 1] ?? 0;
  // Strictly above the first benign score that would break the budget.
  return Math.min(1, above + Math.max(1e-6, (above - below) / 2));
}

const outOfFold = new Map<string, { scores: number[]; flags: string[] }>();
const key = (s: Setting) =>
  `${s.penalty}/${s.charGrams ? 'pieces' : 'words'}/${s.withWindows ? 'benign-windows' : 'texts'}/${s.window}${
    s.window > 0 && s.windowFrom > 0 ? ` from ${s.windowFrom}` : ''
  }`;
for (const charGrams of CHAR_GRAMS)
  for (const withWindows of BENIGN_WINDOWS)
    for (const penalty of PENALTIES) {
      const byWindow = WINDOWS.map(() => ({
        scores: new Array<number>(cases.length),
        flags: new Array<string>(cases.length),
      }));
      for (let k = 0; k < FOLDS; k++) {
        const members = cases.map((_, i) => i).filter((i) => fold[i] !== k);
        const model = train(members, charGrams, penalty, withWindows);
        WINDOWS.forEach((window, w) => {
          const compiled = compileModel({ ...model, window });
          cases.forEach((c, i) => {
            if (fold[i] !== k) return;
            const { score, flag } = scoreWith(compiled, c.text);
            (byWindow[w] as { scores: number[] }).scores[i] = score;
            (byWindow[w] as { flags: string[] }).flags[i] = flag;
          });
        });
      }
      WINDOWS.forEach((window, w) => {
        const scored = byWindow[w] as { scores: number[]; flags: string[] };
        const whole = byWindow[0] as { scores: number[]; flags: string[] };
        for (const windowFrom of WINDOW_FROM) {
          // Texts below windowFrom keep their whole-text reading.
          const pick = (i: number) => (cases[i] as Case).text.length >= windowFrom;
          outOfFold.set(key({ penalty, charGrams, withWindows, window, windowFrom }), {
            scores: cases.map((_, i) => (pick(i) ? scored : whole).scores[i] as number),
            flags: cases.map((_, i) => (pick(i) ? scored : whole).flags[i] as string),
          });
        }
      });
    }

const pct = (x: number, n: number) => `${x}/${n} = ${((100 * x) / Math.max(1, n)).toFixed(1)} %`;
const crisisIdx = cases.map((_, i) => i).filter((i) => (cases[i] as Case).label !== 'none');
const benignIdx = cases.map((_, i) => i).filter((i) => (cases[i] as Case).label === 'none');

interface Outcome {
  setting: Setting;
  threshold: number;
  learned: (i: number) => boolean;
  recall: number;
}

const outcomes: Outcome[] = [];
process.stdout.write(
  `${cases.length} texts (${crisisIdx.length} crisis, ${benignIdx.length} not), ${FOLDS}-fold CV\n\n` +
    'setting                                     combined recall   false alarms   learned alone (own threshold ≤ 3 %); combined on long posts\n',
);
for (const charGrams of CHAR_GRAMS)
  for (const withWindows of BENIGN_WINDOWS)
    for (const penalty of PENALTIES)
      for (const window of WINDOWS)
        for (const windowFrom of WINDOW_FROM) {
          if (window === 0 && windowFrom > 0) continue;
          const setting = { penalty, charGrams, withWindows, window, windowFrom };
          const { scores } = outOfFold.get(key(setting)) as { scores: number[] };
          const threshold = chooseThreshold(scores, () => false);
          const learned = (i: number) => (scores[i] as number) >= threshold;
          const flagged = (i: number) => (cases[i] as Case).rules || learned(i);
          const recall = crisisIdx.filter(flagged).length;
          const alone = chooseThreshold(scores, () => false);
          const aloneRecall = crisisIdx.filter((i) => (scores[i] as number) >= alone).length;
          const aloneFa = benignIdx.filter((i) => (scores[i] as number) >= alone).length;
          outcomes.push({ setting, threshold, learned, recall });
          const isLong = (i: number) => (cases[i] as Case).text.length > LONG;
          const longCrisis = crisisIdx.filter(isLong);
          const longRecall = longCrisis.filter((i) => (cases[i] as Case).rules || learned(i)).length;
          process.stdout.write(
            `${key(setting).padEnd(43)} ${pct(recall, crisisIdx.length).padStart(17)}  ${pct(
              benignIdx.filter(flagged).length,
              benignIdx.length,
            ).padStart(
              14,
            )}   ${pct(aloneRecall, crisisIdx.length)}, ${pct(aloneFa, benignIdx.length)}; long posts ${pct(
              longRecall,
              longCrisis.length,
            )}\n`,
          );
        }

// Best recall wins; among equals the earlier (fewer features, smaller window, stronger penalty first).
const rank = (o: Outcome) =>
  o.recall * 1e6 -
  (o.setting.charGrams ? 1000 : 0) -
  (o.setting.withWindows ? 100 : 0) -
  o.setting.window * 10 -
  (o.setting.windowFrom > 0 ? 0 : 5) +
  PENALTIES.indexOf(o.setting.penalty);
const chosen = outcomes.reduce((a, b) => (rank(b) > rank(a) ? b : a));
const { scores: oof, flags: oofFlags } = outOfFold.get(key(chosen.setting)) as {
  scores: number[];
  flags: string[];
};
const aloneThreshold = chooseThreshold(oof, () => false);

function report(
  name: string,
  flagged: (i: number) => boolean,
  rightFlag: (i: number) => string | null,
): void {
  process.stdout.write(`\n${name}\n`);
  for (const [route, limit] of [
    ['oracle (≤ 2,000 chars)', QUESTION_MAX],
    ['analysis (all)', Number.POSITIVE_INFINITY],
  ] as const) {
    const within = (i: number) => (cases[i] as Case).text.length <= limit;
    const crisis = crisisIdx.filter(within);
    const benign = benignIdx.filter(within);
    const longCrisis = crisis.filter((i) => (cases[i] as Case).text.length > LONG);
    const longBenign = benign.filter((i) => (cases[i] as Case).text.length > LONG);
    const right = crisis.filter((i) => flagged(i) && rightFlag(i) === (cases[i] as Case).label).length;
    process.stdout.write(
      `  ${route}: recall ${pct(crisis.filter(flagged).length, crisis.length)}, false alarms ${pct(
        benign.filter(flagged).length,
        benign.length,
      )}; long posts: recall ${pct(longCrisis.filter(flagged).length, longCrisis.length)}, false alarms ${pct(
        longBenign.filter(flagged).length,
        longBenign.length,
      )}; right flag ${right}/${crisis.filter(flagged).length}\n`,
    );
  }
  for (const file of FILES) {
    const inFile = (i: number) => (cases[i] as Case).file === file;
    process.stdout.write(
      `  ${file.padEnd(22)} recall ${pct(crisisIdx.filter(inFile).filter(flagged).length, crisisIdx.filter(inFile).length)}, false alarms ${pct(
        benignIdx.filter(inFile).filter(flagged).length,
        benignIdx.filter(inFile).length,
      )}\n`,
    );
  }
}

function perKind(flagged: (i: number) => boolean, ruleOnly: (i: number) => boolean): void {
  const kinds = (idx: number[]) => [...new Set(idx.map((i) => (cases[i] as Case).kind))].sort();
  process.stdout.write('\n  recall per crisis kind          rules   learned  rules OR learned\n');
  const learnedAlone = (i: number) => (oof[i] as number) >= aloneThreshold;
  for (const kind of kinds(crisisIdx)) {
    const idx = crisisIdx.filter((i) => (cases[i] as Case).kind === kind);
    const n = idx.length;
    process.stdout.write(
      `    ${kind.padEnd(18)} ${String(n).padStart(5)}  ${String(idx.filter(ruleOnly).length).padStart(6)}  ${String(
        idx.filter(learnedAlone).length,
      ).padStart(
        8,
      )}  ${String(idx.filter(flagged).length).padStart(8)} (${((100 * idx.filter(flagged).length) / n).toFixed(0)} %)\n`,
    );
  }
  process.stdout.write('\n  false alarms per benign kind    rules   learned  rules OR learned\n');
  for (const kind of kinds(benignIdx)) {
    const idx = benignIdx.filter((i) => (cases[i] as Case).kind === kind);
    process.stdout.write(
      `    ${kind.padEnd(18)} ${String(idx.length).padStart(5)}  ${String(idx.filter(ruleOnly).length).padStart(6)}  ${String(
        idx.filter(learnedAlone).length,
      ).padStart(8)}  ${String(idx.filter(flagged).length).padStart(8)}\n`,
    );
  }
}

const rules = (i: number) => (cases[i] as Case).rules;
const combined = (i: number) => rules(i) || chosen.learned(i);
process.stdout.write(
  `\nchosen: ${key(chosen.setting)}, threshold ${chosen.threshold.toFixed(4)} (learned alone at ≤ 3 %: ${aloneThreshold.toFixed(4)})\n`,
);
report('rules alone', rules, (i) => detectCrisis((cases[i] as Case).text)?.flag ?? null);
report(
  'learned alone (out of fold, its own threshold)',
  (i) => (oof[i] as number) >= aloneThreshold,
  (i) => oofFlags[i] as string,
);
report('rules OR learned (out of fold)', combined, (i) =>
  rules(i) ? (detectCrisis((cases[i] as Case).text)?.flag ?? null) : (oofFlags[i] as string),
);
perKind(combined, rules);

const full = train(
  cases.map((_, i) => i),
  chosen.setting.charGrams,
  chosen.setting.penalty,
  chosen.setting.withWindows,
);
const round = (x: number) => Math.round(x * 1e4) / 1e4;
const weights: Record<string, [number, number]> = {};
for (const name of Object.keys(full.weights).sort()) {
  const [a, b] = full.weights[name] as [number, number];
  if (Math.abs(a) >= KEEP || Math.abs(b) >= KEEP) weights[name] = [round(a), round(b)];
}
const model: LearnedModel = {
  version: 1,
  window: chosen.setting.window,
  windowFrom: chosen.setting.windowFrom,
  charGrams: chosen.setting.charGrams,
  threshold: round(chosen.threshold),
  bias: [round(full.bias[0]), round(full.bias[1])],
  weights,
};
const json = `${JSON.stringify(model)}\n`;
process.stdout.write(
  `\nmodel: ${Object.keys(weights).length} of ${Object.keys(full.weights).length} features kept, ${(json.length / 1024).toFixed(0)} KB\n`,
);
if (!process.argv.includes('--dry-run')) {
  writeFileSync(OUT, json);
  process.stdout.write(`wrote ${OUT}\n`);
}
