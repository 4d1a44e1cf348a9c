import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { signUp } from '../../../test/accounts.js';
import { dictationSessions } from '../../../db/schema.js';
import { createUploadStore } from '../../../dictation/upload-store.js';

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

  it('deletes the account after the password, and the account is gone', async () => {
    const u = await signUp(t.app);
    const store = createUploadStore(t.app.config);
    const key = await store.save(Buffer.from('\x89PNG fake photo'), 'png');
    await t.app.database.db.insert(dictationSessions).values({ userId: u.user.id, words: ['你好'], intervalS: 5, imageKey: key });
    expect(await store.read(key)).not.toBeNull();
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
  });
});
