import { describe, expect, it } from 'vitest';
import {
  sameSyllable,
  splitSyllable,
  NO_ANSWER_PLACEHOLDER,
  SCORE_BAND_HIGH_MIN,
  SCORE_BAND_MID_MIN,
  alignChars,
  clampScore,
  countAlignment,
  scoreBand,
  spokenChars,
} from './scoring.js';

describe('scoreBand', () => {
  it.each([
    [100, 'high'],
    [SCORE_BAND_HIGH_MIN, 'high'],
    [SCORE_BAND_HIGH_MIN - 1, 'mid'],
    [SCORE_BAND_MID_MIN, 'mid'],
    [SCORE_BAND_MID_MIN - 1, 'low'],
    [0, 'low'],
  ])('%d is %s', (score, band) => {
    expect(scoreBand(score)).toBe(band);
  });
});

describe('clampScore', () => {
  it('rounds and clamps', () => {
    expect(clampScore(101.2)).toBe(100);
    expect(clampScore(-3)).toBe(0);
    expect(clampScore(49.5)).toBe(50);
    expect(clampScore(Number.NaN)).toBe(0);
  });
});

describe('spokenChars', () => {
  it('drops punctuation, symbols and spaces, folds full-width forms and reads numerals', () => {
    expect(spokenChars('我明天再来，好吗？ ＡＢ 3!')).toEqual([
      '我',
      '明',
      '天',
      '再',
      '来',
      '好',
      '吗',
      'a',
      'b',
      '三',
    ]);
  });
  it('reads the empty-answer placeholder as nothing', () => {
    expect(spokenChars(NO_ANSWER_PLACEHOLDER)).toEqual([]);
    expect(spokenChars('   ')).toEqual([]);
  });
});

describe('alignChars', () => {
  const chars = (s: string) => [...s];

  it('matches identical text', () => {
    const ops = alignChars(chars('我很好'), chars('我很好'));
    expect(countAlignment(ops)).toEqual({
      reference: 3,
      match: 3,
      homophone: 0,
      substitute: 0,
      delete: 0,
      insert: 0,
    });
  });

  it('finds missing, extra and wrong characters', () => {
    const ops = alignChars(chars('我明天去北京'), chars('我天天去京啊'));
    const counts = countAlignment(ops);
    expect(counts.reference).toBe(6);
    expect(counts.match).toBe(4);
    expect(counts.substitute + counts.delete).toBe(2);
    expect(ops.filter((o) => o.op !== 'insert').map((o) => ('ref' in o ? o.ref : ''))).toEqual(
      chars('我明天去北京'),
    );
  });

  it('pairs characters that sound alike as homophones', () => {
    const ref = chars('我明天再来');
    const hyp = chars('我明天在来');
    const ops = alignChars(ref, hyp, (i, j) => ref[i] === '再' && hyp[j] === '在');
    expect(ops[3]).toEqual({ op: 'homophone', ref: '再', hyp: '在' });
    expect(countAlignment(ops).homophone).toBe(1);
  });

  it('handles empty sides', () => {
    expect(countAlignment(alignChars(chars('你好'), [])).delete).toBe(2);
    expect(countAlignment(alignChars([], chars('你好'))).insert).toBe(2);
    expect(alignChars([], [])).toEqual([]);
  });
});

describe('sameSyllable (a homophone: same initial and final, tones aside)', () => {
  it('splits initials, finals and the ü after j, q, x, y', () => {
    expect(splitSyllable('zhuàng')).toEqual({ initial: 'zh', final: 'uang' });
    expect(splitSyllable('ju3')).toEqual({ initial: 'j', final: 'v' });
    expect(splitSyllable('lǜ')).toEqual({ initial: 'l', final: 'v' });
    expect(splitSyllable('ài')).toEqual({ initial: '', final: 'ai' });
  });
  it('pairs syllables that differ only by tone', () => {
    expect(sameSyllable('zài', 'zai4')).toBe(true); // 在 / 再
    expect(sameSyllable('tā', 'ta')).toBe(true); // 他 / 她
    expect(sameSyllable('lv', 'lǘ')).toBe(true);
  });
  it('keeps apart syllables that differ by the final or the initial', () => {
    expect(sameSyllable('jiě', 'jiā')).toBe(false); // 姐 / 家
    expect(sameSyllable('miàn', 'mín')).toBe(false); // 面 / 民
    expect(sameSyllable('zhi', 'zi')).toBe(false);
    expect(sameSyllable('lu', 'lv')).toBe(false);
  });
});
