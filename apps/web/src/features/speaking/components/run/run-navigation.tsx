import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '@/components/ui/button';
import { LocalLink } from '@/components/ui/local-link';
import type { WarningKey } from '../../hooks/use-warning';
import { numberRanges } from '../../lib/run';

export interface RunNavigationProps {
  warning: WarningKey | null;
  /** Run numbers still unanswered: the completion warning names them. */
  unanswered: readonly number[];
  last: boolean;
  finished: boolean;
  submitting: boolean;
  feedbackAvailable: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onRestart: () => void;
  onViewFeedback: () => void;
}

/** Previous / next (complete test on the last question), the 3-second warnings above them, and the after-test actions. */
export function RunNavigation(p: RunNavigationProps) {
  const { t } = useTranslation('speaking');
  return (
    // The bottom margin on phones keeps the buttons clear of the floating feedback button.
    <div className="mb-16 flex flex-col gap-3 md:mb-0">
      <div className="min-h-6" role="status" aria-live="assertive">
        {p.warning ? (
          <p
            className="rounded-lg bg-warning/15 px-3 py-2 text-sm font-medium text-warning"
            data-testid="run-warning"
            data-warning={p.warning}
            data-unanswered={p.warning === 'answerAll' ? p.unanswered.join(',') : undefined}
          >
            {p.warning === 'answerAll'
              ? t('warnings.answerAll', { count: p.unanswered.length, list: numberRanges(p.unanswered) })
              : t(`warnings.${p.warning}`)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="secondary" onClick={p.onPrevious} data-testid="previous-question">
          {t('nav.previous')}
        </Button>
        {p.last && p.finished ? null : (
          <Button onClick={p.onNext} data-testid="next-question">
            {p.last ? t('nav.complete') : t('nav.next')}
          </Button>
        )}
      </div>
      {p.finished ? (
        <div className="flex flex-wrap gap-3 border-t border-line pt-3">
          <Button
            variant="secondary"
            onClick={p.onRestart}
            disabled={p.submitting}
            data-testid="restart-test"
          >
            {t('nav.restart')}
          </Button>
          {p.feedbackAvailable ? (
            <Button onClick={p.onViewFeedback} data-testid="view-feedback">
              {t('nav.viewFeedback')}
            </Button>
          ) : null}
          <LocalLink to="/" className={buttonClass('ghost')}>
            {t('run.returnHome')}
          </LocalLink>
        </div>
      ) : null}
    </div>
  );
}
