import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { FeedbackItem } from '../../hooks/use-feedback-run';
import { FeedbackCard } from './feedback-card';

export interface FeedbackViewProps {
  items: FeedbackItem[];
  running: boolean;
  average: number | null;
  saveFailed: boolean;
  signedIn: boolean;
  official: boolean;
  onBack: () => void;
}

/** The feedback-only view: average score, each question's streamed feedback, back to the test. */
export function FeedbackView({
  items,
  running,
  average,
  saveFailed,
  signedIn,
  official,
  onBack,
}: FeedbackViewProps) {
  const { t } = useTranslation('speaking');
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
      <div className="flex flex-col gap-3">
        {items.map((item) => (
          <FeedbackCard key={item.runNumber} item={item} signedIn={signedIn} official={official} />
        ))}
      </div>
    </section>
  );
}
