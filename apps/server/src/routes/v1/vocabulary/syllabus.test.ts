import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  vocabularyChangesSchema,
  vocabularyCharactersSchema,
  vocabularyLevelsSchema,
  vocabularyListSchema,
} from '@kouyu/core';
import type { VocabularyQuery } from '@kouyu/core';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { seedContent } from '../../../db/seed/index.js';

describe(`vocabulary by syllabus on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedContent(t.app.database.db, { info() {} });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string, query: Record<string, string | number>) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
    return res;
  };
  const list = async (query: VocabularyQuery) => {
    const res = await get('/api/v1/vocabulary', query as Record<string, string | number>);
    expect(res.statusCode, res.body).toBe(200);
    return vocabularyListSchema.parse(res.json());
  };

  it('answers without a syllabus exactly as for HSK 2.0, with no syllabus fields', async () => {
    const plain = await get('/api/v1/vocabulary', { level: 1 });
    const body = plain.json() as { data: Record<string, unknown>[]; pagination: { total_count: number } };
    expect(body.pagination.total_count).toBe(150);
    expect(Object.keys(body.data[0] ?? {}).sort()).toEqual(
      [
        'en',
        'id',
        'level',
        'measure_words',
        'meaning',
        'pinyin',
        'pinyin_num',
        'pos',
        'position',
        'ru',
        'simplified',
        'traditional',
      ].sort(),
    );
    const levels = vocabularyLevelsSchema.parse((await get('/api/v1/vocabulary/levels', {})).json());
    expect(levels.data.map((l) => l.count)).toEqual([150, 150, 300, 600, 1300, 2500]);
    expect(levels.syllabus).toBeUndefined();
    expect(levels.data[0]).toEqual({ level: 1, count: 150 });
    // Named HSK 2.0, the same words in the same order.
    const named = await list({ syllabus: 'hsk2', level: 1 });
    expect(named.data.map((w) => w.simplified)).toEqual(
      (body.data as { simplified: string }[]).map((w) => w.simplified),
    );
  });

  it('lists the 2025 level 1 with 你好, and each word’s level in both syllabuses', async () => {
    const page = await list({ syllabus: 'hsk3', level: 1, page_size: 100 });
    expect(page.pagination.total_count).toBe(300);
    expect(page.data[0]).toMatchObject({
      simplified: '爱',
      syllabus: 'hsk3',
      level: 1,
      levels: { hsk2: 1, hsk3: 1 },
    });
    const all = [
      ...page.data,
      ...(await list({ syllabus: 'hsk3', level: 1, page: 2, page_size: 100 })).data,
      ...(await list({ syllabus: 'hsk3', level: 1, page: 3, page_size: 100 })).data,
    ];
    const nihao = all.find((w) => w.simplified === '你好');
    expect(nihao).toMatchObject({ pinyin: 'nǐ hǎo', syllabus: 'hsk3' });
    // 书店 is new in level 1 of HSK 3.0, level 3 of HSK 2.0 … or absent there: its other level says which.
    const shudian = all.find((w) => w.simplified === '书店');
    expect(shudian?.levels?.hsk3).toBe(1);
    expect(shudian?.levels?.hsk2 ?? null).not.toBe(1);
    expect(all.find((w) => w.written === '没（有）')).toMatchObject({ simplified: '没有', level_note: '1' });
  });

  it('counts levels 1-6 and 7-9 with their characters', async () => {
    const res = vocabularyLevelsSchema.parse(
      (await get('/api/v1/vocabulary/levels', { syllabus: 'hsk3' })).json(),
    );
    expect(res.syllabus).toBe('hsk3');
    expect(res.data.map((l) => [l.label, l.count, l.characters])).toEqual([
      ['1', 300, 246],
      ['2', 204, 125],
      ['3', 507, 284],
      ['4', 1019, 441],
      ['5', 1638, 431],
      ['6', 1815, 413],
      ['7-9', 5622, 1148],
    ]);
    expect(res.total).toBe(11105);
    const band = await list({ syllabus: 'hsk3', level: '7-9' as unknown as number });
    expect(band.pagination.total_count).toBe(5622);
  });

  it('gives each level’s characters, HSK 2.0’s from its words', async () => {
    const one = vocabularyCharactersSchema.parse(
      (await get('/api/v1/vocabulary/characters', { syllabus: 'hsk3', level: 1 })).json(),
    );
    expect(one.data.characters).toHaveLength(246);
    expect(one.data.characters.slice(0, 3)).toEqual(['爱', '二', '姐']);
    const band = vocabularyCharactersSchema.parse(
      (await get('/api/v1/vocabulary/characters', { syllabus: 'hsk3', level: '7-9' })).json(),
    );
    expect(band.data).toMatchObject({ level: 7, label: '7-9' });
    expect(band.data.characters).toHaveLength(1148);
    const old = vocabularyCharactersSchema.parse(
      (await get('/api/v1/vocabulary/characters', { level: 1 })).json(),
    );
    expect(old.data.syllabus).toBe('hsk2');
    expect(old.data.characters.slice(0, 3)).toEqual(['的', '我', '你']);
    expect((await get('/api/v1/vocabulary/characters', { level: 7 })).statusCode).toBe(400);
    expect((await get('/api/v1/vocabulary/characters', { syllabus: 'hsk4', level: 1 })).statusCode).toBe(400);
  });

  it('searches both syllabuses, the chosen one first', async () => {
    // 上课 is an HSK 3.0 level-1 word HSK 2.0 does not list.
    const hsk3 = await list({ syllabus: 'hsk3', search: 'shangke' });
    expect(hsk3.data[0]).toMatchObject({ simplified: '上课', syllabus: 'hsk3', level: 1 });
    // From HSK 2.0, its search finds the HSK 3.0 word, marked as such.
    const shangke = await list({ syllabus: 'hsk2', search: '上课' });
    expect(shangke.data[0]).toMatchObject({
      simplified: '上课',
      syllabus: 'hsk3',
      levels: { hsk2: null, hsk3: 1 },
    });
    // 包子 is in both: from HSK 2.0, HSK 2.0's entry, with its HSK 3.0 level.
    const baozi = await list({ syllabus: 'hsk2', search: '包子' });
    expect(baozi.data[0]).toMatchObject({
      simplified: '包子',
      syllabus: 'hsk2',
      levels: { hsk2: 4, hsk3: 1 },
    });
    // Without a syllabus, only HSK 2.0 is searched, as before.
    expect((await list({ search: '上课' })).data.map((w) => w.simplified)).not.toContain('上课');
    // The optional part's short form is found too.
    const mei = await list({ syllabus: 'hsk3', search: '没', level: 1 });
    expect(mei.data.map((w) => w.simplified)).toContain('没有');
  });

  it('says per level what changed from HSK 2.0', async () => {
    const res = await get('/api/v1/vocabulary/changes', { level: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = vocabularyChangesSchema.parse(res.json());
    const words = (list: { simplified: string }[]) => list.map((w) => w.simplified);
    // 上课 is new; 包子 was HSK 2.0 level 4; dropped words are HSK 2.0 level 1 words HSK 3.0 1-6 lacks.
    expect(words(data.added)).toContain('上课');
    expect(data.moved.find((w) => w.simplified === '包子')?.levels).toEqual({ hsk2: 4, hsk3: 1 });
    expect(data.added.every((w) => w.levels.hsk2 === null && w.levels.hsk3 === 1)).toBe(true);
    expect(
      data.dropped.every((w) => w.levels.hsk2 === 1 && (w.levels.hsk3 === null || w.levels.hsk3 === 7)),
    ).toBe(true);
    // Every level-1 word of HSK 3.0 is added, moved or at level 1 in both.
    const kept = 300 - data.added.length - data.moved.length;
    expect(kept).toBeGreaterThan(50);
    expect((await get('/api/v1/vocabulary/changes', { level: 7 })).statusCode).toBe(400);
  });

  it('rejects a level outside the syllabus', async () => {
    const queries: Record<string, string | number>[] = [
      { syllabus: 'hsk3', level: 8 },
      { syllabus: 'hsk2', level: 7 },
      { syllabus: 'x' },
    ];
    for (const query of queries) {
      const res = await get('/api/v1/vocabulary', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'validation_failed' });
    }
  });
});
