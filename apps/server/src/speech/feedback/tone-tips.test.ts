import { describe, expect, it } from 'vitest';
import type { AssessedSyllable } from '@kouyu/core';
import { toneTips } from './tone-tips.js';

const syllable = (
  char: string,
  pinyin: string,
  expected: AssessedSyllable['expected_tone'],
  heard: AssessedSyllable['heard_tone'],
  confidence = 0.9,
): AssessedSyllable => ({
  char,
  pinyin,
  expected_tone: expected,
  heard_tone: heard,
  confidence,
  start_ms: 0,
  end_ms: 200,
});

describe('tone tips', () => {
  const heard = [
    syllable('你', 'nǐ', 3, 1),
    syllable('好', 'hǎo', 3, 3),
    syllable('吗', 'ma', 5, 2, 0.3),
    syllable('妈', 'mā', 1, null, 0),
  ];

  it('names the tone heard and the shape wanted, only for sure wrong tones', () => {
    expect(toneTips(heard, 'en')).toEqual(['你 nǐ: you said a level tone, it dips.']);
    expect(toneTips(heard, 'zh')).toEqual(['你 nǐ：你读成了一声（平），应该读降升调。']);
    expect(toneTips(heard, 'ru')).toEqual([
      '你 nǐ: вы произнесли ровный тон, а он должен опускаться и подниматься.',
    ]);
  });

  it('keeps the list short', () => {
    const many = Array.from({ length: 9 }, () => syllable('是', 'shì', 4, 1));
    expect(toneTips(many, 'en', 3)).toHaveLength(3);
  });
});
