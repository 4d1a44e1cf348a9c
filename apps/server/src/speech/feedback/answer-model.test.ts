import { describe, expect, it } from 'vitest';
import { HELD_OUT_FILES, learnAnswerModels, trainingAnswers } from '../../../eval/examiner-training.js';
import { bandToScore, FEATURES, LEARNED_TYPES, predictBand, shippedAnswerModels } from './answer-model.js';
import { fitAnswerModel, solve } from './answer-training.js';
import type { TrainingExample } from './answer-training.js';
import { ExaminerEngine } from './examiner.js';
import { questionInput } from './question-input.js';
import { FLUENT_VOICE, HALTING_VOICE } from './test-answers.js';

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

  it.each(LEARNED_TYPES)('ships %s weights for its features, learned from no held-out set', (type) => {
    const model = shippedAnswerModels()[type] as ReturnType<typeof shippedAnswerModels>['answer'] & {
      trained_on: string[];
    };
    expect(model.features).toEqual([...FEATURES[type]]);
    expect(model.weights).toHaveLength(FEATURES[type].length + 1);
    for (const file of HELD_OUT_FILES)
      expect(model.trained_on).not.toContain(file.replace(/^examiner-|\.json$/g, ''));
    expect(trainingAnswers(type).every((t) => t.answer.input.question_type === type)).toBe(true);
    expect(predictBand(new Array<number>(FEATURES[type].length).fill(0), model)).toBe(model.weights.at(-1));
  });

  it('ships the weights the current rules and sets give (run npm run train:examiner after a rule changes)', async () => {
    const learned = await learnAnswerModels();
    const shipped = shippedAnswerModels() as unknown as Record<
      string,
      { answers: number; weights: number[] }
    >;
    for (const type of LEARNED_TYPES) {
      expect(learned[type].answers).toBe(shipped[type]?.answers);
      for (const [i, w] of learned[type].weights.entries())
        expect(w, `${type} ${FEATURES[type][i]}`).toBeCloseTo(shipped[type]?.weights[i] ?? 0, 4);
    }
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
    // An open answer too: the question said back and an answer in English stay low.
    const open = (answer: string) => ({
      ...ask('你周末一般做什么？请谈一谈。', answer),
      question_type: 'open' as const,
      level: 'intermediate' as const,
      time_limit_s: 120,
    });
    const told =
      '我周末一般先睡个懒觉，然后和朋友一起去公园跑步。下午我常常去图书馆看书，因为那里很安静。晚上我们一家人一起吃饭、聊天，我觉得这样的周末很放松。';
    expect((await model.examine(open(told), 'en')).result.score).toBeGreaterThanOrEqual(70);
    expect((await model.examine(open('你周末一般做什么请谈一谈'), 'en')).result.score).toBeLessThanOrEqual(
      30,
    );
    expect(
      (await model.examine(open('On weekends I usually sleep late and then go running.'), 'en')).result.score,
    ).toBeLessThanOrEqual(5);
    // The rules alone are what the models weigh; on a task type without a model the two are the same.
    const picture = {
      ...ask('请描述这张图片。', '公园里有一个人在跑步。'),
      question_type: 'picture' as const,
      image_texts: ['公园里，一个人在跑步。'],
    };
    expect((await model.examine(picture, 'en')).result.score).toBe(
      (await rules.examine(picture, 'en')).result.score,
    );
  });

  it('never scores a smoother recording of the same words lower, on either task type', async () => {
    const model = new ExaminerEngine();
    const replies = [
      ask('你常常和谁一起运动？', '我常常和我妹妹一起跑步。'),
      ask('你的好朋友住在哪儿？', '他住在公司宿舍里'),
      {
        ...ask(
          '你觉得学外语难吗？为什么？请谈一谈。',
          '我觉得学外语不太难，因为每天都可以练习。我常常和中国朋友聊天，还看中国电影。',
        ),
        question_type: 'open' as const,
        level: 'intermediate' as const,
        time_limit_s: 120,
      },
    ];
    for (const reply of replies) {
      const smooth = (await model.examine({ ...reply, voice: { fluency: FLUENT_VOICE } }, 'en')).result.score;
      const slow = (await model.examine({ ...reply, voice: { fluency: HALTING_VOICE } }, 'en')).result.score;
      expect(slow, reply.answer_text).toBeLessThanOrEqual(smooth);
    }
  });
});
