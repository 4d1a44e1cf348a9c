import { tokenExpiry } from '@/lib/session';
import type { Session } from '@/lib/session';

/** What to do with the stored session: keep it, refresh it, or clear it. */
export type SessionAction = 'keep' | 'refresh' | 'clear';

/**
 * The session rules of spec 000 §4. At start, with both tokens stored, an unreadable token payload
 * removes the stored auth items. On every check an access token whose expiry has passed is refreshed
 * when a refresh token exists, otherwise the session is cleared.
 */
export function sessionAction(
  session: Pick<Session, 'token' | 'refreshToken'>,
  now: number,
  atStart: boolean,
): SessionAction {
  if (!session.token) return 'keep';
  const expiry = tokenExpiry(session.token);
  if (expiry === null && atStart && session.refreshToken) return 'clear';
  if (expiry !== null && expiry > now) return 'keep';
  return session.refreshToken ? 'refresh' : 'clear';
}
