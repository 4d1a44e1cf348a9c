import { describe, expect, it } from 'vitest';
import { measureCoherence } from './coherence.js';
import { fallbackTagger, loadTagger, scriptOf, tagAnswer } from './segment.js';

describe('word segmentation for the examiner', () => {
  it('tags with jieba here, splitting grammar words jieba glues on', async () => {
    const { tagger, engine } = await loadTagger();
    expect(engine).toBe('jieba');
    const tags = tagAnswer(tagger, '因为猫很漂亮，这是3本书。');
    expect(tags).toEqual(
      expect.arrayContaining([
        { word: '很', tag: 'd' },
        { word: '这', tag: 'r' },
        { word: '三', tag: 'm' },
      ]),
    );
  });

  it.each([
    ['jieba', async () => (await loadTagger()).tagger],
    ['the runtime segmenter fallback', () => Promise.resolve(fallbackTagger)],
  ])('tells sentences from listed words and repeats with %s', async (_name, get) => {
    const tagger = await get();
    const said = measureCoherence(
      tagAnswer(tagger, '我最喜欢吃面条，因为面条很好吃，也很便宜。所以我常常吃。'),
    );
    const listed = measureCoherence(tagAnswer(tagger, '最喜欢，面条，好吃，便宜，因为，所以。'));
    const repeated = measureCoherence(tagAnswer(tagger, '蛋糕蛋糕蛋糕'));
    expect(said.pattern).toBe('sentences');
    expect(said.connectives).toEqual(expect.arrayContaining(['因为', '所以']));
    expect(listed.pattern).toBe('keywords');
    expect(said.score - listed.score).toBeGreaterThan(0.6);
    expect(repeated.score).toBeLessThan(0.2);
  });

  it('tells pinyin and English from Chinese', () => {
    expect(scriptOf('wo xihuan chi miantiao')).toMatchObject({ latin: 1, pinyin: true });
    expect(scriptOf('wǒ zuì xǐhuan chī píngguǒ')).toMatchObject({ pinyin: true });
    expect(scriptOf('I like noodles because they are cheap.')).toMatchObject({ latin: 1, pinyin: false });
    expect(scriptOf('我喜欢吃面条，OK')).toMatchObject({ pinyin: false });
    expect(scriptOf('我喜欢吃面条，OK').han).toBeGreaterThan(0.5);
  });
  it('reads verbs the tagger calls nouns and a fronted phrase as parts of sentences', async () => {
    const { tagger } = await loadTagger();
    // jieba tags 干杯, 太重 and 新鲜 as nouns; the adverb before or the 了 after shows they predicate.
    for (const text of [
      '为了我们的友谊，大家一起干杯！',
      '这个行李箱太重了，我一个人拿不动。',
      '山上的空气非常新鲜。',
    ])
      expect(measureCoherence(tagAnswer(tagger, text)).sentence_share).toBe(1);
    // Listed nouns stay a list.
    expect(measureCoherence(tagAnswer(tagger, '行李箱，友谊，空气。')).pattern).toBe('keywords');
  });
});
