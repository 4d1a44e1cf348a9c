import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BLIND2_SET,
  BLIND3_SET,
  BLIND4_SET,
  BLIND7_SET,
  BLIND10_SET,
  BLIND11_SET,
  BLIND12_SET,
  BLIND13_SET,
  BLIND14_SET,
  BLIND15_SET,
  BLIND16_SET,
  BLIND17_SET,
  BLIND18_SET,
  BLIND19_SET,
  BLIND20_SET,
  BLIND_SET,
  blindSet,
  DEV2_SET,
  DEV3_SET,
  DEV4_SET,
  DEV_SET,
  loadInlineSet,
  MEANING_SET,
} from '../../../eval/examiner-inline.js';
import {
  evaluate,
  loadExaminerSet,
  PROBE_SET,
  scoreAnswers,
  scoreSet,
  spearman,
} from '../../../eval/examiner-set.js';
import type { EvaluationReport } from '../../../eval/examiner-set.js';
import { ExaminerEngine } from './examiner.js';
import { questionInput } from './question-input.js';

// The examiner ranks answers as an HSKK examiner bands them on every graded set, overall AND for each
// task type, and never puts a band-1 answer level with or above a band-3 answer to the same question.
// Since decision 041 a listen-and-answer reply and an open answer are scored by the learned models
// (answer-model.ts), and every floor below was raised to a little under its figure with them, or kept
// where the old floor was higher; the first sets lost up to 0.04 by them (dev open, probe answer), and
// those floors were lowered by 0.01. The blind sets gained 0.01-0.15. The figures in
// the comments are the rules' own, from the passes that read each set.
// Floors per set, a little under today's figures (decision 022): the graded set's parts (development,
// held-out: 0.92-0.93 overall, 0.91-0.97 per type); the probe set, written blind to the examiner and
// never tuned on (0.86 overall, 0.82-0.95 per type); the meaning probes of new questions (0.88); the
// development set of new questions, written blind to the examiner by other hands but tuned on (0.89
// overall, 0.88-0.93 per type); the second development set of new questions, the development half of
// a set written blind to the examiner and split by question (0.91 overall, 0.79-0.95 per type, retell
// lowest); and the blind set of new questions, never tuned on, when present (0.90
// overall, 0.89-0.95 per type, no inversion).
interface Floors {
  overall: number;
  perType: number;
  minAnswers: number;
  /** High/low inversions allowed: none unless a set's targets are not met yet. */
  maxInversions?: number;
}
const SETS: { name: string; floors: Floors }[] = [
  { name: 'dev', floors: { overall: 0.89, perType: 0.87, minAnswers: 150 } },
  { name: 'held_out', floors: { overall: 0.9, perType: 0.89, minAnswers: 50 } },
  { name: 'probe', floors: { overall: 0.84, perType: 0.79, minAnswers: 150 } },
  { name: 'meaning', floors: { overall: 0.85, perType: 0.85, minAnswers: 50 } },
  { name: 'development (new questions)', floors: { overall: 0.89, perType: 0.9, minAnswers: 250 } },
  { name: 'second development (new questions)', floors: { overall: 0.89, perType: 0.81, minAnswers: 200 } },
  // Sets written blind to the examiner whose failures were tuned on in the fourth pass (decision 034):
  // the fourth set (0.80 overall, answer 0.84, open 0.78, 5 inversions) and half of the fifth (0.86,
  // answer 0.90, open 0.83, no inversion).
  {
    name: 'third development (new questions)',
    floors: { overall: 0.85, perType: 0.78, minAnswers: 250, maxInversions: 3 },
  },
  {
    name: 'fourth development (new questions)',
    floors: { overall: 0.87, perType: 0.8, minAnswers: 130 },
  },
  // The held-out half of the second blind set, whose failure classes were read in the fourth pass
  // (0.865 overall, answer 0.886, picture 0.775, no inversion).
  {
    name: 'second blind, held out',
    floors: { overall: 0.86, perType: 0.78, minAnswers: 170, maxInversions: 1 },
  },
  // The other half of the fifth set, held out in the fifth pass and read in the sixth (0.806 overall,
  // answer 0.724, 1 inversion).
  {
    name: 'third blind',
    floors: { overall: 0.85, perType: 0.8, minAnswers: 130, maxInversions: 1 },
  },
  // The sixth set, held out in the sixth pass (0.655 overall, answer 0.604, 28 inversions) and read in
  // the seventh (0.793, answer 0.851, picture 0.752, 3 inversions).
  {
    name: 'fourth blind',
    floors: { overall: 0.83, perType: 0.74, minAnswers: 240, maxInversions: 3 },
  },
  // The seventh set: unread, it scored 0.677 overall, answer 0.565, 35 inversions before the seventh
  // pass and 0.675 / 0.565 / 35 after the rules read off the sixth set (they did not carry); read, 0.775
  // / 0.743 / 12.
  {
    name: 'seventh blind',
    floors: { overall: 0.83, perType: 0.82, minAnswers: 260, maxInversions: 7 },
  },
  // The eighth pass's sets (decision 037), each first measured unread, then read. Unread → read:
  // tenth, parts 3-4 on the rules from parts 1-2: 0.668 → 0.783; whole, read: 0.785, picture 0.673.
  // The ninth pass (decision 038) read them again: seventh 0.793 (8 inversions), tenth 0.797 (1),
  // eleventh 0.763 (7), twelfth 0.754 (6), thirteenth 0.748 (6), fourteenth 0.741 (22).
  {
    name: 'tenth blind',
    floors: { overall: 0.8, perType: 0.8, minAnswers: 280, maxInversions: 2 },
  },
  // Eleventh: 0.647 (answer 0.578, 39 inversions) → 0.758 (0.753, 10).
  {
    name: 'eleventh blind',
    floors: { overall: 0.79, perType: 0.8, minAnswers: 280, maxInversions: 7 },
  },
  // Twelfth: 0.596 (answer 0.526, 54 inversions) → 0.676 (0.648, 31).
  {
    name: 'twelfth blind',
    floors: { overall: 0.79, perType: 0.78, minAnswers: 280, maxInversions: 2 },
  },
  // Thirteenth: 0.672 (answer 0.648, 31 inversions) → 0.717 (0.711, 16).
  {
    name: 'thirteenth blind',
    floors: { overall: 0.79, perType: 0.81, minAnswers: 280, maxInversions: 6 },
  },
  // Fourteenth: 0.631 (answer 0.583, 54 inversions) → 0.710 (0.695, 34).
  {
    name: 'fourteenth blind',
    floors: { overall: 0.78, perType: 0.8, minAnswers: 280, maxInversions: 11 },
  },
  // Fifteenth, the one part returned (decision 038): 0.543 (answer 0.443, 16 inversions) → 0.798 (0.826, 0).
  {
    name: 'fifteenth blind',
    floors: { overall: 0.83, perType: 0.82, minAnswers: 70, maxInversions: 0 },
  },
  // Sixteenth, held out in the ninth pass (decision 038): 0.438 (answer 0.347, 162 inversions); read in
  // the tenth (decision 039): 0.696 (answer 0.703, 46).
  {
    name: 'sixteenth blind',
    floors: { overall: 0.76, perType: 0.77, minAnswers: 470, maxInversions: 18 },
  },
  // The tenth pass's sets (decision 039), unread → read: seventeenth 0.461 (answer 0.442, 72 inversions)
  // → 0.658 (0.661, 26); eighteenth 0.527 (0.486, 49) → 0.623 (0.598, 29); nineteenth 0.502 (0.477, 57)
  // → 0.641 (0.640, 27).
  {
    name: 'seventeenth blind',
    floors: { overall: 0.73, perType: 0.69, minAnswers: 210, maxInversions: 11 },
  },
  {
    name: 'eighteenth blind',
    floors: { overall: 0.73, perType: 0.71, minAnswers: 210, maxInversions: 19 },
  },
  {
    name: 'nineteenth blind',
    floors: { overall: 0.72, perType: 0.68, minAnswers: 210, maxInversions: 13 },
  },
  // Twentieth, held out and never read: 0.522 (answer 0.497, open 0.734, 52 inversions); decision 038's
  // code gave 0.422 (0.380, 76). A floor against losing ground, not a target.
  {
    name: 'twentieth blind',
    floors: { overall: 0.63, perType: 0.6, minAnswers: 210, maxInversions: 31 },
  },
  // The eleventh pass (decision 040). Twenty-first: unread 0.639 (answer 0.626, 36) → read 0.751 (0.750,
  // 15); twenty-second: 0.652 (0.631, 31) → 0.776 (0.765, 13); twenty-fourth, measured unread midway:
  // 0.614 (0.587, 38) → 0.717 (0.704, 22); twenty-fifth, unread on the first round's rules: 0.577
  // (0.551, 39) → 0.673 (0.655, 26).
  {
    name: 'twenty-first blind',
    floors: { overall: 0.79, perType: 0.79, minAnswers: 210, maxInversions: 17 },
  },
  {
    name: 'twenty-second blind',
    floors: { overall: 0.81, perType: 0.81, minAnswers: 210, maxInversions: 4 },
  },
  {
    name: 'twenty-fourth blind',
    floors: { overall: 0.77, perType: 0.78, minAnswers: 210, maxInversions: 17 },
  },
  {
    name: 'twenty-fifth blind',
    floors: { overall: 0.77, perType: 0.76, minAnswers: 210, maxInversions: 16 },
  },
  // Twenty-seventh, unread on the second round's rules: 0.554 (0.524, 50) → read 0.623 (0.605, 42).
  {
    name: 'twenty-seventh blind',
    floors: { overall: 0.72, perType: 0.71, minAnswers: 210, maxInversions: 25 },
  },
  // Twenty-eighth, held out and never read: 0.685 (answer 0.669, open 0.827, 26); decision 039's code
  // gave 0.676 (0.662, 26).
  {
    name: 'twenty-eighth blind',
    floors: { overall: 0.78, perType: 0.78, minAnswers: 210, maxInversions: 7 },
  },
  // Twenty-third and twenty-sixth, held out and never read: 0.588 (answer 0.563, open 0.831, 49
  // inversions) and 0.663 (0.652, open 0.804, 29); decision 039's code gave 0.584 (0.564, 48) and 0.629
  // (0.618, 32). Floors against losing ground, not targets.
  {
    name: 'twenty-third blind',
    floors: { overall: 0.71, perType: 0.68, minAnswers: 210, maxInversions: 25 },
  },
  {
    name: 'twenty-sixth blind',
    floors: { overall: 0.75, perType: 0.76, minAnswers: 210, maxInversions: 14 },
  },
  // The twelfth pass's sets (decision 041), held out whole: never read, never learned from. The rules
  // alone gave 0.542 (answer 0.526), 0.671 (0.652), 0.540 (0.524) and 0.492 (0.468); with the learned
  // models 0.689 (0.710), 0.786 (0.795), 0.693 (0.709) and 0.661 (0.679, open 0.681).
  {
    name: 'twenty-ninth blind',
    floors: { overall: 0.66, perType: 0.69, minAnswers: 210, maxInversions: 24 },
  },
  {
    name: 'thirtieth blind',
    floors: { overall: 0.76, perType: 0.77, minAnswers: 210, maxInversions: 10 },
  },
  {
    name: 'thirty-first blind',
    floors: { overall: 0.67, perType: 0.69, minAnswers: 210, maxInversions: 24 },
  },
  {
    name: 'thirty-second blind',
    floors: { overall: 0.64, perType: 0.65, minAnswers: 210, maxInversions: 23 },
  },
];
const BLIND_FILE = fileURLToPath(BLIND_SET);
const BLIND_FLOORS: Floors = { overall: 0.87, perType: 0.86, minAnswers: 300 };
if (existsSync(BLIND_FILE)) SETS.push({ name: 'blind', floors: BLIND_FLOORS });

describe('examiner against the graded sets', () => {
  const reports = new Map<string, EvaluationReport>();

  beforeAll(async () => {
    const examiner = new ExaminerEngine();
    const scored = await scoreSet(examiner);
    reports.set('dev', evaluate(scored.filter((s) => s.split === 'dev')));
    reports.set('held_out', evaluate(scored.filter((s) => s.split === 'held_out')));
    reports.set('probe', evaluate(await scoreSet(examiner, PROBE_SET)));
    reports.set('meaning', evaluate(await scoreAnswers(examiner, loadInlineSet(MEANING_SET))));
    reports.set(
      'development (new questions)',
      evaluate(await scoreAnswers(examiner, loadInlineSet(DEV_SET))),
    );
    reports.set(
      'second development (new questions)',
      evaluate(await scoreAnswers(examiner, loadInlineSet(DEV2_SET))),
    );
    reports.set(
      'third development (new questions)',
      evaluate(await scoreAnswers(examiner, loadInlineSet(DEV3_SET))),
    );
    reports.set(
      'fourth development (new questions)',
      evaluate(await scoreAnswers(examiner, loadInlineSet(DEV4_SET))),
    );
    reports.set('third blind', evaluate(await scoreAnswers(examiner, loadInlineSet(BLIND3_SET))));
    reports.set('fourth blind', evaluate(await scoreAnswers(examiner, loadInlineSet(BLIND4_SET))));
    reports.set('seventh blind', evaluate(await scoreAnswers(examiner, loadInlineSet(BLIND7_SET))));
    for (const [name, set] of [
      ['tenth blind', BLIND10_SET],
      ['eleventh blind', BLIND11_SET],
      ['twelfth blind', BLIND12_SET],
      ['thirteenth blind', BLIND13_SET],
      ['fourteenth blind', BLIND14_SET],
      ['fifteenth blind', BLIND15_SET],
      ['sixteenth blind', BLIND16_SET],
      ['seventeenth blind', BLIND17_SET],
      ['eighteenth blind', BLIND18_SET],
      ['nineteenth blind', BLIND19_SET],
      ['twentieth blind', BLIND20_SET],
      ['twenty-first blind', blindSet(21)],
      ['twenty-second blind', blindSet(22)],
      ['twenty-third blind', blindSet(23)],
      ['twenty-fourth blind', blindSet(24)],
      ['twenty-fifth blind', blindSet(25)],
      ['twenty-sixth blind', blindSet(26)],
      ['twenty-seventh blind', blindSet(27)],
      ['twenty-eighth blind', blindSet(28)],
      ['twenty-ninth blind', blindSet(29)],
      ['thirtieth blind', blindSet(30)],
      ['thirty-first blind', blindSet(31)],
      ['thirty-second blind', blindSet(32)],
    ] as const)
      reports.set(name, evaluate(await scoreAnswers(examiner, loadInlineSet(set))));
    if (existsSync(BLIND_FILE))
      reports.set('blind', evaluate(await scoreAnswers(examiner, loadInlineSet(BLIND_SET))));
    reports.set('second blind, held out', evaluate(await scoreAnswers(examiner, loadInlineSet(BLIND2_SET))));
  });

  it('holds at least 200 graded answers over every task type, a quarter held out', () => {
    const set = loadExaminerSet();
    expect(set.length).toBeGreaterThanOrEqual(200);
    const held = set.filter((a) => a.split === 'held_out').length / set.length;
    expect(held).toBeGreaterThan(0.2);
    expect(held).toBeLessThan(0.35);
    const types = new Set(set.map((a) => a.input.question_type));
    for (const t of ['repeat', 'answer', 'picture', 'retell', 'read_aloud', 'open'])
      expect(types).toContain(t);
    for (const band of [1, 2, 3]) expect(set.some((a) => a.band === band)).toBe(true);
  });

  it.each(SETS)(
    'ranks the $name answers by band, overall and per type, with no inversion',
    ({ name, floors }) => {
      const report = reports.get(name);
      if (!report) throw new Error('not evaluated');
      const detail = JSON.stringify(report, (k: string, v: unknown) => (k === 'inverted' ? undefined : v));
      expect(report.overall.n).toBeGreaterThanOrEqual(floors.minAnswers);
      expect(report.overall.spearman, detail).toBeGreaterThanOrEqual(floors.overall);
      for (const [type, f] of Object.entries(report.byType))
        expect(f.spearman, `${name} ${type}: ${detail}`).toBeGreaterThanOrEqual(floors.perType);
      const inverted = report.inverted.map(
        (i) => `${i.item}: ${i.low.input.answer_text} ≥ ${i.high.input.answer_text}`,
      );
      if (floors.maxInversions === undefined) expect(inverted).toEqual([]);
      else expect(inverted.length, inverted.join('\n')).toBeLessThanOrEqual(floors.maxInversions);
    },
  );

  it('computes Spearman with tied ranks', () => {
    expect(spearman([1, 2, 3, 4], [1, 2, 3, 4])).toBe(1);
    expect(spearman([4, 3, 2, 1], [1, 2, 3, 4])).toBe(-1);
    expect(spearman([1, 1, 2, 2], [1, 1, 2, 2])).toBeCloseTo(1);
    expect(spearman([5, 5, 5], [1, 2, 3])).toBe(0);
  });
});

describe('a graded set with its questions inline', () => {
  const fixture = new URL('../../../eval/fixtures/examiner-inline.json', import.meta.url);

  it('builds each item into the input the feedback socket builds from a stored question', () => {
    const answers = loadInlineSet(fixture);
    expect(answers.map((a) => a.item)).toEqual(['f-answer', 'f-answer', 'f-picture', 'f-repeat', 'f-read']);
    const [answer, , picture, repeat, read] = answers;
    // A listen-and-answer question is only heard: its audio text is the question.
    expect(answer?.input).toEqual({
      ...questionInput({
        questionType: 'answer',
        level: 'basic',
        questionText: null,
        audioText: '你喜欢什么颜色？',
        referenceText: null,
        modelAnswers: ['我喜欢蓝色。'],
        keyPoints: ['颜色'],
        imageTexts: [],
        timeLimit: 10,
      }),
      answer_text: '我喜欢红色。',
    });
    expect(answer?.band).toBe(3);
    expect(picture?.input).toMatchObject({
      question_type: 'picture',
      question_text: '请描述这张图片。',
      image_texts: ['公园里，一个人在跑步。'],
      time_limit_s: 120,
    });
    // Without a reference of its own, a repeat item repeats what was heard and a read-aloud item
    // reads what was shown, as the seeded questions store them; a given time limit is kept.
    expect(repeat?.input).toMatchObject({ reference_text: '我家有四个人。', time_limit_s: 10 });
    expect(read?.input).toMatchObject({
      reference_text: '今天天气很好。',
      time_limit_s: 30,
      level: 'advanced',
    });
  });

  it('refuses an item of another shape', async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(`${tmpdir()}/inline-`);
    const bad = `${dir}/bad.json`;
    writeFileSync(bad, JSON.stringify({ about: '', version: 1, items: [{ id: 'x', level: 'basic' }] }));
    expect(() => loadInlineSet(new URL(`file://${bad}`))).toThrow();
  });
});
