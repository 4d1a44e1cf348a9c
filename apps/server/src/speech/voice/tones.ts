/**
 * The tone heard in one syllable: its pitch curve, on the speaker's own range, compared with the shape of
 * each tone (core's TONE_SHAPES). The shape counts most; the height counts less, since a sentence drifts
 * down as it goes on.
 */
import { HALF_THIRD_SHAPE, TONE_SHAPES } from '@kouyu/core';
import type { Tone } from '@kouyu/core';
import { median, quantile } from './pitch.js';

/** Points each syllable's curve is resampled to (as many as the tone shapes have). */
export const CONTOUR_POINTS = 5;
/** Fewer voiced frames than this (40 ms) is too little voice to judge. */
const MIN_VOICED = 4;
/** A speaker's half range is never taken below this many semitones, so a monotone voice is not stretched. */
const MIN_HALF_RANGE = 1;
const LEVEL_WEIGHT = 0.6;
/** Softness of the confidence: distances are squared units of the speaker's half range. */
const TEMPERATURE = 0.12;

export interface SpeakerRange {
  /** Median pitch, semitones re 100 Hz. */
  median: number;
  /** Half the distance between the 10th and 90th percentiles, semitones. */
  halfRange: number;
}

export interface HeardTone {
  heard: Tone | null;
  confidence: number;
  /** Semitones relative to the speaker's median, CONTOUR_POINTS evenly spaced; empty without voice. */
  contour: number[];
}

/** The speaker's pitch median and range from every voiced frame. */
export function speakerRange(semitones: Float32Array): SpeakerRange {
  const voiced = Array.from(semitones).filter((v) => !Number.isNaN(v));
  if (voiced.length === 0) return { median: 0, halfRange: MIN_HALF_RANGE };
  return {
    median: median(voiced),
    halfRange: Math.max(MIN_HALF_RANGE, (quantile(voiced, 0.9) - quantile(voiced, 0.1)) / 2),
  };
}

/** A step between neighbouring voiced frames larger than this share of the speaker's half range is a break. */
const CORE_MAX_JUMP = 1;
/** Unvoiced frames bridged inside the voiced core (a short dropout of the pitch track). */
const CORE_MAX_GAP = 3;

/**
 * The voiced core of a syllable: the longest run of voiced frames in which the pitch moves smoothly. A
 * voice's pitch never jumps within a vowel, so a jump means the run was joined to something else: the
 * neighbouring syllable's voice let in by a boundary a little off, a consonant's noise, or a pitch-track error.
 */
export function voicedCore(points: ReadonlyArray<readonly [number, number]>, maxJump: number): Array<readonly [number, number]> {
  let best: Array<readonly [number, number]> = [];
  let run: Array<readonly [number, number]> = [];
  for (const point of points) {
    const last = run.at(-1);
    if (last && (point[0] - last[0] > CORE_MAX_GAP + 1 || Math.abs(point[1] - last[1]) > maxJump)) {
      if (run.length > best.length) best = run;
      run = [];
    }
    run.push(point);
  }
  return run.length > best.length ? run : best;
}

/**
 * The voiced core of frames [start, end) resampled to CONTOUR_POINTS, or null with too little voice.
 * `halfRange` is the speaker's (semitones): what counts as a jump scales with it.
 */
export function contourOf(semitones: Float32Array, start: number, end: number, halfRange = MIN_HALF_RANGE): number[] | null {
  const voiced: Array<readonly [number, number]> = [];
  for (let f = start; f < end; f++) {
    const v = semitones[f] ?? Number.NaN;
    if (!Number.isNaN(v)) voiced.push([f, v]);
  }
  const points = voicedCore(voiced, CORE_MAX_JUMP * halfRange);
  if (points.length < MIN_VOICED) return null;
  // The last voiced frame already carries the next syllable's pull on the pitch.
  const trimmed = points.length >= 8 ? points.slice(0, -1) : points;
  const from = trimmed[0]?.[0] ?? start;
  const to = trimmed.at(-1)?.[0] ?? end;
  const span = Math.max(1, to - from);
  const out: number[] = [];
  for (let k = 0; k < CONTOUR_POINTS; k++) {
    const lo = from + (span * k) / CONTOUR_POINTS;
    const hi = from + (span * (k + 1)) / CONTOUR_POINTS;
    const inBin = trimmed.filter(([f]) => f >= lo && (f < hi || (k === CONTOUR_POINTS - 1 && f <= hi))).map(([, v]) => v);
    out.push(inBin.length > 0 ? median(inBin) : Number.NaN);
  }
  // Empty bins (voicing dropped out) take their neighbours' values.
  for (let k = 0; k < out.length; k++) {
    if (!Number.isNaN(out[k] ?? Number.NaN)) continue;
    const before = out.slice(0, k).findLast((v) => !Number.isNaN(v));
    const after = out.slice(k + 1).find((v) => !Number.isNaN(v));
    out[k] = before ?? after ?? 0;
  }
  return out;
}

function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
}

/** Distance of a normalised curve from a tone shape: shape difference plus a lighter height difference. */
function distance(x: readonly number[], shape: readonly number[]): number {
  const mx = mean(x);
  const ms = mean(shape);
  let d = 0;
  for (let k = 0; k < x.length; k++) d += ((x[k] ?? 0) - mx - ((shape[k] ?? 0) - ms)) ** 2;
  return d / x.length + LEVEL_WEIGHT * (mx - ms) ** 2;
}

const CANDIDATES: ReadonlyArray<[Tone, readonly number[]]> = [
  [1, TONE_SHAPES[1]],
  [2, TONE_SHAPES[2]],
  [3, TONE_SHAPES[3]],
  [3, HALF_THIRD_SHAPE],
  [4, TONE_SHAPES[4]],
];

/**
 * The tone of a syllable's curve (semitones, CONTOUR_POINTS long) for a speaker's range. The neutral
 * tone is not told from the shape (it takes the shape its neighbours leave it): a syllable expected
 * neutral is heard neutral when it is short, as a neutral syllable is.
 */
export function classifyContour(contour: readonly number[], range: SpeakerRange): { heard: Tone; confidence: number } {
  const x = contour.map((v) => (v - range.median) / range.halfRange);
  const best = new Map<Tone, number>();
  for (const [tone, shape] of CANDIDATES) best.set(tone, Math.min(best.get(tone) ?? Number.POSITIVE_INFINITY, distance(x, shape)));
  let heard: Tone = 1;
  let lowest = Number.POSITIVE_INFINITY;
  let total = 0;
  const weights = new Map<Tone, number>();
  for (const [tone, d] of best) {
    if (d < lowest) {
      lowest = d;
      heard = tone;
    }
  }
  for (const [tone, d] of best) {
    const w = Math.exp(-(d - lowest) / TEMPERATURE);
    weights.set(tone, w);
    total += w;
  }
  return { heard, confidence: (weights.get(heard) ?? 0) / total };
}

/** The tone heard over frames [start, end) of a pitch track (semitones per frame). */
export function hearTone(semitones: Float32Array, start: number, end: number, range: SpeakerRange): HeardTone {
  const contour = contourOf(semitones, start, end, range.halfRange);
  if (!contour) return { heard: null, confidence: 0, contour: [] };
  const { heard, confidence } = classifyContour(contour, range);
  return { heard, confidence, contour: contour.map((v) => Math.round((v - range.median) * 100) / 100) };
}
