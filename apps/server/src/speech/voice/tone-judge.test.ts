import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TONE_WRONG_AT_MOST, toneVerdict, withTone } from '@kouyu/core';
import type { Tone } from '@kouyu/core';
import { analyseRecording, assessExpected, judgeTone } from './assess.js';
import { humanFigures } from './human-figures.js';
import { listItems, loadPcm, VENDORED_DIR } from './human-set.js';
import { committedToneModel, predictTones } from './tone-model.js';
import { describeItems, judgeAll, trainModel } from './tone-training.js';

const WEIGHTS = new URL('./tone-model.weights.json', import.meta.url);

describe('tone judge on human voices', () => {
  it('ships small weights whose threshold is the one the review uses', () => {
    expect(statSync(WEIGHTS).size).toBeLessThan(1_000_000);
    expect(committedToneModel().wrongAtMost).toEqual(TONE_WRONG_AT_MOST);
  });

  // The floor: the committed model on the vendored recordings, which its training left out (figures of
  // `npm run eval -- voice`, a little below them so that a change for the worse fails here).
  it('holds its floor on the vendored recordings of both voices', { timeout: 60_000 }, () => {
    const examples = describeItems(listItems(VENDORED_DIR)).ranged;
    expect(new Set(examples.map((e) => e.item.speaker))).toEqual(new Set(['syllables', 'words']));
    const f = humanFigures(judgeAll(examples, committedToneModel()), TONE_WRONG_AT_MOST);
    expect(f.right).toBeGreaterThan(300);
    expect(f.heardRight).toBeGreaterThanOrEqual(FLOOR.heardRight);
    expect(f.unsure).toBeLessThanOrEqual(FLOOR.unsure);
    expect(f.shownWrong).toBeLessThanOrEqual(FLOOR.shownWrong);
    expect(f.pairsMarked).toBeGreaterThanOrEqual(FLOOR.pairsMarked);
    expect(f.wrongMarkPrecision).toBeGreaterThanOrEqual(0.9);
  });

  it('marks a recording read against its syllable in another tone, through the assessment itself', () => {
    const items = listItems(VENDORED_DIR).filter((i) => i.speaker === 'syllables');
    let marked = 0;
    let falseMarks = 0;
    const range = { median: 0, halfRange: 0 };
    // The speaker's range from their other recordings, as a learner's earlier recordings give it.
    const analyses = items.map((item) => analyseRecording(loadPcm(item)));
    const all = analyses
      .flatMap((a) => Array.from(a.semitones).filter((v) => !Number.isNaN(v)))
      .sort((a, b) => a - b);
    range.median = all[Math.floor(all.length / 2)] ?? 0;
    range.halfRange =
      ((all[Math.floor(all.length * 0.9)] ?? 0) - (all[Math.floor(all.length * 0.1)] ?? 0)) / 2;
    items.forEach((item, n) => {
      const said = item.expected[0];
      const analysis = analyses[n];
      if (!said || !analysis) return;
      const other = ((said.tone % 4) + 1) as Tone;
      const wrongText = [{ ...said, pinyin: withTone(said.pinyin, other), tone: other }];
      const asWrong = assessExpected(analysis, wrongText, range).syllables?.[0];
      const asRight = assessExpected(analysis, item.expected, range).syllables?.[0];
      if (asWrong && toneVerdict(asWrong) === 'wrong') marked++;
      if (asRight && toneVerdict(asRight) === 'wrong') falseMarks++;
    });
    expect(marked / items.length).toBeGreaterThanOrEqual(PATH_FLOOR.pairsMarked);
    expect(falseMarks / items.length).toBeLessThanOrEqual(PATH_FLOOR.shownWrong);
  });

  it('trains deterministically: the same recordings give the same weights', () => {
    const examples = describeItems(listItems(VENDORED_DIR).filter((_, i) => i % 4 === 0)).ranged;
    const a = trainModel(examples, 'a');
    const b = trainModel(examples, 'a');
    expect(a).toEqual(b);
    expect(a.networks).toHaveLength(5);
    expect(a.networks[0]?.output).toHaveLength(4);
  });

  it('judges a first recording, its range unknown, on its own stricter thresholds', () => {
    const model = committedToneModel();
    const [example] = describeItems(listItems(VENDORED_DIR).slice(0, 1)).alone;
    if (!example) throw new Error('no vendored recording');
    expect(example.found.alone).toBe(true);
    const p = predictTones(model, example.found.features ?? []);
    for (const tone of [1, 2, 3, 4] as const) {
      const judged = judgeTone(example.found, tone, model);
      const onKnown = judgeTone({ ...example.found, alone: false }, tone, model);
      expect(onKnown.expectedProbability).toBeCloseTo(p[tone - 1] ?? 0, 9);
      // Marked wrong alone exactly when the probability is at most the alone threshold.
      expect(judged.expectedProbability <= TONE_WRONG_AT_MOST[tone]).toBe(
        (p[tone - 1] ?? 0) <= model.aloneWrongAtMost[tone],
      );
    }
  });
});

// Measured: heard right 99.1 %, unsure 2.6 %, shown wrong 0.9 %, pairs marked 92.3 %, "wrong" right 99.1 %.
const FLOOR = { heardRight: 0.96, unsure: 0.07, shownWrong: 0.03, pairsMarked: 0.86 };
// Through the assessment on the syllables alone (their range from these 128 recordings only, one wrong
// tone each): looser. Measured 85.2 % marked, 0.8 % shown wrong.
const PATH_FLOOR = { pairsMarked: 0.78, shownWrong: 0.06 };
