/**
 * Voice activity and fluency from energy and voicing alone: which 10 ms frames hold speech, the pauses
 * between them, and syllable nuclei (peaks of loudness on voiced frames) for the speaking rate.
 */
import type { Fluency } from '@kouyu/core';
import { FRAME_MS } from './features.js';
import { quantile } from './pitch.js';

/** A silence this long between two stretches of speech counts as a pause (HSKK raters hear ~0.25 s). */
export const PAUSE_MIN_MS = 250;
/** Silences shorter than this inside speech are stop closures, not pauses. */
const CLOSURE_MAX_MS = 120;
/** Bursts of "speech" shorter than this are clicks or breaths. */
const BURST_MIN_MS = 60;
/** A syllable nucleus stands this much (dB) above the dips on either side. */
const NUCLEUS_PROMINENCE_DB = 2;
const NUCLEUS_MIN_GAP_MS = 90;

/** Frames likely to hold speech before smoothing: above the silence gate. */
export function speechGate(energyDb: Float32Array): { floor: number; gate: number } {
  const values = Array.from(energyDb);
  const floor = quantile(values, 0.1);
  const peak = quantile(values, 0.98);
  // Half-way in dB between the noise floor and the loud speech, never closer than 12 dB to the floor, but
  // within reach of quiet consonants of a loud speaker.
  const gate = Math.max(floor + 12, Math.min(peak - 30, floor + (peak - floor) * 0.35));
  return { floor, gate: Math.max(gate, -65) };
}

/** Speech (true) or silence per frame: energy gate or voicing, then closures filled and clicks removed. */
export function detectSpeech(energyDb: Float32Array, voicing: Float32Array): Uint8Array {
  const { floor, gate } = speechGate(energyDb);
  const speech = new Uint8Array(energyDb.length);
  for (let i = 0; i < speech.length; i++) {
    const e = energyDb[i] ?? -100;
    speech[i] = e > gate || ((voicing[i] ?? 0) > 0.7 && e > floor + 8 && e > -65) ? 1 : 0;
  }
  fillRuns(speech, 0, Math.round(CLOSURE_MAX_MS / FRAME_MS), 1);
  fillRuns(speech, 1, Math.round(BURST_MIN_MS / FRAME_MS), 0);
  return speech;
}

/** Runs of `value` shorter than `maxLen` frames, bounded on both sides, become `to`. */
function fillRuns(mask: Uint8Array, value: number, maxLen: number, to: number): void {
  let i = 0;
  while (i < mask.length) {
    if (mask[i] !== value) {
      i++;
      continue;
    }
    let j = i;
    while (j < mask.length && mask[j] === value) j++;
    const bounded = value === 1 || (i > 0 && j < mask.length);
    if (j - i < maxLen && bounded) mask.fill(to, i, j);
    i = j;
  }
}

/** Runs of silence between speech of at least PAUSE_MIN_MS, as [first frame, end frame). */
export function findPauses(speech: Uint8Array): Array<[number, number]> {
  const pauses: Array<[number, number]> = [];
  const first = speech.indexOf(1);
  const last = speech.lastIndexOf(1);
  if (first < 0) return pauses;
  let i = first;
  while (i <= last) {
    if (speech[i] === 1) {
      i++;
      continue;
    }
    let j = i;
    while (j <= last && speech[j] === 0) j++;
    if ((j - i) * FRAME_MS >= PAUSE_MIN_MS) pauses.push([i, j]);
    i = j;
  }
  return pauses;
}

/** Peaks of smoothed loudness on voiced speech frames: one per syllable in most Chinese speech. */
export function countNuclei(energyDb: Float32Array, speech: Uint8Array, voicing: Float32Array): number {
  const smooth = new Float32Array(energyDb.length);
  for (let i = 0; i < smooth.length; i++) {
    let sum = 0;
    let n = 0;
    for (let j = Math.max(0, i - 2); j <= Math.min(smooth.length - 1, i + 2); j++) {
      sum += energyDb[j] ?? 0;
      n++;
    }
    smooth[i] = sum / n;
  }
  const minGap = Math.round(NUCLEUS_MIN_GAP_MS / FRAME_MS);
  let count = 0;
  let lastPeak = -minGap;
  let valley = Number.POSITIVE_INFINITY;
  for (let i = 1; i < smooth.length - 1; i++) {
    const here = smooth[i] ?? 0;
    if (speech[i] !== 1) {
      valley = Math.min(valley, here);
      continue;
    }
    valley = Math.min(valley, here);
    const isPeak = here >= (smooth[i - 1] ?? 0) && here > (smooth[i + 1] ?? 0) && (voicing[i] ?? 0) > 0.5;
    if (!isPeak) continue;
    // The dip after the peak, up to the next rise or the end of the speech run.
    let after = here;
    for (let j = i + 1; j < smooth.length && j < i + 40; j++) {
      after = Math.min(after, smooth[j] ?? 0);
      if ((smooth[j] ?? 0) > here || speech[j] !== 1) break;
    }
    const prominent = here - valley >= NUCLEUS_PROMINENCE_DB && here - after >= NUCLEUS_PROMINENCE_DB / 2;
    if (prominent && i - lastPeak >= minGap) {
      count++;
      lastPeak = i;
      valley = here;
    }
  }
  return count;
}

/** Fluency of a recording from its per-frame speech mask, loudness and voicing. */
export function measureFluency(
  energyDb: Float32Array,
  speech: Uint8Array,
  voicing: Float32Array,
  syllables?: number,
): Fluency {
  const pauses = findPauses(speech);
  const first = speech.indexOf(1);
  const last = speech.lastIndexOf(1);
  let speechFrames = 0;
  for (const v of speech) speechFrames += v;
  const spoken = syllables ?? countNuclei(energyDb, speech, voicing);
  // The speaking rate counts pauses in: a learner who stops often speaks slower, as a rater hears it.
  const spanMs = first < 0 ? 0 : (last - first + 1) * FRAME_MS;
  return {
    speech_ms: Math.round(speechFrames * FRAME_MS),
    duration_ms: Math.round(speech.length * FRAME_MS),
    pause_count: pauses.length,
    longest_pause_ms: Math.round(Math.max(0, ...pauses.map(([a, b]) => (b - a) * FRAME_MS))),
    syllables_per_minute: spanMs > 0 ? Math.round((spoken / spanMs) * 60_000) : 0,
    start_delay_ms: Math.round(first < 0 ? speech.length * FRAME_MS : first * FRAME_MS),
  };
}
