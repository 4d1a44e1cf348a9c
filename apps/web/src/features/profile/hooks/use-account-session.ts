import { useMemo, useSyncExternalStore } from 'react';
import { plusStatus } from '@kouyu/core';
import { getSession, subscribeSession } from '@/lib/session';

/** The stored user and its Plus status (the page is behind RequireAuth, so a user is there). */
export function useAccountSession() {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  return useMemo(
    () => ({
      user: session.user,
      expiration: session.paymentExpiration,
      membership: plusStatus(session.user?.is_official ?? false, session.paymentExpiration),
    }),
    [session],
  );
}
