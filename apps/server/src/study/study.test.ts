import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDriver } from '../test/app.js';
import type { TestApp } from '../test/app.js';
import { appMeta } from '../db/schema.js';
import { ContentCache } from './content-cache.js';
import { newNonce, openPractice, sealPractice } from './practice-token.js';
import { pinyinSyllables, ranker, searchEntries, searchTerms } from './search.js';
import type { Searchable } from './search.js';

const entry = (chars: string[], pinyinNum: string, gloss: string): Searchable => ({
  chars,
  pinyin: pinyinNum,
  gloss: gloss.toLowerCase(),
});

describe('search ranking', () => {
  const bank = entry(['银行', '銀行'], 'yin2 hang2', 'bank');
  const river = entry(['河岸'], 'he2 an4', 'riverbank; bank of a river');
  const shore = entry(['岸'], 'an4', 'bank; shore; coast');
  const banquet = entry(['宴会'], 'yan4 hui4', 'banquet; feast');
  const eat = entry(['吃'], 'chi1', 'to eat; to consume');

  it('reads what was typed', () => {
    expect(searchTerms(' yín háng ')).toEqual({
      raw: 'yín háng',
      han: false,
      pinyin: 'yinhang',
      syllables: [
        { letters: 'yin', tone: 2 },
        { letters: 'hang', tone: 2 },
      ],
      text: 'yín háng',
    });
    expect(searchTerms('银行')).toMatchObject({ han: true, pinyin: null });
    expect(searchTerms('Ёлка')).toMatchObject({ pinyin: null, text: 'елка' });
    expect(searchTerms('c++')).toMatchObject({ pinyin: null, text: 'c++' });
  });

  it('ranks exact pinyin, then a whole gloss item, then word starts', () => {
    const rank = (q: string, e: Searchable) => ranker(searchTerms(q))(e);
    expect(rank('yinhang', bank)).toBe(0);
    expect(rank('bank', bank)).toBe(1);
    expect(rank('bank', shore)).toBe(1);
    expect(rank('bank', river)).toBe(3);
    expect(rank('bank', banquet)).toBeNull();
    expect(rank('banq', banquet)).toBe(4);
    expect(rank('eat', eat)).toBe(1);
    expect(rank('consume', eat)).toBe(1);
    expect(rank('yin', bank)).toBe(2);
    expect(rank('hang', bank)).toBe(5);
    expect(rank('銀', bank)).toBe(1);
    expect(rank('行', bank)).toBe(2);
    expect(rank('.*', bank)).toBeNull();
  });

  it('matches pinyin per syllable and respects a typed tone number', () => {
    const rank = (q: string, e: Searchable) => ranker(searchTerms(q))(e);
    const hat = entry(['帽子'], 'mao4 zi5', 'hat; cap');
    const cold = entry(['感冒'], 'gan3 mao4', 'to catch a cold');
    const cat = entry(['猫'], 'mao1', 'cat');
    const idiom = entry(['毛遂自荐'], 'máo suì zì jiàn', 'to volunteer one’s services');
    const horse = entry(['马'], 'ma3', 'horse');
    expect(rank('mao1', cat)).toBe(0);
    expect(rank('mao1', hat)).toBeNull();
    expect(rank('mao1', cold)).toBeNull();
    expect(rank('mao4', hat)).toBe(2);
    expect(rank('mao4', cold)).toBe(5);
    expect(rank('mao', hat)).toBe(2);
    // Tone marks in the reading count as its tones; no syllable is matched from inside.
    expect(rank('ma3', idiom)).toBeNull();
    expect(rank('ma3', horse)).toBe(0);
    expect(rank('ma', idiom)).toBe(2);
    expect(rank('mao2 sui4', idiom)).toBe(2);
    expect(rank('maosuizijian', idiom)).toBe(0);
    expect(rank('mao2sui3', idiom)).toBeNull();
    expect(rank('ao', cat)).toBeNull();
    expect(rank('zi5', hat)).toBe(5);
    expect(rank('zi', hat)).toBe(5);
    expect(rank('yin2hang', bank)).toBe(0);
    expect(rank('yin2 h', bank)).toBe(2);
    expect(pinyinSyllables('lǚ xíng, nǚ er')).toEqual([
      { letters: 'lu', tone: 3 },
      { letters: 'xing', tone: 2 },
      { letters: 'nu', tone: 3 },
      { letters: 'er', tone: 5 },
    ]);
  });

  it('orders hits by rank, then by the tie-break', () => {
    const words = [banquet, river, shore, bank];
    expect(
      searchEntries(
        words,
        'bank',
        (w) => w,
        () => 0,
      ),
    ).toEqual([shore, bank, river]);
    const byLength = searchEntries(
      words,
      'bank',
      (w) => w,
      (a, b) => a.gloss.length - b.gloss.length,
    );
    expect(byLength).toEqual([bank, shore, river]);
  });
});

describe('practice tokens', () => {
  const payload = {
    n: newNonce(),
    i: 7,
    m: 'meaning' as const,
    l: 'ru' as const,
    o: [7, 8, 9, 10],
    c: 0,
    x: 1,
  };
  it('open only with the secret that sealed them, and unchanged', () => {
    const token = sealPractice('secret-a', payload);
    expect(openPractice('secret-a', token)).toEqual(payload);
    expect(openPractice('secret-b', token)).toBeNull();
    expect(openPractice('secret-a', token.slice(0, -2))).toBeNull();
    expect(openPractice('secret-a', 'AAAA')).toBeNull();
    expect(sealPractice('secret-a', payload)).not.toBe(token);
  });
});

describe(`content cache on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('loads once, and again when the seed version changes', async () => {
    const db = t.app.database.db;
    let loads = 0;
    const cache = new ContentCache(db, 'probe', async () => ++loads, 0);
    expect(await Promise.all([cache.get(), cache.get()])).toEqual([1, 1]);
    expect(await cache.get()).toBe(1);
    await db.insert(appMeta).values({ key: 'seed:probe', value: 'v2' });
    expect(await cache.get()).toBe(2);
    expect(await cache.get()).toBe(2);
    const slow = new ContentCache(db, 'probe', async () => ++loads, 60_000);
    expect(await slow.get()).toBe(3);
    await db.update(appMeta).set({ value: 'v3' });
    // Within the recheck period the loaded copy is served.
    expect(await slow.get()).toBe(3);
  });
});
