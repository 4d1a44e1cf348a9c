/**
 * Learning the tone classifier from human recordings, shared by the training script (scripts/voice), the
 * eval and the floor test: each recording analysed as the product analyses it, its syllables described,
 * a multinomial logistic regression fitted by plain gradient descent (deterministic: same data, same
 * weights), and the abstention threshold read off held-out speakers.
 */
import type { Tone } from '@kouyu/core';
import { analyseRecording, findAndDescribe, judgeTone, speakerRange } from './assess.js';
import type { FoundSyllable, SpeakerRange } from './assess.js';
import { loadPcm } from './human-set.js';
import type { HumanItem, HumanSpeaker } from './human-set.js';
import { FEATURE_NAMES } from './tone-model.js';
import type { ToneModel } from './tone-model.js';

/** One syllable of a human recording, described. */
export interface Example {
  item: HumanItem;
  /** Index of the syllable in the item. */
  index: number;
  tone: Tone;
  found: FoundSyllable;
  syllables: number;
}

/** Every syllable of the items, analysed; the speaker's range from all their recordings (their "earlier recordings") unless `alone`. */
export function describeItems(items: readonly HumanItem[], alone = false): Example[] {
  const analyses = items.map((item) => ({ item, analysis: analyseRecording(loadPcm(item)) }));
  const ranges = new Map<HumanSpeaker, SpeakerRange>();
  for (const speaker of ['syllables', 'words'] as const) {
    // Every seventh recording is plenty for a range (seven, not four: the syllables come in tones 1-4 in turn).
    const tracks = analyses
      .filter((a, i) => a.item.speaker === speaker && i % 7 === 0)
      .map((a) => a.analysis.semitones);
    if (tracks.length > 0) ranges.set(speaker, speakerRange(...tracks));
  }
  return analyses.flatMap(({ item, analysis }) => {
    const found = findAndDescribe(analysis, item.expected, alone ? undefined : ranges.get(item.speaker));
    return item.expected.map((s, index) => ({
      item,
      index,
      tone: s.tone,
      found: found[index] as FoundSyllable,
      syllables: item.expected.length,
    }));
  });
}

const ITERATIONS = 600;
const LEARNING_RATE = 0.5;
const L2 = 1e-3;

/** A logistic regression over tones 1-4 from the examples with a voiced curve and a full tone. */
export function trainModel(examples: readonly Example[], trainedOn: string, wrongAtMost: number): ToneModel {
  const rows = examples.filter((e) => e.found.features && e.tone !== 5);
  const d = FEATURE_NAMES.length;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  for (const e of rows) e.found.features?.forEach((v, i) => (mean[i] = (mean[i] ?? 0) + v / rows.length));
  for (const e of rows)
    e.found.features?.forEach(
      (v, i) => (scale[i] = (scale[i] ?? 0) + (v - (mean[i] ?? 0)) ** 2 / rows.length),
    );
  // A feature constant in the data (rounding leaves a tiny spread) is not scaled up: it would swamp the rest.
  for (let i = 0; i < d; i++) scale[i] = Math.sqrt(scale[i] ?? 0) > 1e-6 ? Math.sqrt(scale[i] ?? 0) : 1;
  const X = rows.map((e) => (e.found.features ?? []).map((v, i) => (v - (mean[i] ?? 0)) / (scale[i] ?? 1)));
  const y = rows.map((e) => e.tone - 1);
  // Each tone weighs the same in the loss, however many examples it has.
  const perTone = [0, 0, 0, 0];
  for (const t of y) perTone[t] = (perTone[t] ?? 0) + 1;
  const weightOf = perTone.map((n) => (n > 0 ? rows.length / (4 * n) : 0));
  const W = Array.from({ length: 4 }, () => new Array<number>(d + 1).fill(0));
  const grad = Array.from({ length: 4 }, () => new Float64Array(d + 1));
  for (let it = 0; it < ITERATIONS; it++) {
    for (const g of grad) g.fill(0);
    X.forEach((x, n) => {
      const z = W.map((w) => x.reduce((s, v, i) => s + v * (w[i] ?? 0), w[d] ?? 0));
      const top = Math.max(...z);
      const e = z.map((v) => Math.exp(v - top));
      const total = e.reduce((s, v) => s + v, 0);
      const target = y[n] ?? 0;
      const weight = weightOf[target] ?? 1;
      for (let k = 0; k < 4; k++) {
        const delta = (weight * ((e[k] ?? 0) / total - (k === target ? 1 : 0))) / X.length;
        const g = grad[k] as Float64Array;
        for (let i = 0; i < d; i++) g[i] = (g[i] ?? 0) + delta * (x[i] ?? 0);
        g[d] = (g[d] ?? 0) + delta;
      }
    });
    for (let k = 0; k < 4; k++) {
      const w = W[k] as number[];
      const g = grad[k] as Float64Array;
      for (let i = 0; i <= d; i++)
        w[i] = (w[i] ?? 0) - LEARNING_RATE * ((g[i] ?? 0) + (i < d ? L2 * (w[i] ?? 0) : 0));
    }
  }
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  return {
    features: [...FEATURE_NAMES],
    mean: mean.map(round),
    scale: scale.map(round),
    weights: W.map((w) => w.map(round)),
    wrongAtMost,
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

/** A judgement is shown as wrong (core toneVerdict on the same numbers). */
export function markedWrong(j: Judged, wrongAtMost: number): boolean {
  return j.heard !== null && j.heard !== j.expected && j.expectedProbability <= wrongAtMost;
}

/**
 * Share of "wrong" marks that are right, with right and wrong readings equally common (each right reading
 * against its three minimal pairs weighted a third).
 */
export function wrongPrecision(judged: { right: Judged[]; pairs: Judged[] }, wrongAtMost: number): number {
  const falseMarks = judged.right.filter((j) => j.expected !== 5 && markedWrong(j, wrongAtMost)).length;
  const trueMarks = judged.pairs.filter((j) => markedWrong(j, wrongAtMost)).length / 3;
  return trueMarks + falseMarks === 0 ? 1 : trueMarks / (trueMarks + falseMarks);
}

/** The largest threshold (of a grid) at which every held-out judgement set keeps "wrong" right >= `precision`. */
export function calibrateThreshold(
  sets: ReadonlyArray<{ right: Judged[]; pairs: Judged[] }>,
  precision = 0.9,
): number {
  let chosen = 0.01;
  for (let t = 0.01; t <= 0.5 + 1e-9; t += 0.01) {
    if (sets.every((s) => wrongPrecision(s, t) >= precision)) chosen = Math.round(t * 100) / 100;
  }
  return chosen;
}
