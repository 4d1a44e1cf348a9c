import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from '@/lib/session';

/** Whether someone is signed in (attempts are saved only then). */
export function useSignedIn(): boolean {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  return session.token !== null && session.user !== null;
}
