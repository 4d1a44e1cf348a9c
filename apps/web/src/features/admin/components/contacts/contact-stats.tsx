import { useTranslation } from 'react-i18next';
import { CONTACT_STATUSES, FEEDBACK_TYPES } from '@kouyu/core';
import type { ContactStats as Stats, ContactStatus } from '@kouyu/core';
import { cn } from '@/components/ui/cn';

/**
 * The counts of `GET /admin/contacts/stats`: each status is a button that filters the list by it
 * (pressed while that filter is on); the types and the average rating follow.
 */
export function ContactStats({
  stats,
  status,
  onStatus,
}: {
  stats: Stats;
  status: ContactStatus | undefined;
  onStatus: (status: ContactStatus | undefined) => void;
}) {
  const { t } = useTranslation(['admin', 'feedback']);
  return (
    <div className="flex flex-col gap-3" data-testid="contact-stats">
      <h3 className="sr-only">{t('contacts.stats')}</h3>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <button
          type="button"
          aria-pressed={status === undefined}
          onClick={() => onStatus(undefined)}
          className={tileClass(status === undefined)}
          data-testid="contact-stat-total"
        >
          <span className="text-sm text-ink-muted">{t('all')}</span>
          <span className="text-2xl font-semibold" data-testid="contact-stat-total-value">
            {stats.total}
          </span>
        </button>
        {CONTACT_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            aria-label={`${t('contacts.filterByStatus', { status: t(`status.${s}`) })}: ${stats.by_status[s] ?? 0}`}
            onClick={() => onStatus(status === s ? undefined : s)}
            className={tileClass(status === s)}
            data-testid={`contact-stat-${s}`}
          >
            <span className="text-sm text-ink-muted">{t(`status.${s}`)}</span>
            <span className="text-2xl font-semibold" data-testid={`contact-stat-${s}-value`}>
              {stats.by_status[s] ?? 0}
            </span>
          </button>
        ))}
      </div>
      <div className="flex flex-col gap-1 text-sm">
        <p className="font-medium">{t('contacts.byType')}</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-ink-muted">
          {FEEDBACK_TYPES.map((type) => (
            <li key={type}>
              {t(`feedback:type.${type}`)}:{' '}
              <span className="font-medium text-ink">{stats.by_type[type] ?? 0}</span>
            </li>
          ))}
        </ul>
        <p className="text-ink-muted">
          {stats.average_rating === null
            ? t('contacts.noRatings')
            : t('contacts.rated', { count: stats.rated_count, average: stats.average_rating })}
        </p>
      </div>
    </div>
  );
}

function tileClass(active: boolean): string {
  return cn(
    'flex flex-col items-start gap-1 rounded-xl border p-3 text-left transition-colors',
    'focus-visible:outline-2 focus-visible:outline-brand',
    active ? 'border-brand bg-brand-soft' : 'border-line hover:bg-surface-sunken',
  );
}
