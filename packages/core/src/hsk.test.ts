import { describe, expect, it } from 'vitest';
import {
  hasTimedListening,
  hskAttemptBody,
  hskItemPoints,
  hskPercent,
  hskSections,
  hskSetId,
  isFreeTextType,
  isTrueFalseType,
} from './hsk.js';

describe('HSK rules', () => {
  it('offers writing from level 3 and the timed listening run at levels 3-6', () => {
    expect(hskSections(1)).toEqual(['listening', 'reading']);
    expect(hskSections(2)).toEqual(['listening', 'reading']);
    expect(hskSections(3)).toEqual(['listening', 'reading', 'writing']);
    expect(hskSections(6)).toEqual(['listening', 'reading', 'writing']);
    expect([1, 2, 3, 4, 5, 6].filter(hasTimedListening)).toEqual([3, 4, 5, 6]);
  });

  it('names sets and weighs items', () => {
    expect(hskSetId(3, 'reading', 2)).toBe('hsk3-reading-2');
    expect(hskItemPoints('word_fill')).toBe(1);
    expect(hskItemPoints('picture_word_sentence')).toBe(4);
    expect(hskItemPoints('short_essay')).toBe(10);
    expect(hskItemPoints('summary')).toBe(20);
    expect(isFreeTextType('summary')).toBe(true);
    expect(isFreeTextType('sentence_reorder')).toBe(false);
    expect(isTrueFalseType('statement_true_false')).toBe(true);
    expect(isTrueFalseType('dialogue_question')).toBe(false);
  });

  it('rounds percentages and treats an empty set as 0%', () => {
    expect(hskPercent(2, 3)).toBe(67);
    expect(hskPercent(0, 0)).toBe(0);
  });

  it('checks an attempt: answers are booleans or short texts; language and mode have defaults', () => {
    expect(hskAttemptBody.parse({ answers: { a: true, b: 'B' } })).toEqual({
      answers: { a: true, b: 'B' },
      language: 'en',
      mode: 'practice',
    });
    expect(hskAttemptBody.safeParse({ answers: { a: 1 } }).success).toBe(false);
    expect(hskAttemptBody.safeParse({ answers: { a: 'x'.repeat(1001) } }).success).toBe(false);
    expect(hskAttemptBody.safeParse({ answers: {}, mode: 'exam' }).success).toBe(false);
  });
});
