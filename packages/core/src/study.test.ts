import { describe, expect, it } from 'vitest';
import {
  accuracyPercent,
  glossLanguage,
  hasHan,
  idiomsQuery,
  isMastered,
  practiceAnswerBody,
  streakDays,
  vocabularyQuery,
} from './study.js';

describe('study rules', () => {
  it('glosses Chinese readers in English and Russian readers in Russian', () => {
    expect(glossLanguage('en')).toBe('en');
    expect(glossLanguage('zh')).toBe('en');
    expect(glossLanguage('ru')).toBe('ru');
  });

  it('tells characters from pinyin or a translation', () => {
    expect(hasHan('银行')).toBe(true);
    expect(hasHan('yin 行')).toBe(true);
    expect(hasHan('yinhang')).toBe(false);
    expect(hasHan('банк')).toBe(false);
  });

  it('rounds accuracy and gives 0 without attempts', () => {
    expect(accuracyPercent(0, 0)).toBe(0);
    expect(accuracyPercent(2, 3)).toBe(67);
    expect(accuracyPercent(3, 3)).toBe(100);
  });

  it('needs two right answers and the last one right to master an idiom', () => {
    expect(isMastered(1, true)).toBe(false);
    expect(isMastered(2, true)).toBe(true);
    expect(isMastered(5, false)).toBe(false);
  });

  it.each([
    [[], '2025-03-10', 0],
    [['2025-03-10'], '2025-03-10', 1],
    [['2025-03-09'], '2025-03-10', 1],
    [['2025-03-08'], '2025-03-10', 0],
    [['2025-03-10', '2025-03-09', '2025-03-09', '2025-03-08', '2025-03-06'], '2025-03-10', 3],
    [['2025-03-09', '2025-03-08', '2025-03-07'], '2025-03-10', 3],
    [['2025-02-28', '2025-03-01'], '2025-03-01', 2],
    [['2024-12-31', '2025-01-01'], '2025-01-01', 2],
  ])('streak of %j on %s is %i', (days, today, streak) => {
    expect(streakDays(days, today)).toBe(streak);
  });
});

describe('study queries', () => {
  it('defaults the vocabulary page and checks the level', () => {
    expect(vocabularyQuery.parse({})).toEqual({ language: 'en', page: 1, page_size: 50 });
    expect(vocabularyQuery.parse({ level: '3', search: '  yinhang ', page: '2' })).toMatchObject({
      level: 3,
      search: 'yinhang',
      page: 2,
    });
    expect(vocabularyQuery.parse({ search: '   ' }).search).toBeUndefined();
    expect(vocabularyQuery.safeParse({ level: '7' }).success).toBe(false);
    expect(vocabularyQuery.safeParse({ page_size: '101' }).success).toBe(false);
    expect(vocabularyQuery.safeParse({ language: 'de' }).success).toBe(false);
    expect(vocabularyQuery.safeParse({ search: 'x'.repeat(65) }).success).toBe(false);
  });

  it('pages idioms by 20 and accepts an empty category', () => {
    expect(idiomsQuery.parse({ category: '' })).toEqual({ page: 1, page_size: 20, language: 'en' });
    expect(idiomsQuery.parse({ category: 'wisdom' }).category).toBe('wisdom');
    expect(idiomsQuery.safeParse({ category: 'Wis dom' }).success).toBe(false);
  });

  it('takes one of four choices', () => {
    expect(practiceAnswerBody.safeParse({ question_token: 'x'.repeat(20), choice: 3 }).success).toBe(true);
    expect(practiceAnswerBody.safeParse({ question_token: 'x'.repeat(20), choice: 4 }).success).toBe(false);
  });
});
