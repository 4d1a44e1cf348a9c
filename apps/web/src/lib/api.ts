import { STORAGE_KEYS, errorMessage, isErrorCode } from '@kouyu/core';
import type { ErrorCode } from '@kouyu/core';
import type { z } from 'zod';
import { track } from './analytics';
import { logDebug } from './debug-log';
import { storage } from './storage';
import { clearSession, getSession, saveAuth, tokenExpiry, tokenIssuedAt } from './session';

import { API_BASE } from './api-base';

export { API_BASE };

/** An error answer of the API, with its catalogue code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
  /** Seconds to wait, when the server sent a cooldown. */
  get cooldown(): number | null {
    const c = this.body['cooldown'];
    return typeof c === 'number' ? c : null;
  }
}

export interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Checks and types the answer; a 204 answer is parsed as `undefined`. */
  schema: S;
  signal?: AbortSignal;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Extra headers, e.g. a bearer pass that is not the session's token (with `auth: false`). */
  headers?: Record<string, string>;
}

let refreshing: Promise<boolean> | null = null;

// Why the last refresh failed: the server refused the refresh token (sign in again), or the
// network failed (keep the session: the learner may only be offline for a moment).
let lastRefreshRefused = false;

/** A refresh that has not answered by then counts as a network failure (the session is kept). */
const REFRESH_TIMEOUT_MS = 15_000;

/**
 * Aborts after `ms`, or at once when the browser goes offline: a request sent as the network went away
 * may neither answer nor fail, and everything waiting on the refresh would wait with it.
 */
function lostNetworkSignal(ms: number): { signal: AbortSignal; release: () => void } {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), ms);
  const offline = () => ac.abort();
  if (typeof window !== 'undefined') window.addEventListener('offline', offline, { once: true });
  // Once the answer came, neither the timer nor the listener is needed any more.
  const release = () => {
    clearTimeout(timer);
    if (typeof window !== 'undefined') window.removeEventListener('offline', offline);
  };
  ac.signal.addEventListener('abort', release);
  return { signal: ac.signal, release };
}

async function postRefresh(refreshToken: string): Promise<boolean> {
  const { signal, release } = lostNetworkSignal(REFRESH_TIMEOUT_MS);
  try {
    const res = await fetch(`${API_BASE}/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
      signal,
    });
    lastRefreshRefused = res.status === 401;
    if (!res.ok) return false;
    const data: unknown = await res.json();
    if (
      typeof data === 'object' &&
      data !== null &&
      'token' in data &&
      typeof data.token === 'string' &&
      'refresh_token' in data &&
      typeof data.refresh_token === 'string'
    ) {
      saveAuth({ token: data.token, refresh_token: data.refresh_token });
      return true;
    }
    return false;
  } catch {
    lastRefreshRefused = false;
    return false;
  } finally {
    release();
  }
}

/**
 * One refresh at a time, across tabs too: refresh tokens are single-use (a reused one revokes the
 * session), so a tab waits for the others and uses the token another tab already obtained.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const before = getSession().refreshToken;
    if (!before) return false;
    const run = async () => {
      // Read storage itself: another tab may have refreshed before its storage event reached us.
      const current = storage.get(STORAGE_KEYS.refreshToken);
      if (!current) return false;
      if (current !== before) return true;
      return postRefresh(current);
    };
    return typeof navigator !== 'undefined' && navigator.locks
      ? navigator.locks.request('kouyu-auth-refresh', run)
      : run();
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * The address of the spoken audio of a short text (`GET /audio/speak`). Our own words, idioms and
 * questions are for everyone; other text (a learner's dictation list) needs sign-in, and an audio
 * element sends no header, so the session's token goes in the URL.
 */
export function speakUrl(text: string): string {
  const token = getSession().token;
  return `${API_BASE}/audio/speak?text=${encodeURIComponent(text)}${token ? `&token=${encodeURIComponent(token)}` : ''}`;
}

/** How long before expiry a token is renewed: a minute, or a quarter of a short lifetime. */
const EARLY_REFRESH_MS = 60_000;

/**
 * A valid access token for the next call, or null for a guest: the stored one while it has time
 * left, else a refreshed one (one refresh shared by every caller and tab). Every call of a long
 * flow asks here (sockets, uploads, results), so a 20-minute test never sends a stale token. When
 * the refresh fails for the network, the stored token is returned and the call decides.
 */
export async function freshToken(): Promise<string | null> {
  const { token, refreshToken } = getSession();
  if (!token) return null;
  const expiry = tokenExpiry(token);
  const issued = tokenIssuedAt(token);
  const margin = Math.min(
    EARLY_REFRESH_MS,
    expiry !== null && issued !== null ? (expiry - issued) / 4 : EARLY_REFRESH_MS,
  );
  if (expiry === null || expiry - Date.now() > margin || !refreshToken) return token;
  // Offline, a refresh cannot answer: the call goes with the stored token and fails as offline.
  if (typeof navigator !== 'undefined' && !navigator.onLine) return token;
  if (await refreshSession()) return getSession().token;
  if (lastRefreshRefused) {
    clearSession();
    return null;
  }
  return token;
}

/**
 * After the server refused a token (401, socket close 4401): refreshes once and returns the new
 * token, or null when the session is over (then it is cleared and the learner signs in again).
 */
export async function renewedToken(): Promise<string | null> {
  if (!getSession().refreshToken) return null;
  if (await refreshSession()) return getSession().token;
  if (lastRefreshRefused) clearSession();
  return null;
}

function url(path: string, query?: RequestOptions<z.ZodType>['query']): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) qs.set(k, String(v));
  const s = qs.toString();
  return `${API_BASE}${path}${s ? `?${s}` : ''}`;
}

async function send(path: string, opts: RequestOptions<z.ZodType>): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  const token = opts.auth === false ? null : await freshToken();
  if (token) headers['authorization'] = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  // Offline, no write is sent: one queued behind requests the dead network keeps open would wait for
  // ever; failing at once lets the caller keep its work on the device (a run, review answers). A read
  // still goes out, as the browser's HTTP cache may answer it (a page opened before works offline).
  const method = opts.method ?? 'GET';
  if (method !== 'GET' && typeof navigator !== 'undefined' && navigator.onLine === false)
    throw new TypeError('offline');
  const guard = lostNetworkSignal(body instanceof FormData ? UPLOAD_TIMEOUT_MS : API_TIMEOUT_MS);
  const signal = opts.signal ? anySignal([opts.signal, guard.signal]) : guard.signal;
  return fetch(url(path, opts.query), { method, headers, body, signal }).finally(guard.release);
}

/** A call that has not answered by then is given up as a network failure. */
const API_TIMEOUT_MS = 60_000;
const UPLOAD_TIMEOUT_MS = 180_000;

/** Aborts when any of `signals` does. */
function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const ac = new AbortController();
  for (const s of signals) {
    if (s.aborted) ac.abort();
    else s.addEventListener('abort', () => ac.abort(), { once: true });
  }
  return ac.signal;
}

async function toError(res: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await res.json();
    if (typeof parsed === 'object' && parsed !== null) body = { ...parsed };
  } catch {
    body = {};
  }
  const code: ErrorCode = isErrorCode(body['code'])
    ? body['code']
    : res.status >= 500
      ? 'internal'
      : 'not_found';
  const message = typeof body['message'] === 'string' ? body['message'] : errorMessage(code);
  return new ApiError(res.status, code, message, body);
}

/**
 * Calls the API. On a 401 it refreshes the session once and retries; if that fails the session is
 * cleared. Other errors are reported to analytics and thrown as ApiError.
 */
export async function api<S extends z.ZodType>(path: string, opts: RequestOptions<S>): Promise<z.infer<S>> {
  let res = await send(path, opts);
  if (res.status === 401 && opts.auth !== false && getSession().refreshToken && !path.startsWith('/auth/')) {
    if (await refreshSession()) res = await send(path, opts);
    else if (lastRefreshRefused) clearSession();
  }
  if (!res.ok) {
    const err = await toError(res);
    if (res.status !== 401) track({ type: 'api_error', path, status: res.status, code: err.code });
    logDebug(
      'api',
      res.status >= 500 ? 'error' : 'warn',
      `${opts.method ?? 'GET'} ${path} → ${res.status} ${err.code}`,
    );
    throw err;
  }
  if (res.status === 204) return opts.schema.parse(undefined);
  const data: unknown = await res.json();
  return opts.schema.parse(data);
}
