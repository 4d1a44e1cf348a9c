import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vocabularyLevelsSchema, vocabularyListSchema } from '@kouyu/core';
import type { VocabularyQuery } from '@kouyu/core';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { seedContent } from '../../../db/seed/index.js';
import { loadVocabulary, syllabusEntries } from '../../../db/seed/vocab.js';

describe(`vocabulary on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedContent(t.app.database.db, { info() {} });
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (query: VocabularyQuery) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/vocabulary',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
    expect(res.statusCode, res.body).toBe(200);
    return vocabularyListSchema.parse(res.json());
  };
  const first = async (query: VocabularyQuery) => (await list(query)).data[0]?.simplified;

  it('counts the words of every level', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/vocabulary/levels' });
    const body = vocabularyLevelsSchema.parse(res.json());
    const expected = syllabusEntries(loadVocabulary()).map((l) => ({
      level: l.level,
      count: l.words.length,
    }));
    expect(body.data).toEqual(expected);
    expect(body.data.slice(0, 2).map((l) => l.count)).toEqual([150, 150]);
    expect(body.total).toBe(expected.reduce((s, l) => s + l.count, 0));
  });

  it('lists a level in book order, 50 words a page', async () => {
    const page1 = await list({ level: 1 });
    expect(page1.data).toHaveLength(50);
    expect(page1.data[0]).toMatchObject({ level: 1, position: 0, simplified: '的', pinyin: 'de' });
    expect(page1.pagination).toEqual({
      current_page: 1,
      per_page: 50,
      total_pages: 3,
      total_count: 150,
      has_next: true,
      has_previous: false,
    });
    const page3 = await list({ level: 1, page: 3 });
    expect(page3.data[0]?.position).toBe(100);
    expect(page3.pagination.has_next).toBe(false);
    const past = await list({ level: 1, page: 9 });
    expect(past.data).toEqual([]);
    expect(past.pagination.total_count).toBe(150);
  });

  it('finds 银行 by pinyin written in any way', async () => {
    for (const search of ['yinhang', 'yin2 hang2', 'yín háng', 'YinHang', 'yin hang']) {
      expect(await first({ search }), search).toBe('银行');
    }
    // Within its level, and not in another level.
    expect(await first({ search: 'yinhang', level: 3 })).toBe('银行');
    expect((await list({ search: 'yinhang', level: 1 })).data.map((w) => w.simplified)).not.toContain('银行');
  });

  it('finds words by simplified or traditional characters', async () => {
    expect(await first({ search: '银行' })).toBe('银行');
    expect(await first({ search: '銀行' })).toBe('银行');
    const contains = await list({ search: '行' });
    expect(contains.data[0]?.simplified).toBe('行');
    expect(contains.data.every((w) => w.simplified.includes('行') || w.traditional.includes('行'))).toBe(
      true,
    );
    expect(contains.pagination.total_count).toBeGreaterThan(5);
  });

  it('lists the pair 虽然……但是 once at HSK 2, found by either word, both counting as HSK 2.0 words', async () => {
    for (const search of ['虽然', '但是', 'danshi']) {
      const found = await list({ search, syllabus: 'hsk2', level: 2 });
      expect(found.data, search).toHaveLength(1);
      expect(found.data[0], search).toMatchObject({ simplified: '虽然', written: '虽然……但是', level: 2 });
    }
    // An HSK 3.0 word knows its HSK 2.0 level through the pair, and a search of HSK 2.0 lists no
    // HSK-3.0-only 但是 beside it.
    const hsk3 = await list({ search: '但是', syllabus: 'hsk3', level: 2 });
    expect(hsk3.data.find((w) => w.simplified === '但是')?.levels).toMatchObject({ hsk2: 2 });
    const all = await list({ search: '但是', syllabus: 'hsk2' });
    expect(all.data.filter((w) => w.simplified === '但是' && w.syllabus === 'hsk3')).toHaveLength(0);
  });

  it('finds words by the translation of the UI language, whole glosses first', async () => {
    const en = await list({ search: 'bank', language: 'en' });
    expect(en.data[0]?.simplified).toBe('银行');
    expect(en.data[0]?.meaning).toBe('bank');
    expect(await first({ search: 'eat' })).toBe('吃');
    const ru = await list({ search: 'Банк', language: 'ru' });
    expect(ru.data[0]).toMatchObject({ simplified: '银行', meaning: 'банк', en: 'bank', ru: 'банк' });
    // Russian words are not looked for in English glosses, nor English ones in Russian.
    expect((await list({ search: 'банк', language: 'en' })).data).toEqual([]);
    expect((await list({ search: 'bank', language: 'ru' })).data.map((w) => w.simplified)).not.toContain(
      '银行',
    );
  });

  it('folds ё into е in Russian searches', async () => {
    const withE = await list({ search: 'еще', language: 'ru' });
    const withYo = await list({ search: 'ещё', language: 'ru' });
    expect(withYo.pagination.total_count).toBeGreaterThan(0);
    expect(withE.pagination.total_count).toBe(withYo.pagination.total_count);
  });

  it('ranks an exact pinyin match first', async () => {
    const hao = await list({ search: 'hao3' });
    expect(hao.data[0]?.simplified).toBe('好');
    // Words read from hao3 first, then words with hao3 later; the tone typed is kept (no hao4).
    const top = hao.data.slice(0, 10).map((w) => w.pinyin_num);
    expect(
      top.every((p) => /(^|\s)hao3(\s|$)/.test(p)),
      top.join(' | '),
    ).toBe(true);
    const starts = top.map((p) => p.startsWith('hao3'));
    expect(starts.indexOf(false) === -1 || starts.slice(starts.indexOf(false)).every((x) => !x)).toBe(true);
  });

  it('matches pinyin per syllable, with the tone number typed', async () => {
    const mao1 = (await list({ search: 'mao1', page_size: 100 })).data.map((w) => w.simplified);
    expect(mao1).toContain('猫');
    expect(mao1).not.toContain('帽子');
    expect(mao1).not.toContain('感冒');
    const mao4 = (await list({ search: 'mao4', page_size: 100 })).data.map((w) => w.simplified);
    expect(mao4).toEqual(expect.arrayContaining(['帽子', '感冒']));
    expect(mao4).not.toContain('猫');
  });

  it('gives Chinese readers the English gloss and sends both glosses', async () => {
    const [word] = (await list({ search: '银行', language: 'zh' })).data;
    expect(word).toMatchObject({
      meaning: 'bank',
      en: 'bank',
      ru: 'банк',
      traditional: '銀行',
      pinyin: 'yín háng',
      pinyin_num: 'yin2 hang2',
    });
    expect(word?.measure_words.map((m) => m.simplified)).toEqual(['家', '个']);
  });

  it('treats pattern characters as plain text', async () => {
    for (const search of ['%', '_', '\\', '.*', '(', '[a', '?']) {
      const res = await list({ search, page_size: 100 });
      expect(
        res.data.every((w) => w.meaning.toLowerCase().includes(search)),
        search,
      ).toBe(true);
    }
    expect((await list({ search: '.*' })).data).toEqual([]);
    expect((await list({ search: '%' })).data).toEqual([]);
  });

  it('rejects invalid queries', async () => {
    const invalid: Record<string, string>[] = [
      { level: '0' },
      { level: '7' },
      { level: 'x' },
      { page: '0' },
      { page_size: '0' },
      { page_size: '101' },
      { language: 'de' },
      { search: 'x'.repeat(65) },
    ];
    for (const query of invalid) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/vocabulary', query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'validation_failed' });
    }
  });

  it('lets guests browse without a token and ignores a bad one', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/vocabulary?level=2',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(200);
  });
});
