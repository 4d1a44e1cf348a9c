import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { HskSet } from '@kouyu/core';
import { cn } from '@/components/ui/cn';
import { formatClock } from '../lib/blocks';

// The last minute is shown as urgent.
const URGENT_S = 60;

/** Title, instructions, progress and the pinyin switch (levels 1-2). */
export function RunHeader({
  set,
  answered,
  showPinyin,
  onPinyin,
}: {
  set: HskSet;
  answered: number;
  showPinyin: boolean;
  onPinyin: ((show: boolean) => void) | null;
}) {
  const { t } = useTranslation('hsk');
  const pinyinId = useId();
  return (
    <header className="flex flex-col gap-3">
      <h1 className="text-2xl font-bold">{set.title}</h1>
      <details className="rounded-xl bg-surface-sunken p-3" open>
        <summary className="cursor-pointer font-medium">{t('run.instructions')}</summary>
        <p className="mt-2 whitespace-pre-line text-sm">{set.instructions}</p>
      </details>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <span>{t('run.progress', { answered, total: set.items.length })}</span>
        <span>{t('run.points', { n: set.max_score })}</span>
        {onPinyin ? (
          <span className="flex items-center gap-2">
            <input
              id={pinyinId}
              type="checkbox"
              checked={showPinyin}
              onChange={(e) => onPinyin(e.target.checked)}
              className="h-4 w-4 accent-brand"
            />
            <label htmlFor={pinyinId}>{t('run.showPinyin')}</label>
          </span>
        ) : null}
      </div>
    </header>
  );
}

/** The clock of a timed run, kept in view while scrolling (below the site header). */
export function TimerBar({
  secondsLeft,
  answered,
  total,
}: {
  secondsLeft: number;
  answered: number;
  total: number;
}) {
  const { t } = useTranslation('hsk');
  return (
    <div
      className={cn(
        'sticky top-20 z-10 flex items-center gap-4 self-start rounded-full px-4 py-2 shadow-md',
        secondsLeft <= URGENT_S ? 'bg-danger text-white' : 'bg-surface-raised',
      )}
      data-testid="hsk-timer"
    >
      <span className="font-mono text-lg font-semibold">
        <span className="sr-only">{t('run.timeLeft')} </span>
        <span role="timer" aria-live="off">
          {formatClock(secondsLeft)}
        </span>
      </span>
      <span className="text-sm">{t('run.progress', { answered, total })}</span>
    </div>
  );
}
