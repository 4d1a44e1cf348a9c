import { useTranslation } from 'react-i18next';
import { DEFAULT_FEEDBACK_TYPE, isFeedbackType } from '@kouyu/core';
import { Modal } from '@/components/ui/modal';
import { FeedbackForm } from './feedback-form';
import { LoginPrompt } from './login-prompt';

export interface FeedbackModalProps {
  open: boolean;
  onClose: () => void;
  /** Feedback needs an account: a guest sees the login prompt instead of the form. */
  signedIn: boolean;
  type?: string | undefined;
  message?: string | undefined;
  placeholder?: string | undefined;
}

/** The feedback modal, opened from anywhere with a type, an initial message and a placeholder (spec 000 §2). */
export function FeedbackModal({ open, onClose, signedIn, type, message, placeholder }: FeedbackModalProps) {
  const { t } = useTranslation('feedback');
  return (
    <Modal open={open} onClose={onClose} title={t('title')} testId="feedback-modal">
      {signedIn ? (
        <FeedbackForm
          initialType={isFeedbackType(type) ? type : DEFAULT_FEEDBACK_TYPE}
          initialMessage={message ?? ''}
          placeholder={placeholder ?? ''}
          onDone={onClose}
        />
      ) : (
        <LoginPrompt />
      )}
    </Modal>
  );
}
