/**
 * The tone classifier: features of a syllable's pitch curve on the speaker's own range (height, slope,
 * curvature, where the lowest point falls, length, voicing, the voice's quality at its lowest point, the
 * neighbours' expected tones and measured curves, the place in the word) and a small ensemble of one-hidden-layer networks over them, learned from
 * human recordings by `npm run train:tones` (scripts/voice). The weights file is its output; this module
 * only reads it.
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
  /** Voice-quality cues (VOICE_QUALITY_NAMES), zeros when the recording's voicing and energy are not given. */
  quality?: number[];
}

/** The pitch tracker's clarity and the loudness of each frame, beside the pitch (assess.ts's Analysis). */
export interface VoiceQualityTrack {
  voicing: Float32Array;
  energyDb: Float32Array;
}

/**
 * Voice-quality cues of a third tone that its height alone misses: how clearly voiced the syllable is at
 * and around its lowest point against the rest of its core (a 3 often creaks at the bottom, a word-final
 * rise stays clearly voiced), the loudness there against the core's, breaks in the voicing inside the
 * syllable (a creak the tracker loses, or halves and drops), the share of the voiced frames the smooth core
 * keeps, and how voicing and loudness move from the first third of the core to the last.
 */
export const VOICE_QUALITY_NAMES: readonly string[] = [
  'voicingAtMin',
  'voicingDipAtMin',
  'energyDipAtMin',
  'voicingBreak',
  'coreOfVoiced',
  'voicingLate',
  'energyLate',
];

function voiceQuality(
  track: VoiceQualityTrack,
  semitones: Float32Array,
  core: readonly number[],
  start: number,
  end: number,
  voiced: number,
): number[] {
  const meanOver = (a: Float32Array, frames: readonly number[]) =>
    frames.reduce((s, f) => s + (a[f] ?? 0), 0) / Math.max(1, frames.length);
  let minFrame = core[0] ?? start;
  for (const f of core) if ((semitones[f] ?? 0) < (semitones[minFrame] ?? 0)) minFrame = f;
  const near = core.filter((f) => Math.abs(f - minFrame) <= 3);
  const coreVoicing = meanOver(track.voicing, core);
  const coreEnergy = meanOver(track.energyDb, core);
  const third = Math.max(1, Math.floor(core.length / 3));
  const head = core.slice(0, third);
  const tail = core.slice(-third);
  let firstVoiced = -1;
  let lastVoiced = -1;
  for (let f = start; f < end; f++) {
    if (Number.isNaN(semitones[f] ?? Number.NaN)) continue;
    if (firstVoiced < 0) firstVoiced = f;
    lastVoiced = f;
  }
  const inner = lastVoiced - firstVoiced + 1;
  return [
    meanOver(track.voicing, near),
    meanOver(track.voicing, near) - coreVoicing,
    (meanOver(track.energyDb, near) - coreEnergy) / 10,
    inner > 0 ? (inner - voiced) / Math.max(1, end - start) : 0,
    core.length / Math.max(1, voiced),
    meanOver(track.voicing, tail) - meanOver(track.voicing, head),
    (meanOver(track.energyDb, tail) - meanOver(track.energyDb, head)) / 10,
  ];
}

/** The longest smooth run of voiced frames in [start, end), normalised to the speaker's range. */
export function voicedContour(
  semitones: Float32Array,
  start: number,
  end: number,
  range: SpeakerRange,
  track?: VoiceQualityTrack,
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
    quality: track ? voiceQuality(track, semitones, best, start, end, voiced) : undefined,
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
  'minAtFine',
  'maxAtFine',
  'riseFine',
  'fallFine',
  'endVelocity',
  'startVelocity',
  'span',
  'minAtTimesRise',
  'earlyDipRise',
  'last',
  'first',
  'lastRise',
  'lastMinAt',
  'lastEndVelocity',
  'lastFall',
  'fromPrevEnd',
  'toNextStart',
  'prevSlope',
  'nextSlope',
  ...VOICE_QUALITY_NAMES,
];

/**
 * The finer shape and the context: the curve at 11 points (where the lowest point falls, how far it climbs
 * after it, how fast it moves at each end), the place in a word (a word-final rise often dips first), and
 * the neighbours' measured curves (where this syllable starts against where the last one ended).
 */
function contextFeatures(
  contour: Contour,
  ctx: SyllableContext,
  prev: Contour | null,
  next: Contour | null,
): number[] {
  const p = resample(contour, 11);
  let minAt = 0;
  let maxAt = 0;
  p.forEach((v, i) => {
    if (v < (p[minAt] ?? 0)) minAt = i;
    if (v > (p[maxAt] ?? 0)) maxAt = i;
  });
  const at = (i: number) => p[i] ?? 0;
  const min = at(minAt);
  const rise = at(10) - min;
  const fall = at(0) - min;
  const endVelocity = at(10) - at(8);
  const minShare = minAt / 10;
  const last = ctx.syllables > 1 && ctx.position === 1 ? 1 : 0;
  const first = ctx.syllables > 1 && ctx.position === 0 ? 1 : 0;
  const before = prev ? resample(prev, 5) : null;
  const after = next ? resample(next, 5) : null;
  return [
    minShare,
    maxAt / 10,
    rise,
    fall,
    endVelocity,
    at(2) - at(0),
    at(maxAt) - min,
    minShare * rise,
    minShare < 0.35 ? rise : 0,
    last,
    first,
    last * rise,
    last * minShare,
    last * endVelocity,
    last * fall,
    before ? at(0) - (before[4] ?? 0) : 0,
    after ? (after[0] ?? 0) - at(10) : 0,
    before ? (before[4] ?? 0) - (before[0] ?? 0) : 0,
    after ? (after[4] ?? 0) - (after[0] ?? 0) : 0,
  ];
}

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
    ...contextFeatures(contour, ctx, prev, next),
    ...(contour.quality ?? VOICE_QUALITY_NAMES.map(() => 0)),
  ];
}

/** One network of the ensemble: a tanh hidden layer, then a softmax over tones 1-4. */
export interface ToneNetwork {
  /** Hidden units, each features.length + 1 weights, the bias last. */
  hidden: number[][];
  /** 4 rows (tones 1-4) of hidden.length + 1 weights, the bias last. */
  output: number[][];
}

/** A trained model: standardisation, the networks, and the calibrated abstention thresholds. */
export interface ToneModel {
  features: string[];
  mean: number[];
  scale: number[];
  /** Networks trained alike from different seeds; their probabilities are averaged. */
  networks: ToneNetwork[];
  /** A syllable is marked wrong when the expected tone's probability is at most this, per expected tone. */
  wrongAtMost: Record<Tone, number>;
  /**
   * The same for a recording judged on its own range (no earlier recordings of the speaker), calibrated
   * across speakers the same way: a single word says little of where a voice sits, so these are stricter.
   */
  aloneWrongAtMost: Record<Tone, number>;
  /**
   * The expected tone's probability is weighed by this (at least 1) before the heard tone is picked: a
   * learner reading a text means its tones, so a close call between the expected tone and another is
   * heard as the expected one rather than left "not sure". Read off held-out speakers so that minimal
   * pairs passed as right stay at most 5 %; a recording judged alone keeps 1. It never changes which
   * syllables are marked wrong (those have the expected tone far below the others).
   */
  expectedWeight: number;
  /** How the weights were made (data, held-out figures), for the record. */
  trainedOn: string;
}

/** Softmax over tones 1-4 of one network for a standardised feature vector. */
export function networkTones(net: ToneNetwork, x: ArrayLike<number>): [number, number, number, number] {
  const d = x.length;
  const h = net.hidden.map((w) => {
    let s = w[d] ?? 0;
    for (let i = 0; i < d; i++) s += (w[i] ?? 0) * (x[i] ?? 0);
    return Math.tanh(s);
  });
  const z = net.output.map((w) => {
    let s = w[h.length] ?? 0;
    for (let j = 0; j < h.length; j++) s += (w[j] ?? 0) * (h[j] ?? 0);
    return s;
  });
  const top = Math.max(...z);
  const e = z.map((v) => Math.exp(v - top));
  const total = e.reduce((s, v) => s + v, 0);
  return [(e[0] ?? 0) / total, (e[1] ?? 0) / total, (e[2] ?? 0) / total, (e[3] ?? 0) / total];
}

/** Tone probabilities (tones 1-4) for a feature vector: the networks' average. */
export function predictTones(model: ToneModel, x: readonly number[]): [number, number, number, number] {
  const z = x.map((v, i) => (v - (model.mean[i] ?? 0)) / (model.scale[i] ?? 1));
  const sum: [number, number, number, number] = [0, 0, 0, 0];
  for (const net of model.networks) {
    const p = networkTones(net, z);
    for (let k = 0; k < 4; k++) sum[k] = (sum[k] ?? 0) + (p[k] ?? 0) / model.networks.length;
  }
  return sum;
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
