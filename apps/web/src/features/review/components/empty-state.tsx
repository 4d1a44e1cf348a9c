import { useTranslation } from 'react-i18next';
import { useLang } from '@/components/ui/local-link';
import { formatDate } from '@/lib/format-date';

/** Nothing due: come back later, with the next card's time when one is known. */
export function EmptyState({ nextDue }: { nextDue: string | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div
      className="flex flex-col items-center gap-2 rounded-2xl border border-line bg-surface-raised p-8 text-center shadow-sm"
      data-testid="review-empty"
    >
      <p className="text-lg font-semibold">{t('review.empty.title')}</p>
      <p className="text-ink-muted">{t('review.empty.body')}</p>
      {nextDue ? (
        <p className="text-sm text-ink-muted" data-testid="review-next-due">
          {t('review.empty.next', { time: formatDate(nextDue, lang, 'withTime') })}
        </p>
      ) : null}
    </div>
  );
}
