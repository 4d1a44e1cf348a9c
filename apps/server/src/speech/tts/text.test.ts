import { describe, expect, it } from 'vitest';
import {
  normaliseText,
  readNumber,
  readNumbersInText,
  splitLongText,
  splitPinyinSentences,
  toSpeechPinyin,
} from './text.js';

describe('text for speech', () => {
  it('strips control characters, invisible format characters and extra whitespace (spec 001 §5)', () => {
    expect(normaliseText('  \u0007你好\u200b\n\t世界  ')).toBe('你好 世界');
    expect(normaliseText('\u0000\r\n ')).toBe('');
    // NFC: a decomposed ü and a composed ü hash the same.
    expect(normaliseText('lu\u0308')).toBe('lü');
  });

  it('reads polyphones from context', () => {
    expect(toSpeechPinyin('银行')).toBe('yin2 hang2');
    expect(toSpeechPinyin('行走')).toBe('xing2 zou3');
    expect(toSpeechPinyin('你好')).toBe('ni3 hao3');
  });

  it('applies 一 and 不 sandhi as pinyin-pro gives it', () => {
    expect(toSpeechPinyin('一个')).toBe('yi2 ge4');
    expect(toSpeechPinyin('一天')).toBe('yi4 tian1');
    expect(toSpeechPinyin('不是')).toBe('bu2 shi4');
    expect(toSpeechPinyin('不好')).toBe('bu4 hao3');
  });

  it('writes ü as v and the neutral tone as 0', () => {
    expect(toSpeechPinyin('绿色的吗')).toBe('lv4 se4 de0 ma0');
  });

  it('keeps punctuation as pauses and drops what the pinyin voice cannot say', () => {
    expect(toSpeechPinyin('你好，世界。')).toBe('ni3 hao3 , shi4 jie4 .');
    expect(toSpeechPinyin('“你好，”他问：“你去哪儿？”')).toBe('ni3 hao3 , ta1 wen4 , ni3 qu4 na3 er2 ?');
    expect(toSpeechPinyin('……好！！')).toBe('hao3 !');
    expect(toSpeechPinyin('我考了HSK😀')).toBe('wo3 kao3 le0');
    expect(toSpeechPinyin('Hello, world!')).toBe('');
    expect(toSpeechPinyin('好，')).toBe('hao3');
  });

  it('reads numbers in Chinese', () => {
    expect(readNumber('0')).toBe('零');
    expect(readNumber('15')).toBe('十五');
    expect(readNumber('101')).toBe('一百零一');
    expect(readNumber('1010')).toBe('一千零一十');
    expect(readNumber('10086')).toBe('一万零八十六');
    expect(readNumber('3000000')).toBe('三百万');
    expect(readNumber('100000001')).toBe('一亿零一');
    expect(readNumber('007')).toBe('零零七');
    expect(readNumbersInText('2024年，95.5分，50%')).toBe('二零二四年，九十五点五分，百分之五十');
    expect(toSpeechPinyin('我有3本书')).toBe('wo3 you3 san1 ben3 shu1');
  });

  it('splits pinyin into sentences for the WASM path', () => {
    expect(splitPinyinSentences('ni3 hao3 . wo3 hen3 hao3 , xie4 xie4 ! ni3 ne0 ?')).toEqual([
      'ni3 hao3 .',
      'wo3 hen3 hao3 , xie4 xie4 !',
      'ni3 ne0 ?',
    ]);
  });

  it('splits long texts at sentence punctuation into pieces within the limit', () => {
    const text = '今天天气很好。我们去公园玩吧！你觉得怎么样？好的。';
    expect(splitLongText(text, 100)).toEqual([text]);
    expect(splitLongText(text, 10)).toEqual(['今天天气很好。', '我们去公园玩吧！', '你觉得怎么样？好的。']);
    // A closing quote stays with its sentence; a sentence over the limit is cut at commas, then hard.
    expect(splitLongText('他说：“走吧。”我们走了。', 8)).toEqual(['他说：“走吧。”', '我们走了。']);
    const pieces = splitLongText(`${'很长的句子没有标点'.repeat(5)}。`, 12);
    expect(pieces.every((p) => [...p].length <= 12)).toBe(true);
    expect(pieces.join('')).toBe(`${'很长的句子没有标点'.repeat(5)}。`);
    // A decimal point is not a sentence end.
    expect(splitLongText('价格是3.5元。很便宜。', 8)).toEqual(['价格是3.5元。', '很便宜。']);
  });
});
