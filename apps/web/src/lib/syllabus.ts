import { useCallback, useSyncExternalStore } from 'react';
import { SYLLABUS_DEFAULT, meSchema, syllabusOr } from '@kouyu/core';
import type { Syllabus } from '@kouyu/core';
import { api } from './api';
import { getSession, saveUser, subscribeSession } from './session';

/** A guest's syllabus, kept on the device (a signed-in learner's lives on the account). */
const GUEST_KEY = 'kouyu.syllabus';
const guestListeners = new Set<() => void>();

function readGuest(): Syllabus {
  try {
    return syllabusOr(localStorage.getItem(GUEST_KEY), SYLLABUS_DEFAULT);
  } catch {
    return SYLLABUS_DEFAULT;
  }
}

function subscribe(listener: () => void) {
  guestListeners.add(listener);
  const unsubscribe = subscribeSession(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === GUEST_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    guestListeners.delete(listener);
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}

/** The learner's syllabus: the account's (HSK 2.0 for an account stored before it had one), else the device's. */
export function currentSyllabus(): Syllabus {
  const session = getSession();
  if (session.token && session.user) return syllabusOr(session.user.syllabus, 'hsk2');
  return readGuest();
}

/** Changes the syllabus: on the account when signed in (`PATCH /user`), else on this device. */
export async function chooseSyllabus(syllabus: Syllabus): Promise<void> {
  const session = getSession();
  if (session.token && session.user) {
    const me = await api('/user', { method: 'PATCH', body: { syllabus }, schema: meSchema });
    saveUser(me.user, me.payment_expiration);
    return;
  }
  try {
    localStorage.setItem(GUEST_KEY, syllabus);
  } catch {
    // Private mode without storage: the choice lasts until the page is left.
  }
  for (const l of guestListeners) l();
}

/** Remembers a syllabus the plan already saved on the account (no second request). */
export function rememberSyllabus(syllabus: Syllabus) {
  const { user } = getSession();
  if (user && user.syllabus !== syllabus) saveUser({ ...user, syllabus });
}

/** The learner's syllabus and the way to change it; follows sign-in and other tabs. */
export function useSyllabus(): { syllabus: Syllabus; choose: (s: Syllabus) => Promise<void> } {
  const syllabus = useSyncExternalStore(subscribe, currentSyllabus, currentSyllabus);
  const choose = useCallback((s: Syllabus) => chooseSyllabus(s), []);
  return { syllabus, choose };
}
