/**
 * GoEmotions (Demszky et al., 2020; CC BY 4.0) read for mood analysis: each of its 28 labels is
 * placed at a point of Orrery's Atlas (valence, arousal, dominance) and so in a family. The
 * placement is Orrery's own judgement, mostly the Atlas mood of the same name. A comment's point
 * is the mean of its labels' points; its family is that of its first label.
 *
 * Files: `<id>\t<comma-separated label indices>\t<comment id>` lines, as in the GoEmotions
 * repository (google-research/google-research, goemotions/data/{train,dev}.tsv). The dev split
 * ships in `eval/goemotions-dev.tsv`; the train split is only needed to retrain the model
 * (`scripts/train-analysis.ts`). The test split is never used here.
 */
import { readFileSync } from 'node:fs';
import { type AtlasPoint, type FamilyId, familyOf } from '../src/domains/atlas/catalogue.ts';

export const LABELS = [
  'admiration',
  'amusement',
  'anger',
  'annoyance',
  'approval',
  'caring',
  'confusion',
  'curiosity',
  'desire',
  'disappointment',
  'disapproval',
  'disgust',
  'embarrassment',
  'excitement',
  'fear',
  'gratitude',
  'grief',
  'joy',
  'love',
  'nervousness',
  'optimism',
  'pride',
  'realization',
  'relief',
  'remorse',
  'sadness',
  'surprise',
  'neutral',
] as const;

const POINTS: Record<(typeof LABELS)[number], [number, number, number]> = {
  admiration: [0.62, 0.3, 0.3],
  amusement: [0.68, 0.42, 0.38],
  anger: [-0.7, 0.72, 0.55],
  annoyance: [-0.42, 0.4, 0.3],
  approval: [0.45, -0.1, 0.4],
  caring: [0.6, -0.15, 0.3],
  confusion: [-0.3, 0.32, -0.42],
  curiosity: [0.42, 0.45, 0.3],
  desire: [0.4, 0.6, 0.2],
  disappointment: [-0.55, -0.3, -0.25],
  disapproval: [-0.45, 0.3, 0.25],
  disgust: [-0.72, 0.35, 0.3],
  embarrassment: [-0.45, 0.48, -0.4],
  excitement: [0.72, 0.82, 0.4],
  fear: [-0.75, 0.78, -0.65],
  gratitude: [0.76, 0.14, 0.3],
  grief: [-0.85, -0.35, -0.55],
  joy: [0.9, 0.62, 0.5],
  love: [0.85, 0.3, 0.35],
  nervousness: [-0.38, 0.55, -0.35],
  optimism: [0.55, 0.22, 0.2],
  pride: [0.7, 0.4, 0.7],
  realization: [0.1, 0.15, 0.15],
  relief: [0.6, -0.28, 0.35],
  remorse: [-0.5, -0.2, -0.2],
  sadness: [-0.68, -0.4, -0.35],
  surprise: [0.22, 0.78, -0.05],
  neutral: [0, 0, 0],
};

export interface LabelledComment {
  text: string;
  labels: (typeof LABELS)[number][];
  point: AtlasPoint;
  family: FamilyId;
}

export function pointOf(labels: readonly (typeof LABELS)[number][]): AtlasPoint {
  let v = 0;
  let a = 0;
  let d = 0;
  for (const label of labels) {
    const [pv, pa, pd] = POINTS[label];
    v += pv;
    a += pa;
    d += pd;
  }
  const n = Math.max(1, labels.length);
  return { valence: v / n, arousal: a / n, dominance: d / n };
}

export function readGoEmotions(path: string | URL): LabelledComment[] {
  const out: LabelledComment[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const [text, ids] = line.split('\t');
    if (text === undefined || ids === undefined || text.trim() === '') continue;
    const labels = ids
      .split(',')
      .map((i) => LABELS[Number(i)])
      .filter((l) => l !== undefined);
    const first = labels[0];
    if (first === undefined) continue;
    const [fv, fa] = POINTS[first];
    out.push({
      text,
      labels,
      point: pointOf(labels),
      family: familyOf({ valence: fv, arousal: fa }),
    });
  }
  return out;
}

export function pearson(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i] as number;
    my += ys[i] as number;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx;
    const dy = (ys[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}
