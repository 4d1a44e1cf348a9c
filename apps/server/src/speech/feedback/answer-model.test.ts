import { describe, expect, it } from 'vitest';
import { HELD_OUT_FILES, learnAnswerModel, trainingAnswers } from '../../../eval/examiner-training.js';
import { ANSWER_FEATURES, bandToScore, predictBand, shippedAnswerModel } from './answer-model.js';
import { fitAnswerModel, solve } from './answer-training.js';
import type { TrainingExample } from './answer-training.js';
import { ExaminerEngine } from './examiner.js';
import { questionInput } from './question-input.js';

const ask = (question: string, answer: string) => ({
  ...questionInput({
    questionType: 'answer',
    level: 'basic',
    questionText: null,
    audioText: question,
    referenceText: null,
    modelAnswers: [],
    keyPoints: [],
    imageTexts: [],
    timeLimit: 10,
  }),
  answer_text: answer,
});

describe('the listen-and-answer model', () => {
  it('solves a small linear system', () => {
    const x = solve(
      [
        [2, 1, 0],
        [1, 3, 1],
        [0, 1, 4],
      ],
      [3, 9.5, 14],
    );
    expect(x.map((v) => Math.round(v * 1e9) / 1e9)).toEqual([0.5, 2, 3]);
  });

  it('recovers the weights that made the bands, each set weighing by its size', () => {
    const truth = [0.5, -1, 2];
    const examples: TrainingExample[] = [];
    for (let i = 0; i < 200; i++) {
      const features = [Math.sin(i), Math.cos(i * 0.7), (i % 7) / 7];
      const band = features.reduce((s, f, k) => s + f * (truth[k] ?? 0), 1.5);
      examples.push({ set: i < 150 ? 'large' : 'small', band, features });
    }
    const w = fitAnswerModel(examples, { lambda: 0, boost: 4, boosted: new Set(['small']) });
    expect(w.map((v) => Math.round(v * 1e6) / 1e6)).toEqual([...truth, 1.5]);
    // The penalty draws the features' weights towards 0 and leaves the constant term free.
    const drawn = fitAnswerModel(examples, { lambda: 100, boost: 1, boosted: new Set() });
    expect(Math.abs(drawn[2] ?? 0)).toBeLessThan(2);
  });

  it('maps the predicted band onto the score, rising and inside 0-100', () => {
    const scores = [0, 1, 1.5, 2, 2.5, 3, 4].map(bandToScore);
    for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeGreaterThan(scores[i - 1] ?? 0);
    expect(scores[0]).toBeGreaterThan(0);
    expect(scores.at(-1)).toBeLessThan(100);
    expect(bandToScore(1)).toBeLessThan(20);
    expect(bandToScore(3)).toBeGreaterThan(90);
  });

  it('ships weights for its features, learned from no held-out set', () => {
    const model = shippedAnswerModel() as ReturnType<typeof shippedAnswerModel> & { trained_on: string[] };
    expect(model.features).toEqual([...ANSWER_FEATURES]);
    expect(model.weights).toHaveLength(ANSWER_FEATURES.length + 1);
    for (const file of HELD_OUT_FILES)
      expect(model.trained_on).not.toContain(file.replace(/^examiner-|\.json$/g, ''));
    expect(trainingAnswers().every((t) => t.answer.input.question_type === 'answer')).toBe(true);
    expect(predictBand(new Array<number>(ANSWER_FEATURES.length).fill(0), model)).toBe(model.weights.at(-1));
  });

  it('ships the weights the current rules and sets give (run npm run train:examiner after a rule changes)', async () => {
    const learned = await learnAnswerModel();
    const shipped = shippedAnswerModel() as ReturnType<typeof shippedAnswerModel> & { answers: number };
    expect(learned.answers).toBe(shipped.answers);
    for (const [i, w] of learned.weights.entries())
      expect(w, ANSWER_FEATURES[i]).toBeCloseTo(shipped.weights[i] ?? 0, 4);
  });

  it('scores a quick reply by the model, the echo and the language caps still holding', async () => {
    const model = new ExaminerEngine();
    const rules = new ExaminerEngine({ answerModel: false });
    const q = '你妈妈喜欢做什么？';
    const right = (await model.examine(ask(q, '我妈妈喜欢做饭。'), 'en')).result.score;
    const aboutMe = (await model.examine(ask(q, '我喜欢吃苹果。'), 'en')).result.score;
    const echo = (await model.examine(ask(q, '你妈妈喜欢做什么'), 'en')).result.score;
    const english = (await model.examine(ask(q, 'My mother likes cooking.'), 'en')).result.score;
    expect(right).toBeGreaterThanOrEqual(70);
    expect(aboutMe).toBeLessThan(50);
    expect(echo).toBeLessThanOrEqual(30);
    expect(english).toBeLessThanOrEqual(5);
    // The rules alone are what the model weighs; on another task type the two are the same.
    const open = {
      ...ask('你周末一般做什么？请谈一谈。', '我周末一般在家看书。'),
      question_type: 'open' as const,
    };
    expect((await model.examine(open, 'en')).result.score).toBe(
      (await rules.examine(open, 'en')).result.score,
    );
  });
});
