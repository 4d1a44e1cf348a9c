export { FeedbackModal } from './components/feedback-modal';
export type { FeedbackModalProps } from './components/feedback-modal';
export { FeedbackButton } from './components/feedback-button';
export { openFeedback, useOpenFeedback } from './hooks/use-open-feedback';
