import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyzeResponseSchema,
  dictationResultsSchema,
  dictationSessionResponseSchema,
  extractWordsResponseSchema,
} from '@kouyu/core';
import { dictationSessions, dictationUploads, users } from '../../../db/schema.js';
import { UPLOAD_SWEEP_AFTER_MS, sweepUploads } from '../../../dictation/sweep.js';
import { createUploadStore } from '../../../dictation/upload-store.js';
import { clientAddress, signUp } from '../../../test/accounts.js';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { renderHandwriting, renderPrinted } from '../../../test/handwriting.js';
import { forgetUser } from '../../../accounts/user-cache.js';

const LIMIT = 1_500_000;
const WORDS = ['学习', '朋友', '电影', '天气', '喜欢'];
// What the pupil wrote: 友 written as 有, 电影 left out.
const WRITTEN = ['学习', '朋有', '天气', '喜欢'];

type Account = Awaited<ReturnType<typeof signUp>>;

/** A real multipart body, encoded by the platform's FormData, for `inject`. */
async function multipart(image: Buffer | null, fields: Record<string, string>, type = 'image/png') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (image) form.append('image', new Blob([new Uint8Array(image)], { type }), 'photo.png');
  const req = new Request('http://local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
  };
}

describe(`dictation API on ${testDriver}`, () => {
  let t: TestApp;
  let dataDir: string;
  let free: Account;
  let plus: Account;
  let other: Account;
  let handwriting: Buffer;
  let analysisId = '';

  const upload = async (
    url: string,
    who: Account | null,
    image: Buffer | null,
    fields: Record<string, string>,
    type?: string,
  ) => {
    const body = await multipart(image, fields, type);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/dictation/${url}`,
      payload: body.payload,
      headers: { ...body.headers, ...(who ? who.auth : {}) },
      remoteAddress: clientAddress(),
    });
  };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Account | null, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1/dictation${url}`,
      remoteAddress: clientAddress(),
      headers: {
        ...(who ? who.auth : {}),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const setPlus = async (who: Account, days: number | null) => {
    await t.app.database.db
      .update(users)
      .set({
        isOfficial: days !== null,
        paymentExpiration: days === null ? null : new Date(Date.now() + days * 86_400_000),
      })
      .where(eq(users.id, who.user.id));
    forgetUser(who.user.id);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-dictation-'));
    t = await createTestApp({ DATA_DIR: dataDir, UPLOAD_LIMIT_BYTES: String(LIMIT) });
    [free, plus, other] = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    await setPlus(plus, 30);
    await setPlus(other, 30);
    handwriting = renderHandwriting(WRITTEN);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('POST /dictation/analyze', () => {
    it('refuses guests (401 login_required) and users without active Plus (403 plus_required)', async () => {
      const fields = { words: JSON.stringify(WORDS) };
      const guest = await upload('analyze', null, handwriting, fields);
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual({ success: false, code: 'login_required', message: 'Login required' });
      const freeRes = await upload('analyze', free, handwriting, fields);
      expect(freeRes.statusCode).toBe(403);
      expect(freeRes.json()).toMatchObject({ success: false, code: 'plus_required' });
      const expired = await signUp(t.app);
      await setPlus(expired, -2);
      expect((await upload('analyze', expired, handwriting, fields)).json()).toMatchObject({
        code: 'plus_required',
      });
    });

    it('reads the photo and marks each character right, wrong (with what was written) or missing', async () => {
      const res = await upload('analyze', plus, handwriting, { words: JSON.stringify(WORDS) });
      expect(res.statusCode, res.body).toBe(200);
      const { data } = analyzeResponseSchema.parse(res.json());
      analysisId = data.analysis_id;
      expect(data.recognized_text.replace(/\s/g, '')).toContain('学习');
      expect(data.lines.length).toBeGreaterThanOrEqual(3);
      const byWord = Object.fromEntries(data.analysis.words.map((w) => [w.word, w]));
      expect(byWord['学习']?.status).toBe('right');
      expect(byWord['朋友']?.chars).toEqual([
        { status: 'right', char: '朋' },
        { status: 'wrong', char: '友', written: '有' },
      ]);
      expect(byWord['电影']).toMatchObject({
        status: 'missing',
        written: '',
        chars: [
          { status: 'missing', char: '电' },
          { status: 'missing', char: '影' },
        ],
      });
      expect(byWord['天气']?.status).toBe('right');
      expect(byWord['喜欢']?.status).toBe('right');
      expect(data.analysis.counts).toMatchObject({ right: 7, wrong: 1, missing: 2 });
      expect(data.score).toBe(70);
      expect(data.analysis.score).toBe(data.score);
    });

    it('answers 400 image_required without a photo and 415 for what is not an image', async () => {
      const words = JSON.stringify(WORDS);
      expect((await upload('analyze', plus, null, { words })).json()).toMatchObject({
        code: 'image_required',
      });
      const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
      const res = await upload('analyze', plus, gif, { words }, 'image/png');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'unsupported_media_type' });
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/v1/dictation/analyze',
        headers: { ...plus.auth, 'content-type': 'application/json' },
        payload: JSON.stringify({ words: WORDS }),
        remoteAddress: clientAddress(),
      });
      expect(json.statusCode).toBe(415);
    });

    it('answers 413 for a photo over UPLOAD_LIMIT_BYTES', async () => {
      const big = Buffer.concat([handwriting.subarray(0, 8), Buffer.alloc(LIMIT + 10, 7)]);
      const res = await upload('analyze', plus, big, { words: JSON.stringify(WORDS) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'payload_too_large' });
    });

    it('checks the word list with the rules of spec 000 §5 before reading the photo', async () => {
      const bad = async (words: unknown) =>
        (await upload('analyze', plus, handwriting, { words: JSON.stringify(words) })).json<unknown>();
      expect(await bad(['学习', 'hello'])).toMatchObject({
        code: 'validation_failed',
        details: { fields: [{ field: 'words.1', code: 'word_chinese_only' }] },
      });
      expect(await bad(['学习', '学习'])).toMatchObject({
        details: { fields: [{ code: 'word_duplicate' }] },
      });
      expect(await bad(['中'.repeat(51)])).toMatchObject({
        details: { fields: [{ code: 'word_too_long' }] },
      });
      expect(await bad([])).toMatchObject({
        details: { fields: [{ field: 'words', code: 'words_required' }] },
      });
      expect(await bad([...'一二三四五六七八九十百千万亿甲乙丙丁戊己庚'])).toMatchObject({
        code: 'too_many_words',
        message: 'Too many words: at most 20 words per dictation',
      });
      expect(await bad('学习')).toMatchObject({ code: 'validation_failed' });
      const notJson = await upload('analyze', plus, handwriting, { words: '[学习' });
      expect(notJson.statusCode).toBe(400);
    });
  });

  describe('POST /dictation/extract-words', () => {
    const printed = () => renderPrinted(['1. 学习    朋友    电影', '2. 天气、喜欢、hello', '3. 音乐，学习']);

    it('refuses guests and free users', async () => {
      expect((await upload('extract-words', null, printed(), { words: '[]' })).statusCode).toBe(401);
      const res = await upload('extract-words', free, printed(), { words: '[]' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'plus_required' });
    });

    it('adds the printed words under the rules and counts what it skipped, up to the limit', async () => {
      const current = [...'一二三四五六七八九十百千万亿甲乙丙'];
      const res = await upload('extract-words', plus, printed(), { words: JSON.stringify(current) });
      expect(res.statusCode, res.body).toBe(200);
      const { data } = extractWordsResponseSchema.parse(res.json());
      expect(data.added).toEqual(['学习', '朋友', '电影']);
      expect(data.words).toEqual([...current, '学习', '朋友', '电影']);
      // 天气, 喜欢, 音乐 are over the limit of 20; the second 学习 is a duplicate; hello is not Chinese.
      expect(data.skipped, data.recognized_text).toEqual({ invalid: 1, duplicate: 1, over_limit: 3 });
      expect(data.recognized_text).toContain('学习');
    });

    it('checks the current list too', async () => {
      const res = await upload('extract-words', plus, printed(), { words: JSON.stringify(['abc']) });
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        details: { fields: [{ code: 'word_chinese_only' }] },
      });
    });
  });

  describe('sessions', () => {
    let sessionId = 0;

    it('saves a session with the analysis the server kept, whatever score the client sends', async () => {
      expect(
        (
          await call('POST', '/sessions', null, { words: WORDS, interval_s: 5, analysis_id: analysisId })
        ).json(),
      ).toMatchObject({
        code: 'login_required',
      });
      const res = await call('POST', '/sessions', plus, {
        words: WORDS,
        interval_s: 3,
        analysis_id: analysisId,
        score: 100,
      });
      expect(res.statusCode, res.body).toBe(201);
      const { data } = dictationSessionResponseSchema.parse(res.json());
      sessionId = data.id;
      expect(data).toMatchObject({ words: WORDS, interval_s: 3, score: 70, has_image: true });
      expect(data.analysis?.counts).toMatchObject({ right: 7, wrong: 1, missing: 2 });
      expect(data.recognized_text).toContain('学习');
      // The photo is stored under DATA_DIR/uploads/dictation/<random>.png, re-encoded (decision 028): the
      // same picture, not the same bytes.
      const dir = path.join(dataDir, 'uploads', 'dictation');
      const files = readdirSync(dir).filter((f) => /^[0-9a-f]{32}\.png$/.test(f));
      const sent = await sharp(handwriting).raw().toBuffer();
      const kept = await Promise.all(
        files.map((f) =>
          sharp(readFileSync(path.join(dir, f)))
            .raw()
            .toBuffer(),
        ),
      );
      expect(kept.some((pixels) => pixels.equals(sent))).toBe(true);
    });

    it('refuses a save without a valid analysis of the same user and words', async () => {
      const base = { words: WORDS, interval_s: 5 };
      expect((await call('POST', '/sessions', plus, { ...base, analysis_id: 'nope' })).json()).toMatchObject({
        code: 'analysis_expired',
      });
      expect(
        (await call('POST', '/sessions', other, { ...base, analysis_id: analysisId })).json(),
      ).toMatchObject({
        code: 'analysis_expired',
      });
      expect((await call('POST', '/sessions', free, { ...base, analysis_id: analysisId })).statusCode).toBe(
        400,
      );
      const differ = await call('POST', '/sessions', plus, {
        ...base,
        words: ['学习'],
        analysis_id: analysisId,
      });
      expect(differ.json()).toMatchObject({
        code: 'validation_failed',
        details: { fields: [{ code: 'words_differ' }] },
      });
      const interval = await call('POST', '/sessions', plus, {
        ...base,
        interval_s: 4,
        analysis_id: analysisId,
      });
      expect(interval.json()).toMatchObject({
        code: 'validation_failed',
        details: { fields: [{ field: 'interval_s' }] },
      });
      const missing = await call('POST', '/sessions', plus, { words: WORDS, interval_s: 5 });
      expect(missing.statusCode).toBe(400);
    });

    it('updates only the owner’s session', async () => {
      const body = { words: WORDS, interval_s: 10, analysis_id: analysisId };
      const res = await call('PUT', `/sessions/${sessionId}`, plus, body);
      expect(res.statusCode, res.body).toBe(200);
      const { data } = dictationSessionResponseSchema.parse(res.json());
      expect(data).toMatchObject({ id: sessionId, interval_s: 10, score: 70 });
      expect(Date.parse(data.updated_at)).toBeGreaterThanOrEqual(Date.parse(data.created_at));
      expect((await call('PUT', `/sessions/${sessionId}`, other, body)).statusCode).toBe(404);
      expect((await call('PUT', '/sessions/999999', plus, body)).statusCode).toBe(404);
      expect((await call('PUT', `/sessions/${sessionId}`, null, body)).statusCode).toBe(401);
      expect((await call('PUT', '/sessions/abc', plus, body)).statusCode).toBe(400);
    });

    it('shows a session to its owner only', async () => {
      const mine = await call('GET', `/sessions/${sessionId}`, plus);
      expect(mine.statusCode).toBe(200);
      expect(dictationSessionResponseSchema.parse(mine.json()).data.interval_s).toBe(10);
      expect((await call('GET', `/sessions/${sessionId}`, other)).statusCode).toBe(404);
      expect((await call('GET', `/sessions/${sessionId}`, null)).json()).toMatchObject({
        code: 'login_required',
      });
    });

    it('lists own sessions newest first, paged', async () => {
      const second = await call('POST', '/sessions', plus, {
        words: WORDS,
        interval_s: 8,
        analysis_id: analysisId,
      });
      expect(second.statusCode).toBe(201);
      const secondId = dictationSessionResponseSchema.parse(second.json()).data.id;
      const all = dictationResultsSchema.parse((await call('GET', '/results', plus)).json());
      expect(all.data.map((s) => s.id)).toEqual([secondId, sessionId]);
      expect(all.pagination).toMatchObject({
        current_page: 1,
        per_page: 10,
        total_count: 2,
        has_next: false,
      });
      const page2 = dictationResultsSchema.parse(
        (await call('GET', '/results?page=2&page_size=1', plus)).json(),
      );
      expect(page2.data.map((s) => s.id)).toEqual([sessionId]);
      expect(page2.pagination).toMatchObject({
        current_page: 2,
        total_pages: 2,
        has_previous: true,
        has_next: false,
      });
      expect(dictationResultsSchema.parse((await call('GET', '/results', other)).json()).data).toEqual([]);
      expect((await call('GET', '/results', null)).statusCode).toBe(401);
      expect((await call('GET', '/results?page_size=500', plus)).statusCode).toBe(400);
    });

    it('holds a user whose Plus ended to the free limit of 10 words', async () => {
      const twelve = [
        '学习',
        '朋友',
        '电影',
        '天气',
        '喜欢',
        '音乐',
        '老师',
        '学生',
        '中国',
        '北京',
        '米饭',
        '苹果',
      ];
      const member = await signUp(t.app);
      await setPlus(member, 30);
      const analysed = await upload('analyze', member, handwriting, { words: JSON.stringify(twelve) });
      expect(analysed.statusCode, analysed.body).toBe(200);
      const id = analyzeResponseSchema.parse(analysed.json()).data.analysis_id;
      await setPlus(member, -2);
      const res = await call('POST', '/sessions', member, { words: twelve, interval_s: 5, analysis_id: id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'too_many_words',
        message: 'Too many words: at most 10 words per dictation',
      });
    });

    it('sweeps the photos no session shows once no kept analysis can save them', async () => {
      const dir = path.join(dataDir, 'uploads', 'dictation');
      const store = createUploadStore(t.app.config);
      const shown = async () => {
        const rows = await t.app.database.db
          .selectDistinct({ key: dictationSessions.imageKey })
          .from(dictationSessions);
        return new Set(rows.map((r) => r.key));
      };
      // A new photo replaces the one the first session showed; the other sessions still show the old one.
      const fresh = await upload('analyze', plus, handwriting, { words: JSON.stringify(WORDS) });
      const freshId = analyzeResponseSchema.parse(fresh.json()).data.analysis_id;
      const replaced = await call('PUT', `/sessions/${sessionId}`, plus, {
        words: WORDS,
        interval_s: 5,
        analysis_id: freshId,
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      const before = readdirSync(dir);
      expect(before.length).toBeGreaterThan((await shown()).size);

      // Nothing goes while an analysis could still be saved.
      expect(await sweepUploads(t.app.database.db, store)).toEqual({ removed: 0, kept: 0 });
      expect(readdirSync(dir)).toHaveLength(before.length);

      const later = new Date(Date.now() + UPLOAD_SWEEP_AFTER_MS + 1000);
      const swept = await sweepUploads(t.app.database.db, store, later);
      const kept = await shown();
      expect(swept.removed).toBe(before.length - kept.size);
      expect(new Set(readdirSync(dir))).toEqual(kept);
      expect(await t.app.database.db.select().from(dictationUploads)).toEqual([]);
      // Every session still opens with its photo.
      for (const key of kept) expect(await store.read(key ?? '')).not.toBeNull();
      expect(await sweepUploads(t.app.database.db, store, later)).toEqual({ removed: 0, kept: 0 });
    });
  });
});

describe(`dictation with OCR_ENGINE=none on ${testDriver}`, () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-dictation-off-'));
    t = await createTestApp({ DATA_DIR: dataDir, OCR_ENGINE: 'none' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 service_unavailable and stores nothing', async () => {
    const member = await signUp(t.app);
    await t.app.database.db
      .update(users)
      .set({ isOfficial: true, paymentExpiration: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, member.user.id));
    forgetUser(member.user.id);
    const body = await multipart(renderHandwriting(['学习']), { words: '["学习"]' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dictation/analyze',
      payload: body.payload,
      headers: { ...body.headers, ...member.auth },
      remoteAddress: clientAddress(),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: 'service_unavailable' });
    expect(() => readdirSync(path.join(dataDir, 'uploads', 'dictation'))).toThrow();
  });
});
