import { describe, expect, it } from 'vitest';
import {
  applyThirdToneSandhi,
  markedPinyin,
  markedTones,
  TONE_CERTAIN_SHARE,
  TONE_WRONG_AT_MOST,
  toneCertainty,
  toneOf,
  toneVerdict,
  withTone,
} from './tones.js';

const written = (pinyins: string[], clauses?: number[]) =>
  pinyins.map((pinyin, i) => ({ char: '字', pinyin, clause: clauses?.[i] ?? 0 }));

describe('tones', () => {
  it('reads tone numbers, 0, 5 and no digit as neutral', () => {
    expect([toneOf('ma1'), toneOf('ma4'), toneOf('ma0'), toneOf('ma5'), toneOf('ma')]).toEqual([
      1, 4, 5, 5, 5,
    ]);
    expect(withTone('hao3', 2)).toBe('hao2');
  });

  it('says every third tone but the last of a run as rising', () => {
    expect(applyThirdToneSandhi(written(['ni3', 'hao3'])).map((s) => s.pinyin)).toEqual(['ni2', 'hao3']);
    expect(applyThirdToneSandhi(written(['wo3', 'hen3', 'hao3'])).map((s) => s.tone)).toEqual([2, 2, 3]);
    expect(applyThirdToneSandhi(written(['hao3', 'ma0'])).map((s) => s.tone)).toEqual([3, 5]);
  });

  it('does not carry the sandhi across a clause', () => {
    expect(applyThirdToneSandhi(written(['hao3', 'wo3'], [0, 1])).map((s) => s.tone)).toEqual([3, 3]);
  });

  it('writes tone marks where pinyin puts them', () => {
    expect(['hao3', 'gou3', 'gui4', 'lv4', 'xue2', 'ma5', 'er2'].map(markedPinyin)).toEqual([
      'hǎo',
      'gǒu',
      'guì',
      'lǜ',
      'xué',
      'ma',
      'ér',
    ]);
  });

  it('calls a tone wrong only when the classifier is sure', () => {
    expect(toneVerdict({ expected_tone: 1, heard_tone: 1, confidence: 0.2 })).toBe('right');
    expect(toneVerdict({ expected_tone: 1, heard_tone: 3, confidence: 0.9 })).toBe('wrong');
    expect(toneVerdict({ expected_tone: 1, heard_tone: 3, confidence: 0.3 })).toBe('unsure');
    expect(toneVerdict({ expected_tone: 1, heard_tone: null, confidence: 0 })).toBe('unsure');
    // With the expected tone's probability (the learned judge), only a low one is shown as wrong.
    expect(
      toneVerdict({
        expected_tone: 1,
        heard_tone: 3,
        confidence: 0.9,
        expected_probability: TONE_WRONG_AT_MOST[1],
      }),
    ).toBe('wrong');
    expect(toneVerdict({ expected_tone: 5, heard_tone: 3, confidence: 0.9, expected_probability: 0 })).toBe(
      'unsure',
    );
    expect(
      toneVerdict({
        expected_tone: 2,
        heard_tone: 3,
        confidence: 0.9,
        expected_probability: TONE_WRONG_AT_MOST[2] + 0.01,
      }),
    ).toBe('unsure');
    expect(toneVerdict({ expected_tone: 1, heard_tone: 1, confidence: 0.5, expected_probability: 0.5 })).toBe(
      'right',
    );
  });
});

describe('toneCertainty', () => {
  it('calls a wrong mark almost certain only when the expected tone is far below its threshold', () => {
    const sure = TONE_CERTAIN_SHARE * TONE_WRONG_AT_MOST[3];
    expect(toneCertainty({ expected_tone: 3, expected_probability: sure })).toBe('certain');
    expect(toneCertainty({ expected_tone: 3, expected_probability: sure + 0.001 })).toBe('probable');
    expect(toneCertainty({ expected_tone: 3 })).toBe('probable');
  });
});

describe('markedTones', () => {
  it('reads the marked tones of written pinyin in order, neutral syllables absent', () => {
    expect(markedTones('nǐ hǎo')).toEqual([3, 3]);
    expect(markedTones('lǜ')).toEqual([4]);
    expect(markedTones('māma')).toEqual([1]);
    // Decomposed marks (a combining caron) read the same as composed ones.
    expect(markedTones('nu\u030C')).toEqual([3]);
  });
});
