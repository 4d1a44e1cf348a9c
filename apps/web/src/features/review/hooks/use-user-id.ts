import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from '@/lib/session';

/** The signed-in user's id (the review page is for signed-in learners only), or null. */
export function useUserId(): number | null {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  return session.token && session.user ? session.user.id : null;
}
