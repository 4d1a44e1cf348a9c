import { useTranslation } from 'react-i18next';
import { useLang } from '@/components/ui/local-link';
import { formatDate } from '@/lib/format-date';
import { useMembershipHistory } from '../../api/plus';
import { LoadError, Loading, Panel } from '../parts';

/** Where a user's Plus came from and went: payments, codes, points, refunds, admin changes. */
export function MembershipHistory({ userId }: { userId: number }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const history = useMembershipHistory(userId);
  return (
    <Panel title={t('membership.historyTitle')} testId="admin-membership-history">
      {history.isPending ? <Loading /> : null}
      {history.error ? <LoadError error={history.error} onRetry={() => void history.refetch()} /> : null}
      {history.data?.data.length === 0 ? <p className="text-ink-muted">{t('membership.noHistory')}</p> : null}
      <ul className="flex flex-col gap-1 text-sm">
        {history.data?.data.map((h) => (
          <li
            key={h.id}
            className="flex flex-wrap gap-x-3 border-b border-line py-1 last:border-0"
            data-testid="history-row"
          >
            <time dateTime={h.created_at} className="text-ink-muted">
              {formatDate(h.created_at, lang, 'withTime')}
            </time>
            <span className="font-medium">{t(`membership.kind.${h.kind}`)}</span>
            <span>{t('membership.daysDelta', { days: h.days > 0 ? `+${h.days}` : String(h.days) })}</span>
            {h.new_expiry ? (
              <span className="text-ink-muted">
                {t('membership.newExpiry', { date: formatDate(h.new_expiry, lang) })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
