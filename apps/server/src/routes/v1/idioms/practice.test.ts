import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import {
  favouritesSchema,
  idiomRecordsSchema,
  idiomSummarySchema,
  practiceQuestionSchema,
  practiceResultSchema,
} from '@kouyu/core';
import type { PracticeQuestion } from '@kouyu/core';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { signUp } from '../../../test/accounts.js';
import { seedContent } from '../../../db/seed/index.js';
import { idiomRecords, idioms } from '../../../db/schema.js';
import { newNonce, sealPractice } from '../../../study/practice-token.js';

type Auth = Record<string, string>;

describe(`favourites, practice and records on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedContent(t.app.database.db, { info() {} });
  });
  afterAll(async () => {
    await t.close();
  });

  const idiomByChengyu = async (chengyu: string) => {
    const [row] = await t.app.database.db.select().from(idioms).where(eq(idioms.chengyu, chengyu));
    if (!row) throw new Error(`no idiom ${chengyu}`);
    return row;
  };
  const question = async (query: string): Promise<PracticeQuestion> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/idioms/practice?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return practiceQuestionSchema.parse(res.json()).data;
  };
  /** The right option, worked out from the content the way a teacher would. */
  const rightChoice = async (q: PracticeQuestion, language: 'en' | 'ru' | 'zh' = 'en') => {
    if (q.mode === 'meaning') {
      const row = await idiomByChengyu(q.prompt);
      return { idiom: row, choice: q.options.indexOf(row.meaning?.[language] ?? row.en) };
    }
    const blank = [...q.prompt].indexOf('＿');
    const rows = await t.app.database.db
      .select()
      .from(idioms)
      .where(and(eq(idioms.curated, true), like(idioms.chengyu, q.prompt.replace('＿', '_'))));
    // Options never complete another real idiom, so one row fits.
    const row = rows.find((r) => q.options.includes([...r.chengyu][blank] ?? ''));
    if (!row) throw new Error(`no idiom like ${q.prompt}`);
    return { idiom: row, choice: q.options.indexOf([...row.chengyu][blank] ?? '') };
  };
  const answer = (auth: Auth, question_token: string, choice: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/idiom-records',
      headers: auth,
      payload: { question_token, choice },
    });

  it('needs a signed-in user for favourites and records', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/user-idioms'],
      ['POST', '/api/v1/user-idioms'],
      ['DELETE', '/api/v1/user-idioms/1'],
      ['GET', '/api/v1/idiom-records'],
      ['POST', '/api/v1/idiom-records'],
      ['GET', '/api/v1/idiom-records/summary'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'not_authenticated' });
      const bad = await t.app.inject({
        method,
        url,
        payload: {},
        headers: { authorization: 'Bearer x.y.z' },
      });
      expect(bad.statusCode, `${method} ${url} with a bad token`).toBe(401);
    }
  });

  it('adds favourites idempotently, lists them newest first and removes them by idiom id', async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    const a = await idiomByChengyu('集思广益');
    const b = await idiomByChengyu('一丁不识');
    const add = (auth: Auth, idiom_id: number) =>
      t.app.inject({ method: 'POST', url: '/api/v1/user-idioms', headers: auth, payload: { idiom_id } });
    expect((await add(u.auth, a.id)).statusCode).toBe(201);
    const again = await add(u.auth, a.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, data: { idiom_id: a.id, favourite: true } });
    expect((await add(u.auth, b.id)).statusCode).toBe(201);
    expect((await add(other.auth, b.id)).statusCode).toBe(201);

    const mine = async (auth: Auth, language = 'en') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/user-idioms?language=${language}`,
        headers: auth,
      });
      expect(res.statusCode).toBe(200);
      return favouritesSchema.parse(res.json()).data;
    };
    const listed = await mine(u.auth, 'ru');
    expect(listed.map((f) => f.idiom_id)).toEqual([b.id, a.id]);
    expect(listed[1]?.idiom).toMatchObject({
      chengyu: '集思广益',
      is_favourite: true,
      category: { id: 'wisdom' },
    });
    expect(listed[1]?.idiom.meaning).toBe(a.meaning?.ru);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/user-idioms/${b.id}`, headers: u.auth });
    expect(del.json()).toEqual({ success: true, data: { idiom_id: b.id, favourite: false } });
    expect((await mine(u.auth)).map((f) => f.idiom_id)).toEqual([a.id]);
    // Removing twice is fine; the other user's favourite stays.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/user-idioms/${b.id}`, headers: u.auth }))
        .statusCode,
    ).toBe(200);
    expect((await mine(other.auth)).map((f) => f.idiom_id)).toEqual([b.id]);
  });

  it('rejects unknown idioms and invalid favourites', async () => {
    const u = await signUp(t.app);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-idioms',
      headers: u.auth,
      payload: { idiom_id: 99999999 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
    const delMissing = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/user-idioms/99999999',
      headers: u.auth,
    });
    expect(delMissing.statusCode).toBe(404);
    for (const payload of [{}, { idiom_id: 'x' }, { idiom_id: -1 }, { idiom_id: 1.5 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user-idioms',
        headers: u.auth,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const badId = await t.app.inject({ method: 'DELETE', url: '/api/v1/user-idioms/abc', headers: u.auth });
    expect(badId.statusCode).toBe(400);
  });

  it('asks for the meaning with four options and judges the answer on the server', async () => {
    const u = await signUp(t.app);
    const q = await question('mode=meaning&language=ru');
    expect(new Set(q.options).size).toBe(4);
    expect(q.hint).toBeNull();
    const { idiom, choice } = await rightChoice(q, 'ru');
    expect(q.pinyin).toBe(idiom.pinyin);
    expect(choice).toBeGreaterThanOrEqual(0);
    // The token does not show the answer: none of its plain JSON is there (a random match of these
    // 4-5 byte runs is about one in a billion, unlike a single digit).
    const sealed = Buffer.from(q.question_token, 'base64url').toString('latin1');
    expect(sealed).not.toContain('"c":');
    expect(sealed).not.toContain(`"i":${idiom.id}`);
    const res = await answer(u.auth, q.question_token, choice);
    expect(res.statusCode, res.body).toBe(201);
    const result = practiceResultSchema.parse(res.json()).data;
    expect(result).toMatchObject({
      correct: true,
      correct_choice: choice,
      answer: idiom.meaning?.ru,
      correct_answer: idiom.meaning?.ru,
      idiom: { id: idiom.id, chengyu: idiom.chengyu },
      record: { idiom_id: idiom.id, mode: 'meaning', correct: true, answer: idiom.meaning?.ru },
    });
    // A question counts once.
    const replay = await answer(u.auth, q.question_token, choice);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().code).toBe('practice_answered');
  });

  it('cannot be told that a wrong answer was right', async () => {
    const u = await signUp(t.app);
    const q = await question('mode=meaning');
    const { choice } = await rightChoice(q);
    const wrong = (choice + 1) % 4;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/idiom-records',
      headers: u.auth,
      payload: { question_token: q.question_token, choice: wrong, correct: true },
    });
    const result = practiceResultSchema.parse(res.json()).data;
    expect(result).toMatchObject({ correct: false, correct_choice: choice, answer: q.options[wrong] });
    expect(result.record?.correct).toBe(false);
    // A changed token is refused.
    const token = Buffer.from(q.question_token, 'base64url');
    token[20] = (token[20] ?? 0) ^ 1;
    const tampered = await answer(u.auth, token.toString('base64url'), 0);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().code).toBe('validation_failed');
    for (const payload of [
      { question_token: q.question_token, choice: 4 },
      { choice: 0 },
      { question_token: 'short', choice: 0 },
    ]) {
      const res2 = await t.app.inject({
        method: 'POST',
        url: '/api/v1/idiom-records',
        headers: u.auth,
        payload,
      });
      expect(res2.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('refuses an expired question', async () => {
    const u = await signUp(t.app);
    const idiom = await idiomByChengyu('集思广益');
    const token = sealPractice(t.app.config.jwtSecret, {
      n: newNonce(),
      i: idiom.id,
      m: 'meaning',
      l: 'en',
      o: [idiom.id, idiom.id + 1, idiom.id + 2, idiom.id + 3],
      c: 0,
      x: Date.now() - 1000,
    });
    const res = await answer(u.auth, token, 0);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('practice_expired');
  });

  it('asks for a missing character, hiding its syllable', async () => {
    const u = await signUp(t.app);
    const q = await question('mode=missing_char&category=wisdom&language=zh');
    expect([...q.prompt].filter((c) => c === '＿')).toHaveLength(1);
    expect(q.pinyin).toContain('＿');
    expect(q.options.every((o) => [...o].length === 1)).toBe(true);
    expect(new Set(q.options).size).toBe(4);
    const { idiom, choice } = await rightChoice(q);
    expect(idiom.categoryId).toBe('wisdom');
    expect(q.hint).toBe(idiom.meaning?.zh);
    const result = practiceResultSchema.parse((await answer(u.auth, q.question_token, choice)).json()).data;
    expect(result).toMatchObject({
      correct: true,
      record: { mode: 'missing_char', answer: q.options[choice] },
    });
  });

  it('checks a guest answer without saving it, and validates the question query', async () => {
    const q = await question('mode=meaning');
    const { choice } = await rightChoice(q);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/idioms/practice/check',
      payload: { question_token: q.question_token, choice },
    });
    expect(res.statusCode).toBe(200);
    expect(practiceResultSchema.parse(res.json()).data).toMatchObject({ correct: true, record: null });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/idioms/practice?category=nothing-here',
    });
    expect(unknown.statusCode).toBe(404);
    for (const query of ['mode=spelling', 'language=de', 'exclude=-3', 'category=Not Valid']) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/v1/idioms/practice?${query}` });
      expect(bad.statusCode, query).toBe(400);
    }
  });

  it('pages the records and sums them up: accuracy per mode, streak, mastered idioms', async () => {
    const u = await signUp(t.app);
    const empty = idiomSummarySchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/idiom-records/summary', headers: u.auth })).json(),
    ).data;
    expect(empty).toMatchObject({
      attempts: 0,
      accuracy: 0,
      streak_days: 0,
      mastered: 0,
      last_practised_at: null,
    });

    // The idioms written directly below; the random questions must not land on them, or the
    // newest answer would decide whether they are mastered.
    const a = await idiomByChengyu('集思广益');
    const b = await idiomByChengyu('半途而废');
    // Three answers through the API, right, wrong, right, each on an idiom of its own: the first and
    // the third both right on one idiom would make it mastered too.
    let last = 0;
    const used = new Set([a.id, b.id]);
    for (const right of [true, false, true]) {
      let q: PracticeQuestion;
      let picked: Awaited<ReturnType<typeof rightChoice>>;
      do {
        q = await question(last ? `mode=meaning&exclude=${last}` : 'mode=meaning');
        picked = await rightChoice(q);
      } while (used.has(picked.idiom.id));
      const { idiom, choice } = picked;
      used.add(idiom.id);
      last = idiom.id;
      expect((await answer(u.auth, q.question_token, right ? choice : (choice + 1) % 4)).statusCode).toBe(
        201,
      );
    }
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/v1/idiom-records?page_size=2',
      headers: u.auth,
    });
    const records = idiomRecordsSchema.parse(page.json());
    expect(records.data.map((r) => r.correct)).toEqual([true, false]);
    expect(records.pagination).toMatchObject({ total_count: 3, total_pages: 2, has_next: true });

    // Earlier days, written directly: one idiom right twice (mastered), one right twice then wrong (not).
    const day = 24 * 3600 * 1000;
    // Noon of a past UTC day, so a run just after midnight still sees consecutive days.
    const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
    const at = (daysAgo: number, n: number) => new Date(today - daysAgo * day + day / 2 - n * 1000);
    await t.app.database.db.insert(idiomRecords).values([
      { userId: u.user.id, idiomId: a.id, mode: 'missing_char', correct: true, createdAt: at(1, 3) },
      { userId: u.user.id, idiomId: a.id, mode: 'missing_char', correct: true, createdAt: at(1, 2) },
      { userId: u.user.id, idiomId: b.id, mode: 'missing_char', correct: true, createdAt: at(2, 3) },
      { userId: u.user.id, idiomId: b.id, mode: 'missing_char', correct: true, createdAt: at(2, 2) },
      { userId: u.user.id, idiomId: b.id, mode: 'missing_char', correct: false, createdAt: at(2, 1) },
      { userId: u.user.id, idiomId: b.id, mode: 'missing_char', correct: true, createdAt: at(5, 1) },
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/idiom-records/summary?tz_offset=0',
      headers: u.auth,
    });
    const s = idiomSummarySchema.parse(res.json()).data;
    expect(s).toMatchObject({
      attempts: 9,
      correct: 7,
      accuracy: 78,
      by_mode: {
        meaning: { attempts: 3, correct: 2, accuracy: 67 },
        missing_char: { attempts: 6, correct: 5, accuracy: 83 },
      },
      streak_days: 3,
      mastered: 1,
    });
    expect(s.idioms_practised).toBeGreaterThanOrEqual(4);
    expect(Date.now() - Date.parse(s.last_practised_at ?? '')).toBeLessThan(60_000);

    // Another user's records are not counted.
    const other = await signUp(t.app);
    const otherSummary = await t.app.inject({
      method: 'GET',
      url: '/api/v1/idiom-records/summary',
      headers: other.auth,
    });
    expect(idiomSummarySchema.parse(otherSummary.json()).data.attempts).toBe(0);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/idiom-records/summary?tz_offset=900',
      headers: u.auth,
    });
    expect(bad.statusCode).toBe(400);
    const badPage = await t.app.inject({
      method: 'GET',
      url: '/api/v1/idiom-records?page=0',
      headers: u.auth,
    });
    expect(badPage.statusCode).toBe(400);
  });
});
