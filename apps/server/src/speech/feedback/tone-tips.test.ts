import { describe, expect, it } from 'vitest';
import { TONE_CERTAIN_SHARE, TONE_WRONG_AT_MOST } from '@kouyu/core';
import type { AssessedSyllable } from '@kouyu/core';
import { toneLeftOut, toneTips } from './tone-tips.js';

const syllable = (
  char: string,
  pinyin: string,
  expected: AssessedSyllable['expected_tone'],
  heard: AssessedSyllable['heard_tone'],
  expectedProbability: number,
): AssessedSyllable => ({
  char,
  pinyin,
  expected_tone: expected,
  heard_tone: heard,
  confidence: 0.9,
  expected_probability: expectedProbability,
  start_ms: 0,
  end_ms: 200,
});

describe('tone tips', () => {
  // 你 surely wrong, 是 wrong near the threshold, 好 right, 看 another tone but not sure, 妈 no voice, 吗 neutral.
  const heard = [
    syllable('你', 'nǐ', 3, 1, (TONE_CERTAIN_SHARE * TONE_WRONG_AT_MOST[3]) / 2),
    syllable('是', 'shì', 4, 1, TONE_WRONG_AT_MOST[4]),
    syllable('好', 'hǎo', 3, 3, 0.8),
    syllable('看', 'kàn', 4, 3, TONE_WRONG_AT_MOST[4] + 0.05),
    syllable('妈', 'mā', 1, null, 0),
    syllable('吗', 'ma', 5, 2, 0.5),
  ];

  it('names the tone heard, the shape wanted and how sure it is, only for confident wrong tones', () => {
    expect(toneTips(heard, 'en')).toEqual([
      '你 nǐ: you said a level tone, it dips (almost certain).',
      '是 shì: you said a level tone, it falls (probably: listen and compare).',
    ]);
    expect(toneTips(heard, 'zh')).toEqual([
      '你 nǐ：你读成了一声（平），应该读降升调（几乎可以肯定）。',
      '是 shì：你读成了一声（平），应该读降调（可能如此：请听录音对比一下）。',
    ]);
    expect(toneTips(heard, 'ru')).toEqual([
      '你 nǐ: вы произнесли ровный тон, а он должен опускаться и подниматься (почти наверняка).',
      '是 shì: вы произнесли ровный тон, а он должен падать (вероятно: послушайте и сравните).',
    ]);
  });

  it('says how many full tones it was not sure of and left out, in each language', () => {
    expect(toneLeftOut(heard, 'en')).toBe('2 syllables were not clear enough to judge and were not counted.');
    expect(toneLeftOut(heard.slice(3, 4), 'en')).toBe(
      '1 syllable was not clear enough to judge and was not counted.',
    );
    expect(toneLeftOut(heard, 'zh')).toBe('有 2 个音节听得不够清楚，没有计入。');
    expect(toneLeftOut(heard, 'ru')).toBe('2 слога не удалось уверенно оценить, они не учтены.');
    expect(
      toneLeftOut(
        Array.from({ length: 5 }, () => heard[4] as AssessedSyllable),
        'ru',
      ),
    ).toBe('5 слогов не удалось уверенно оценить, они не учтены.');
    expect(toneLeftOut(heard.slice(0, 3), 'en')).toBeNull();
  });

  it('keeps the list short', () => {
    const many = Array.from({ length: 9 }, () => syllable('是', 'shì', 4, 1, 0.01));
    expect(toneTips(many, 'en', 3)).toHaveLength(3);
  });
});
