import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from '@/lib/session';

/** True when the stored user is an admin; the server checks the role again on every admin call. */
export function useIsAdmin(): boolean {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  return session.token !== null && session.user?.user_level === 'admin';
}

/** The signed-in user's id, so the admin's own account can be recognised in lists. */
export function useOwnId(): number | null {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  return session.user?.id ?? null;
}
