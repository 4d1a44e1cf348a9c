import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { verifyResetBody } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { useLang } from '@/components/ui/local-link';
import { ApiError } from '@/lib/api';
import { Alert } from '@/components/ui/alert';
import { emailBody, useForgotPassword } from '../api/forgot-password';
import { useResendResetEmail } from '../api/resend-reset-email';
import { newPasswordFormSchema, useResetPassword } from '../api/reset-password';
import { useVerifyResetCode } from '../api/verify-reset-code';
import { errorNumber } from '../errors';
import { useCountdown } from '../hooks/use-countdown';
import { useForm } from '@/lib/form/use-form';
import { CodeField } from './code-field';
import { Failure } from './failure';
import { ResendButton } from './resend-button';
import { TextField } from '@/components/ui/text-field';
import { NewPasswordFields } from './new-password-fields';

/** Step 1: the e-mail to send a reset code to. A 429 means a code went out moments ago: go on to it. */
export function ResetEmailStep({
  initialEmail,
  onSent,
}: {
  initialEmail: string;
  onSent: (email: string, cooldown: number, recent: boolean) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const form = useForm(emailBody, { email: initialEmail });
  const forgot = useForgotPassword();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.submit();
    if (!body) return;
    forgot.mutate(
      { email: body.email, language: lang },
      {
        onSuccess: (sent) => onSent(body.email, sent.cooldown, false),
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'rate_limited' && err.cooldown !== null)
            onSent(body.email, err.cooldown, true);
          else form.showServerErrors(err);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="forgot-form">
      <p className="text-ink-muted">{t('auth.resetIntro')}</p>
      <TextField
        {...form.field('email')}
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <Failure error={forgot.error} fallback="password_reset_send_failed" />
      <Button type="submit" size="lg" disabled={forgot.isPending} data-testid="forgot-submit">
        {forgot.isPending ? t('auth.submitting') : t('auth.sendCode')}
      </Button>
    </form>
  );
}

/** Step 2: the 6-digit code, traded for a reset token; a new code after the cooldown. */
export function ResetCodeStep({
  email,
  cooldown,
  recent,
  onVerified,
  onChangeEmail,
}: {
  email: string;
  cooldown: number;
  recent: boolean;
  onVerified: (resetToken: string) => void;
  onChangeEmail: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const form = useForm(verifyResetBody, { email, code: '' });
  const check = useVerifyResetCode();
  const resend = useResendResetEmail();
  const countdown = useCountdown(cooldown);
  const [resent, setResent] = useState(false);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.submit();
    if (!body) return;
    check.mutate(body, {
      onSuccess: (data) => onVerified(data.reset_token),
      onError: (err) => form.showServerErrors(err),
    });
  };

  const onResend = () =>
    resend.mutate(
      { email, language: lang },
      {
        onSuccess: (sent) => {
          setResent(true);
          countdown.start(sent.cooldown);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.cooldown !== null) countdown.start(err.cooldown);
        },
      },
    );

  const attemptsLeft = errorNumber(check.error, 'attempts_left');

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="reset-code-form">
      {recent ? (
        <Alert tone="info" testId="form-info">
          {t('auth.codeRecentlySent')}
        </Alert>
      ) : null}
      <p className="text-ink-muted">{t('auth.resetCodeIntro', { email })}</p>
      <CodeField {...form.field('code')} />
      <Failure error={check.error} fallback="password_reset_verify_failed">
        {attemptsLeft !== null ? <p>{t('auth.attemptsLeft', { count: attemptsLeft })}</p> : null}
      </Failure>
      <Button type="submit" size="lg" disabled={check.isPending} data-testid="reset-code-submit">
        {check.isPending ? t('auth.submitting') : t('auth.checkCode')}
      </Button>
      <ResendButton seconds={countdown.seconds} pending={resend.isPending} onClick={onResend} />
      {resent ? (
        <Alert tone="success" testId="form-success">
          {t('auth.codeSent', { email })}
        </Alert>
      ) : null}
      <Failure error={resend.error} fallback="password_reset_resend_failed" />
      <Button variant="ghost" size="sm" onClick={onChangeEmail}>
        {t('auth.changeEmail')}
      </Button>
    </form>
  );
}

/** Step 3: the new password, twice. */
export function ResetPasswordStep({ resetToken, onDone }: { resetToken: string; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm(newPasswordFormSchema, { password: '', confirmPassword: '' });
  const reset = useResetPassword();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.submit();
    if (!body) return;
    reset.mutate(
      { reset_token: resetToken, password: body.password },
      { onSuccess: onDone, onError: (err) => form.showServerErrors(err) },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="new-password-form">
      <p className="text-ink-muted">{t('auth.newPasswordIntro')}</p>
      <NewPasswordFields field={form.field} label="auth.newPassword" />
      <Failure error={reset.error} fallback="password_reset_failed" />
      <Button type="submit" size="lg" disabled={reset.isPending} data-testid="new-password-submit">
        {reset.isPending ? t('auth.submitting') : t('auth.setPassword')}
      </Button>
    </form>
  );
}
