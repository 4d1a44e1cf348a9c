import { useTranslation } from 'react-i18next';
import { useLang } from '@/components/ui/local-link';
import { formatDate } from '@/lib/format-date';
import { dueDay } from '../lib/due-day';

/**
 * Nothing due: when to come back, said by the day of the next card (a card due tonight is not
 * "tomorrow"), with its time alone when it is today.
 */
export function EmptyState({ nextDue }: { nextDue: string | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const next = nextDue ? new Date(nextDue) : null;
  const day = next && !Number.isNaN(next.getTime()) ? dueDay(next, new Date()) : null;
  const body =
    day === 'today'
      ? 'review.empty.bodyToday'
      : day === 'tomorrow'
        ? 'review.empty.bodyTomorrow'
        : 'review.empty.body';
  return (
    <div
      className="flex flex-col items-center gap-2 rounded-2xl border border-line bg-surface-raised p-8 text-center shadow-sm"
      data-testid="review-empty"
      data-day={day ?? 'none'}
    >
      <p className="text-lg font-semibold">{t('review.empty.title')}</p>
      <p className="text-ink-muted" data-testid="review-empty-body">
        {t(body)}
      </p>
      {next && day ? (
        <p className="text-sm text-ink-muted" data-testid="review-next-due">
          {day === 'today'
            ? t('review.empty.nextToday', { time: formatDate(next, lang, 'time') })
            : t('review.empty.next', { time: formatDate(next, lang, 'withTime') })}
        </p>
      ) : null}
    </div>
  );
}
