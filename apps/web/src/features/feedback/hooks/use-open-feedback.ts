import { useCallback } from 'react';
import { DEFAULT_FEEDBACK_TYPE } from '@kouyu/core';
import type { FeedbackType } from '@kouyu/core';
import { i18n } from '@/lib/i18n';
import { useModals } from '@/lib/modals';
import type { ModalId, ModalProps } from '@/lib/modals';

type Opener = (id: ModalId, props?: ModalProps) => void;

/**
 * Opens the feedback modal with a type (general by default), an initial message and a placeholder.
 * Without the modal system the spec's alert tells the user to refresh (spec 000 §2).
 */
export function openFeedback(
  opener: Opener | null,
  type: FeedbackType = DEFAULT_FEEDBACK_TYPE,
  message = '',
  placeholder = '',
): void {
  if (!opener) {
    window.alert(i18n.t('feedback:unavailable'));
    return;
  }
  opener('feedback', { type, message, placeholder });
}

/** The modal opener, or null when this part of the page is rendered outside the modal system. */
export function useModalOpener(): Opener | null {
  // useModals throws outside its provider; the context is still read on every render.
  try {
    return useModals().open;
  } catch {
    return null;
  }
}

/** `openFeedback` bound to this page's modal system. */
export function useOpenFeedback() {
  const opener = useModalOpener();
  return useCallback(
    (type?: FeedbackType, message?: string, placeholder?: string) =>
      openFeedback(opener, type, message, placeholder),
    [opener],
  );
}
