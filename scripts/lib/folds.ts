/** Cross-validation folds for the training scripts: stratified and the same on every run. */

/** mulberry32: a small seeded generator. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The fold (0..folds-1) of each example: the examples of each class, in `order`, shuffled by a
 * generator seeded with `seed` and dealt out in turn, so every fold holds each class in
 * proportion.
 */
export function stratifiedFolds<T>(
  classes: readonly T[],
  order: readonly T[],
  folds: number,
  seed: number,
): number[] {
  const fold = new Array<number>(classes.length).fill(0);
  const next = seeded(seed);
  for (const label of order) {
    const members = classes.map((c, i) => (c === label ? i : -1)).filter((i) => i >= 0);
    for (let i = members.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [members[i], members[j]] = [members[j] as number, members[i] as number];
    }
    members.forEach((m, k) => {
      fold[m] = k % folds;
    });
  }
  return fold;
}
