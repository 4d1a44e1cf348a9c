import { useTranslation } from 'react-i18next';
import type { MembershipInfo, MembershipPlan } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { useLang } from '@/components/ui/local-link';
import { useCheckout } from '../api/checkout';
import { useSpendPoints } from '../api/redeem';
import { ErrorText } from './error-text';

const LOCALES = { en: 'en', zh: 'zh-CN', ru: 'ru' } as const;

/** A plan price in the user's locale format ($9.99, 9,99 $, US$9.99). */
export function formatPrice(
  plan: Pick<MembershipPlan, 'price' | 'currency'>,
  lang: keyof typeof LOCALES,
): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: plan.currency }).format(
    plan.price,
  );
}

/** The operator's plans, each with the ways to buy it this server offers (pay, spend points). */
export function Plans({ info, renewing }: { info: MembershipInfo; renewing: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const checkout = useCheckout();
  const points = useSpendPoints();
  const busy = checkout.isPending || points.isPending;
  return (
    <section
      className="rounded-2xl border border-line bg-surface-raised p-5 shadow-sm"
      aria-labelledby="plus-plans"
    >
      <h2 id="plus-plans" className="text-lg font-semibold">
        {renewing ? t('membership.renewTitle') : t('membership.plansTitle')}
      </h2>
      <p className="mb-4 text-sm text-ink-muted">
        {renewing ? t('membership.renewIntro') : t('membership.plansIntro')}
        {info.ways.points ? ` ${t('membership.pointsBalance', { count: info.points_balance })}` : ''}
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {info.plans.map((plan) => (
          <li
            key={plan.id}
            className="flex flex-col gap-2 rounded-xl border border-line p-4"
            data-testid={`plan-${plan.id}`}
          >
            <span className="font-semibold">{t('membership.planDays', { count: plan.days })}</span>
            {info.ways.pay ? <span className="text-2xl font-semibold">{formatPrice(plan, lang)}</span> : null}
            <div className="mt-auto flex flex-wrap gap-2">
              {info.ways.pay ? (
                <Button
                  disabled={busy}
                  onClick={() => checkout.mutate(plan.id)}
                  data-testid={`pay-${plan.id}`}
                >
                  {t('membership.pay')}
                </Button>
              ) : null}
              {info.ways.points && plan.points !== null ? (
                <Button
                  variant="secondary"
                  disabled={busy || info.points_balance < plan.points}
                  onClick={() => points.mutate(plan.id)}
                  data-testid={`points-${plan.id}`}
                >
                  {t('membership.usePoints', { count: plan.points })}
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {info.ways.pay && info.payment_methods.length > 0 ? (
        <p className="mt-3 text-xs text-ink-muted">
          {t('membership.methods', {
            methods: info.payment_methods
              .map((m) => t(`membership.method.${m}`, { defaultValue: m }))
              .join(', '),
          })}
        </p>
      ) : null}
      {!info.ways.pay && info.pay_unavailable ? (
        <p className="mt-3 text-xs text-ink-muted" data-testid="pay-unavailable">
          {t(`errors.${info.pay_unavailable}`, { defaultValue: t('errors.payments_unavailable') })}
        </p>
      ) : null}
      <div className="mt-3 flex flex-col gap-2">
        <ErrorText error={checkout.error} testId="checkout-error" />
        <ErrorText error={points.error} testId="points-error" />
        {points.isSuccess ? (
          <p role="status" className="text-sm text-success" data-testid="points-done">
            {t('membership.added', { count: points.data.days })}
          </p>
        ) : null}
      </div>
    </section>
  );
}
