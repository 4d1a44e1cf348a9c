import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { redeemBody } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { useRedeem } from '../api/redeem';
import { ErrorText } from './error-text';

/** Redeem a Plus code (any case, spaces or dashes); the same zod rule as the server checks it first. */
export function RedeemForm() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const redeem = useRedeem();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = redeemBody.safeParse({ code });
    setInvalid(!parsed.success);
    if (parsed.success) redeem.mutate(parsed.data.code, { onSuccess: () => setCode('') });
  };
  return (
    <section
      className="rounded-2xl border border-line bg-surface-raised p-5 shadow-sm"
      aria-labelledby="plus-redeem"
    >
      <h2 id="plus-redeem" className="text-lg font-semibold">
        {t('membership.redeemTitle')}
      </h2>
      <p className="mb-3 text-sm text-ink-muted">{t('membership.redeemIntro')}</p>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
        <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm">
          {t('membership.codeLabel')}
          <input
            value={code}
            onChange={(e) => setCode(e.target.value)}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            placeholder="ABCD-EFGH-JKMN"
            aria-invalid={invalid}
            className="h-10 rounded-lg border border-line bg-surface px-3 font-mono uppercase"
            data-testid="redeem-code"
          />
        </label>
        <Button type="submit" disabled={redeem.isPending || code.trim() === ''} data-testid="redeem-submit">
          {t('membership.redeem')}
        </Button>
      </form>
      <div className="mt-3 flex flex-col gap-2">
        {invalid ? (
          <p role="alert" className="text-sm text-danger">
            {t('errors.redeem_code_unknown')}
          </p>
        ) : null}
        <ErrorText error={redeem.error} testId="redeem-error" />
        {redeem.isSuccess ? (
          <p role="status" className="text-sm text-success" data-testid="redeem-done">
            {t('membership.added', { count: redeem.data.days })}
          </p>
        ) : null}
      </div>
    </section>
  );
}
