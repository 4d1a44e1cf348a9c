/**
 * The local test login of spec 000 §4: fixed credentials give a fake Plus user with 1000 points and a
 * one-year expiry, without calling the server. Development builds only: the login form loads this
 * module behind `import.meta.env.DEV`, so production bundles leave it out (local-login.test.ts checks).
 * Calls that need the server still fail for this user, as the tokens are not signed.
 */
import type { AuthData } from '@kouyu/core';
import { saveAuth } from '@/lib/session';

/** Unique text of this module; the bundle test looks for it in the production build. */
export const LOCAL_LOGIN_MARKER = 'kouyu-local-test-login-8f3c2a';

export const LOCAL_LOGIN_EMAIL = 'local@kouyu.test';
export const LOCAL_LOGIN_PASSWORD = 'local-test';
const POINTS = 1000;
const YEAR_MS = 365 * 24 * 3600 * 1000;

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The fake session: a premium user, 1000 points, Plus for one year. */
export function localAuth(now: number = Date.now()): AuthData {
  const expires = now + YEAR_MS;
  return {
    success: true,
    // An unsigned token whose payload still carries an expiry, so the session rules keep it.
    token: `${base64url({ alg: 'none' })}.${base64url({ exp: Math.floor(expires / 1000) })}.${LOCAL_LOGIN_MARKER}`,
    refresh_token: LOCAL_LOGIN_MARKER,
    payment_expiration: new Date(expires).toISOString(),
    user: {
      id: 0,
      email: LOCAL_LOGIN_EMAIL,
      name: 'Local Tester',
      username: 'local-tester',
      is_official: true,
      is_vip: true,
      user_level: 'basic',
      point: POINTS,
      share_code: 'LOCALTEST',
      invited_code: null,
      email_verified: true,
      language: 'en',
      settings: { asr_model: 'doubao' },
    },
  };
}

/** Signs in the fake user when the credentials are the local test ones; false otherwise. */
export function tryLocalLogin(email: string, password: string): boolean {
  if (email !== LOCAL_LOGIN_EMAIL || password !== LOCAL_LOGIN_PASSWORD) return false;
  saveAuth(localAuth());
  return true;
}
