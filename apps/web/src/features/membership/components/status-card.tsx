import { useTranslation } from 'react-i18next';
import type { MembershipStatus } from '@kouyu/core';
import { useLang } from '@/components/ui/local-link';
import { cn } from '@/components/ui/cn';
import { formatDate } from '@/lib/format-date';

/** The learner's Plus status: not a member, active (days left and expiry, the 7-day warning), or expired. */
export function StatusCard({ status }: { status: MembershipStatus }) {
  const { t } = useTranslation();
  const lang = useLang();
  const warning = status.warning;
  return (
    <section
      data-testid="plus-status"
      data-state={status.state}
      className={cn(
        'rounded-2xl border p-5 shadow-sm',
        status.state === 'active' ? 'border-success/40 bg-surface-raised' : 'border-line bg-surface-raised',
        warning?.level === 'urgent' && 'border-danger/60',
      )}
    >
      <h2 className="text-lg font-semibold">{t('membership.statusTitle')}</h2>
      {status.state === 'active' && status.expires_at ? (
        <>
          <p className="mt-1 text-2xl font-semibold" data-testid="plus-days-left">
            {t('membership.daysLeft', { count: status.days_until_expiration })}
          </p>
          <p className="text-sm text-ink-muted">
            {t('membership.activeUntil', { date: formatDate(status.expires_at, lang, 'long') })}
          </p>
        </>
      ) : (
        <p className="mt-1" data-testid="plus-not-active">
          {status.state === 'expired' ? t('membership.expired') : t('membership.notMember')}
        </p>
      )}
      {warning ? (
        <p
          role={warning.level === 'urgent' ? 'alert' : 'status'}
          data-testid="plus-warning"
          data-level={warning.level}
          className={cn(
            'mt-3 text-sm font-medium',
            warning.level === 'urgent' ? 'text-danger' : 'text-warning',
          )}
        >
          {warning.level === 'warning'
            ? t('account.expiresInDays', { days: warning.days })
            : warning.days <= 0
              ? t('account.expiresToday')
              : t('account.expiresTomorrow')}{' '}
          {t('membership.renewHint')}
        </p>
      ) : null}
    </section>
  );
}
