import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { useMembership } from '../api/get-membership';
import { CompareTable } from './compare-table';
import { ErrorText } from './error-text';
import { Plans } from './plans';
import { RedeemForm } from './redeem-form';
import { StatusCard } from './status-card';

/** `/{lang}/plus` (signed-in only): status, what Plus gives, and the ways in this server offers. */
export function PlusPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const membership = useMembership();
  const info = membership.data;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10" data-testid="plus-page">
      <header>
        <h1 className="text-2xl font-semibold">{t('pages.plus')}</h1>
        <p className="text-ink-muted">{t('membership.intro')}</p>
      </header>
      {params.get('cancelled') ? (
        <Alert testId="checkout-cancelled">{t('membership.cancelled')}</Alert>
      ) : null}
      {membership.isPending ? <p role="status">{t('membership.loading')}</p> : null}
      <ErrorText error={membership.error} />
      {info ? (
        <>
          <StatusCard status={info.status} />
          <CompareTable />
          {info.plans.length > 0 && (info.ways.pay || info.ways.points) ? (
            <Plans info={info} renewing={info.status.state === 'active'} />
          ) : null}
          {info.ways.code ? <RedeemForm /> : null}
        </>
      ) : null}
    </div>
  );
}
