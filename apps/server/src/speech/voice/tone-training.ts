/**
 * Learning the tone classifier from human recordings (and espeak's dev voices), shared by the training
 * script (scripts/voice), the eval and the floor test: each recording analysed as the product analyses it,
 * its syllables described, a multinomial logistic regression fitted by plain gradient descent
 * (deterministic: same data, same weights), and the abstention thresholds per expected tone read off
 * held-out speakers.
 */
import type { ExpectedSyllable, Tone } from '@kouyu/core';
import { analyseRecording, findAndDescribe, judgeTone, speakerRange } from './assess.js';
import type { Analysis, FoundSyllable, SpeakerRange } from './assess.js';
import { makeItem, seeded, splitSentences } from './labelled-set.js';
import { loadPcm } from './human-set.js';
import type { HumanItem, HumanSpeaker } from './human-set.js';
import { FEATURE_NAMES } from './tone-model.js';
import type { ToneModel, ToneNetwork } from './tone-model.js';

/** Who read a recording: the two human voices, or espeak's dev voices (labelled-set.ts). */
export type Reader = HumanSpeaker | 'espeak';

/** One syllable of a recording, described. */
export interface Example {
  item: { speaker: Reader; id: string };
  /** Index of the syllable in the item. */
  index: number;
  /** The tone it was read with (the expected one, except in espeak's wrong-tone readings). */
  tone: Tone;
  found: FoundSyllable;
  syllables: number;
}

/**
 * The speaker's range moved and stretched (in shares of its half range) to make more training examples:
 * a range read off other recordings is never exact, and a new speaker's words sit higher or lower in it
 * than the training voices' do, so the classifier learns shapes that hold when the height is a little off.
 */
export const RANGE_PERTURBATIONS: ReadonlyArray<{ shift: number; stretch: number }> = [
  { shift: 0.3, stretch: 1 },
  { shift: -0.3, stretch: 1 },
  { shift: 0, stretch: 0.8 },
  { shift: 0, stretch: 1.25 },
];

type Analysed = {
  item: Example['item'];
  analysis: Analysis;
  expected: readonly ExpectedSyllable[];
  spoken?: readonly Tone[];
};

/** Each syllable of analysed recordings described, on the range `rangeOf` gives (undefined: each recording's own). */
function describe(
  analyses: readonly Analysed[],
  rangeOf: (a: Analysed) => SpeakerRange | undefined = () => undefined,
): Example[] {
  return analyses.flatMap((a) => {
    const { item, analysis, expected, spoken } = a;
    const found = findAndDescribe(analysis, expected, rangeOf(a));
    return expected.map((s, index) => ({
      item,
      index,
      tone: spoken?.[index] ?? s.tone,
      found: found[index] as FoundSyllable,
      syllables: expected.length,
    }));
  });
}

/** The examples again on every perturbed range (training only: never judged). */
function perturbedCopies(
  analyses: readonly Analysed[],
  rangeOf: (a: Analysed) => SpeakerRange | undefined,
): Example[] {
  return RANGE_PERTURBATIONS.flatMap(({ shift, stretch }) =>
    describe(analyses, (a) => {
      const r = rangeOf(a) ?? speakerRange(a.analysis.semitones);
      return { median: r.median + shift * r.halfRange, halfRange: r.halfRange * stretch };
    }),
  );
}

/**
 * Every syllable of the items, analysed once and described: on the speaker's range from all their
 * recordings (as a learner's earlier recordings give it), on each recording's own (a first recording), and
 * on the speaker's range perturbed (RANGE_PERTURBATIONS, for training only).
 */
export function describeItems(items: readonly HumanItem[]): {
  ranged: Example[];
  alone: Example[];
  perturbed: Example[];
} {
  const analyses = items.map((item) => ({
    item,
    analysis: analyseRecording(loadPcm(item)),
    expected: item.expected,
  }));
  const ranges = new Map<Reader, SpeakerRange>();
  for (const speaker of ['syllables', 'words'] as const) {
    // Every seventh recording is plenty for a range (seven, not four: the syllables come in tones 1-4 in turn).
    const tracks = analyses
      .filter((a, i) => a.item.speaker === speaker && i % 7 === 0)
      .map((a) => a.analysis.semitones);
    if (tracks.length > 0) ranges.set(speaker, speakerRange(...tracks));
  }
  const rangeOf = (a: Analysed) => ranges.get(a.item.speaker);
  return {
    ranged: describe(analyses, rangeOf),
    alone: describe(analyses),
    perturbed: perturbedCopies(analyses, rangeOf),
  };
}

/**
 * espeak-ng reading sentences of the dev half of the labelled set (its own voices, pitches and speeds, a
 * quarter of the syllables of every other sentence in a wrong tone), described on each recording's own
 * range (and on it perturbed, RANGE_PERTURBATIONS), labelled with the tone read: training examples only. A
 * third reader beside the two human voices: the only one that reads sentences, so the one that shows the
 * classifier neighbours, declination and sandhi in context. The held-out half, which the eval measures,
 * shares none of its sentences or voices.
 */
export async function describeEspeak(count: number): Promise<Example[]> {
  const analyses: Analysed[] = [];
  const sentences = splitSentences('dev', count);
  for (const [i, text] of sentences.entries()) {
    const made = await makeItem(text, i, 'dev');
    analyses.push({
      item: { speaker: 'espeak' as const, id: `dev${i}` },
      analysis: analyseRecording(made.pcm),
      expected: made.expected,
      spoken: made.spoken,
    });
  }
  return [...describe(analyses), ...perturbedCopies(analyses, () => undefined)];
}

/** Networks of the ensemble, hidden units each, and how they are fitted (mini-batch Adam, seeded). */
const NETWORKS = 5;
const HIDDEN = 24;
const EPOCHS = 30;
const BATCH = 64;
const LEARNING_RATE = 0.003;
const L2 = 3e-3;

/** Standardised rows: each feature's mean and spread over the examples. */
function standardise(rows: readonly number[][], d: number): { mean: number[]; scale: number[] } {
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  for (const r of rows) r.forEach((v, i) => (mean[i] = (mean[i] ?? 0) + v / rows.length));
  for (const r of rows)
    r.forEach((v, i) => (scale[i] = (scale[i] ?? 0) + (v - (mean[i] ?? 0)) ** 2 / rows.length));
  // A feature constant in the data (rounding leaves a tiny spread) is not scaled up: it would swamp the rest.
  for (let i = 0; i < d; i++) scale[i] = Math.sqrt(scale[i] ?? 0) > 1e-6 ? Math.sqrt(scale[i] ?? 0) : 1;
  return { mean, scale };
}

/**
 * One network (tanh hidden layer, softmax over tones 1-4) fitted by mini-batch Adam with weight decay, its
 * initial weights and the order of the examples drawn from `seed`: the same data and seed, the same weights.
 */
function fitNetwork(
  X: readonly Float64Array[],
  y: readonly number[],
  weight: readonly number[],
  seed: number,
): ToneNetwork {
  const d = X[0]?.length ?? 0;
  const rand = seeded(seed);
  const gauss = () => (rand() + rand() + rand() - 1.5) * 2;
  const W1 = new Float64Array(HIDDEN * (d + 1)).map(() => gauss() * Math.sqrt(1 / Math.max(1, d)));
  const W2 = new Float64Array(4 * (HIDDEN + 1)).map(() => gauss() * Math.sqrt(1 / HIDDEN));
  const params = [W1, W2];
  const m = params.map((p) => new Float64Array(p.length));
  const v = params.map((p) => new Float64Array(p.length));
  const g = params.map((p) => new Float64Array(p.length));
  const h = new Float64Array(HIDDEN);
  const dh = new Float64Array(HIDDEN);
  const z = new Float64Array(4);
  const meanWeight = weight.reduce((s, w) => s + w, 0) / Math.max(1, weight.length);
  const order = X.map((_, i) => i);
  let step = 0;
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      const t = order[i] ?? 0;
      order[i] = order[j] ?? 0;
      order[j] = t;
    }
    for (let from = 0; from < order.length; from += BATCH) {
      for (const gg of g) gg.fill(0);
      const batch = order.slice(from, from + BATCH);
      for (const n of batch) {
        const x = X[n] as Float64Array;
        for (let j = 0; j < HIDDEN; j++) {
          let s = W1[j * (d + 1) + d] ?? 0;
          for (let i = 0; i < d; i++) s += (W1[j * (d + 1) + i] ?? 0) * (x[i] ?? 0);
          h[j] = Math.tanh(s);
        }
        let top = -Infinity;
        for (let k = 0; k < 4; k++) {
          let s = W2[k * (HIDDEN + 1) + HIDDEN] ?? 0;
          for (let j = 0; j < HIDDEN; j++) s += (W2[k * (HIDDEN + 1) + j] ?? 0) * (h[j] ?? 0);
          z[k] = s;
          top = Math.max(top, s);
        }
        let total = 0;
        for (let k = 0; k < 4; k++) {
          z[k] = Math.exp((z[k] ?? 0) - top);
          total += z[k] ?? 0;
        }
        const w = (weight[n] ?? 1) / meanWeight / batch.length;
        dh.fill(0);
        const g2 = g[1] as Float64Array;
        for (let k = 0; k < 4; k++) {
          const delta = w * ((z[k] ?? 0) / total - (k === y[n] ? 1 : 0));
          const base = k * (HIDDEN + 1);
          for (let j = 0; j < HIDDEN; j++) {
            g2[base + j] = (g2[base + j] ?? 0) + delta * (h[j] ?? 0);
            dh[j] = (dh[j] ?? 0) + delta * (W2[base + j] ?? 0);
          }
          g2[base + HIDDEN] = (g2[base + HIDDEN] ?? 0) + delta;
        }
        const g1 = g[0] as Float64Array;
        for (let j = 0; j < HIDDEN; j++) {
          const dz = (dh[j] ?? 0) * (1 - (h[j] ?? 0) ** 2);
          const base = j * (d + 1);
          for (let i = 0; i < d; i++) g1[base + i] = (g1[base + i] ?? 0) + dz * (x[i] ?? 0);
          g1[base + d] = (g1[base + d] ?? 0) + dz;
        }
      }
      step++;
      params.forEach((p, k) => {
        const gg = g[k] as Float64Array;
        const mm = m[k] as Float64Array;
        const vv = v[k] as Float64Array;
        for (let i = 0; i < p.length; i++) {
          const gi = (gg[i] ?? 0) + L2 * (p[i] ?? 0);
          mm[i] = 0.9 * (mm[i] ?? 0) + 0.1 * gi;
          vv[i] = 0.999 * (vv[i] ?? 0) + 0.001 * gi * gi;
          p[i] =
            (p[i] ?? 0) -
            (LEARNING_RATE * ((mm[i] ?? 0) / (1 - 0.9 ** step))) /
              (Math.sqrt((vv[i] ?? 0) / (1 - 0.999 ** step)) + 1e-8);
        }
      });
    }
  }
  const round = (x: number) => Math.round(x * 1e4) / 1e4;
  const rows = (W: Float64Array, n: number, width: number) =>
    Array.from({ length: n }, (_, r) => Array.from(W.subarray(r * width, (r + 1) * width), round));
  return { hidden: rows(W1, HIDDEN, d + 1), output: rows(W2, 4, HIDDEN + 1) };
}

/**
 * The classifier from the examples with a voiced curve and a full tone: NETWORKS small networks trained
 * alike from different seeds (their average is steadier and less over-sure than any one), each tone
 * weighing the same in the loss however many examples it has. Deterministic.
 */
export function trainModel(
  examples: readonly Example[],
  trainedOn: string,
  wrongAtMost: Record<Tone, number> = evenThresholds(0.1),
  aloneWrongAtMost: Record<Tone, number> = wrongAtMost,
  expectedWeight = 1,
): ToneModel {
  const rows = examples.filter((e) => e.found.features && e.tone !== 5);
  const d = FEATURE_NAMES.length;
  const { mean, scale } = standardise(
    rows.map((e) => e.found.features ?? []),
    d,
  );
  const X = rows.map((e) =>
    Float64Array.from(e.found.features ?? [], (v, i) => (v - (mean[i] ?? 0)) / (scale[i] ?? 1)),
  );
  const y = rows.map((e) => e.tone - 1);
  const perTone = [0, 0, 0, 0];
  for (const t of y) perTone[t] = (perTone[t] ?? 0) + 1;
  const weight = y.map((t) => rows.length / (4 * Math.max(1, perTone[t] ?? 0)));
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  return {
    features: [...FEATURE_NAMES],
    mean: mean.map(round),
    scale: scale.map(round),
    networks: Array.from({ length: NETWORKS }, (_, i) => fitNetwork(X, y, weight, 11 + i)),
    wrongAtMost,
    aloneWrongAtMost,
    expectedWeight,
    trainedOn,
  };
}

/** One judgement for the figures: a syllable read with `said`, assessed against `expected`. */
export interface Judged {
  example: Example;
  expected: Tone;
  heard: Tone | null;
  expectedProbability: number;
}

/** Each example against its own tone, and each full-tone example against the three other tones (its minimal pairs). */
export function judgeAll(
  examples: readonly Example[],
  model: ToneModel,
): { right: Judged[]; pairs: Judged[] } {
  const right: Judged[] = [];
  const pairs: Judged[] = [];
  for (const example of examples) {
    const own = judgeTone(example.found, example.tone, model);
    right.push({
      example,
      expected: example.tone,
      heard: own.heard,
      expectedProbability: own.expectedProbability,
    });
    if (example.tone === 5) continue;
    for (const other of [1, 2, 3, 4] as const) {
      if (other === example.tone) continue;
      const j = judgeTone(example.found, other, model);
      pairs.push({ example, expected: other, heard: j.heard, expectedProbability: j.expectedProbability });
    }
  }
  return { right, pairs };
}

/** The abstention threshold of each expected tone: marked wrong when P(expected) is at most it (tone 5: never). */
export type WrongThresholds = Record<Tone, number>;

/** One threshold for every full tone. */
export function evenThresholds(t: number): WrongThresholds {
  return { 1: t, 2: t, 3: t, 4: t, 5: 0 };
}

/** A judgement is shown as wrong (core toneVerdict on the same numbers). */
export function markedWrong(j: Judged, wrongAtMost: WrongThresholds): boolean {
  return j.heard !== null && j.heard !== j.expected && j.expectedProbability <= wrongAtMost[j.expected];
}

type JudgedSet = { right: Judged[]; pairs: Judged[] };

/**
 * Share of "wrong" marks that are right, with right and wrong readings equally common (each right reading
 * against its three minimal pairs weighted a third).
 */
export function wrongPrecision(judged: JudgedSet, wrongAtMost: WrongThresholds): number {
  const falseMarks = judged.right.filter((j) => j.expected !== 5 && markedWrong(j, wrongAtMost)).length;
  const trueMarks = judged.pairs.filter((j) => markedWrong(j, wrongAtMost)).length / 3;
  return trueMarks + falseMarks === 0 ? 1 : trueMarks / (trueMarks + falseMarks);
}

function falseAlarmRate(judged: JudgedSet, wrongAtMost: WrongThresholds): number {
  const right = judged.right.filter((j) => j.expected !== 5);
  return right.filter((j) => markedWrong(j, wrongAtMost)).length / Math.max(1, right.length);
}

function markedRate(judged: JudgedSet, wrongAtMost: WrongThresholds): number {
  return judged.pairs.filter((j) => markedWrong(j, wrongAtMost)).length / Math.max(1, judged.pairs.length);
}

/** The thresholds tried, from strict to lenient. */
const GRID = [0.003, 0.005, 0.01, 0.02, 0.03, 0.05, 0.07, 0.1, 0.14, 0.2, 0.25, 0.3, 0.4, 0.5];

/**
 * A threshold per expected tone, read off held-out speakers: as many minimal pairs marked as can be while
 * on every set "wrong" stays right at least `precision` of the time and at most `falseAlarms` of right
 * tones are shown as wrong. A tone whose wrong readings are easy to tell (a fall where a level tone was
 * due) can mark more than one whose right readings vary from speaker to speaker. Coordinate ascent over a
 * fixed grid: deterministic.
 */
export function calibrateThresholds(
  sets: readonly JudgedSet[],
  { precision = 0.9, falseAlarms = 0.045 }: { precision?: number; falseAlarms?: number } = {},
): WrongThresholds {
  const feasible = (c: WrongThresholds) =>
    sets.every((s) => wrongPrecision(s, c) >= precision && falseAlarmRate(s, c) <= falseAlarms);
  const score = (c: WrongThresholds) => sets.reduce((sum, s) => sum + markedRate(s, c), 0);
  // From the best single threshold, each tone's is moved while that marks more.
  let t = evenThresholds(GRID[0] ?? 0.003);
  for (const g of GRID)
    if (feasible(evenThresholds(g)) && score(evenThresholds(g)) > score(t)) t = evenThresholds(g);
  for (let round = 0; round < 3; round++) {
    for (const tone of [1, 2, 3, 4] as const) {
      let best = t[tone];
      let bestScore = feasible(t) ? score(t) : -1;
      for (const g of GRID) {
        const c = { ...t, [tone]: g };
        if (!feasible(c)) continue;
        const v = score(c);
        if (v > bestScore + 1e-9) {
          best = g;
          bestScore = v;
        }
      }
      t[tone] = best;
    }
  }
  return t;
}

/** The expected tone's weights tried (ToneModel.expectedWeight), from none up. */
const EXPECTED_WEIGHTS = [1, 1.05, 1.1, 1.15, 1.2, 1.25, 1.3, 1.4, 1.5];

/**
 * The largest weight of the expected tone (ToneModel.expectedWeight) at which, on every held-out set,
 * at most `passed` of minimal pairs are heard as the (wrong) expected tone, and the thresholds' constraints
 * still hold: fewer right tones left "not sure" for as few passed pairs as the target allows.
 */
export function calibrateExpectedWeight(
  held: ReadonlyArray<{ examples: readonly Example[]; model: ToneModel }>,
  { passed = 0.05, precision = 0.9, falseAlarms = 0.045 } = {},
): number {
  let best = 1;
  for (const w of EXPECTED_WEIGHTS) {
    const ok = held.every(({ examples, model }) => {
      const judged = judgeAll(examples, { ...model, expectedWeight: w });
      const passedShare =
        judged.pairs.filter((j) => j.heard === j.expected).length / Math.max(1, judged.pairs.length);
      return (
        passedShare <= passed &&
        wrongPrecision(judged, model.wrongAtMost) >= precision &&
        falseAlarmRate(judged, model.wrongAtMost) <= falseAlarms
      );
    });
    if (ok) best = w;
    else break;
  }
  return best;
}
