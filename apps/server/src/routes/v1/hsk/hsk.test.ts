import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hskAttemptSchema,
  hskAttemptsSchema,
  hskLevelsSchema,
  hskSetListSchema,
  hskSetSchema,
} from '@kouyu/core';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { clientAddress, signUp } from '../../../test/accounts.js';
import { seedContent } from '../../../db/seed/index.js';
import { hskSeed, loadHskSets } from '../../../db/seed/hsk.js';
import { vocabSeed } from '../../../db/seed/vocab.js';
import { storedItemSchema } from '../../../hsk/content.js';
import type { StoredItem } from '../../../hsk/content.js';

const stored = (id: string): StoredItem[] => {
  const set = loadHskSets().sets.find((s) => s.id === id);
  if (!set) throw new Error(`no set ${id}`);
  return set.items.map((i) => storedItemSchema.parse(i));
};

/** The right answer of every objective item, as a learner would send it. */
const rightAnswers = (items: StoredItem[]): Record<string, string | boolean> =>
  Object.fromEntries(items.flatMap((i) => ('answer' in i ? [[i.id, i.answer]] : [])));

describe(`HSK practice on ${testDriver}`, () => {
  let t: TestApp;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', ...headers },
      remoteAddress: clientAddress(),
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers, remoteAddress: clientAddress() });

  beforeAll(async () => {
    t = await createTestApp();
    await seedContent(t.app.database.db, { info() {} }, [vocabSeed(), hskSeed()]);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('lists the levels with their sets per section and their words', async () => {
    const res = await get('/api/v1/hsk/levels');
    expect(res.statusCode).toBe(200);
    const { data } = hskLevelsSchema.parse(res.json());
    expect(data.map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(data[0]).toEqual({
      level: 1,
      sections: { listening: 2, reading: 2, writing: 0 },
      words: { new: 150, total: 150 },
    });
    expect(data[2]?.sections).toEqual({ listening: 2, reading: 2, writing: 2 });
    // The HSK 2.0 syllabus's counts, as the vocabulary help says them: 150 new at HSK 2, 5,000 in all.
    expect(data[1]?.words).toEqual({ new: 150, total: 300 });
    expect(data[5]?.words.total).toBe(5000);
  });

  it('lists the sets of a section in the asked language, and no writing below level 3', async () => {
    const res = await get('/api/v1/hsk/1/listening?language=ru');
    const { data } = hskSetListSchema.parse(res.json());
    expect(data.map((s) => s.id)).toEqual(['hsk1-listening-1', 'hsk1-listening-2']);
    expect(data[0]).toMatchObject({
      title: 'HSK 1: аудирование, тренировка 1',
      time_limit: 8,
      item_count: 10,
      max_score: 10,
      last_attempt: null,
    });
    expect(data[0]?.types).toEqual(['picture_true_false', 'picture_matching', 'dialogue_question']);
    expect((await get('/api/v1/hsk/5/writing')).json<{ data: unknown[] }>().data).toHaveLength(2);
    const writing = await get('/api/v1/hsk/2/writing');
    expect(writing.statusCode).toBe(404);
    expect(writing.json()).toMatchObject({ success: false, code: 'not_found' });
    for (const url of [
      '/api/v1/hsk/7/reading',
      '/api/v1/hsk/0/reading',
      '/api/v1/hsk/3/speaking',
      '/api/v1/hsk/1/reading?language=de',
    ]) {
      const bad = await get(url);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().code, url).toBe('validation_failed');
    }
  });

  it('answers for HSK 2.0 without a syllabus, and lists the HSK 3.0 sets and words when asked', async () => {
    const plain = await get('/api/v1/hsk/levels');
    // No new field for spec clients: the answer is the one they always had.
    expect(Object.keys(plain.json<object>())).toEqual(['success', 'data']);
    expect(Object.keys((await get('/api/v1/hsk/1/listening')).json<object>())).toEqual(['success', 'data']);
    expect((await get('/api/v1/hsk/levels?syllabus=hsk2')).json()).toEqual({
      ...plain.json<object>(),
      syllabus: 'hsk2',
    });

    const levels = hskLevelsSchema.parse((await get('/api/v1/hsk/levels?syllabus=hsk3')).json());
    expect(levels.syllabus).toBe('hsk3');
    expect(levels.data.map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(levels.data[0]).toEqual({
      level: 1,
      sections: { listening: 1, reading: 1, writing: 0 },
      words: { new: 300, total: 300 },
    });
    expect(levels.data[5]?.sections).toEqual({ listening: 1, reading: 1, writing: 1 });

    const hsk3 = hskSetListSchema.parse(
      (await get('/api/v1/hsk/6/listening?syllabus=hsk3&language=zh')).json(),
    );
    expect(hsk3.syllabus).toBe('hsk3');
    expect(hsk3.data.map((s) => s.id)).toEqual(['hsk6-listening-101']);
    expect(hsk3.data[0]).toMatchObject({ title: '新版HSK六级 听力练习 1', item_count: 8 });
    const writing = hskSetListSchema.parse((await get('/api/v1/hsk/6/writing?syllabus=hsk3')).json());
    expect(writing.data[0]?.types).toEqual(['short_essay']);
    const hsk2 = hskSetListSchema.parse((await get('/api/v1/hsk/6/listening')).json());
    expect(hsk2.data.map((s) => s.id)).toEqual(['hsk6-listening-1', 'hsk6-listening-2']);
    expect((await get('/api/v1/hsk/levels?syllabus=hsk4')).statusCode).toBe(400);
  });

  it('scores an HSK 3.0 set like any other', async () => {
    const items = stored('hsk1-reading-101');
    const res = await post('/api/v1/hsk/sets/hsk1-reading-101/attempts', {
      answers: rightAnswers(items),
      language: 'en',
    });
    expect(res.statusCode).toBe(200);
    expect(hskAttemptSchema.parse(res.json()).data).toMatchObject({ score: 5, max_score: 5, percent: 100 });
  });

  it('gives a listening set without answers, with cached audio for every line and served pictures', async () => {
    const res = await get('/api/v1/hsk/sets/hsk1-listening-1?language=zh');
    expect(res.statusCode).toBe(200);
    const body = res.json<unknown>();
    const { data } = hskSetSchema.parse(body);
    const raw = JSON.stringify(body);
    for (const secret of [
      '"answer"',
      '"explanation"',
      '"accepted"',
      '"model_answer"',
      '"key_points"',
      '我很喜欢我的猫',
    ])
      expect(raw).not.toContain(secret);
    expect(data).toMatchObject({ title: 'HSK一级 听力练习 1', time_limit: 8, max_score: 10 });
    expect(data.items.map((i) => i.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The four picture-matching items share one group and one picture row.
    const grouped = data.items.filter((i) => i.group === 'g1');
    expect(grouped).toHaveLength(4);
    expect(grouped[0]?.options?.map((o) => o.key)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(grouped[0]?.options?.[1]?.picture).toMatchObject({ icon: 'cat', alt: '猫' });

    const urls = new Set<string>();
    for (const item of data.items) {
      for (const line of item.script ?? []) {
        expect(line.audio, `${item.id} line`).not.toBeNull();
        expect(line.text).toBeUndefined();
        if (line.audio) urls.add(line.audio.url);
      }
      if (item.type === 'dialogue_question') {
        expect(item.question_audio?.duration_ms).toBeGreaterThan(300);
        if (item.question_audio) urls.add(item.question_audio.url);
      }
    }
    expect(urls.size).toBeGreaterThan(10);
    const mp3 = await get([...urls][0] ?? '');
    expect(mp3.statusCode).toBe(200);
    expect(mp3.headers['content-type']).toBe('audio/mpeg');

    const pic = grouped[0]?.options?.[1]?.picture?.url ?? '';
    const svg = await get(pic);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(svg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(svg.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('serves only the icons the content uses, by a checked name', async () => {
    expect((await get('/api/v1/hsk/icons/teacup-without-handle.svg')).statusCode).toBe(200);
    // In the icon package, but no item shows it.
    expect((await get('/api/v1/hsk/icons/alien.svg')).statusCode).toBe(404);
    for (const name of ['CAT.svg', 'cat.png', '..%2Fcat.svg', 'cat--x.svg']) {
      const res = await get(`/api/v1/hsk/icons/${name}`);
      expect([400, 404], name).toContain(res.statusCode);
      expect(res.headers['content-type'], name).toContain('application/json');
    }
  });

  it('gives writing tasks without model answers, and refuses unknown sets', async () => {
    const { data } = hskSetSchema.parse((await get('/api/v1/hsk/sets/hsk6-writing-1?language=en')).json());
    const raw = JSON.stringify(data);
    expect(raw).not.toContain('model_answer');
    expect(raw).not.toContain('修鞋铺"');
    expect(data.items[0]).toMatchObject({
      type: 'summary',
      reading_time: 5,
      min_chars: 120,
      max_chars: 200,
      points: 20,
    });
    expect(data.items[0]?.text).toContain('老陈');
    const missing = await get('/api/v1/hsk/sets/hsk1-listening-99');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('test_not_found');
    expect((await get('/api/v1/hsk/sets/hsk7-listening-1')).statusCode).toBe(400);
  });

  it('scores a guest without saving and keeps attempts for signed-in users only', async () => {
    const items = stored('hsk1-listening-1');
    const guest = await post('/api/v1/hsk/sets/hsk1-listening-1/attempts', {
      answers: rightAnswers(items),
      language: 'ru',
    });
    expect(guest.statusCode).toBe(200);
    const { data } = hskAttemptSchema.parse(guest.json());
    expect(data).toMatchObject({
      id: null,
      created_at: null,
      score: 10,
      max_score: 10,
      percent: 100,
      passed: true,
      mode: 'practice',
    });
    expect(data.items[0]?.explanation).toMatch(/[а-яё]/i);
    // The recording is revealed with its pinyin once answered.
    expect(data.items[0]?.script?.[0]).toMatchObject({ speaker: '女', text: '喝茶', pinyin: 'hē chá' });
    expect(data.items[7]?.question).toBe('她儿子几岁了？');
    expect((await get('/api/v1/hsk/attempts')).statusCode).toBe(401);
    expect((await get('/api/v1/hsk/attempts/1')).statusCode).toBe(401);
  });

  it('counts saved attempts per learner: a class behind one address is many learners, not one client', async () => {
    const school = '203.0.113.77';
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    const answers = rightAnswers(stored('hsk1-listening-1'));
    const attempt = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/hsk/sets/hsk1-listening-1/attempts',
        payload: { answers },
        headers,
        remoteAddress: school,
      });
    for (let i = 0; i < 30; i++) expect((await attempt(a.auth)).statusCode).toBe(200);
    const refused = await attempt(a.auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'rate_limited' });
    // Another learner of the same class, and a guest there, are counted on their own.
    expect((await attempt(b.auth)).statusCode).toBe(200);
    expect((await attempt()).statusCode).toBe(200);
  });

  it('saves, lists newest first, pages and shows own attempts only', async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    const items = stored('hsk2-reading-1');
    const right = rightAnswers(items);
    const first = hskAttemptSchema.parse(
      (
        await post('/api/v1/hsk/sets/hsk2-reading-1/attempts', { answers: right, duration_s: 321 }, u.auth)
      ).json(),
    ).data;
    expect(first).toMatchObject({ score: 10, percent: 100, duration_s: 321 });
    expect(first.id).toEqual(expect.any(Number));

    // Half of the items answered, one of them wrongly.
    const some = Object.fromEntries(Object.entries(right).slice(0, 5));
    const [wrongId, wrongValue] = Object.entries(some)[0] ?? [];
    if (!wrongId) throw new Error('no items');
    some[wrongId] = wrongValue === 'A' ? 'B' : 'A';
    const secondRes = await post(
      '/api/v1/hsk/sets/hsk2-reading-1/attempts',
      { answers: some, language: 'zh', mode: 'test' },
      u.auth,
    );
    const second = hskAttemptSchema.parse(secondRes.json()).data;
    expect(second).toMatchObject({ score: 4, max_score: 10, percent: 40, passed: false, mode: 'test' });
    expect(second.items[0]).toMatchObject({
      correct: false,
      given: some[wrongId],
      answer: wrongValue,
      points: 0,
    });
    expect(second.items[9]).toMatchObject({ correct: false, given: null });

    const list = hskAttemptsSchema.parse(
      (await get('/api/v1/hsk/attempts?page_size=1&language=zh', u.auth)).json(),
    );
    expect(list.data.map((a) => a.id)).toEqual([second.id]);
    expect(list.data[0]).toMatchObject({
      set_id: 'hsk2-reading-1',
      level: 2,
      section: 'reading',
      score: 4,
      percent: 40,
      title: 'HSK二级 阅读练习 1',
    });
    expect(list.pagination).toMatchObject({ total_count: 2, total_pages: 2, has_next: true });
    const page2 = hskAttemptsSchema.parse(
      (await get('/api/v1/hsk/attempts?page=2&page_size=1', u.auth)).json(),
    );
    expect(page2.data.map((a) => a.id)).toEqual([first.id]);
    expect(hskAttemptsSchema.parse((await get('/api/v1/hsk/attempts', other.auth)).json()).data).toEqual([]);

    const detail = await get(`/api/v1/hsk/attempts/${second.id}?language=en`, u.auth);
    const shown = hskAttemptSchema.parse(detail.json()).data;
    expect(shown).toMatchObject({ id: second.id, score: 4, mode: 'test' });
    // Explanations follow the viewer's language, not the one the attempt was made in.
    expect(shown.items[0]?.explanation).toMatch(/^[\x20-\x7E\u2013-\u201D’·āáǎàēéěèīíǐìōóǒòūúǔùǚü]+$/);
    expect((await get(`/api/v1/hsk/attempts/${second.id}`, other.auth)).statusCode).toBe(404);
    expect((await get('/api/v1/hsk/attempts/abc', u.auth)).statusCode).toBe(400);

    const cards = hskSetListSchema.parse((await get('/api/v1/hsk/2/reading', u.auth)).json()).data;
    expect(cards[0]?.last_attempt).toMatchObject({ id: second.id, percent: 40 });
    expect(cards[1]?.last_attempt).toBeNull();
  });

  it('refuses answers that do not fit, an empty submission and unknown sets', async () => {
    const items = stored('hsk1-listening-1');
    const [tf, , , match] = items;
    if (!tf || !match) throw new Error('short set');
    const bad = await post('/api/v1/hsk/sets/hsk1-listening-1/attempts', {
      answers: { [tf.id]: 'A', [match.id]: true, ghost: 'A' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'validation_failed',
      details: [
        { id: tf.id, message: 'expects true or false' },
        { id: match.id, message: 'expects text' },
        { id: 'ghost', message: 'not an item of this set' },
      ],
    });
    const empty = await post('/api/v1/hsk/sets/hsk1-listening-1/attempts', { answers: { [match.id]: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'hsk_no_answers',
      message: 'Answer at least one question before submitting',
    });
    const long = await post('/api/v1/hsk/sets/hsk5-writing-1/attempts', {
      answers: { 'hsk5-writing-1-06': '好'.repeat(1001) },
    });
    expect(long.json().code).toBe('validation_failed');
    const unknown = await post('/api/v1/hsk/sets/hsk3-writing-9/attempts', { answers: { x: 'y' } });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await post('/api/v1/hsk/sets/hsk3-writing-1/attempts', { answers: {}, mode: 'exam' })).statusCode,
    ).toBe(400);
  });

  it('scores written answers: word order without punctuation, alternatives, single characters and reviewed sentences', async () => {
    const w3 = stored('hsk3-writing-1');
    const reorder = w3.find((i) => i.type === 'sentence_reorder');
    const fill = w3.find((i) => i.type === 'character_fill');
    if (reorder?.type !== 'sentence_reorder' || fill?.type !== 'character_fill')
      throw new Error('items expected');
    const res = await post('/api/v1/hsk/sets/hsk3-writing-1/attempts', {
      answers: { [reorder.id]: reorder.answer.replace(/[。？！]/g, ''), [fill.id]: ` ${fill.answer} ` },
    });
    const { data } = hskAttemptSchema.parse(res.json());
    expect(data.score).toBe(2);
    expect(data.items.find((i) => i.id === fill.id)).toMatchObject({
      correct: true,
      given: fill.answer,
      answer: fill.answer,
    });

    const alt = loadHskSets()
      .sets.flatMap((s) => s.items.map((i) => ({ set: s.id, item: storedItemSchema.parse(i) })))
      .find(({ item }) => item.type === 'sentence_reorder' && item.accepted.length > 0);
    if (alt?.item.type !== 'sentence_reorder') throw new Error('no alternative order in the content');
    const altRes = hskAttemptSchema.parse(
      (
        await post(`/api/v1/hsk/sets/${alt.set}/attempts`, {
          answers: { [alt.item.id]: alt.item.accepted[0] },
        })
      ).json(),
    ).data;
    expect(altRes.items.find((i) => i.id === alt.item.id)).toMatchObject({
      correct: true,
      accepted: alt.item.accepted,
    });

    const w4 = stored('hsk4-writing-1');
    const pic = w4.find((i) => i.type === 'picture_word_sentence');
    if (pic?.type !== 'picture_word_sentence') throw new Error('picture task expected');
    const good = hskAttemptSchema.parse(
      (
        await post('/api/v1/hsk/sets/hsk4-writing-1/attempts', {
          answers: { [pic.id]: pic.model_answer },
          language: 'en',
        })
      ).json(),
    ).data;
    const item = good.items.find((i) => i.id === pic.id);
    expect(item).toMatchObject({ correct: true, max_points: 4, answer: pic.model_answer });
    expect(item?.feedback?.score).toBeGreaterThanOrEqual(80);
    expect(item?.points).toBe(Math.round((4 * (item?.feedback?.score ?? 0)) / 100));
    expect(item?.feedback?.text.length).toBeGreaterThan(20);
    expect(good.max_score).toBe(5 + 3 * 4);
  });
});
