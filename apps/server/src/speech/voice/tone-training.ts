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
import { makeItem, splitSentences } from './labelled-set.js';
import { loadPcm } from './human-set.js';
import type { HumanItem, HumanSpeaker } from './human-set.js';
import { FEATURE_NAMES } from './tone-model.js';
import type { ToneModel } from './tone-model.js';

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

/** Each syllable of analysed recordings described, on the speaker's range or (`ranges` absent) each recording's own. */
function describe(
  analyses: ReadonlyArray<{
    item: Example['item'];
    analysis: Analysis;
    expected: readonly ExpectedSyllable[];
    spoken?: readonly Tone[];
  }>,
  ranges?: ReadonlyMap<Reader, SpeakerRange>,
): Example[] {
  return analyses.flatMap(({ item, analysis, expected, spoken }) => {
    const found = findAndDescribe(analysis, expected, ranges?.get(item.speaker));
    return expected.map((s, index) => ({
      item,
      index,
      tone: spoken?.[index] ?? s.tone,
      found: found[index] as FoundSyllable,
      syllables: expected.length,
    }));
  });
}

/**
 * Every syllable of the items, analysed once and described twice: on the speaker's range from all their
 * recordings (as a learner's earlier recordings give it), and on each recording's own (a first recording).
 */
export function describeItems(items: readonly HumanItem[]): { ranged: Example[]; alone: Example[] } {
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
  return { ranged: describe(analyses, ranges), alone: describe(analyses) };
}

/**
 * espeak-ng reading sentences of the dev half of the labelled set (its own voices, pitches and speeds, a
 * quarter of the syllables of every other sentence in a wrong tone), described on each recording's own
 * range, labelled with the tone read. A third reader beside the two human voices: the only one that reads
 * sentences, so the one that shows the classifier neighbours, declination and sandhi in context. The
 * held-out half, which the eval measures, shares none of its sentences or voices.
 */
export async function describeEspeak(count: number): Promise<Example[]> {
  const analyses = [];
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
  return describe(analyses);
}

const ITERATIONS = 600;
const LEARNING_RATE = 0.5;
const L2 = 1e-3;

/** A logistic regression over tones 1-4 from the examples with a voiced curve and a full tone. */
export function trainModel(
  examples: readonly Example[],
  trainedOn: string,
  wrongAtMost: Record<Tone, number> = evenThresholds(0.1),
  aloneWrongAtMost: Record<Tone, number> = wrongAtMost,
): ToneModel {
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
    aloneWrongAtMost,
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
