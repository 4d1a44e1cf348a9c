import { useMemo, useState } from 'react';
import { PROGRESS_DAYS_DEFAULT } from '@kouyu/core';
import { useTranslation } from 'react-i18next';
import type { ProgressResponse } from '@kouyu/core';
import { Button, buttonClass, PRIMARY_ACTION } from '@/components/ui/button';
import { LocalLink } from '@/components/ui/local-link';
import { useProgress } from '../api/get-progress';
import type { ChartLine } from '../lib/series';
import { TimeChart } from './time-chart';
import { WordsKnown } from './words-known';

const percent = (v: number) => `${Math.round(v)}%`;
/** The charts in page order; each names its lines, its texts (`progress.<key>.*`) and its test ids. */
const CHARTS = ['hskk', 'hsk', 'tones'] as const;
/** The windows a learner may pick, in days. */
const RANGES = [30, 90, PROGRESS_DAYS_DEFAULT, 365] as const;

/** The four series of the answer as chart lines with their labels in the page language. */
function useLines(data: ProgressResponse | undefined) {
  const { t } = useTranslation('progress');
  return useMemo(() => {
    if (!data) return null;
    const score = (points: { day: string; score: number }[]) =>
      points.map((p) => ({ day: p.day, value: p.score }));
    const hskk: ChartLine[] = data.hskk
      .filter((s) => s.points.length > 0)
      .map((s) => ({ label: t('hskk.part', { part: s.part }), points: score(s.points) }));
    const hsk: ChartLine[] = data.hsk
      .filter((s) => s.points.length > 0)
      .map((s) => ({ label: t(`hsk.${s.skill}`), points: score(s.points) }));
    const tones: ChartLine[] =
      data.tones.length > 0
        ? [
            {
              label: t('tones.line'),
              points: data.tones.map((p) => ({ day: p.day, value: 100 * p.accuracy })),
            },
          ]
        : [];
    return { hskk, hsk, tones };
  }, [data, t]);
}

/** `/{lang}/progress` (signed-in only): scores, tones and words over the last months. */
export function ProgressPage() {
  const { t } = useTranslation(['progress', 'common']);
  const [days, setDays] = useState<number>(PROGRESS_DAYS_DEFAULT);
  const progress = useProgress(days);
  const lines = useLines(progress.data);
  const nothingYet =
    lines !== null && lines.hskk.length === 0 && lines.hsk.length === 0 && lines.tones.length === 0;
  return (
    <div
      className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10"
      data-testid="progress-page"
    >
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">{t('title')}</h1>
        <p className="text-sm text-ink-muted">{t('intro')}</p>
      </div>
      <div
        className="flex flex-wrap gap-2"
        role="group"
        aria-label={t('range.label')}
        data-testid="progress-range"
      >
        {RANGES.map((d) => (
          <Button
            key={d}
            size="sm"
            variant={d === days ? 'primary' : 'secondary'}
            aria-pressed={d === days}
            onClick={() => setDays(d)}
            data-days={d}
          >
            {t(`range.d${d}`)}
          </Button>
        ))}
      </div>
      {progress.isPending ? (
        <p className="py-10 text-center text-ink-muted" role="status">
          {t('common:common.loading')}
        </p>
      ) : progress.isError || !lines || !progress.data ? (
        <div className="flex flex-col items-center gap-4 py-10 text-center" role="alert">
          <p>{t('failed')}</p>
          <Button variant="secondary" onClick={() => void progress.refetch()}>
            {t('common:common.retry')}
          </Button>
        </div>
      ) : (
        <>
          {nothingYet ? (
            <div
              className="flex flex-col items-center gap-4 rounded-2xl bg-surface-sunken px-4 py-8 text-center"
              data-testid="progress-empty"
            >
              <p className="text-ink-muted">{t('empty')}</p>
              <LocalLink to="/test-selection/basic" className={buttonClass('primary')} {...PRIMARY_ACTION}>
                {t('start')}
              </LocalLink>
            </div>
          ) : null}
          {CHARTS.map((key) => (
            <TimeChart
              key={key}
              title={t(`${key}.title`)}
              lines={lines[key]}
              format={percent}
              max={100}
              empty={t(`${key}.empty`)}
              testId={`progress-${key}`}
              from={progress.data.from}
              to={progress.data.to}
            />
          ))}
          <WordsKnown levels={progress.data.words_known} />
        </>
      )}
    </div>
  );
}
