import { useMemo, useSyncExternalStore } from 'react';
import { plusStatus } from '@kouyu/core';
import type { Viewer } from '@kouyu/core';
import { getSession, subscribeSession } from './session';

export interface SpeakingViewer extends Viewer {
  userId: number | null;
}

/** Who is using the page (the test, dictation, the speech check): signed in or guest, official (active Plus) or not (tokens come from freshToken). */
export function useViewer(): SpeakingViewer {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  return useMemo(() => {
    const user = session.token ? session.user : null;
    return {
      signedIn: user !== null,
      official: user ? plusStatus(user.is_official, session.paymentExpiration).hasActivePlus : false,
      userId: user?.id ?? null,
    };
  }, [session]);
}
