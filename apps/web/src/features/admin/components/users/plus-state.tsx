import { useTranslation } from 'react-i18next';
import { plusWarning, plusStatus } from '@kouyu/core';
import { useLang } from '@/components/ui/local-link';
import { formatDate } from '@/lib/format-date';
import { Badge } from '../parts';

/**
 * A user's Plus as the membership rules of core read it: active until a date with the days left
 * (amber in the last week, red on the last day), expired, or not a member.
 */
export function PlusState({
  isOfficial,
  expiration,
  now,
}: {
  isOfficial: boolean;
  expiration: string | null;
  now?: Date;
}) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const status = plusStatus(isOfficial, expiration, now);
  if (status.state === 'active' && expiration) {
    const warning = plusWarning(status);
    return (
      <span
        className="flex flex-wrap items-center gap-x-2 gap-y-1"
        data-testid="plus-state"
        data-state="active"
      >
        <Badge tone={warning ? (warning.level === 'urgent' ? 'danger' : 'warning') : 'success'}>
          {t('plus.daysLeft', { count: status.daysUntilExpiration })}
        </Badge>
        <span className="text-sm">{t('plus.active', { date: formatDate(expiration, lang) })}</span>
      </span>
    );
  }
  if (status.state === 'expired') {
    return (
      <span className="flex flex-wrap items-center gap-2" data-testid="plus-state" data-state="expired">
        <Badge tone="danger">{t('plus.expired')}</Badge>
        {expiration ? (
          <span className="text-sm text-ink-muted">
            {t('plus.expiredOn', { date: formatDate(expiration, lang) })}
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <span className="text-sm text-ink-muted" data-testid="plus-state" data-state="none">
      {t('plus.none')}
    </span>
  );
}
