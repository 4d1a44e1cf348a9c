import { describe, expect, it } from 'vitest';
import { ExaminerEngine } from './examiner.js';
import type { AnswerInput } from './types.js';

// Replies to a neighbouring question that share the question's words (how often for when, how often
// for how long, a weekday for how many times) are in the low band; the question's action said in other
// words stays on it.
const examiner = new ExaminerEngine();
const basic = (question: string, answer: string): AnswerInput => ({
  question_type: 'answer',
  level: 'basic',
  question_text: question,
  answer_text: answer,
  time_limit_s: 10,
  model_answers: [],
  key_points: [],
  image_texts: [],
});
const score = async (question: string, answer: string): Promise<number> =>
  (await examiner.examine(basic(question, answer), 'en')).result.score;

describe('examiner: a count or a length is no point in time', () => {
  it.each([
    ['你一般什么时候去超市？', '我一个月去三次超市。'],
    ['你们什么时候放寒假？', '我们放一个月的假。'],
    ['你每次做饭要多长时间？', '我一个星期做三次饭。'],
    ['你一个星期游几次泳？', '星期三去游。'],
  ])('%s answered by %s is in the low band', async (q, a) => {
    expect(await score(q, a)).toBeLessThan(50);
  });

  it.each([
    ['你一般什么时候去超市？', '下班以后去。'],
    ['你们什么时候放寒假？', '一月中旬。'],
    ['你每次做饭要多长时间？', '一个小时左右。'],
    ['你一般什么时候扔垃圾？', '晚上出去散步的时候，我顺便把垃圾带下去。'],
  ])('%s answered by %s scores at least 70', async (q, a) => {
    expect(await score(q, a)).toBeGreaterThanOrEqual(70);
  });
});
