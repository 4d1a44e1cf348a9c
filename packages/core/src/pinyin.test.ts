import { describe, expect, it } from 'vitest';
import { looksLikePinyin, plainPinyin } from './pinyin.js';

describe('pinyin folding', () => {
  it.each([
    ['yín háng', 'yinhang'],
    ['yin2 hang2', 'yinhang'],
    ['YinHang', 'yinhang'],
    ['lǜ sè', 'luse'],
    ['lv4se4', 'luse'],
    ['lu:4 se4', 'luse'],
    ["Xī'ān", 'xian'],
  ])('%s → %s', (input, plain) => {
    expect(plainPinyin(input)).toBe(plain);
  });
  it('tells pinyin from other text', () => {
    expect(looksLikePinyin('ni3 hao3')).toBe(true);
    expect(looksLikePinyin('nǐ hǎo')).toBe(true);
    expect(looksLikePinyin('банк')).toBe(false);
    expect(looksLikePinyin('你好')).toBe(false);
  });
});
