/**
 * Pitch of each 10 ms frame: normalised cross-correlation gives a few period candidates per frame (the
 * method of Praat and RAPT), then a Viterbi pass picks the smoothest path through them with an unvoiced
 * state, so an octave slip in one frame costs more than it gains (decision 025). Written here rather than
 * taken from a GPL package. YIN's difference function was tried first: it lost the pitch wherever loudness
 * rose fast (a vowel after m or n). It runs at 8 kHz, which keeps the voice's fundamental (60-500 Hz: men,
 * women and children) and halves the cost.
 */
import { HOP } from './features.js';

const RATE = 8_000;
const HOP_8K = HOP / 2;
/** 20 ms of signal compared with itself, longer than one period of the lowest voice. */
const WINDOW = 160;
export const MIN_HZ = 60;
export const MAX_HZ = 500;
const MAX_LAG = Math.ceil(RATE / MIN_HZ);
const MIN_LAG = Math.floor(RATE / MAX_HZ);
/** Peaks of the correlation below this are no period candidate. */
const CANDIDATE_MIN = 0.3;
/** Candidates kept per frame (the strongest peaks). */
const CANDIDATES = 5;
/** A longer lag costs a little more: the best peak alone often falls an octave low (a multiple of the period). */
const LAG_COST = 0.3;
/** Cost of an unvoiced frame: low where the best correlation is weak, high where it is strong. */
const UNVOICED_BASE = 0.3;
const UNVOICED_SLOPE = 1.25;
/** Cost per octave of a pitch change between neighbouring voiced frames. */
const JUMP_COST = 2.5;
/** Cost of switching between voiced and unvoiced. */
const SWITCH_COST = 0.25;

export interface PitchTrack {
  /** Hz per frame, 0 where unvoiced. */
  hz: Float32Array;
  /** 0-1 per frame: the normalised correlation at the chosen lag (0 where unvoiced). */
  voicing: Float32Array;
}

/** Halves the rate after a small low-pass ([1 2 1] / 4) so the voice's harmonics do not fold down. */
function downsample(samples: Float32Array): Float32Array {
  const out = new Float32Array(Math.floor(samples.length / 2));
  for (let n = 0; n < out.length; n++) {
    out[n] = ((samples[2 * n - 1] ?? 0) + 2 * (samples[2 * n] ?? 0) + (samples[2 * n + 1] ?? 0)) / 4;
  }
  return out;
}

/** Candidate periods of one frame: refined lag (8 kHz samples) and correlation, cheapest first. */
function frameCandidates(
  x: Float32Array,
  at: number,
  r: Float64Array,
  lags: number[],
  values: number[],
): number {
  let e0 = 0;
  for (let j = 0; j < WINDOW; j++) e0 += (x[at + j] ?? 0) ** 2;
  lags.length = 0;
  values.length = 0;
  if (e0 <= 1e-9) return 0;
  // Energy of the lagged window, slid one sample at a time.
  let eTau = 0;
  for (let j = 0; j < WINDOW; j++) eTau += (x[at + MIN_LAG - 1 + j] ?? 0) ** 2;
  let best = 0;
  for (let tau = MIN_LAG - 1; tau <= MAX_LAG + 1; tau++) {
    if (tau > MIN_LAG - 1) eTau += (x[at + tau + WINDOW - 1] ?? 0) ** 2 - (x[at + tau - 1] ?? 0) ** 2;
    let sum = 0;
    for (let j = 0; j < WINDOW; j++) sum += (x[at + j] ?? 0) * (x[at + j + tau] ?? 0);
    const v = eTau > 1e-12 ? sum / Math.sqrt(e0 * eTau) : 0;
    r[tau] = v;
    if (tau >= MIN_LAG && tau <= MAX_LAG && v > best) best = v;
  }
  for (let tau = MIN_LAG; tau <= MAX_LAG; tau++) {
    const b = r[tau] ?? 0;
    if (b < CANDIDATE_MIN || b < (r[tau - 1] ?? 0) || b < (r[tau + 1] ?? 0)) continue;
    // Parabolic interpolation between neighbouring lags gives sub-sample precision.
    const a = r[tau - 1] ?? 0;
    const c = r[tau + 1] ?? 0;
    const denom = a - 2 * b + c;
    const refined = denom < 0 ? tau + (a - c) / (2 * denom) : tau;
    // The interpolated peak: a period between two whole lags would otherwise lose to its multiple.
    const height = denom < 0 ? Math.min(1, b - (a - c) ** 2 / (8 * denom)) : b;
    // Keep the few of lowest local cost (strong and short: the multiples of a period are as strong as it).
    const rank = height - (LAG_COST * refined) / MAX_LAG;
    let k = values.length;
    while (k > 0 && (values[k - 1] ?? 0) - (LAG_COST * (lags[k - 1] ?? 0)) / MAX_LAG < rank) k--;
    if (k >= CANDIDATES) continue;
    values.splice(k, 0, height);
    lags.splice(k, 0, refined);
    if (values.length > CANDIDATES) {
      values.pop();
      lags.pop();
    }
  }
  return best;
}

/**
 * Pitch of frames 0..count-1 of a 16 kHz recording; frames where `active` is false (silence) are
 * unvoiced without analysis, which is most of the saving on a recording with pauses.
 */
export function trackPitch(
  samples: Float32Array,
  count: number,
  active: (frame: number) => boolean,
): PitchTrack {
  const x = downsample(samples);
  const hz = new Float32Array(count);
  const voicing = new Float32Array(count);
  const r = new Float64Array(MAX_LAG + 2);
  // Per frame: candidate log2 periods and correlations; state 0 is unvoiced, 1..n the candidates.
  const S = CANDIDATES + 1;
  const logLag = new Float32Array(count * S);
  const corr = new Float32Array(count * S);
  const nCand = new Uint8Array(count);
  const cost = new Float64Array(S);
  const next = new Float64Array(S);
  const back = new Uint8Array(count * S);
  const lags: number[] = [];
  const values: number[] = [];
  for (let f = 0; f < count; f++) {
    let best = 0;
    if (active(f)) {
      // The window is centred on the 25 ms energy frame, so pitch and loudness describe the same moment.
      // (A typical period, 30 samples, lies between the window and its lagged copy.)
      const at = Math.max(0, f * HOP_8K + 100 - WINDOW / 2 - 15);
      if (at + WINDOW + MAX_LAG + 1 <= x.length) best = frameCandidates(x, at, r, lags, values);
      else lags.length = 0;
    } else lags.length = 0;
    const n = best > 0 ? lags.length : 0;
    nCand[f] = n;
    const local = (s: number) =>
      s === 0
        ? n === 0
          ? 0
          : UNVOICED_BASE + UNVOICED_SLOPE * (best - 0.5)
        : 1 - (values[s - 1] ?? 0) + (LAG_COST * (lags[s - 1] ?? 0)) / MAX_LAG;
    for (let s = 1; s <= n; s++) {
      logLag[f * S + s] = Math.log2(lags[s - 1] ?? 1);
      corr[f * S + s] = values[s - 1] ?? 0;
    }
    if (f === 0) {
      for (let s = 0; s < S; s++) cost[s] = s <= n ? local(s) : Number.POSITIVE_INFINITY;
      continue;
    }
    const m = nCand[f - 1] ?? 0;
    for (let s = 0; s <= n; s++) {
      let min = Number.POSITIVE_INFINITY;
      let arg = 0;
      for (let p = 0; p <= m; p++) {
        const c = cost[p] ?? Number.POSITIVE_INFINITY;
        const t =
          s === 0 && p === 0
            ? 0
            : s === 0 || p === 0
              ? SWITCH_COST
              : JUMP_COST * Math.abs((logLag[f * S + s] ?? 0) - (logLag[(f - 1) * S + p] ?? 0));
        if (c + t < min) {
          min = c + t;
          arg = p;
        }
      }
      next[s] = min + local(s);
      back[f * S + s] = arg;
    }
    for (let s = 0; s < S; s++) cost[s] = s <= n ? (next[s] ?? 0) : Number.POSITIVE_INFINITY;
  }
  if (count === 0) return { hz, voicing };
  let state = 0;
  for (let s = 1; s <= (nCand[count - 1] ?? 0); s++)
    if ((cost[s] ?? Infinity) < (cost[state] ?? Infinity)) state = s;
  for (let f = count - 1; f >= 0; f--) {
    if (state > 0) {
      hz[f] = RATE / 2 ** (logLag[f * S + state] ?? 0);
      voicing[f] = corr[f * S + state] ?? 0;
    }
    state = f > 0 ? (back[f * S + state] ?? 0) : 0;
  }
  return { hz, voicing };
}
/**
 * Semitones relative to 100 Hz, NaN where unvoiced. Octave jumps (against the speaker's median, then the
 * local one) are folded back, and a frame still far from its neighbours is dropped: such frames come from
 * a consonant's noise, not from the voice.
 */
export function toSemitones(hz: Float32Array): Float32Array {
  const st = new Float32Array(hz.length);
  const all: number[] = [];
  for (let i = 0; i < hz.length; i++) {
    const v = (hz[i] ?? 0) > 0 ? 12 * Math.log2((hz[i] ?? 0) / 100) : Number.NaN;
    st[i] = v;
    if (!Number.isNaN(v)) all.push(v);
  }
  const centre = median(all);
  for (let i = 0; i < st.length; i++) {
    const v = st[i] ?? Number.NaN;
    if (v - centre > 9) st[i] = v - 12;
    else if (centre - v > 12) st[i] = v + 12;
  }
  const out = st.slice();
  for (let i = 0; i < st.length; i++) {
    const here = st[i] ?? Number.NaN;
    if (Number.isNaN(here)) continue;
    const near: number[] = [];
    for (let j = Math.max(0, i - 7); j <= Math.min(st.length - 1, i + 7); j++) {
      const v = st[j] ?? Number.NaN;
      if (!Number.isNaN(v)) near.push(v);
    }
    const med = median(near);
    let v = here;
    if (v - med > 9) v -= 12;
    else if (med - v > 9) v += 12;
    out[i] = Math.abs(v - med) > 6 || Math.abs(v - centre) > 12 ? Number.NaN : v;
  }
  return out;
}

/** Median of a list (NaN when empty). */
export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** The q-quantile (0-1) of a list by linear interpolation (NaN when empty). */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] ?? 0) + ((sorted[hi] ?? 0) - (sorted[lo] ?? 0)) * (pos - lo);
}
