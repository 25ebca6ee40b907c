/**
 * Multinomial logistic regression for the training scripts: full-batch gradient descent with
 * Adam steps on weighted mean cross-entropy plus an L2 penalty on the feature weights (not the
 * biases). Features are binary, scaled per example. Deterministic: the same rows give the same
 * weights, bit for bit.
 */

export interface SoftmaxRow {
  /** Ids of the example's features, each once. */
  readonly ids: Int32Array;
  /** What each present feature counts (1/√tokens, say). */
  readonly scale: number;
  /** Index of the example's class. */
  readonly label: number;
  /** The example's share of the loss. */
  readonly weight: number;
}

export interface SoftmaxSettings {
  readonly penalty: number;
  readonly steps: number;
  readonly learningRate: number;
}

/**
 * Fitted weights, `features × classes` row-major (feature `f`, class `k` at `f * classes + k`),
 * then one bias per class.
 */
export function fitSoftmax(
  rows: readonly SoftmaxRow[],
  features: number,
  classes: number,
  settings: SoftmaxSettings,
): Float64Array {
  const K = classes;
  const size = (features + 1) * K;
  const w = new Float64Array(size);
  const grad = new Float64Array(size);
  const m1 = new Float64Array(size);
  const m2 = new Float64Array(size);
  const n = rows.reduce((sum, r) => sum + r.weight, 0);
  const logits = new Float64Array(K);
  for (let step = 1; step <= settings.steps; step++) {
    grad.fill(0);
    for (const row of rows) {
      for (let k = 0; k < K; k++) {
        let z = w[features * K + k] as number;
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
        grad[features * K + k] = (grad[features * K + k] as number) + g;
        for (const id of row.ids) grad[id * K + k] = (grad[id * K + k] as number) + g * row.scale;
      }
    }
    for (let i = 0; i < features * K; i++)
      grad[i] = (grad[i] as number) + settings.penalty * (w[i] as number);
    const c1 = 1 - 0.9 ** step;
    const c2 = 1 - 0.999 ** step;
    for (let i = 0; i < size; i++) {
      const g = grad[i] as number;
      m1[i] = 0.9 * (m1[i] as number) + 0.1 * g;
      m2[i] = 0.999 * (m2[i] as number) + 0.001 * g * g;
      w[i] =
        (w[i] as number) -
        (settings.learningRate * ((m1[i] as number) / c1)) / (Math.sqrt((m2[i] as number) / c2) + 1e-8);
    }
  }
  return w;
}
