import { describe, expect, it } from 'vitest';
import { loadHskSets } from '../db/seed/hsk.js';
import { ExaminerEngine } from '../speech/feedback/examiner.js';
import { parseSet } from './content.js';
import type { HskSetContent, StoredItem } from './content.js';
import { answerIssues, countChars, isCorrect, orderKey, scoreAnswers, sentenceKey } from './scoring.js';

const { sets } = loadHskSets();
const content = (id: string): HskSetContent => {
  const s = sets.find((x) => x.id === id);
  if (!s) throw new Error(`no set ${id}`);
  return parseSet({ ...s, timeLimit: s.time_limit });
};
const itemOf = <T extends StoredItem['type']>(
  set: HskSetContent,
  type: T,
): Extract<StoredItem, { type: T }> => {
  const item = set.items.find((i): i is Extract<StoredItem, { type: T }> => i.type === type);
  if (!item) throw new Error(`no ${type} in ${set.id}`);
  return item;
};
const engine = new ExaminerEngine();

describe('HSK answer keys', () => {
  it('judges word order without punctuation, spaces or width', () => {
    expect(sentenceKey('请把西瓜放进冰箱里。')).toBe('请把西瓜放进冰箱里');
    expect(sentenceKey(' 请 把西瓜，放进冰箱里! ')).toBe('请把西瓜放进冰箱里');
    expect(sentenceKey('ＡＢ')).toBe('ab');
    expect(orderKey('c, b ,a')).toBe('CBA');
    expect(countChars('我 很\n好。')).toBe(4);
  });

  it('scores each objective type exactly', () => {
    const w3 = content('hsk3-writing-1');
    const reorder = itemOf(w3, 'sentence_reorder');
    expect(isCorrect(reorder, reorder.answer.replace('。', ''))).toBe(true);
    expect(isCorrect(reorder, [...reorder.words].reverse().join(''))).toBe(false);
    expect(isCorrect(reorder, '')).toBe(false);
    const fill = itemOf(w3, 'character_fill');
    expect(isCorrect(fill, fill.answer)).toBe(true);
    expect(isCorrect(fill, `${fill.answer}${fill.answer}`)).toBe(false);

    const r3 = content('hsk3-reading-1');
    const ordering = itemOf(r3, 'sentence_ordering');
    expect(isCorrect(ordering, ordering.answer.toLowerCase().split('').join(' '))).toBe(true);
    expect(isCorrect(ordering, [...ordering.answer].reverse().join(''))).toBe(false);
    const comp = itemOf(r3, 'comprehension');
    expect(isCorrect(comp, comp.answer)).toBe(true);
    expect(isCorrect(comp, comp.answer === 'A' ? 'B' : 'A')).toBe(false);

    const l1 = content('hsk1-listening-1');
    const tf = itemOf(l1, 'picture_true_false');
    expect(isCorrect(tf, tf.answer)).toBe(true);
    expect(isCorrect(tf, !tf.answer)).toBe(false);
    expect(isCorrect(tf, String(tf.answer))).toBe(false);
  });

  it('accepts the listed alternative orders of a sentence', () => {
    const set = sets
      .map((s) => parseSet({ ...s, timeLimit: s.time_limit }))
      .find((s) => s.items.some((i) => i.type === 'sentence_reorder' && i.accepted.length > 0));
    const item = set?.items.find((i) => i.type === 'sentence_reorder' && i.accepted.length > 0);
    if (item?.type !== 'sentence_reorder') throw new Error('no reorder item with alternatives');
    for (const alt of item.accepted) expect(isCorrect(item, alt), alt).toBe(true);
  });

  it('lists answers that do not fit their items', () => {
    const l1 = content('hsk1-listening-1');
    const [tf, , , match] = l1.items;
    if (!tf || !match) throw new Error('short set');
    expect(answerIssues(l1, { [tf.id]: true, [match.id]: 'b' })).toEqual([]);
    expect(answerIssues(l1, { [tf.id]: 'false' })).toEqual([]);
    expect(answerIssues(l1, { [tf.id]: 'A', [match.id]: true, nope: 'A' })).toEqual([
      { id: tf.id, message: 'expects true or false' },
      { id: match.id, message: 'expects text' },
      { id: 'nope', message: 'not an item of this set' },
    ]);
    expect(answerIssues(l1, { [match.id]: 'Z' })).toEqual([
      { id: match.id, message: 'not one of the options' },
    ]);
  });
});

describe('HSK set scoring', () => {
  it('gives a point per right objective answer and none for wrong or missing ones', async () => {
    const l1 = content('hsk1-listening-1');
    const answers: Record<string, string | boolean> = {};
    l1.items.forEach((item, i) => {
      if (!('answer' in item)) return;
      // Even items right, odd items wrong, the last one left out.
      if (i === l1.items.length - 1) return;
      if (typeof item.answer === 'boolean') answers[item.id] = i % 2 === 0 ? item.answer : !item.answer;
      else answers[item.id] = i % 2 === 0 ? item.answer.toLowerCase() : item.answer === 'A' ? 'B' : 'A';
    });
    const scores = await scoreAnswers(engine, l1, answers, 'en');
    expect(scores.map((s) => s.correct)).toEqual(
      l1.items.map((_, i) => i % 2 === 0 && i !== l1.items.length - 1),
    );
    expect(scores.reduce((n, s) => n + s.points, 0)).toBe(5);
    expect(scores.at(-1)).toMatchObject({ given: null, points: 0, max_points: 1 });
    // Option keys are stored as capitals.
    expect(scores[3]?.given).toMatch(/^[A-F]$/);
  });

  it('reviews written answers with the feedback engine and scales the score to the item', async () => {
    const w5 = content('hsk5-writing-1');
    const essay = itemOf(w5, 'short_essay');
    const [model] = await scoreAnswers(
      engine,
      { ...w5, items: [essay] },
      { [essay.id]: essay.model_answer },
      'ru',
    );
    expect(model?.feedback?.score).toBeGreaterThanOrEqual(80);
    expect(model?.points).toBe(Math.round((10 * (model?.feedback?.score ?? 0)) / 100));
    expect(model?.correct).toBe(true);
    expect(model?.feedback).toMatchObject({
      missing_words: [],
      min_chars: essay.min_chars,
      max_chars: essay.max_chars,
      engine: 'examiner',
    });
    // The feedback is written in the learner's language.
    expect(model?.feedback?.text).toMatch(/[а-яё]/i);

    const [off] = await scoreAnswers(
      engine,
      { ...w5, items: [essay] },
      { [essay.id]: '我喜欢吃苹果，也喜欢喝茶。' },
      'en',
    );
    expect(off?.feedback?.score).toBeLessThan(20);
    expect(off?.correct).toBe(false);
    expect(off?.feedback?.missing_words).toEqual(essay.required_words);
  });

  it('judges a summary against the story it retells', async () => {
    const w6 = content('hsk6-writing-1');
    const [first, second] = w6.items;
    if (first?.type !== 'summary' || second?.type !== 'summary') throw new Error('summaries expected');
    const scores = await scoreAnswers(
      engine,
      w6,
      { [first.id]: first.model_answer, [second.id]: first.model_answer },
      'en',
    );
    expect(scores[0]?.feedback?.score).toBeGreaterThanOrEqual(80);
    // The first story's summary says little about the second story.
    expect(scores[1]?.feedback?.score).toBeLessThan(30);
    expect(scores[0]?.max_points).toBe(20);
  });
});
