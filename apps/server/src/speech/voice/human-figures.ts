/**
 * The figures of the tone judge on human recordings, as the review shows them (core toneVerdict's rule on
 * the classifier's numbers): right tones heard right, left unsure, shown wrong; minimal pairs (a
 * recording judged against the same syllable in another tone) marked or passed; the confusion matrix;
 * single against multi-syllable words; and calibration of the expected tone's probability.
 */
import { TONE_CERTAIN_SHARE } from '@kouyu/core';
import type { Tone } from '@kouyu/core';
import { markedWrong } from './tone-training.js';
import type { Judged, WrongThresholds } from './tone-training.js';

export interface HumanFigures {
  /** Right-tone syllables (tones 1-4) judged. */
  right: number;
  /** Of those judged right or wrong (not unsure): heard right. */
  heardRight: number;
  /** Of all right-tone syllables: left unsure (no voice, or another tone but not sure enough). */
  unsure: number;
  /** Of all right-tone syllables: shown as wrong. */
  shownWrong: number;
  pairs: number;
  /** Of minimal pairs: marked wrong. */
  pairsMarked: number;
  /** Of minimal pairs: heard as the (wrong) expected tone, i.e. passed as right. */
  pairsPassed: number;
  /** Of "wrong" marks, with right and wrong readings equally common: right. */
  wrongMarkPrecision: number;
  /** The same for marks the tips call almost certain (core toneCertainty) and for the rest. */
  certainPrecision: number;
  probablePrecision: number;
  /** Said → heard (`-` when nothing voiced) over right-tone syllables. */
  confusion: Record<Tone, Record<string, number>>;
  /** Heard right of judged, for syllables of one-syllable and of longer words. */
  single: { n: number; heardRight: number; unsure: number };
  multi: { n: number; heardRight: number; unsure: number };
  /** P(expected tone) in bins of 0.2: how many readings, and the share of them read with that tone. */
  calibration: Array<{ from: number; n: number; actuallyRight: number }>;
}

type Verdict = 'right' | 'wrong' | 'unsure';

function verdictOf(j: Judged, wrongAtMost: WrongThresholds): Verdict {
  if (j.heard === j.expected) return 'right';
  return markedWrong(j, wrongAtMost) ? 'wrong' : 'unsure';
}

function rates(
  list: readonly Judged[],
  wrongAtMost: WrongThresholds,
): { n: number; heardRight: number; unsure: number } {
  const v = list.map((j) => verdictOf(j, wrongAtMost));
  const judged = v.filter((x) => x !== 'unsure').length;
  return {
    n: list.length,
    heardRight: share(v.filter((x) => x === 'right').length, judged),
    unsure: share(v.filter((x) => x === 'unsure').length, list.length),
  };
}

function share(a: number, b: number): number {
  return b === 0 ? 0 : a / b;
}

/** How often marks of each certainty are right (right and wrong readings equally common). */
function certaintyPrecision(
  judged: { right: Judged[]; pairs: Judged[] },
  right: readonly Judged[],
  wrongAtMost: WrongThresholds,
): { certainPrecision: number; probablePrecision: number } {
  const certain = (j: Judged) => j.expectedProbability <= TONE_CERTAIN_SHARE * wrongAtMost[j.expected];
  const precision = (keep: (j: Judged) => boolean) => {
    const t = judged.pairs.filter((j) => markedWrong(j, wrongAtMost) && keep(j)).length / 3;
    const f = right.filter((j) => markedWrong(j, wrongAtMost) && keep(j)).length;
    return share(t, t + f);
  };
  return { certainPrecision: precision(certain), probablePrecision: precision((j) => !certain(j)) };
}

/** The figures of judgements made with thresholds per expected tone (core TONE_WRONG_AT_MOST for the shipped rule). */
export function humanFigures(
  judged: { right: Judged[]; pairs: Judged[] },
  wrongAtMost: WrongThresholds,
): HumanFigures {
  const right = judged.right.filter((j) => j.expected !== 5);
  const verdicts = right.map((j) => verdictOf(j, wrongAtMost));
  const judgedCount = verdicts.filter((v) => v !== 'unsure').length;
  const confusion = { 1: {}, 2: {}, 3: {}, 4: {}, 5: {} } as Record<Tone, Record<string, number>>;
  for (const j of right) {
    const key = j.heard === null ? '-' : String(j.heard);
    confusion[j.expected][key] = (confusion[j.expected][key] ?? 0) + 1;
  }
  const trueMarks = judged.pairs.filter((j) => markedWrong(j, wrongAtMost)).length;
  const falseMarks = verdicts.filter((v) => v === 'wrong').length;
  const calibration = [0, 0.2, 0.4, 0.6, 0.8].map((from) => {
    const inBin = (j: Judged) =>
      j.heard !== null &&
      j.expectedProbability >= from &&
      (j.expectedProbability < from + 0.2 || from === 0.8);
    const r = right.filter(inBin).length;
    const w = judged.pairs.filter(inBin).length / 3;
    return { from, n: Math.round(r + w), actuallyRight: share(r, r + w) };
  });
  return {
    right: right.length,
    heardRight: share(verdicts.filter((v) => v === 'right').length, judgedCount),
    unsure: share(verdicts.filter((v) => v === 'unsure').length, right.length),
    shownWrong: share(falseMarks, right.length),
    pairs: judged.pairs.length,
    pairsMarked: share(trueMarks, judged.pairs.length),
    pairsPassed: share(judged.pairs.filter((j) => j.heard === j.expected).length, judged.pairs.length),
    wrongMarkPrecision: share(trueMarks / 3, trueMarks / 3 + falseMarks),
    ...certaintyPrecision(judged, right, wrongAtMost),
    confusion,
    single: rates(
      right.filter((j) => j.example.syllables === 1),
      wrongAtMost,
    ),
    multi: rates(
      right.filter((j) => j.example.syllables > 1),
      wrongAtMost,
    ),
    calibration,
  };
}
