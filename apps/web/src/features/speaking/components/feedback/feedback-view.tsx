import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { reviewAccess } from '@kouyu/core';
import { PlusNotice } from '@/components/lesson-review/plus-notice';
import { Button } from '@/components/ui/button';
import type { FeedbackItem } from '../../hooks/use-feedback-run';
import { FeedbackCard } from './feedback-card';

export interface FeedbackViewProps {
  items: FeedbackItem[];
  running: boolean;
  average: number | null;
  saveFailed: boolean;
  /** The run waits on this device to be sent ('kept'), or was sent after waiting ('sent'). */
  keptState: 'kept' | 'sent' | null;
  onSendKept: () => void;
  signedIn: boolean;
  official: boolean;
  onBack: () => void;
  /** A guest's "Done" at the end of the feedback (then the limitation modal); none for learners. */
  onDone?: () => void;
}

/** The feedback-only view: average score, each question's streamed feedback, back to the test. */
export function FeedbackView({
  items,
  running,
  average,
  saveFailed,
  keptState,
  onSendKept,
  signedIn,
  official,
  onBack,
  onDone,
}: FeedbackViewProps) {
  const { t } = useTranslation('speaking');
  const location = useLocation();
  // One rule with the results route (core): what a reader without Plus may not see is not shown.
  const access = reviewAccess({ signedIn, official });
  return (
    <section className="flex flex-col gap-4" aria-labelledby="feedback-title" data-testid="feedback-view">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="feedback-title" className="text-xl font-semibold">
          {t('feedback.title')}
        </h2>
        <Button variant="secondary" onClick={onBack} data-testid="back-to-test">
          {t('feedback.backToTest')}
        </Button>
      </div>
      <div
        className="flex flex-wrap items-center gap-4 rounded-2xl bg-brand-soft p-4"
        role="status"
        aria-live="polite"
      >
        {running ? <p>{t('feedback.submitting')}</p> : null}
        {average !== null ? (
          <p className="text-lg">
            {t('feedback.average')} <strong data-testid="average-score">{average}</strong>
          </p>
        ) : !running ? (
          <p className="text-ink-muted">{t('feedback.noScore')}</p>
        ) : null}
      </div>
      {saveFailed ? (
        <p className="text-sm text-danger" role="alert" data-testid="save-failed">
          {t('feedback.errors.save')}
        </p>
      ) : null}
      {keptState === 'kept' ? (
        <div
          className="flex flex-wrap items-center gap-3 rounded-xl border border-warning p-3 text-sm"
          role="status"
          data-testid="answers-kept"
        >
          <p>{t('feedback.kept')}</p>
          <Button size="sm" variant="secondary" onClick={onSendKept} data-testid="send-kept">
            {t('feedback.sendNow')}
          </Button>
        </div>
      ) : keptState === 'sent' ? (
        <p className="text-sm text-success" role="status" data-testid="answers-sent">
          {t('feedback.sent')}
        </p>
      ) : null}
      {items.length > 0 ? <PlusNotice access={access} next={location.pathname} /> : null}
      <div className="flex flex-col gap-3">
        {items.map((item) => (
          <FeedbackCard key={item.runNumber} item={item} access={access} />
        ))}
      </div>
      {onDone && !running && items.length > 0 ? (
        <Button className="self-start" onClick={onDone} data-testid="feedback-done">
          {t('feedback.done')}
        </Button>
      ) : null}
    </section>
  );
}
