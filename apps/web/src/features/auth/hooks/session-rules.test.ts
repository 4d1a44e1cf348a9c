import { describe, expect, it } from 'vitest';
import { sessionAction } from './session-rules';

const NOW = Date.UTC(2026, 0, 1);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const jwt = (exp: number) => `${b64({ alg: 'HS256' })}.${b64({ exp: exp / 1000 })}.sig`;

describe('sessionAction (spec 000 §4)', () => {
  it('keeps a guest and a valid token', () => {
    expect(sessionAction({ token: null, refreshToken: null }, NOW, true)).toBe('keep');
    expect(sessionAction({ token: jwt(NOW + 60_000), refreshToken: 'r' }, NOW, false)).toBe('keep');
  });
  it('refreshes an expired token when a refresh token exists, else clears', () => {
    expect(sessionAction({ token: jwt(NOW - 1), refreshToken: 'r' }, NOW, true)).toBe('refresh');
    expect(sessionAction({ token: jwt(NOW - 1), refreshToken: 'r' }, NOW, false)).toBe('refresh');
    expect(sessionAction({ token: jwt(NOW - 1), refreshToken: null }, NOW, false)).toBe('clear');
  });
  it('removes the stored auth items at start when the payload cannot be read', () => {
    expect(sessionAction({ token: 'not-a-jwt', refreshToken: 'r' }, NOW, true)).toBe('clear');
    expect(sessionAction({ token: 'a.%%%.c', refreshToken: 'r' }, NOW, true)).toBe('clear');
  });
  it('later, an unreadable token is treated as expired', () => {
    expect(sessionAction({ token: 'not-a-jwt', refreshToken: 'r' }, NOW, false)).toBe('refresh');
    expect(sessionAction({ token: 'not-a-jwt', refreshToken: null }, NOW, false)).toBe('clear');
  });
});
