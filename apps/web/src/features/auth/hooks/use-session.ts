import { useMemo, useSyncExternalStore } from 'react';
import { plusStatus } from '@kouyu/core';
import type { StoredUser, PlusStatus } from '@kouyu/core';
import { getSession, subscribeSession } from '@/lib/session';
import type { Session } from '@/lib/session';

export interface SessionView {
  session: Session;
  /** The signed-in user, or null for a guest. */
  user: StoredUser | null;
  signedIn: boolean;
  membership: PlusStatus;
  isAdmin: boolean;
}

/** The stored session, its VIP status (core `plusStatus`) and the admin role; follows other tabs too. */
export function useSession(): SessionView {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  return useMemo(() => {
    const user = session.token ? session.user : null;
    return {
      session,
      user,
      signedIn: user !== null,
      membership: plusStatus(user?.is_official ?? false, session.paymentExpiration),
      isAdmin: user?.user_level === 'admin',
    };
  }, [session]);
}
