import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { signUp } from '../../../test/accounts.js';
import { dictationSessions, reviewCards, reviewLog } from '../../../db/schema.js';
import { createUploadStore } from '../../../dictation/upload-store.js';
import { answerAudioStore, keepAnswerAudio, loadAnswerAudio } from '../../../speech/voice/answer-audio.js';

describe(`own account on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('needs a signed-in user on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/user/points'],
      ['GET', '/api/v1/user/points/history'],
      ['GET', '/api/v1/user/export'],
      ['PATCH', '/api/v1/user'],
      ['POST', '/api/v1/user/password'],
      ['DELETE', '/api/v1/user'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('not_authenticated');
    }
  });

  it('updates the profile and settings', async () => {
    const u = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user',
      headers: u.auth,
      payload: { name: 'Li Ming', language: 'zh', settings: { asr_model: 'dashscope' } },
    });
    expect(res.json().user).toMatchObject({
      name: 'Li Ming',
      language: 'zh',
      settings: { asr_model: 'dashscope' },
    });
  });

  it('changes the password only with the current one', async () => {
    const u = await signUp(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/password',
      headers: u.auth,
      payload: { current_password: 'bad-one-1', new_password: 'brand-new-1' },
    });
    expect(wrong.json()).toMatchObject({ code: 'wrong_password' });
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/password',
      headers: u.auth,
      payload: { current_password: u.password, new_password: '123' },
    });
    expect(short.json().message).toBe('Password must be at least 6 characters');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/password',
      headers: u.auth,
      payload: { current_password: u.password, new_password: 'brand-new-1' },
    });
    expect(ok.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: u.email, password: 'brand-new-1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('exports the data as a JSON download', async () => {
    const u = await signUp(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/export', headers: u.auth });
    expect(res.headers['content-disposition']).toContain('attachment; filename="kouyu-data-');
    const data = res.json();
    expect(data.account).toMatchObject({ email: u.email, share_code: u.user.share_code });
    expect(data.account).not.toHaveProperty('password_hash');
    expect(JSON.stringify(data)).not.toMatch(/argon2/);
    expect(data.mail.length).toBeGreaterThan(0);
  });

  it('exports review cards, their answers and each recording as a link only the owner opens', async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    const db = t.app.database.db;
    const [card] = await db
      .insert(reviewCards)
      .values({ userId: u.user.id, kind: 'tone', source: 'voice', hanzi: '妈', due: new Date() })
      .returning();
    if (!card) throw new Error('no card');
    await db.insert(reviewLog).values({
      userId: u.user.id,
      cardId: card.id,
      rating: 3,
      answeredAt: new Date(),
      stateBefore: 'new',
      applied: true,
    });
    const audioId = await keepAnswerAudio(
      db,
      answerAudioStore(t.app.config),
      u.user.id,
      new Int16Array(1600).fill(300),
    );
    const data = (await t.app.inject({ method: 'GET', url: '/api/v1/user/export', headers: u.auth })).json();
    expect(data.review_cards).toHaveLength(1);
    expect(data.review_cards[0]).toMatchObject({ hanzi: '妈', kind: 'tone' });
    expect(data.review_log).toHaveLength(1);
    expect(data.answer_recordings).toEqual([
      expect.objectContaining({ id: audioId, duration_ms: 100, url: `/api/v1/audio/answers/${audioId}` }),
    ]);
    expect(data.email_codes.length).toBeGreaterThan(0);
    expect(JSON.stringify(data.email_codes)).not.toMatch(/hash/);
    const own = await t.app.inject({ method: 'GET', url: data.answer_recordings[0].url, headers: u.auth });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('audio/wav');
    const theirs = await t.app.inject({
      method: 'GET',
      url: data.answer_recordings[0].url,
      headers: other.auth,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('deletes the account after the password, and the account is gone', async () => {
    const u = await signUp(t.app);
    const store = createUploadStore(t.app.config);
    const key = await store.save(Buffer.from('\x89PNG fake photo'), 'png');
    await t.app.database.db
      .insert(dictationSessions)
      .values({ userId: u.user.id, words: ['你好'], intervalS: 5, imageKey: key });
    expect(await store.read(key)).not.toBeNull();
    const answers = answerAudioStore(t.app.config);
    const audioId = await keepAnswerAudio(
      t.app.database.db,
      answers,
      u.user.id,
      new Int16Array(1600).fill(300),
    );
    if (!audioId) throw new Error('no recording kept');
    expect(await answers.read(`${audioId}.wav`)).not.toBeNull();
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/user',
      headers: u.auth,
      payload: { password: 'nope-nope' },
    });
    expect(wrong.json().code).toBe('wrong_password');
    const ok = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/user',
      headers: u.auth,
      payload: { password: u.password },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: u.auth })).statusCode).toBe(
      401,
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: u.email, password: u.password },
    });
    expect(login.statusCode).toBe(401);
    expect(await store.read(key)).toBeNull();
    // The learner's own voice goes with the account, file and row.
    expect(await answers.read(`${audioId}.wav`)).toBeNull();
    expect(await loadAnswerAudio(t.app.database.db, answers, u.user.id, audioId)).toBeNull();
  });
});
