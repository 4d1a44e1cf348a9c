import { useTranslation } from 'react-i18next';
import { useStats } from '../api/get-stats';

function Figure({ label, value, testId }: { label: string; value: number | null; testId: string }) {
  return (
    <div className="flex flex-1 flex-col items-center rounded-xl bg-surface-sunken px-3 py-2">
      <span className="text-2xl font-semibold" data-testid={testId}>
        {value ?? '–'}
      </span>
      <span className="text-xs text-ink-muted">{label}</span>
    </div>
  );
}

/** Due today and reviewed today (`GET /review/stats`), and the answers still waiting on this device. */
export function StatsHeader({ userId, kept }: { userId: number; kept: number }) {
  const { t } = useTranslation();
  const stats = useStats(userId);
  return (
    <section aria-label={t('review.stats.label')} className="flex flex-col gap-2" data-testid="review-stats">
      <div className="flex gap-2">
        <Figure label={t('review.stats.due')} value={stats.data?.due_today ?? null} testId="stats-due" />
        <Figure
          label={t('review.stats.reviewed')}
          value={stats.data?.reviewed_today ?? null}
          testId="stats-reviewed"
        />
        <Figure label={t('review.stats.total')} value={stats.data?.total ?? null} testId="stats-total" />
      </div>
      {kept > 0 ? (
        <p className="text-center text-sm text-ink-muted" data-testid="review-kept" data-count={kept}>
          {t('review.kept', { count: kept })}
        </p>
      ) : null}
    </section>
  );
}
