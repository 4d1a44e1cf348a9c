import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { clientAddress } from '../../../test/accounts.js';

// Spec 000 §8: a refresh without a token is answered with the catalogue's own text.
describe(`refresh without a token on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['an empty token', { refresh_token: '' }],
    ['no token field', {}],
    ['a null token', { refresh_token: null }],
    ['no body at all', undefined],
  ])('answers "No refresh token available" for %s', async (_name, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      remoteAddress: clientAddress(),
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'no_refresh_token',
      message: 'No refresh token available',
    });
  });

  it('still answers "Token refresh failed" for a token it does not know, even a short one', async () => {
    for (const token of ['abc', 'x'.repeat(64)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        remoteAddress: clientAddress(),
        payload: { refresh_token: token },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'token_refresh_failed', message: 'Token refresh failed' });
    }
  });
});
