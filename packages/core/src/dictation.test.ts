import { describe, expect, it } from 'vitest';
import {
  DICTATION_INTERVAL_DEFAULT_S,
  DICTATION_INTERVALS_S,
  addWords,
  characterBatch,
  compareHandwriting,
  dictationIntervalSchema,
  isDictationInterval,
  splitWords,
  wordLimit,
  wordListIssue,
} from './dictation.js';

/** A compact picture of one word's result: 学✓ 习✗(刁) 电· (right, wrong with what was written, missing). */
function picture(words: readonly string[], text: string): string[] {
  return compareHandwriting(words, text).words.map(
    (w) =>
      w.chars
        .map((c) =>
          c.status === 'right'
            ? `${c.char}✓`
            : c.status === 'wrong'
              ? `${c.char}✗(${c.written})`
              : `${c.char}·`,
        )
        .join(' ') + (w.extra.length ? ` +${w.extra.join('')}` : ''),
  );
}

describe('word limits and intervals', () => {
  it('allows 10 words to free users and 20 to Plus', () => {
    expect(wordLimit(false)).toBe(10);
    expect(wordLimit(true)).toBe(20);
  });

  it('offers 3 to 15 seconds, 5 by default', () => {
    expect(DICTATION_INTERVALS_S).toEqual([3, 5, 8, 10, 15]);
    expect(DICTATION_INTERVALS_S).toContain(DICTATION_INTERVAL_DEFAULT_S);
    expect(isDictationInterval(8)).toBe(true);
    expect(isDictationInterval(4)).toBe(false);
    expect(dictationIntervalSchema.safeParse(15).success).toBe(true);
    expect(dictationIntervalSchema.safeParse(0).success).toBe(false);
    expect(dictationIntervalSchema.safeParse(5.5).success).toBe(false);
  });
});

describe('wordListIssue', () => {
  it('needs at least one word', () => {
    expect(wordListIssue([], 10)).toEqual({ key: 'words_required', index: null });
  });

  it('names the first bad word and why', () => {
    expect(wordListIssue(['学习', 'abc'], 10)).toEqual({ key: 'word_chinese_only', index: 1 });
    expect(wordListIssue(['学习', '学习'], 10)).toEqual({ key: 'word_duplicate', index: 1 });
    expect(wordListIssue(['中'.repeat(51)], 10)).toEqual({ key: 'word_too_long', index: 0 });
    expect(wordListIssue(['学习', ' '], 10)).toEqual({ key: 'word_required', index: 1 });
    expect(wordListIssue(['学习2'], 10)).toEqual({ key: 'word_chinese_only', index: 0 });
  });

  it('holds the list to the limit', () => {
    const eleven = [...'一二三四五六七八九十百'];
    expect(wordListIssue(eleven.slice(0, 10), 10)).toBeNull();
    expect(wordListIssue(eleven, 10)).toEqual({ key: 'too_many_words', index: null, limit: 10 });
    expect(wordListIssue(eleven, 20)).toBeNull();
  });
});

describe('addWords', () => {
  it('adds valid new words in order and counts the rest by reason', () => {
    const result = addWords(['学习'], ['朋友', 'hello', '学习', ' 电影 ', '朋友', '中'.repeat(51)], 10);
    expect(result.words).toEqual(['学习', '朋友', '电影']);
    expect(result.added).toEqual(['朋友', '电影']);
    expect(result.skipped).toEqual({ invalid: 2, duplicate: 2, over_limit: 0 });
  });

  it('skips words beyond the limit and counts them', () => {
    const existing = [...'一二三四五六七八'];
    const result = addWords(existing, ['天气', '喜欢', '电影', '朋友'], 10);
    expect(result.added).toEqual(['天气', '喜欢']);
    expect(result.words).toHaveLength(10);
    expect(result.skipped).toEqual({ invalid: 0, duplicate: 0, over_limit: 2 });
  });

  it('adds nothing to a full list', () => {
    const result = addWords([...'一二三'], ['天气'], 3);
    expect(result).toEqual({
      words: [...'一二三'],
      added: [],
      skipped: { invalid: 0, duplicate: 0, over_limit: 1 },
    });
  });
});

describe('splitWords', () => {
  it('splits on whitespace and Chinese or Latin punctuation, dropping list numbers', () => {
    expect(splitWords('1. 学习  朋友、电影，天气\n2) 喜欢;再见')).toEqual([
      '学习',
      '朋友',
      '电影',
      '天气',
      '喜欢',
      '再见',
    ]);
  });

  it('keeps mixed tokens for the word rules to judge', () => {
    expect(splitWords('abc 学习x ３')).toEqual(['abc', '学习x']);
    expect(splitWords('  ')).toEqual([]);
  });
});

describe('compareHandwriting', () => {
  it('finds every word right, one per line', () => {
    const result = compareHandwriting(['学习', '朋友'], '学习\n朋友');
    expect(picture(['学习', '朋友'], '学习\n朋友')).toEqual(['学✓ 习✓', '朋✓ 友✓']);
    expect(result.words.map((w) => w.status)).toEqual(['right', 'right']);
    expect(result.counts).toEqual({ right: 4, wrong: 0, missing: 0, extra: 0 });
    expect(result.score).toBe(100);
  });

  it('marks a changed character wrong with what was written', () => {
    const result = compareHandwriting(['天气', '喜欢'], '天汽\n喜欢');
    expect(result.words[0]).toEqual({
      word: '天气',
      chars: [
        { status: 'right', char: '天' },
        { status: 'wrong', char: '气', written: '汽' },
      ],
      extra: [],
      written: '天汽',
      status: 'partial',
    });
    expect(result.score).toBe(75);
  });

  it('marks a left-out word missing and a left-out character missing', () => {
    expect(picture(['学习', '电影', '天气'], '学\n天气')).toEqual(['学✓ 习·', '电· 影·', '天✓ 气✓']);
    const result = compareHandwriting(['学习', '电影', '天气'], '学\n天气');
    expect(result.words.map((w) => w.status)).toEqual(['partial', 'missing', 'right']);
    expect(result.words[1]?.written).toBe('');
    expect(result.counts).toEqual({ right: 3, wrong: 0, missing: 3, extra: 0 });
    expect(result.score).toBe(50);
  });

  it('reads lines in any order and several words on one line', () => {
    expect(picture(['学习', '朋友', '电影'], '电影\n学习 朋友')).toEqual(['学✓ 习✓', '朋✓ 友✓', '电✓ 影✓']);
    expect(picture(['学习', '朋友'], '朋友学习')).toEqual(['学✓ 习✓', '朋✓ 友✓']);
  });

  it('ignores punctuation, whitespace and list numbers around words', () => {
    const result = compareHandwriting(['学习', '朋友'], '1. 学 习，\n2、朋 友。');
    expect(result.words.map((w) => w.status)).toEqual(['right', 'right']);
    expect(result.extra).toBe('12');
    expect(result.score).toBe(100);
  });

  it('does not let a near match take characters another word fits exactly', () => {
    // 朋友 alone would pair 友 with 天; 天气 fits exactly and goes first.
    expect(picture(['朋友', '天气'], '朋天气')).toEqual(['朋✓ 友·', '天✓ 气✓']);
  });

  it('reports characters written inside a word as extra and counts them against the score', () => {
    const result = compareHandwriting(['天气好'], '天x气好');
    expect(picture(['天气好'], '天x气好')).toEqual(['天✓ 气✓ 好✓ +x']);
    expect(result.words[0]?.status).toBe('partial');
    expect(result.score).toBe(75);
  });

  it('keeps unmatched text as extra without lowering the score', () => {
    const result = compareHandwriting(['学习'], '听写\n学习');
    expect(result.extra).toBe('听写');
    expect(result.counts.extra).toBe(2);
    expect(result.score).toBe(100);
  });

  it('pairs a word with no right character with a leftover stretch of its length, in order', () => {
    expect(picture(['学习', '天气'], '学习\n大器')).toEqual(['学✓ 习✓', '天✗(大) 气✗(器)']);
    // A stretch of another length is not guessed at: the word is missing and the text extra.
    const result = compareHandwriting(['学习', '天气'], '学习\n大');
    expect(result.words[1]?.status).toBe('missing');
    expect(result.extra).toBe('大');
  });

  it('handles a repeated word written twice and one written once', () => {
    expect(picture(['你', '你好'], '你好')).toEqual(['你·', '你✓ 好✓']);
  });

  it('scores nothing recognised as zero with every character missing', () => {
    const result = compareHandwriting(['学习', '朋友'], '');
    expect(result.words.every((w) => w.status === 'missing')).toBe(true);
    expect(result.counts).toEqual({ right: 0, wrong: 0, missing: 4, extra: 0 });
    expect(result.score).toBe(0);
    expect(compareHandwriting([], '学习').score).toBe(0);
  });

  it('compares full-width and half-width forms alike (NFKC)', () => {
    expect(compareHandwriting(['学习'], '学习！').score).toBe(100);
  });
});

describe("a level's characters for dictation", () => {
  const level = [...'爱二姐年八饭今您爸房九牛'];

  it('takes as many as one dictation holds, in order, and then the next ones', () => {
    const first = characterBatch(level, 0, 10);
    expect(first).toEqual({ characters: [...'爱二姐年八饭今您爸房'], from: 1, to: 10, next: 10 });
    const second = characterBatch(level, first.next, 10);
    expect(second).toEqual({ characters: ['九', '牛'], from: 11, to: 12, next: 0 });
  });

  it('starts over on a place outside the list, and takes at least one', () => {
    expect(characterBatch(level, 40, 20).characters).toHaveLength(12);
    expect(characterBatch(level, -3, 0).characters).toEqual(['爱']);
    expect(characterBatch([], 0, 10)).toEqual({ characters: [], from: 0, to: 0, next: 0 });
  });
});
