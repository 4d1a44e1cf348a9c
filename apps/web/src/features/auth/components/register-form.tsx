import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ANALYTICS_GOALS, INVITATION_BONUS_POINTS } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { useLang } from '@/components/ui/local-link';
import { ApiError } from '@/lib/api';
import { track } from '@/lib/analytics';
import { registerFormSchema, useRegister } from '../api/register';
import { errorField } from '../errors';
import { useForm } from '@/lib/form/use-form';
import type { AuthState } from '../location-state';
import { verifyPath } from '../next-path';
import { Failure } from './failure';
import { TextField } from '@/components/ui/text-field';
import { NewPasswordFields } from './new-password-fields';

/** The Sign up tab: a verification code is sent, then the verification page finishes the sign-up. */
export function RegisterForm({ next, invite }: { next: string | null; invite: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const form = useForm(registerFormSchema, {
    email: '',
    password: '',
    confirmPassword: '',
    invited_code: invite,
  });
  const register = useRegister();

  const toVerification = (email: string, cooldown: number, notice?: AuthState['notice']) => {
    const state: AuthState = { cooldown, ...(notice ? { notice } : {}) };
    void navigate(verifyPath(lang, email, next), { state });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const data = form.submit();
    if (!data) return;
    register.mutate(
      { email: data.email, password: data.password, invited_code: data.invited_code, language: lang },
      {
        onSuccess: (sent) => {
          track({ type: 'goal', goal: ANALYTICS_GOALS.register });
          toVerification(sent.email, sent.cooldown);
        },
        onError: (err) => {
          form.showServerErrors(err);
          // A code went out moments ago: the user can enter it while the cooldown runs.
          const email = errorField(err, 'email');
          if (err instanceof ApiError && err.code === 'rate_limited' && email)
            toVerification(email, err.cooldown ?? 0, 'code_recently_sent');
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="register-form">
      <TextField
        {...form.field('email')}
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <NewPasswordFields field={form.field} label="auth.password" />
      <TextField
        {...form.field('invited_code')}
        label={t('auth.invitationCode')}
        hint={t('auth.invitationHint', { points: INVITATION_BONUS_POINTS })}
        autoComplete="off"
        autoCapitalize="characters"
      />
      <Failure error={register.error} fallback="registration_failed" />
      <Button type="submit" size="lg" disabled={register.isPending} data-testid="register-submit">
        {register.isPending ? t('auth.submitting') : t('auth.register')}
      </Button>
    </form>
  );
}
