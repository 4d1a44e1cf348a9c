// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, freshToken, renewedToken } from './api';
import { getSession, saveAuth } from './session';

/** An unsigned JWT-shaped token whose payload says when it was issued and when it expires. */
function token(issuedS: number, expiresS: number, tag = 'a'): string {
  const payload = btoa(JSON.stringify({ sub: '7', iat: issuedS, exp: expiresS, tag }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `e30.${payload}.sig`;
}

const nowS = () => Math.floor(Date.now() / 1000);

function refreshAnswers(answer: () => Promise<Response>) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renewed = () =>
  Promise.resolve(
    new Response(JSON.stringify({ token: token(nowS(), nowS() + 900, 'new'), refresh_token: 'r2' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
  );

describe('freshToken: a valid token for every call of a long flow', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('returns the stored token while it has time left, without a request', async () => {
    saveAuth({ token: token(nowS() - 60, nowS() + 800), refresh_token: 'r1' });
    const fetchMock = refreshAnswers(renewed);
    expect(await freshToken()).toBe(getSession().token);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('renews a token within a minute of its expiry once, for every caller at the same time', async () => {
    saveAuth({ token: token(nowS() - 870, nowS() + 30), refresh_token: 'r1' });
    const fetchMock = refreshAnswers(renewed);
    const got = await Promise.all([freshToken(), freshToken(), freshToken()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Set(got).size).toBe(1);
    expect(got[0]).toContain('.');
    expect(getSession().refreshToken).toBe('r2');
    expect(got[0]).toBe(getSession().token);
  });

  it('scales the margin to a short lifetime: a 3-second token with 2 seconds left is still used', async () => {
    saveAuth({ token: token(nowS() - 1, nowS() + 2), refresh_token: 'r1' });
    const fetchMock = refreshAnswers(renewed);
    await freshToken();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the session when the refresh fails for the network (the learner may be offline)', async () => {
    const stale = token(nowS() - 900, nowS() - 5);
    saveAuth({ token: stale, refresh_token: 'r1' });
    refreshAnswers(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await freshToken()).toBe(stale);
    expect(getSession().refreshToken).toBe('r1');
  });

  it('ends the session when the server refuses the refresh token', async () => {
    saveAuth({ token: token(nowS() - 900, nowS() - 5), refresh_token: 'r1' });
    refreshAnswers(() => Promise.resolve(new Response('{"code":"token_refresh_failed"}', { status: 401 })));
    expect(await freshToken()).toBeNull();
    expect(getSession().token).toBeNull();
  });

  it('renews on demand after the server refused a token that looked valid (4401)', async () => {
    saveAuth({ token: token(nowS() - 60, nowS() + 800), refresh_token: 'r1' });
    const fetchMock = refreshAnswers(renewed);
    const next = await renewedToken();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(next).toBe(getSession().token);
    expect(getSession().refreshToken).toBe('r2');
  });
});

describe('calls on a network that went away', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('fails at once offline, sending nothing and not renewing a token about to expire', async () => {
    saveAuth({ token: token(nowS() - 890, nowS() + 10), refresh_token: 'r1' });
    const fetchMock = refreshAnswers(renewed);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(
      api('/user-test-questions', { method: 'POST', body: {}, schema: z.unknown() }),
    ).rejects.toThrow(TypeError);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('gives up a refresh that never answers once the browser goes offline, and keeps the session', async () => {
    const before = token(nowS() - 890, nowS() + 10);
    saveAuth({ token: before, refresh_token: 'r1' });
    refreshAnswers(
      () =>
        new Promise<Response>((_resolve, reject) => {
          // Like a request sent as the network went away: no answer until it is aborted.
          const signal = vi.mocked(fetch).mock.calls[0]?.[1]?.signal;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = freshToken();
    window.dispatchEvent(new Event('offline'));
    expect(await pending).toBe(before);
    expect(getSession().refreshToken).toBe('r1');
  });
});
