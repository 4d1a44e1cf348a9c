import { describe, expect, it } from 'vitest';
import { en } from './wording-en.js';
import { ru } from './wording-ru.js';

describe('examiner wording counts in the plural its language asks for', () => {
  it('English: one word, two words', () => {
    expect(en.vocabGood(1, '2')).toBe('You used 1 word at HSK 2 level.');
    expect(en.vocabGood(3, '2')).toBe('You used 3 words at HSK 2 level.');
  });
  it('Russian: one, few and many', () => {
    expect(ru.vocabGood(1, '2')).toContain('1 слово');
    expect(ru.vocabGood(3, '2')).toContain('3 слова');
    expect(ru.vocabGood(5, '2')).toContain('5 слов');
  });
});
