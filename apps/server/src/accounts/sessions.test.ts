import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { authDataSchema } from '@kouyu/core';
import { createTestApp, testDriver } from '../test/app.js';
import type { TestApp } from '../test/app.js';
import { clientAddress, signUp } from '../test/accounts.js';

// Decision 028, defects 1, 2 and the token part of 8: each test failed before the fix.
describe(`sessions on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const post = (url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      ...(payload ? { payload } : {}),
      headers,
      remoteAddress: clientAddress(),
    });
  const login = async (email: string, password: string) => {
    const res = await post('/auth/login', { email, password });
    expect(res.statusCode).toBe(200);
    const body = authDataSchema.parse(res.json());
    return { ...body, auth: { authorization: `Bearer ${body.token}` } };
  };
  const me = (authorization: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization } });

  it('a password change ends every other session and keeps the one that changed it', async () => {
    const user = await signUp(t.app);
    const other = await login(user.email, user.password);
    const changed = await post(
      '/user/password',
      { current_password: user.password, new_password: 'brand-new-789' },
      user.auth,
    );
    expect(changed.statusCode).toBe(200);
    expect((await post('/auth/refresh', { refresh_token: other.refresh_token })).statusCode).toBe(401);
    const kept = await post('/auth/refresh', { refresh_token: user.refresh_token });
    expect(kept.statusCode).toBe(200);
  });

  it('logout with only the bearer ends that session and no other', async () => {
    const user = await signUp(t.app);
    const other = await login(user.email, user.password);
    const out = await post('/auth/logout', undefined, user.auth);
    expect(out.statusCode).toBe(200);
    expect((await post('/auth/refresh', { refresh_token: user.refresh_token })).statusCode).toBe(401);
    expect((await post('/auth/refresh', { refresh_token: other.refresh_token })).statusCode).toBe(200);
  });

  it('the access token a refresh returns names the same session, so logout still ends it', async () => {
    const user = await signUp(t.app);
    const next = authDataSchema.parse(
      (await post('/auth/refresh', { refresh_token: user.refresh_token })).json(),
    );
    await post('/auth/logout', undefined, { authorization: `Bearer ${next.token}` });
    expect((await post('/auth/refresh', { refresh_token: next.refresh_token })).statusCode).toBe(401);
  });

  it('refuses a token signed with the real secret but without an expiry', async () => {
    const user = await signUp(t.app);
    const forever = await new SignJWT({ adm: false })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.user.id))
      .setIssuedAt()
      .sign(new TextEncoder().encode(t.app.config.jwtSecret));
    expect((await me(`Bearer ${forever}`)).statusCode).toBe(401);
    expect((await me(user.auth.authorization)).statusCode).toBe(200);
  });

  it('two tabs refreshing with one token at once both get the same new pair', async () => {
    const user = await signUp(t.app);
    const [a, b] = await Promise.all([
      post('/auth/refresh', { refresh_token: user.refresh_token }),
      post('/auth/refresh', { refresh_token: user.refresh_token }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const first = authDataSchema.parse(a.json());
    expect(authDataSchema.parse(b.json()).refresh_token).toBe(first.refresh_token);
    // The family lives on: the shared successor refreshes once more.
    const again = await post('/auth/refresh', { refresh_token: first.refresh_token });
    expect(again.statusCode).toBe(200);
    // Now the original comes back after its successor was spent: that is a stolen token.
    expect((await post('/auth/refresh', { refresh_token: user.refresh_token })).statusCode).toBe(401);
    const latest = authDataSchema.parse(again.json());
    expect((await post('/auth/refresh', { refresh_token: latest.refresh_token })).statusCode).toBe(401);
  });
});
