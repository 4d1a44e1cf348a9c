import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from '@/lib/session';

/** The signed-in user's id, or null for a guest (favourites and saved practice need an account). */
export function useViewerId(): number | null {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  return session.token && session.user ? session.user.id : null;
}
