/**
 * A learner's pitch range from their earlier recordings: one word alone says little about how high or
 * low a voice sits, so each assessed recording adds its voiced frames to a histogram kept per learner,
 * and the range is read from it once enough voice has been heard. Kept in this process only (lost on
 * restart, not shared between instances): a fresh start is the same as a new learner, no worse.
 */
import { MIN_HALF_RANGE } from './tone-model.js';
import type { SpeakerRange } from './tone-model.js';

/** Histogram bins of a quarter semitone from -24 to +48 semitones re 100 Hz (25 Hz to 1.6 kHz). */
const LOW = -24;
const BINS = 288;
const BIN = 0.25;
/** Voiced frames (10 ms) needed before the memory is trusted: 3 s of voice. */
const ENOUGH_VOICE = 300;
/** Frames kept: older recordings are weighed down once a learner has this much voice. */
const CAP = 6_000;
/** Learners remembered (least recently used dropped first). */
const MAX_LEARNERS = 5_000;

const memory = new Map<string, Float64Array>();

function quantileOf(hist: Float64Array, total: number, q: number): number {
  let seen = 0;
  for (let b = 0; b < BINS; b++) {
    seen += hist[b] ?? 0;
    if (seen >= q * total) return LOW + (b + 0.5) * BIN;
  }
  return LOW + BINS * BIN;
}

function totalOf(hist: Float64Array): number {
  let total = 0;
  for (const v of hist) total += v;
  return total;
}

/**
 * Adds a recording's pitch track (semitones re 100 Hz, NaN unvoiced) to the learner's memory and returns
 * the range over all of it, or undefined while too little voice has been heard.
 */
export function rememberSpeaker(key: string, semitones: Float32Array): SpeakerRange | undefined {
  let hist = memory.get(key);
  memory.delete(key);
  if (!hist) hist = new Float64Array(BINS);
  memory.set(key, hist);
  if (memory.size > MAX_LEARNERS) {
    const oldest = memory.keys().next().value;
    if (oldest !== undefined) memory.delete(oldest);
  }
  let total = totalOf(hist);
  if (total > CAP) {
    for (let b = 0; b < BINS; b++) hist[b] = (hist[b] ?? 0) / 2;
    total /= 2;
  }
  for (const v of semitones) {
    if (Number.isNaN(v)) continue;
    const b = Math.min(BINS - 1, Math.max(0, Math.floor((v - LOW) / BIN)));
    hist[b] = (hist[b] ?? 0) + 1;
    total++;
  }
  if (total < ENOUGH_VOICE) return undefined;
  return {
    median: quantileOf(hist, total, 0.5),
    halfRange: Math.max(MIN_HALF_RANGE, (quantileOf(hist, total, 0.9) - quantileOf(hist, total, 0.1)) / 2),
  };
}

/** Forgets every learner (tests). */
export function forgetSpeakers(): void {
  memory.clear();
}
