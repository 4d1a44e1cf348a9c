import { describe, expect, it } from 'vitest';
import { hanziOf, hanziParams, isSingleHanzi } from './hanzi.js';

describe('one Chinese character', () => {
  it('accepts one Han character, astral ones and radicals included', () => {
    for (const c of ['你', '国', '𠀀', '⺈', '〇']) expect(isSingleHanzi(c), c).toBe(true);
  });
  it('refuses anything else', () => {
    for (const c of ['', 'a', '学习', '你 ', '1', 'ア', '한', '😀', '.', '/', '\u0000'])
      expect(isSingleHanzi(c), JSON.stringify(c)).toBe(false);
    expect(hanziParams.safeParse({ char: '学习' }).success).toBe(false);
    expect(hanziParams.safeParse({ char: '学' }).success).toBe(true);
  });
  it('takes the characters of a word in order, skipping what is not Chinese', () => {
    expect(hanziOf('中国')).toEqual(['中', '国']);
    expect(hanziOf('A 𠀀人!')).toEqual(['𠀀', '人']);
    expect(hanziOf('abc')).toEqual([]);
  });
});
