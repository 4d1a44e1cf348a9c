/**
 * The tone classifier: features of a syllable's pitch curve on the speaker's own range (height, slope,
 * curvature, where the lowest point falls, length, voicing, the neighbours) and a multinomial logistic
 * regression over them, learned from human recordings by `npm run train:tones` (scripts/voice). The
 * weights file is its output; this module only reads it.
 */
import type { Tone } from '@kouyu/core';
import { median } from './pitch.js';
import weightsFile from './tone-model.weights.json' with { type: 'json' };

/** The pitch of a speaker: median and half the 10th-90th percentile spread, in semitones re 100 Hz. */
export interface SpeakerRange {
  median: number;
  halfRange: number;
}

/** A speaker's half range is never taken below this (semitones), so a monotone voice is not stretched. */
export const MIN_HALF_RANGE = 1.5;
/** Fewer voiced frames than this (40 ms) is too little voice to judge. */
export const MIN_VOICED = 4;
/** Frames bridged inside a syllable's voiced core (a dropout of the pitch track). */
const CORE_MAX_GAP = 3;
/** Semitones between neighbouring frames that break the voiced core (another voice, a slip). */
const CORE_MAX_JUMP_ST = 2.5;

/** What the classifier knows of one syllable's place in the utterance. */
export interface SyllableContext {
  /** Frames [start, end) of the syllable. */
  start: number;
  end: number;
  /** The median syllable length of the utterance, frames. */
  typicalFrames: number;
  /** 0 for the first syllable, 1 for the last (0.5 when alone). */
  position: number;
  syllables: number;
  /** Expected tones of the neighbours (0 when there is none): the text is known, coarticulation follows it. */
  prevTone: Tone | 0;
  nextTone: Tone | 0;
  /** Mean height of every voiced syllable core of the utterance (its own register, declination and all). */
  utteranceMean: number;
}

export interface Contour {
  /** Voiced-core frames and their pitch on the speaker's range ((st - median) / halfRange). */
  frames: number[];
  values: number[];
  /** Voiced frames of the span, of its length. */
  voicedShare: number;
}

/** The longest smooth run of voiced frames in [start, end), normalised to the speaker's range. */
export function voicedContour(
  semitones: Float32Array,
  start: number,
  end: number,
  range: SpeakerRange,
): Contour | null {
  let best: number[] = [];
  let run: number[] = [];
  let voiced = 0;
  for (let f = start; f < end; f++) {
    const v = semitones[f] ?? Number.NaN;
    if (Number.isNaN(v)) continue;
    voiced++;
    const last = run.at(-1);
    if (
      last !== undefined &&
      (f - last > CORE_MAX_GAP + 1 || Math.abs(v - (semitones[last] ?? v)) > CORE_MAX_JUMP_ST)
    ) {
      if (run.length > best.length) best = run;
      run = [];
    }
    run.push(f);
  }
  if (run.length > best.length) best = run;
  if (best.length < MIN_VOICED) return null;
  const half = Math.max(MIN_HALF_RANGE, range.halfRange);
  return {
    frames: best,
    values: best.map((f) => ((semitones[f] ?? 0) - range.median) / half),
    voicedShare: voiced / Math.max(1, end - start),
  };
}

/** The curve resampled to `points` bin medians, evenly over its voiced core. */
export function resample(contour: Contour, points: number): number[] {
  const { frames, values } = contour;
  const from = frames[0] ?? 0;
  const span = Math.max(1, (frames.at(-1) ?? 0) - from + 1);
  const out: number[] = [];
  for (let k = 0; k < points; k++) {
    const bin = values.filter(
      (_, i) => Math.min(points - 1, Math.floor((((frames[i] ?? 0) - from) / span) * points)) === k,
    );
    out.push(bin.length > 0 ? median(bin) : Number.NaN);
  }
  for (let k = 0; k < points; k++) {
    if (!Number.isNaN(out[k] ?? Number.NaN)) continue;
    out[k] =
      out.slice(0, k).findLast((v) => !Number.isNaN(v)) ??
      out.slice(k + 1).find((v) => !Number.isNaN(v)) ??
      0;
  }
  return out;
}

/** Least-squares fit a + b·t + c·(t² - 1/3) over t in [-1, 1]: level, slope and curvature of a curve. */
function quadratic(values: readonly number[]): [number, number, number] {
  const n = values.length;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let t2sum = 0;
  let q2sum = 0;
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 0 : (2 * i) / (n - 1) - 1;
    const q = t * t - 1 / 3;
    const v = values[i] ?? 0;
    s0 += v;
    s1 += v * t;
    s2 += v * q;
    t2sum += t * t;
    q2sum += q * q;
  }
  // The basis is orthogonal on a symmetric grid, so each coefficient is a projection.
  return [s0 / n, t2sum > 0 ? s1 / t2sum : 0, q2sum > 0 ? s2 / q2sum : 0];
}

const ONE_HOT_TONES: ReadonlyArray<Tone | 0> = [0, 1, 2, 3, 4, 5];

/** Feature names, in the order of the vector (the weights file repeats them, so a mismatch is caught). */
export const FEATURE_NAMES: readonly string[] = [
  'p0',
  'p1',
  'p2',
  'p3',
  'p4',
  'p5',
  'p6',
  'mean',
  'slope',
  'curve',
  'min',
  'max',
  'minAt',
  'maxAt',
  'firstHalfSlope',
  'secondHalfSlope',
  'coreSeconds',
  'relLength',
  'voicedShare',
  'position',
  'single',
  'prevDiff',
  'nextDiff',
  'hasPrev',
  'hasNext',
  'rise',
  'fall',
  'relMean',
  ...ONE_HOT_TONES.map((t) => `prev${t}`),
  ...ONE_HOT_TONES.map((t) => `next${t}`),
];

/** The feature vector of one syllable, its neighbours' curves (null when voiceless or absent) beside it. */
export function toneFeatures(
  contour: Contour,
  ctx: SyllableContext,
  prev: Contour | null,
  next: Contour | null,
): number[] {
  const p = resample(contour, 7);
  const [mean, slope, curve] = quadratic(p);
  let minAt = 0;
  let maxAt = 0;
  p.forEach((v, i) => {
    if (v < (p[minAt] ?? 0)) minAt = i;
    if (v > (p[maxAt] ?? 0)) maxAt = i;
  });
  const meanOf = (c: Contour | null) => (c ? c.values.reduce((s, v) => s + v, 0) / c.values.length : mean);
  const coreFrames = (contour.frames.at(-1) ?? 0) - (contour.frames[0] ?? 0) + 1;
  return [
    ...p,
    mean,
    slope,
    curve,
    Math.min(...p),
    Math.max(...p),
    minAt / 6,
    maxAt / 6,
    (p[3] ?? 0) - (p[0] ?? 0),
    (p[6] ?? 0) - (p[3] ?? 0),
    coreFrames / 100,
    (ctx.end - ctx.start) / Math.max(1, ctx.typicalFrames),
    contour.voicedShare,
    ctx.position,
    ctx.syllables === 1 ? 1 : 0,
    mean - meanOf(prev),
    mean - meanOf(next),
    prev ? 1 : 0,
    next ? 1 : 0,
    // How far the curve climbs after its lowest point and falls before it: a shape free of the height.
    (p[6] ?? 0) - Math.min(...p),
    (p[0] ?? 0) - Math.min(...p),
    // Height against the utterance's own: a word-final syllable sits lower than the speaker's range says.
    mean - ctx.utteranceMean,
    ...ONE_HOT_TONES.map((t) => (ctx.prevTone === t ? 1 : 0)),
    ...ONE_HOT_TONES.map((t) => (ctx.nextTone === t ? 1 : 0)),
  ];
}

/** A trained model: standardisation, weights per tone 1-4, and the calibrated abstention threshold. */
export interface ToneModel {
  features: string[];
  mean: number[];
  scale: number[];
  /** 4 rows (tones 1-4) of features.length + 1 weights, the bias last. */
  weights: number[][];
  /** A syllable is marked wrong when the expected tone's probability is at most this, per expected tone. */
  wrongAtMost: Record<Tone, number>;
  /**
   * The same for a recording judged on its own range (no earlier recordings of the speaker), calibrated
   * across speakers the same way: a single word says little of where a voice sits, so these are stricter.
   */
  aloneWrongAtMost: Record<Tone, number>;
  /** How the weights were made (data, held-out figures), for the record. */
  trainedOn: string;
}

/** Tone probabilities (tones 1-4) for a feature vector. */
export function predictTones(model: ToneModel, x: readonly number[]): [number, number, number, number] {
  const z = model.weights.map((w) => {
    let s = w[x.length] ?? 0;
    for (let i = 0; i < x.length; i++)
      s += (w[i] ?? 0) * (((x[i] ?? 0) - (model.mean[i] ?? 0)) / (model.scale[i] ?? 1));
    return s;
  });
  const top = Math.max(...z);
  const e = z.map((v) => Math.exp(v - top));
  const total = e.reduce((s, v) => s + v, 0);
  return [(e[0] ?? 0) / total, (e[1] ?? 0) / total, (e[2] ?? 0) / total, (e[3] ?? 0) / total];
}

let committed: ToneModel | null = null;

/** The committed model (tone-model.weights.json), checked against the features this code computes. */
export function committedToneModel(): ToneModel {
  if (!committed) {
    const model = weightsFile as ToneModel;
    if (model.features.join() !== FEATURE_NAMES.join())
      throw new Error('tone-model.weights.json was trained on other features: run npm run train:tones');
    committed = model;
  }
  return committed;
}

/**
 * The expected tone's probability on a recording judged alone, put on the scale the shipped thresholds
 * read (core TONE_WRONG_AT_MOST): piecewise linear, the alone threshold `from` landing on the shipped one
 * `to`, 0 and 1 kept. Monotone, so the order of judgements stays; one rule then serves both cases.
 */
export function onKnownRangeScale(p: number, from: number, to: number): number {
  if (from <= 0) return p <= 0 ? 0 : to + (1 - to) * p;
  if (from >= 1) return p * to;
  return p <= from ? (p / from) * to : to + ((p - from) / (1 - from)) * (1 - to);
}
