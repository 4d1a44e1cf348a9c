import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { LocalLink, useLang } from '@/components/ui/local-link';
import { buttonClass } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { Alert } from '@/components/ui/alert';
import { loginBody, useLogin } from '../api/login';
import { useForm } from '@/lib/form/use-form';
import type { AuthState } from '../location-state';
import { verifyPath } from '../next-path';
import { Failure } from './failure';
import { TextField } from '@/components/ui/text-field';

/** The Log in tab. Success stores the session; the page then follows `next`. */
export function LoginForm({
  next,
  initialEmail,
  notice,
}: {
  next: string | null;
  initialEmail: string;
  notice: AuthState['notice'];
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const form = useForm(loginBody, { email: initialEmail, password: '' });
  const login = useLogin();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.submit();
    if (!body) return;
    if (import.meta.env.DEV) {
      const { tryLocalLogin } = await import('../local-login');
      if (tryLocalLogin(body.email, body.password)) return;
    }
    login.mutate(body, {
      onError: (err) => {
        form.showServerErrors(err);
        // The server just sent a code: finish the sign-up on the verification page.
        if (err instanceof ApiError && err.code === 'email_not_verified_code_sent') {
          const state: AuthState = { cooldown: err.cooldown ?? 0 };
          void navigate(verifyPath(lang, body.email, next), { state });
        }
      },
    });
  };

  const unverified =
    login.error instanceof ApiError && login.error.code === 'email_not_verified_rate_limited'
      ? login.error
      : null;
  const resetQuery = form.values.email ? `?email=${encodeURIComponent(form.values.email)}` : '';

  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      className="flex flex-col gap-4"
      data-testid="login-form"
    >
      {notice === 'password_reset' ? (
        <Alert tone="success" testId="password-reset-done">
          {t('auth.passwordResetDone')}
        </Alert>
      ) : null}
      <TextField
        {...form.field('email')}
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <TextField
        {...form.field('password')}
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        required
      />
      <Failure error={login.error} fallback="login_failed">
        {unverified ? (
          <button
            type="button"
            className="mt-2 font-medium underline"
            onClick={() => {
              const state: AuthState = { cooldown: unverified.cooldown ?? 0 };
              void navigate(verifyPath(lang, form.values.email.trim(), next), { state });
            }}
          >
            {t('auth.enterCode')}
          </button>
        ) : null}
      </Failure>
      <Button type="submit" size="lg" disabled={login.isPending} data-testid="login-submit">
        {login.isPending ? t('auth.submitting') : t('auth.login')}
      </Button>
      <LocalLink to={`/reset-password${resetQuery}`} className={buttonClass('ghost', 'sm', 'self-center')}>
        {t('auth.forgotPassword')}
      </LocalLink>
    </form>
  );
}
