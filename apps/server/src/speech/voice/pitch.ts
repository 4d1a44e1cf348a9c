/**
 * Pitch of each 10 ms frame by normalised cross-correlation (the method of Praat and RAPT), written here
 * rather than taken from a GPL package. YIN's difference function was tried first: it lost the pitch
 * wherever loudness rose fast (a vowel after m or n), so a third of each syllable's curve went missing.
 * It runs at 8 kHz, which keeps the voice's fundamental (50-500 Hz) and halves the cost.
 */
import { HOP } from './features.js';

const RATE = 8_000;
const HOP_8K = HOP / 2;
/** 20 ms of signal compared with itself, longer than one period of the lowest voice. */
const WINDOW = 160;
const MIN_HZ = 50;
const MAX_HZ = 500;
const MAX_LAG = Math.ceil(RATE / MIN_HZ);
const MIN_LAG = Math.floor(RATE / MAX_HZ);
/** A frame whose best normalised correlation is below this is not voiced. */
const VOICED_MIN = 0.5;
/** A shorter lag within this share of the best correlation is the period. */
const OCTAVE_GUARD = 0.9;

export interface PitchTrack {
  /** Hz per frame, 0 where unvoiced. */
  hz: Float32Array;
  /** 0-1 per frame: the normalised correlation at the chosen lag. */
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

/**
 * Pitch of frames 0..count-1 of a 16 kHz recording; frames where `active` is false (silence) are
 * skipped as unvoiced, which is most of the saving on a recording with pauses.
 */
export function trackPitch(samples: Float32Array, count: number, active: (frame: number) => boolean): PitchTrack {
  const x = downsample(samples);
  const hz = new Float32Array(count);
  const voicing = new Float32Array(count);
  const r = new Float64Array(MAX_LAG + 2);
  for (let f = 0; f < count; f++) {
    if (!active(f)) continue;
    // The window is centred on the 25 ms energy frame, so pitch and loudness describe the same moment.
    const at = Math.max(0, f * HOP_8K + 50 - WINDOW / 2 - (MAX_LAG >> 1));
    if (at + WINDOW + MAX_LAG + 1 > x.length) break;
    let e0 = 0;
    for (let j = 0; j < WINDOW; j++) e0 += (x[at + j] ?? 0) ** 2;
    if (e0 <= 1e-9) continue;
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
    if (best < VOICED_MIN) continue;
    // The shortest lag whose peak is nearly as strong as the best: the best alone often falls an octave low.
    let lag = -1;
    for (let tau = MIN_LAG; tau <= MAX_LAG; tau++) {
      const v = r[tau] ?? 0;
      if (v >= best * OCTAVE_GUARD && v >= (r[tau - 1] ?? 0) && v >= (r[tau + 1] ?? 0)) {
        lag = tau;
        break;
      }
    }
    if (lag < 0) continue;
    // Parabolic interpolation between neighbouring lags gives sub-sample precision.
    const a = r[lag - 1] ?? 0;
    const b = r[lag] ?? 0;
    const c = r[lag + 1] ?? 0;
    const denom = a - 2 * b + c;
    const refined = denom < 0 ? lag + (a - c) / (2 * denom) : lag;
    hz[f] = RATE / refined;
    voicing[f] = b;
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
