import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { authDataSchema } from '@kouyu/core';
import { createTwoInstances, testConfig, testDriver } from '../test/app.js';
import { clientAddress, lastCode, signUp } from '../test/accounts.js';

// An access token used to outlive its session by up to its lifetime (15 minutes): after logout, a
// password change or a reset it still read and wrote (decision 023).
describe(`ended sessions on ${testDriver}`, () => {
  let one: FastifyInstance;
  let two: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ one, two, close } = await createTwoInstances());
  });
  afterAll(async () => {
    await close();
  });
  const post = (app: FastifyInstance, url: string, payload?: object, headers = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      ...(payload ? { payload } : {}),
      headers,
      remoteAddress: clientAddress(),
    });
  const me = (app: FastifyInstance, auth: { authorization: string }) =>
    app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: auth }).then((r) => r.statusCode);
  const login = async (email: string, password: string) => {
    const body = authDataSchema.parse((await post(one, '/auth/login', { email, password })).json());
    return { authorization: `Bearer ${body.token}` };
  };
  /** Lets another instance's kept answer about a session run out (USER_CACHE_MS). */
  const afterCache = () => new Promise((r) => setTimeout(r, testConfig().USER_CACHE_MS + 50));

  it('logout ends its access token at once, on every instance', async () => {
    const user = await signUp(one);
    expect(await me(one, user.auth)).toBe(200);
    expect(await me(two, user.auth)).toBe(200);
    expect((await post(one, '/auth/logout', undefined, user.auth)).statusCode).toBe(200);
    expect(await me(one, user.auth)).toBe(401);
    await afterCache();
    expect(await me(two, user.auth)).toBe(401);
  });

  it('a password change ends the other sessions’ access tokens and keeps its own', async () => {
    const user = await signUp(one);
    const other = await login(user.email, user.password);
    expect(await me(two, other)).toBe(200);
    const changed = await post(
      one,
      '/user/password',
      { current_password: user.password, new_password: 'brand-new-789' },
      user.auth,
    );
    expect(changed.statusCode).toBe(200);
    expect(await me(one, other)).toBe(401);
    expect(await me(one, user.auth)).toBe(200);
    await afterCache();
    expect(await me(two, other)).toBe(401);
    expect(await me(two, user.auth)).toBe(200);
  });

  it('a reset ends every access token; a sign-in after it works', async () => {
    const user = await signUp(one);
    const other = await login(user.email, user.password);
    expect((await post(one, '/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    const code = await lastCode(one, user.email);
    const token = await post(one, '/auth/verify-password-reset-code', { email: user.email, code });
    const reset = await post(one, '/auth/reset-password', {
      reset_token: token.json().reset_token,
      password: 'after-reset-1',
    });
    expect(reset.statusCode).toBe(200);
    expect(await me(one, user.auth)).toBe(401);
    expect(await me(one, other)).toBe(401);
    expect(await me(one, await login(user.email, 'after-reset-1'))).toBe(200);
  });
});
