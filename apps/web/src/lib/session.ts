import { STORAGE_KEYS, parseStoredUser } from '@kouyu/core';
import type { AuthData, StoredUser } from '@kouyu/core';
import { storage } from './storage';

export const AUTH_CHANGE_EVENT = 'kouyu:auth-change';
const VIP_CACHE_KEY = 'vip_status_cache';
const EXPIRATION_KEY = 'payment_expiration';

export interface Session {
  token: string | null;
  refreshToken: string | null;
  user: StoredUser | null;
  paymentExpiration: string | null;
}

function read(): Session {
  const raw = storage.get(STORAGE_KEYS.userData);
  let user: StoredUser | null = null;
  if (raw) {
    // Checked by hand in core, not with the zod schema: this runs before the first paint (decision 017).
    try {
      user = parseStoredUser(JSON.parse(raw));
    } catch {
      user = null;
    }
  }
  return {
    token: storage.get(STORAGE_KEYS.authToken),
    refreshToken: storage.get(STORAGE_KEYS.refreshToken),
    user,
    paymentExpiration: storage.get(EXPIRATION_KEY),
  };
}

let current = read();
const listeners = new Set<() => void>();

function emit(broadcast: boolean) {
  current = read();
  for (const l of listeners) l();
  if (broadcast) window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
}

if (typeof window !== 'undefined') {
  // Other tabs follow sign-in and sign-out.
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === STORAGE_KEYS.authToken || e.key === STORAGE_KEYS.userData) emit(false);
  });
}

/** The current session (stable object until it changes). */
export function getSession(): Session {
  return current;
}

/** Subscribes to session changes (for useSyncExternalStore). */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores what login, verification or refresh returned and broadcasts the change. */
export function saveAuth(
  data: Pick<AuthData, 'token' | 'refresh_token'> & Partial<Pick<AuthData, 'user' | 'payment_expiration'>>,
) {
  storage.set(STORAGE_KEYS.authToken, data.token);
  storage.set(STORAGE_KEYS.refreshToken, data.refresh_token);
  if (data.user) storage.set(STORAGE_KEYS.userData, JSON.stringify(data.user));
  if (data.payment_expiration !== undefined) {
    if (data.payment_expiration) storage.set(EXPIRATION_KEY, data.payment_expiration);
    else storage.remove(EXPIRATION_KEY);
  }
  emit(true);
}

/** Replaces the stored user (after `GET /auth/me` or a points refresh). */
export function saveUser(user: StoredUser, paymentExpiration?: string | null) {
  storage.set(STORAGE_KEYS.userData, JSON.stringify(user));
  if (paymentExpiration !== undefined) {
    if (paymentExpiration) storage.set(EXPIRATION_KEY, paymentExpiration);
    else storage.remove(EXPIRATION_KEY);
  }
  emit(false);
}

/** Clears the session: tokens, user data and the VIP cache; broadcasts the change. */
export function clearSession() {
  storage.remove(
    STORAGE_KEYS.authToken,
    STORAGE_KEYS.refreshToken,
    STORAGE_KEYS.userData,
    VIP_CACHE_KEY,
    EXPIRATION_KEY,
  );
  emit(true);
}

/** A numeric claim (seconds) of a JWT's payload, in ms since epoch, or null when it cannot be read. */
function timeClaim(token: string, claim: 'exp' | 'iat'): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json: unknown = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
    if (typeof json !== 'object' || json === null) return null;
    const value: unknown = Reflect.get(json, claim);
    return typeof value === 'number' ? value * 1000 : null;
  } catch {
    return null;
  }
}

/** Expiry (ms since epoch) from a JWT's payload, or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  return timeClaim(token, 'exp');
}

/** Issue time (ms since epoch) from a JWT's payload, or null. */
export function tokenIssuedAt(token: string): number | null {
  return timeClaim(token, 'iat');
}
