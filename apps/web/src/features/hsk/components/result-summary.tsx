import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { HskAttemptResult } from '@kouyu/core';
import { Button, buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { LocalLink } from '@/components/ui/local-link';
import { formatClock } from '../lib/blocks';

/** The score of a submitted set, whether it was saved, and where to go next. */
export const ResultSummary = forwardRef<
  HTMLElement,
  { result: HskAttemptResult; signedIn: boolean; backTo: string; onRetry: () => void }
>(function ResultSummary({ result, signedIn, backTo, onRetry }, ref) {
  const { t } = useTranslation('hsk');
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="hsk-result-title"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-raised p-5 shadow-sm focus:outline-none"
      data-testid="hsk-result"
    >
      <h2 id="hsk-result-title" className="text-xl font-semibold">
        {t('result.title')}
      </h2>
      <p className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <span className="text-4xl font-bold" data-testid="hsk-score">
          {t('result.score', { score: result.score, max: result.max_score })}
        </span>
        <span className={cn('text-lg font-semibold', result.passed ? 'text-success' : 'text-warning')}>
          {result.percent}% · {result.passed ? t('result.passed') : t('result.notPassed')}
        </span>
        {result.duration_s !== null ? (
          <span className="text-sm text-ink-muted">
            {t('result.time', { time: formatClock(result.duration_s) })}
          </span>
        ) : null}
      </p>
      <p className="text-sm text-ink-muted" data-testid="hsk-saved">
        {result.id !== null ? (
          <>
            {t('result.saved')}{' '}
            <LocalLink to="/results" className="text-brand underline">
              {t('result.allResults')}
            </LocalLink>
          </>
        ) : signedIn ? (
          t('result.notSaved')
        ) : (
          <>
            {t('result.guest')}{' '}
            <LocalLink to="/auth?mode=login" className="text-brand underline">
              {t('result.signIn')}
            </LocalLink>
          </>
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onRetry} data-testid="hsk-retry">
          {t('result.retry')}
        </Button>
        <LocalLink to={backTo} className={buttonClass('secondary')}>
          {t('result.backToSets')}
        </LocalLink>
      </div>
    </section>
  );
});
