import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { HanziStatus } from './use-hanzi-writer';

/** The square a character is drawn in: a 米 grid behind the writer, and what to say while it is not ready. */
export function HanziFrame({
  char,
  status,
  writerRef,
  label,
  onRetry,
  testId,
}: {
  char: string;
  status: HanziStatus;
  writerRef: RefObject<HTMLDivElement | null>;
  /** What a screen reader hears for the square (the text alternative). */
  label: string;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  let overlay: ReactNode = null;
  if (status === 'loading') overlay = <p className="text-sm text-ink-muted">{t('hanzi.loading')}</p>;
  if (status === 'missing')
    overlay = <p className="px-4 text-center text-sm">{t('hanzi.noData', { char })}</p>;
  if (status === 'error')
    overlay = (
      <div className="flex flex-col items-center gap-2 px-4 text-center text-sm" role="alert">
        <p>{t('hanzi.loadFailed')}</p>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t('hanzi.retry')}
        </Button>
      </div>
    );
  return (
    <div
      className="relative mx-auto aspect-square w-full max-w-72 select-none rounded-xl border border-line bg-surface-raised sm:max-w-80"
      data-testid={testId}
      data-status={status}
    >
      <svg className="absolute inset-0 h-full w-full text-line" viewBox="0 0 100 100" aria-hidden="true">
        <g stroke="currentColor" strokeWidth="0.4" strokeDasharray="2 2" fill="none">
          <line x1="0" y1="50" x2="100" y2="50" />
          <line x1="50" y1="0" x2="50" y2="100" />
          <line x1="0" y1="0" x2="100" y2="100" />
          <line x1="100" y1="0" x2="0" y2="100" />
        </g>
      </svg>
      {/* touch-none: a finger drawing a stroke must not scroll the page. */}
      <div
        ref={writerRef}
        className="absolute inset-0 touch-none"
        role="img"
        aria-label={label}
        data-testid={`${testId}-target`}
      />
      {overlay ? <div className="absolute inset-0 flex items-center justify-center">{overlay}</div> : null}
    </div>
  );
}
