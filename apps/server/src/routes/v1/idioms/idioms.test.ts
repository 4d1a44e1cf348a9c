import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriesSchema, idiomListSchema, idiomOneSchema } from '@kouyu/core';
import type { IdiomsQuery } from '@kouyu/core';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { signUp } from '../../../test/accounts.js';
import { seedContent } from '../../../db/seed/index.js';
import { loadIdioms } from '../../../db/seed/idioms.js';

describe(`idioms and categories on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedContent(t.app.database.db, { info() {} });
  });
  afterAll(async () => {
    await t.close();
  });
  const data = loadIdioms();

  const list = async (query: IdiomsQuery, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/idioms',
      headers,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
    expect(res.statusCode, res.body).toBe(200);
    return idiomListSchema.parse(res.json());
  };
  const chengyu = async (query: IdiomsQuery) => (await list(query)).data.map((i) => i.chengyu);

  it('lists localised categories with their counts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/categories?language=ru' });
    const body = categoriesSchema.parse(res.json());
    expect(body.data.map((c) => c.id)).toEqual(data.categories.map((c) => c.id));
    expect(body.data[0]).toEqual({
      id: 'wisdom',
      name: 'Мудрость и учёба',
      count: data.curated.filter((c) => c.category === 'wisdom').length,
    });
    expect(body.data.reduce((s, c) => s + c.count, 0)).toBe(data.curated.length);
    const en = categoriesSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/categories' })).json(),
    );
    expect(en.data[0]?.name).toBe('Wisdom & learning');
  });

  it('lists the curated idioms 20 a page, by category', async () => {
    const page = await list({});
    expect(page.data).toHaveLength(20);
    expect(page.data.every((i) => i.curated && i.category !== null && i.example !== null)).toBe(true);
    expect(page.data[0]?.category?.id).toBe('wisdom');
    expect(page.pagination).toMatchObject({
      per_page: 20,
      total_count: data.curated.length,
      total_pages: 15,
    });
    const last = await list({ page: 15 });
    expect(last.pagination).toMatchObject({ has_next: false, has_previous: true });
  });

  it('filters by category', async () => {
    const page = await list({ category: 'effort', page_size: 100 });
    const expected = data.curated.filter((c) => c.category === 'effort').map((c) => c.chengyu);
    expect(page.data.map((i) => i.chengyu).sort()).toEqual([...expected].sort());
    expect((await list({ category: 'no-such-category' })).data).toEqual([]);
  });

  it('localises meaning, example and category, and falls back to English for the origin', async () => {
    const [ru] = (await list({ search: '虚怀若谷', language: 'ru' })).data;
    expect(ru).toMatchObject({
      chengyu: '虚怀若谷',
      pinyin: 'xū huái ruò gǔ',
      meaning: 'скромный и открытый, как горная долина',
      category: { id: 'character', name: 'Характер и добродетель' },
      example: {
        zh: '真正的大师往往虚怀若谷。',
        pinyin: 'Zhēnzhèng de dàshī wǎngwǎng xū huái ruò gǔ.',
        translation: 'Настоящие мастера часто очень скромны.',
      },
      origin: { language: 'en' },
      is_favourite: false,
    });
    const [zh] = (await list({ search: '虚怀若谷', language: 'zh' })).data;
    expect(zh?.meaning).toBe('胸怀像山谷一样宽广，形容非常谦虚。');
    expect(zh?.category?.name).toBe('品德与为人');
  });

  it('searches every idiom, CC-CEDICT ones too, by characters, pinyin or meaning', async () => {
    expect((await chengyu({ search: '集思' }))[0]).toBe('集思广益');
    for (const search of ['jisiguangyi', 'ji2 si1 guang3 yi4', 'jí sī guǎng yì', 'Ji Si']) {
      expect((await chengyu({ search }))[0], search).toBe('集思广益');
    }
    const [cedict] = (await list({ search: '一丁不识' })).data;
    expect(cedict).toMatchObject({ curated: false, category: null, meaning: 'illiterate', example: null });
    expect(await chengyu({ search: 'illiterate' })).toEqual(expect.arrayContaining(['一丁不识', '目不识丁']));
    expect((await chengyu({ search: 'illiterate' }))[0]).toBe('一丁不识');
    // Two-clause sayings keep a comma in their pinyin; a search without it finds them.
    expect(await chengyu({ search: 'yibuzuoerbuxiu' })).toContain('一不做，二不休');
    // A tone number is respected and a syllable is not matched from inside another (ma3 is not máo).
    expect(await chengyu({ search: 'mao2 sui4' })).toContain('毛遂自荐');
    const ma3 = await chengyu({ search: 'ma3', page_size: 100 });
    expect(ma3).not.toContain('毛遂自荐');
    expect(ma3.length).toBeGreaterThan(0);
    expect((await chengyu({ search: 'скромный', language: 'ru' }))[0]).toBe('虚怀若谷');
    // Chinese readers find an idiom by a word of its Chinese meaning.
    expect(await chengyu({ search: '谦虚', language: 'zh' })).toContain('虚怀若谷');
    expect(await chengyu({ search: '谦虚', language: 'en' })).not.toContain('虚怀若谷');
  });

  it('searches within a category, curated idioms only', async () => {
    const found = await list({ search: 'yi', category: 'wisdom', page_size: 100 });
    expect(found.data.length).toBeGreaterThan(0);
    expect(found.data.every((i) => i.curated && i.category?.id === 'wisdom')).toBe(true);
  });

  it('gives one idiom, 404 for an unknown one', async () => {
    const [first] = (await list({})).data;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/idioms/${first?.id}?language=ru` });
    expect(idiomOneSchema.parse(res.json()).data).toMatchObject({ id: first?.id, chengyu: first?.chengyu });
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/idioms/99999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'not_found' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/idioms/abc' });
    expect(bad.statusCode).toBe(400);
  });

  it('marks the favourites of a signed-in user', async () => {
    const u = await signUp(t.app);
    const [first] = (await list({})).data;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-idioms',
      headers: u.auth,
      payload: { idiom_id: first?.id },
    });
    expect((await list({}, u.auth)).data[0]).toMatchObject({ id: first?.id, is_favourite: true });
    expect((await list({})).data[0]?.is_favourite).toBe(false);
  });

  it('rejects invalid queries', async () => {
    const invalid: Record<string, string>[] = [
      { page: '0' },
      { page_size: '101' },
      { category: 'Bad Category' },
      { language: 'fr' },
      { search: 'y'.repeat(65) },
    ];
    for (const query of invalid) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/idioms', query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const cat = await t.app.inject({ method: 'GET', url: '/api/v1/categories?language=xx' });
    expect(cat.statusCode).toBe(400);
  });
});
