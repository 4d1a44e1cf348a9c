import { useTranslation } from 'react-i18next';
import type { HskkLevel } from '@kouyu/core';
import { useElapsed } from '../../hooks/use-elapsed';
import { clock } from '../../lib/run';
import { ClockIcon } from '@/components/ui/control-icons';

/** Test title, level badge and the total timer (runs from start to completion). */
export function RunHeader({
  title,
  level,
  startedAt,
  finishedAt,
}: {
  title: string;
  level: HskkLevel;
  startedAt: number | null;
  finishedAt: number | null;
}) {
  const { t } = useTranslation('speaking');
  const seconds = useElapsed(startedAt, startedAt !== null && finishedAt === null, finishedAt);
  return (
    <header className="flex flex-wrap items-center justify-between gap-3 border-b border-line pb-4">
      <div className="flex min-w-0 flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold sm:text-2xl" data-testid="run-title">
          {title}
        </h1>
        <span className="rounded-full bg-brand-soft px-3 py-0.5 text-sm font-medium text-brand">
          {t(`levels.${level}`)}
        </span>
      </div>
      <p
        className="flex items-center gap-1 font-mono text-lg tabular-nums"
        aria-label={t('run.totalTime')}
        data-testid="run-timer"
      >
        <ClockIcon />
        <span>{clock(seconds)}</span>
      </p>
    </header>
  );
}
