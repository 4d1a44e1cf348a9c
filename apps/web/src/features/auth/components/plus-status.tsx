import { useTranslation } from 'react-i18next';
import type { PlusStatus } from '@kouyu/core';
import { useLang } from '@/components/ui/local-link';
import { formatDate } from '@/lib/format-date';

/** "Active until …", "Expired" or "Not a member"; a stored expiry that cannot be read says why. */
export function PlusStatusText({
  membership,
  expiration,
}: {
  membership: PlusStatus;
  expiration: string | null;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  if (membership.dateError) return <>{t(`errors.${membership.dateError}`)}</>;
  if (membership.state === 'active' && expiration) {
    return <>{t('account.plusActiveUntil', { date: formatDate(expiration, lang) })}</>;
  }
  return <>{membership.state === 'expired' ? t('account.plusExpired') : t('account.plusNone')}</>;
}

/** The Plus expiry warning text (spec 000 §4): today / tomorrow, or in N days. */
export function usePlusWarningText() {
  const { t } = useTranslation();
  return (days: number, level: 'urgent' | 'warning') => {
    if (level === 'warning') return t('account.expiresInDays', { days });
    return days <= 0 ? t('account.expiresToday') : t('account.expiresTomorrow');
  };
}
