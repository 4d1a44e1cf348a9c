import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { STORAGE_KEYS } from '@kouyu/core';
import { storage } from './storage';
import { useIsMobile } from './use-media';

/** Every modal of the site. */
export type ModalId =
  'hskk' | 'hsk' | 'vocabulary' | 'showcase' | 'faq' | 'wechat' | 'feedback' | 'menu' | 'install';

/** Mobile modals remembered across reloads (spec 000 §2). */
export const REMEMBERED_MODALS: readonly ModalId[] = ['hskk', 'hsk', 'vocabulary'];

/** What a modal is opened with: the feedback modal's type, initial message and placeholder; the install platform. */
export interface ModalProps {
  type?: string;
  message?: string;
  placeholder?: string;
  platform?: string;
}

interface OpenModal {
  id: ModalId;
  props: ModalProps;
}

interface ModalApi {
  current: OpenModal | null;
  open(id: ModalId, props?: ModalProps): void;
  /** Closes the modal; `navigated` when a link inside it already moved history forward. */
  close(opts?: { navigated?: boolean }): void;
}

const ModalContext = createContext<ModalApi | null>(null);
const HISTORY_MARK = 'kouyuModal';

function isModalHistoryState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && HISTORY_MARK in state;
}

/**
 * One modal at a time. On mobile an open modal owns a history entry, so the back button closes it;
 * the hskk/hsk/vocabulary menus are remembered until closed.
 */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<OpenModal | null>(null);
  const mobile = useIsMobile();
  const pushed = useRef(false);

  const open = useCallback(
    (id: ModalId, props: ModalProps = {}) => {
      setCurrent({ id, props });
      if (mobile && REMEMBERED_MODALS.includes(id)) storage.set(STORAGE_KEYS.lastMobileModal, id);
      if (mobile && !pushed.current) {
        window.history.pushState({ ...(window.history.state ?? {}), [HISTORY_MARK]: true }, '');
        pushed.current = true;
      }
    },
    [mobile],
  );

  const close = useCallback((opts: { navigated?: boolean } = {}) => {
    setCurrent(null);
    // Leaving through a link inside the modal is not closing it: the learner finds it again on coming back.
    if (!opts.navigated) storage.remove(STORAGE_KEYS.lastMobileModal);
    if (pushed.current) {
      pushed.current = false;
      if (!opts.navigated && isModalHistoryState(window.history.state)) window.history.back();
    }
  }, []);

  useEffect(() => {
    const onPop = () => {
      if (!pushed.current) return;
      pushed.current = false;
      setCurrent(null);
      storage.remove(STORAGE_KEYS.lastMobileModal);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const api = useMemo(() => ({ current, open, close }), [current, open, close]);
  return <ModalContext.Provider value={api}>{children}</ModalContext.Provider>;
}

/** The modal stack; throws outside the provider. */
export function useModals(): ModalApi {
  const ctx = useContext(ModalContext);
  if (!ctx) throw new Error('useModals outside ModalProvider');
  return ctx;
}
