import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionsSchema, testDetailSchema, testListSchema } from '@kouyu/core';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { clientAddress } from '../../../test/accounts.js';
import { roles, seedHskk } from '../../../test/speaking.js';
import type { Account } from '../../../test/speaking.js';

// Seeded ids: level × 100 + number; test 1 of each level is the try test, 4-6 are official.
const TRY = 101;
const PLAIN = 102;
const OFFICIAL = 104;
const FAKE = 10_101;

describe(`HSKK test lists and questions on ${testDriver}`, () => {
  let t: TestApp;
  let dataDir: string;
  let who: { free: Account; lapsed: Account; plus: Account };
  const get = (url: string, account?: Account) =>
    t.app.inject({ method: 'GET', url, headers: account?.auth ?? {}, remoteAddress: clientAddress() });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-tests-route-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    await seedHskk(t.app);
    who = await roles(t.app);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('pages the list for signed-in users, six tests a page in number order', async () => {
    const first = testListSchema.parse((await get('/api/v1/tests/level/basic?_t=123', who.free)).json());
    expect(first.data.map((d) => d.id)).toEqual([101, 102, 103, 104, 105, 106]);
    expect(first.pagination).toEqual({
      current_page: 1,
      per_page: 6,
      total_pages: 1,
      total_count: 6,
      has_next: false,
      has_previous: false,
    });
    expect(first).toMatchObject({ user_is_official: false, guest_access: false });
    expect(first.data.map((d) => d.lock)).toEqual([
      null,
      null,
      null,
      'official_required',
      'official_required',
      'official_required',
    ]);
    expect(first.data.some((d) => d.is_fake)).toBe(false);

    const second = testListSchema.parse((await get('/api/v1/tests/level/2?page=2&limit=4', who.free)).json());
    expect(second.data.map((d) => d.id)).toEqual([205, 206]);
    expect(second.pagination).toMatchObject({
      current_page: 2,
      per_page: 4,
      total_pages: 2,
      total_count: 6,
      has_next: false,
      has_previous: true,
    });
  });

  it('unlocks official tests for active members only', async () => {
    const plus = testListSchema.parse((await get('/api/v1/tests/level/advanced', who.plus)).json());
    expect(plus.user_is_official).toBe(true);
    expect(plus.data.every((d) => d.lock === null)).toBe(true);
    const lapsed = testListSchema.parse((await get('/api/v1/tests/level/advanced', who.lapsed)).json());
    expect(lapsed.user_is_official).toBe(false);
    expect(lapsed.data.filter((d) => d.lock === 'official_required').map((d) => d.id)).toEqual([
      304, 305, 306,
    ]);
  });

  it('gives guests the whole list padded with placeholders to 16, as one page', async () => {
    const list = testListSchema.parse((await get('/api/v1/tests/level/intermediate?page=2&limit=6')).json());
    expect(list).toMatchObject({ user_is_official: false, guest_access: true });
    expect(list.data).toHaveLength(16);
    expect(list.pagination).toMatchObject({
      current_page: 1,
      total_pages: 1,
      total_count: 16,
      has_next: false,
    });
    const real = list.data.filter((d) => !d.is_fake);
    expect(real.map((d) => d.id)).toEqual([201, 202, 203, 204, 205, 206]);
    expect(real.map((d) => d.lock)).toEqual([
      null,
      'login_required',
      'login_required',
      'login_required',
      'login_required',
      'login_required',
    ]);
    const fakes = list.data.filter((d) => d.is_fake);
    expect(fakes).toHaveLength(10);
    for (const [i, f] of fakes.entries()) {
      expect(f).toMatchObject({
        test_name: '',
        description: '',
        time_limit: 45,
        available_parts: [1, 2, 3],
        lock: 'login_required',
        placeholder_number: i + 1,
      });
      expect(f.id).toBeGreaterThanOrEqual(10_000);
    }
  });

  // Every header a content answer carries, pinned by name and value (what varies per answer by
  // pattern), so that making these answers cheaper cannot drop or change one for a client or a proxy.
  it('sends the same headers on a content answer and its 304: security, cache, Vary, CORS', async () => {
    const origin = 'https://localhost'; // in the default CORS_ORIGINS
    // The API's short set (decision 016, sixth pass): the web pages keep helmet's document headers.
    const security = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    };
    const cases = [
      { account: undefined, cacheControl: 'public, max-age=60' },
      { account: who.free, cacheControl: 'private, no-cache' },
    ];
    for (const { account, cacheControl } of cases) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/tests/level/1',
        headers: { ...(account?.auth ?? {}), origin },
        remoteAddress: clientAddress(),
      });
      expect(res.statusCode).toBe(200);
      const expected = {
        ...security,
        'access-control-allow-origin': origin,
        'cache-control': cacheControl,
        etag: expect.stringMatching(/^"[\w-]+"$/),
        vary: 'Origin, Authorization, Accept-Encoding',
        'x-request-id': expect.stringMatching(/^[\w-]+$/),
      };
      const { date, connection, ...headers } = res.headers;
      expect(date).toBeTruthy();
      expect(connection).toBe('keep-alive');
      expect(headers).toEqual({
        ...expected,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(res.rawPayload.length),
      });
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/v1/tests/level/1',
        headers: { ...(account?.auth ?? {}), origin, 'if-none-match': String(res.headers.etag) },
        remoteAddress: clientAddress(),
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      const { date: _d, connection: _c, ...notModified } = again.headers;
      expect(notModified).toMatchObject({ ...expected, etag: res.headers.etag });
      expect(Object.keys(notModified).filter((name) => !(name in expected))).toEqual([]);
      // Another origin gets no CORS grant.
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/v1/tests/level/1',
        headers: { ...(account?.auth ?? {}), origin: 'https://evil.example' },
        remoteAddress: clientAddress(),
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('names tests in the asked language, else the user language', async () => {
    const zh = testListSchema.parse((await get('/api/v1/tests/level/basic?language=zh')).json());
    expect(zh.data[0]?.test_name).toBe('初级练习 1');
    const ru = testListSchema.parse((await get('/api/v1/tests/level/basic?language=ru', who.free)).json());
    expect(ru.data[0]?.test_name).toMatch(/тест 1/);
    expect((await get('/api/v1/tests/level/expert')).statusCode).toBe(400);
  });

  it('gives the run header: card and parts with instructions', async () => {
    const res = await get(`/api/v1/tests/${TRY}?language=en`);
    const body = testDetailSchema.parse(res.json());
    expect(body.data.test).toMatchObject({ id: TRY, lock: null, is_try: true });
    expect(body.data.parts.map((p) => [p.part, p.question_count])).toEqual([
      [1, 15],
      [2, 10],
      [3, 2],
    ]);
    expect(body.data.parts[0]?.instructions).toMatch(/Repeat each sentence/);
    expect((await get(`/api/v1/tests/${FAKE}`)).json()).toMatchObject({ code: 'test_not_found' });
  });

  // The access matrix of spec 001 §6, written out: every role × kind of test × part.
  type Role = keyof typeof who | 'guest';
  const kinds = { try: TRY, plain: PLAIN, official: OFFICIAL, placeholder: FAKE } as const;
  const expected = (role: Role, kind: keyof typeof kinds, part: number): [number, string | null] => {
    if (kind === 'placeholder') return [404, 'test_not_found'];
    if (role === 'guest') {
      if (kind !== 'try') return [401, 'login_required'];
      return part === 1 ? [200, null] : [403, 'guest_part_only'];
    }
    if (kind === 'official' && role !== 'plus') return [403, 'official_required'];
    return [200, null];
  };
  const matrix = (['guest', 'free', 'lapsed', 'plus'] as const).flatMap((role) =>
    (['try', 'plain', 'official', 'placeholder'] as const).flatMap((kind) =>
      [1, 2, 3].map((part) => [role, kind, part, ...expected(role, kind, part)] as const),
    ),
  );
  it.each(matrix)('%s opening the %s test, part %i: %i %s', async (role, kind, part, status, code) => {
    const res = await get(
      `/api/v1/tests/${kinds[kind]}/parts/${part}/questions`,
      role === 'guest' ? undefined : who[role],
    );
    expect(res.statusCode).toBe(status);
    if (code) expect(res.json()).toMatchObject({ success: false, code });
    else expect(questionsSchema.parse(res.json()).data.questions.length).toBeGreaterThan(0);
  });

  it('tells guests which test and part they tried, in the spec words', async () => {
    const res = await get(`/api/v1/tests/${TRY}/parts/2/questions`);
    expect(res.json().message).toBe(
      'Guest users can only access Part 1. You tried to access Test 1, Part 2. Please sign up to unlock all tests and features.',
    );
    const official = await get(`/api/v1/tests/${OFFICIAL}/parts/1/questions`, who.free);
    expect(official.json().message).toContain('official test requiring official user status');
  });

  it('gives questions in order with the reference for members only', async () => {
    const guest = questionsSchema.parse(
      (await get(`/api/v1/tests/${TRY}/parts/1/questions?language=zh`)).json(),
    );
    expect(guest.data.part).toBe(1);
    expect(guest.data.instructions).toMatch(/跟着说/);
    expect(guest.data.questions.map((q) => q.number)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(guest.data.questions.every((q) => q.reference_text === null)).toBe(true);
    expect(guest.data.questions[0]).toMatchObject({
      id: 101_101,
      part_id: 1,
      part_number: 1,
      level_id: 1,
      question_type: 'repeat',
      asr_model: 'dashscope',
      question_texts: [],
    });

    const member = questionsSchema.parse(
      (await get(`/api/v1/tests/${TRY}/parts/1/questions`, who.plus)).json(),
    );
    expect(member.data.questions[0]?.reference_text).toBe('我家有四个人。');
    const free = questionsSchema.parse(
      (await get(`/api/v1/tests/${TRY}/parts/1/questions`, who.free)).json(),
    );
    expect(free.data.questions[0]?.reference_text).toBeNull();

    const picture = questionsSchema.parse(
      (await get('/api/v1/tests/201/parts/2/questions', who.free)).json(),
    );
    expect(picture.data.questions[0]).toMatchObject({
      question_type: 'picture',
      question_texts: ['请描述这张图片。'],
      image_urls: ['/content/hskk/images/int-1-p2-q1.svg'],
    });
  });

  it('gives each question the cached audio of its text, served as MP3 and HLS', async () => {
    const body = questionsSchema.parse(
      (await get(`/api/v1/tests/${PLAIN}/parts/3/questions`, who.free)).json(),
    );
    for (const q of body.data.questions) {
      expect(q.audio_url).toMatch(/^\/api\/v1\/audio\/cache\/[0-9a-f]{64}\/audio\.mp3$/);
      expect(q.audio_urls).toEqual([q.audio_url, q.audio_url?.replace('audio.mp3', 'index.m3u8')]);
      const mp3 = await get(q.audio_url ?? '');
      expect(mp3.statusCode).toBe(200);
      expect(mp3.headers['content-type']).toBe('audio/mpeg');
      expect(mp3.rawPayload.length).toBeGreaterThan(1000);
      expect(mp3.rawPayload[0]).toBe(0xff);
      const playlist = await get(q.audio_urls[1] ?? '');
      expect(playlist.body).toMatch(/^#EXTM3U/);
    }
    // The same text gives the same file: the second request is served from the cache.
    const again = questionsSchema.parse(
      (await get(`/api/v1/tests/${PLAIN}/parts/3/questions`, who.plus)).json(),
    );
    expect(again.data.questions.map((q) => q.audio_url)).toEqual(body.data.questions.map((q) => q.audio_url));
  });
});
