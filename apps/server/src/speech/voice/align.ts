/**
 * Dynamic time warping of the learner's speech frames onto the synthesised reference's frames (MFCC
 * distance), and the reference's syllable boundaries carried across the warping path.
 */
import { MFCC_COUNT } from './features.js';

const DIAGONAL = 0;
const UP = 1;
const LEFT = 2;
/** Half width of the band, as a share of the longer sequence, and at least this many frames. */
const BAND_SHARE = 0.25;
const BAND_MIN_FRAMES = 40;

/**
 * The cheapest monotonic path matching every learner frame (rows) with reference frames (columns), as
 * for each reference frame the first and last learner frame matched with it.
 */
export function warp(learner: Float32Array, reference: Float32Array): { first: Int32Array; last: Int32Array; cost: number } {
  const rows = learner.length / MFCC_COUNT;
  const cols = reference.length / MFCC_COUNT;
  const first = new Int32Array(cols).fill(-1);
  const last = new Int32Array(cols).fill(-1);
  if (rows === 0 || cols === 0) return { first, last, cost: Number.POSITIVE_INFINITY };
  // One byte per cell for the way back; two rows of costs.
  const from = new Uint8Array(rows * cols);
  let prev = new Float64Array(cols);
  let cur = new Float64Array(cols);
  // A band around the diagonal (Sakoe-Chiba): a learner does not say the end of the sentence first, and the
  // band keeps the cost near linear in the recording's length.
  const ratio = cols / rows;
  const half = Math.max(BAND_MIN_FRAMES, Math.round(Math.max(rows, cols) * BAND_SHARE));
  prev.fill(Number.POSITIVE_INFINITY);
  for (let i = 0; i < rows; i++) {
    const centre = Math.round(i * ratio);
    const lo = Math.max(0, centre - half);
    const hi = Math.min(cols - 1, centre + half);
    cur.fill(Number.POSITIVE_INFINITY);
    for (let j = lo; j <= hi; j++) {
      let d = 0;
      for (let c = 0; c < MFCC_COUNT; c++) {
        const diff = (learner[i * MFCC_COUNT + c] ?? 0) - (reference[j * MFCC_COUNT + c] ?? 0);
        d += diff * diff;
      }
      d = Math.sqrt(d);
      if (i === 0 && j === 0) {
        cur[j] = d;
        continue;
      }
      // A diagonal step pays its distance twice (symmetric DTW), so the path does not favour cutting corners.
      const diag = i > 0 && j > 0 ? (prev[j - 1] ?? 0) + 2 * d : Number.POSITIVE_INFINITY;
      const up = i > 0 ? (prev[j] ?? 0) + d : Number.POSITIVE_INFINITY;
      const left = j > 0 ? (cur[j - 1] ?? 0) + d : Number.POSITIVE_INFINITY;
      if (diag <= up && diag <= left) {
        cur[j] = diag;
        from[i * cols + j] = DIAGONAL;
      } else if (up <= left) {
        cur[j] = up;
        from[i * cols + j] = UP;
      } else {
        cur[j] = left;
        from[i * cols + j] = LEFT;
      }
    }
    [prev, cur] = [cur, prev];
  }
  // Per frame of both, so recordings and references of any length compare.
  const cost = (prev[cols - 1] ?? 0) / (rows + cols);
  let i = rows - 1;
  let j = cols - 1;
  for (;;) {
    if (last[j] === -1) last[j] = i;
    first[j] = i;
    if (i === 0 && j === 0) break;
    if (i === 0) j--;
    else if (j === 0) i--;
    else {
      const step = from[i * cols + j];
      if (step === DIAGONAL) {
        i--;
        j--;
      } else if (step === UP) i--;
      else j--;
    }
  }
  return { first, last, cost };
}

/**
 * Syllable spans in the learner's frames: reference syllable k spans reference frames
 * [bounds[k], bounds[k+1]); each boundary moves to the learner frame the path matched with it.
 */
export function carryBoundaries(bounds: readonly number[], path: { first: Int32Array; last: Int32Array }, learnerFrames: number): number[] {
  const cols = path.first.length;
  return bounds.map((b, k) => {
    if (k === bounds.length - 1) return learnerFrames;
    const j = Math.min(cols - 1, Math.max(0, b));
    return Math.max(0, path.first[j] ?? 0);
  });
}
