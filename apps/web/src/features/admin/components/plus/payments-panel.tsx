import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPayment } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { useLang } from '@/components/ui/local-link';
import { formatDate } from '@/lib/format-date';
import { usePayments } from '../../api/plus';
import { Badge, LoadError, Loading, Panel } from '../parts';

const TONE = {
  pending: 'neutral',
  paid: 'success',
  unpaid: 'neutral',
  refunded: 'danger',
  partially_refunded: 'warning',
} as const;

function money(amount: number, currency: string, lang: string) {
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(amount);
}

function Row({ p }: { p: AdminPayment }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  return (
    <tr className="border-b border-line last:border-0" data-testid="payment-row">
      <td className="py-2 pr-3 whitespace-nowrap">{formatDate(p.created_at, lang, 'withTime')}</td>
      <td className="py-2 pr-3 break-all">{p.email}</td>
      <td className="py-2 pr-3">{t('membership.planDays', { plan: p.plan, days: p.days })}</td>
      <td className="py-2 pr-3 whitespace-nowrap">{money(p.amount, p.currency, lang)}</td>
      <td className="py-2 pr-3 whitespace-nowrap">
        {p.amount_refunded > 0 ? money(p.amount_refunded, p.currency, lang) : '—'}
      </td>
      <td className="py-2 pr-3">
        <Badge tone={TONE[p.status]}>{t(`membership.status.${p.status}`)}</Badge>
      </td>
      <td className="py-2 font-mono text-xs break-all" title={p.provider_ref}>
        {p.provider}
      </td>
    </tr>
  );
}

/** Payments, newest first: who, which plan, amount, refunds and status (pending until the webhook). */
export function PaymentsPanel() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const payments = usePayments(page);
  const data = payments.data;
  return (
    <Panel title={t('membership.paymentsTitle')} testId="admin-payments">
      {payments.isPending ? <Loading /> : null}
      {payments.error ? <LoadError error={payments.error} onRetry={() => void payments.refetch()} /> : null}
      {data && data.data.length === 0 ? <p className="text-ink-muted">{t('membership.noPayments')}</p> : null}
      {data && data.data.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-line text-ink-muted">
                <th className="py-2 pr-3 font-medium">{t('membership.date')}</th>
                <th className="py-2 pr-3 font-medium">{t('membership.user')}</th>
                <th className="py-2 pr-3 font-medium">{t('membership.plan')}</th>
                <th className="py-2 pr-3 font-medium">{t('membership.amount')}</th>
                <th className="py-2 pr-3 font-medium">{t('membership.refunded')}</th>
                <th className="py-2 pr-3 font-medium">{t('membership.state')}</th>
                <th className="py-2 font-medium">{t('membership.provider')}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((p) => (
                <Row key={p.id} p={p} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data && data.total > 20 ? (
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('membership.previous')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={page * 20 >= data.total}
            onClick={() => setPage(page + 1)}
          >
            {t('membership.next')}
          </Button>
        </div>
      ) : null}
    </Panel>
  );
}
