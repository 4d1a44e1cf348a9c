import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClass } from '@/components/ui/button';
import { LocalLink } from '@/components/ui/local-link';
import { useCheckoutState } from '../api/checkout';
import { announcePaymentCompleted } from '../hooks/payment-completed';
import { ErrorText } from './error-text';

/**
 * `/{lang}/plus/success?session_id=…`, where the provider sends the buyer back. The redirect proves
 * nothing: the page asks the server until the verified webhook has turned the checkout paid.
 */
export function PlusSuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const state = useCheckoutState(sessionId);
  const status = state.data?.status;
  const announced = useRef(false);
  useEffect(() => {
    if (status === 'paid' && !announced.current) {
      announced.current = true;
      announcePaymentCompleted();
    }
  }, [status]);
  const gaveUp = state.exhausted;
  return (
    <div
      className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-10"
      data-testid="plus-success"
      data-status={status ?? 'unknown'}
    >
      <h1 className="text-2xl font-semibold">{t('pages.plus')}</h1>
      {!sessionId ? <Alert tone="error">{t('errors.payment_not_found')}</Alert> : null}
      {status === 'paid' ? (
        <Alert tone="success" testId="payment-confirmed">
          {t('membership.paid', { count: state.data?.days ?? 0 })}
        </Alert>
      ) : null}
      {status === 'pending' && !gaveUp ? <p role="status">{t('membership.waiting')}</p> : null}
      {gaveUp ? <Alert>{t('membership.stillWaiting')}</Alert> : null}
      {status === 'unpaid' ? <Alert testId="payment-unpaid">{t('membership.unpaid')}</Alert> : null}
      {status === 'refunded' || status === 'partially_refunded' ? (
        <Alert>{t('membership.refunded')}</Alert>
      ) : null}
      <ErrorText error={state.error} />
      <LocalLink to="/plus" className={buttonClass('secondary', 'md', 'self-start')}>
        {t('membership.back')}
      </LocalLink>
    </div>
  );
}
