/**
 * Learning the listen-and-answer and open-question models (answer-model.ts): a weighted ridge regression
 * of the graded bands on the rules' measures, solved in closed form, so the same sets always give the
 * same weights.
 */

/** One graded reply: the model's features, its band, and the set it came from. */
export interface TrainingExample {
  set: string;
  band: number;
  features: readonly number[];
}

export interface TrainingOptions {
  /** The ridge penalty on every weight but the constant term's. */
  lambda: number;
  /**
   * Each set weighs as much as the square root of its size, so the many large blind sets do not drown
   * the small ones; the sets named here weigh this many times more (the first sets, whose writers
   * banded a bare elliptical reply 2 where later ones band it 3: both conventions are kept).
   */
  boost: number;
  boosted: ReadonlySet<string>;
  /**
   * Features whose weight must keep a sign (1: never below 0, -1: never above 0), by index. A weight
   * learned with the wrong sign is set to 0 and the rest learned again, the worst first, until none is
   * left: a smoother recording must never score lower because the graded sets, transcripts without
   * audio, happened to pair fluency with something else.
   */
  signs?: ReadonlyMap<number, 1 | -1>;
}

/** Solves A x = b by Gaussian elimination with partial pivoting (A is small and square). */
export function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(m[r]?.[col] ?? 0) > Math.abs(m[pivot]?.[col] ?? 0)) pivot = r;
    [m[col], m[pivot]] = [m[pivot] as number[], m[col] as number[]];
    const head = m[col] as number[];
    const lead = head[col] ?? 0;
    if (Math.abs(lead) < 1e-12) throw new Error('singular system');
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const row = m[r] as number[];
      const f = (row[col] ?? 0) / lead;
      if (f === 0) continue;
      for (let k = col; k <= n; k++) row[k] = (row[k] ?? 0) - f * (head[k] ?? 0);
    }
  }
  return m.map((row, i) => (row[n] ?? 0) / (row[i] ?? 1));
}

/** The ridge weights over the kept features (and the constant term, always kept, last). */
function ridge(
  examples: readonly TrainingExample[],
  options: TrainingOptions,
  kept: readonly number[],
): number[] {
  const dims = kept.length + 1;
  const sizes = new Map<string, number>();
  for (const e of examples) sizes.set(e.set, (sizes.get(e.set) ?? 0) + 1);
  const ata = Array.from({ length: dims }, () => new Array<number>(dims).fill(0));
  const atb = new Array<number>(dims).fill(0);
  for (const e of examples) {
    const x = [...kept.map((k) => e.features[k] ?? 0), 1];
    const w = (options.boosted.has(e.set) ? options.boost : 1) / Math.sqrt(sizes.get(e.set) ?? 1);
    for (let i = 0; i < dims; i++) {
      const xi = (x[i] ?? 0) * w;
      atb[i] = (atb[i] ?? 0) + xi * e.band;
      const row = ata[i] as number[];
      for (let j = 0; j < dims; j++) row[j] = (row[j] ?? 0) + xi * (x[j] ?? 0);
    }
  }
  // The constant term is left free: only the features' weights are drawn towards 0.
  for (let i = 0; i < dims - 1; i++)
    (ata[i] as number[])[i] = ((ata[i] as number[])[i] ?? 0) + options.lambda;
  return solve(ata, atb);
}

/** The weights (one per feature, then the constant term) that best predict the bands. */
export function fitAnswerModel(examples: readonly TrainingExample[], options: TrainingOptions): number[] {
  const first = examples[0];
  if (!first) throw new Error('no graded answers to learn from');
  const features = first.features.length;
  const kept = Array.from({ length: features }, (_, i) => i);
  for (;;) {
    const w = ridge(examples, options, kept);
    let worst = -1;
    let worstSize = 0;
    for (const [at, k] of kept.entries()) {
      const sign = options.signs?.get(k);
      const v = w[at] ?? 0;
      if (sign !== undefined && v * sign < 0 && Math.abs(v) > worstSize) {
        worst = k;
        worstSize = Math.abs(v);
      }
    }
    if (worst < 0) {
      const out = new Array<number>(features + 1).fill(0);
      for (const [at, k] of kept.entries()) out[k] = w[at] ?? 0;
      out[features] = w[kept.length] ?? 0;
      return out;
    }
    kept.splice(kept.indexOf(worst), 1);
  }
}
