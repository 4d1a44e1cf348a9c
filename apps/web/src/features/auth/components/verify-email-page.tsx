import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { verifyEmailBody } from '@kouyu/core';
import { Button, buttonClass } from '@/components/ui/button';
import { LocalLink, useLang } from '@/components/ui/local-link';
import { ApiError } from '@/lib/api';
import { Alert } from '@/components/ui/alert';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyEmail } from '../api/verify-email';
import { errorNumber } from '../errors';
import { useCountdown } from '../hooks/use-countdown';
import { useForm } from '@/lib/form/use-form';
import { readAuthState } from '../location-state';
import { nextPath } from '../next-path';
import { CodeField } from './code-field';
import { Failure } from './failure';
import { ResendButton } from './resend-button';
import { TextField } from '@/components/ui/text-field';

/** `/{lang}/verify-email?email=…`: the sign-up code; a correct one signs the user in. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const arrived = readAuthState(location.state);
  const givenEmail = params.get('email') ?? '';
  const next = params.get('next');
  const form = useForm(verifyEmailBody, { email: givenEmail, code: '' });
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const countdown = useCountdown(arrived.cooldown ?? 0);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.submit();
    if (!body) return;
    verify.mutate(body, {
      onSuccess: () => void navigate(nextPath(next, lang), { replace: true }),
      onError: (err) => form.showServerErrors(err),
    });
  };

  const onResend = () => {
    resend.reset();
    resend.mutate(
      { email: form.values.email.trim(), language: lang },
      {
        onSuccess: (sent) => {
          setSentTo(sent.email);
          countdown.start(sent.cooldown);
        },
        // A 429 with a cooldown is an answer, not a failure: the countdown shows it.
        onError: (err) => {
          if (err instanceof ApiError && err.cooldown !== null) countdown.start(err.cooldown);
        },
      },
    );
  };

  const resendFailed =
    resend.error instanceof ApiError && resend.error.cooldown !== null ? null : resend.error;
  const attemptsLeft = errorNumber(verify.error, 'attempts_left');
  const alreadyVerified = verify.error instanceof ApiError && verify.error.code === 'already_verified';

  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="mb-2 text-2xl font-semibold">{t('pages.verifyEmail')}</h1>
      <p className="mb-6 text-ink-muted">
        {givenEmail ? t('auth.verifyIntro', { email: givenEmail }) : t('auth.verifyIntroNoEmail')}
      </p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="verify-form">
        {arrived.notice === 'code_recently_sent' ? (
          <Alert tone="info" testId="form-info">
            {t('auth.codeRecentlySent')}
          </Alert>
        ) : null}
        {givenEmail ? null : (
          <TextField
            {...form.field('email')}
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
          />
        )}
        <CodeField {...form.field('code')} />
        <Failure error={verify.error} fallback="email_verification_failed">
          {attemptsLeft !== null ? <p>{t('auth.attemptsLeft', { count: attemptsLeft })}</p> : null}
          {alreadyVerified ? (
            <LocalLink to="/auth?mode=login" className="mt-2 inline-block font-medium underline">
              {t('auth.login')}
            </LocalLink>
          ) : null}
        </Failure>
        <Button type="submit" size="lg" disabled={verify.isPending} data-testid="verify-submit">
          {verify.isPending ? t('auth.submitting') : t('auth.verify')}
        </Button>
        <ResendButton
          seconds={countdown.seconds}
          pending={resend.isPending || !form.values.email}
          onClick={onResend}
        />
        {sentTo ? (
          <Alert tone="success" testId="form-success">
            {t('auth.codeSent', { email: sentTo })}
          </Alert>
        ) : null}
        <Failure error={resendFailed} fallback="resend_verification_failed" />
        <LocalLink to="/auth?mode=login" className={buttonClass('ghost', 'sm', 'self-center')}>
          {t('auth.backToLogin')}
        </LocalLink>
      </form>
    </section>
  );
}
