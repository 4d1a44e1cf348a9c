import { useMemo, useSyncExternalStore } from 'react';
import { vipStatus, wordLimit } from '@kouyu/core';
import { getSession, subscribeSession } from '@/lib/session';

export interface DictationViewer {
  userId: number | null;
  signedIn: boolean;
  /** Active Plus: handwriting analysis, words from a photo, 20 words. */
  plus: boolean;
  limit: number;
}

/** Who is dictating, from the stored session: the extras and the word limit depend on it (spec 000 §5-§6). */
export function useViewer(): DictationViewer {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  return useMemo(() => {
    const user = session.token ? session.user : null;
    const plus = user !== null && vipStatus(user.is_official, session.paymentExpiration).hasActiveVIP;
    return { userId: user?.id ?? null, signedIn: user !== null, plus, limit: wordLimit(plus) };
  }, [session]);
}
