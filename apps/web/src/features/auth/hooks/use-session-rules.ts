import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { clearSession, getSession } from '@/lib/session';
import { sessionAction } from './session-rules';

let started = false;

async function apply(atStart: boolean) {
  const action = sessionAction(getSession(), Date.now(), atStart);
  if (action === 'clear') clearSession();
  // refreshSession shares one request among concurrent callers (the API client's 401 retry too). The
  // client loads only when a refresh is due: a guest's first paint does not need it (decision 017).
  else if (action === 'refresh' && !(await (await import('@/lib/api')).refreshSession())) clearSession();
}

/** Checks the session when the app starts and again on every route change (spec 000 §4). */
export function useSessionRules() {
  const { pathname } = useLocation();
  useEffect(() => {
    const atStart = !started;
    started = true;
    void apply(atStart);
  }, [pathname]);
}
