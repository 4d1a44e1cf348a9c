import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useRecords } from '../api/get-records';
import { useSummary } from '../api/get-summary';

const RECENT = 5;

/** The signed-in learner's totals: attempts, accuracy per mode, streak of days, idioms mastered, last answers. */
export function PracticeSummary({ viewerId }: { viewerId: number }) {
  const { t } = useTranslation(['idioms', 'common']);
  const summary = useSummary(viewerId);
  const records = useRecords(viewerId, 1, RECENT);
  const s = summary.data?.data;
  return (
    <aside
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-raised p-5 shadow-sm"
      aria-labelledby="practice-summary-title"
      data-testid="practice-summary"
    >
      <h3 id="practice-summary-title" className="text-lg font-semibold">
        {t('summary.title')}
      </h3>
      {summary.isPending ? <p className="text-sm text-ink-muted">{t('common:common.loading')}</p> : null}
      {summary.isError ? (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-danger">
          {t('summary.failed')}
          <Button variant="secondary" size="sm" onClick={() => void summary.refetch()}>
            {t('common:common.retry')}
          </Button>
        </p>
      ) : null}
      {s ? (
        <>
          <dl className="grid grid-cols-2 gap-3">
            {(
              [
                ['attempts', s.attempts],
                ['accuracy', `${s.accuracy}%`],
                ['streak', s.streak_days],
                ['mastered', s.mastered],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="rounded-xl bg-surface-sunken p-3">
                <dt className="text-xs text-ink-muted">{t(`summary.${key}`)}</dt>
                <dd className="text-2xl font-semibold" data-testid={`summary-${key}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <ul className="text-sm">
            {(['meaning', 'missing_char'] as const).map((mode) => (
              <li key={mode} className="flex justify-between border-b border-line py-1 last:border-0">
                <span>{t(`modes.${mode}`)}</span>
                <span data-testid={`summary-mode-${mode}`}>
                  {t('summary.modeLine', {
                    correct: s.by_mode[mode].correct,
                    attempts: s.by_mode[mode].attempts,
                    accuracy: s.by_mode[mode].accuracy,
                  })}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {records.data && records.data.data.length > 0 ? (
        <div>
          <h4 className="mb-1 text-sm font-semibold text-ink-muted">{t('summary.recent')}</h4>
          <ul className="text-sm" data-testid="practice-recent">
            {records.data.data.map((r) => (
              <li key={r.id} className="flex items-center gap-2 py-0.5">
                <span aria-hidden="true" className={r.correct ? 'text-success' : 'text-danger'}>
                  {r.correct ? '✓' : '✗'}
                </span>
                <span className="sr-only">{r.correct ? t('summary.right') : t('summary.wrong')}</span>
                <span className="font-cjk" lang="zh-CN">
                  {r.chengyu}
                </span>
                <span className="text-ink-muted">{t(`modes.${r.mode}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </aside>
  );
}
