import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { LocalLink, useLocalPath } from '@/components/ui/local-link';
import { clearSession, getSession } from '@/lib/session';
import type { AuthState } from '../location-state';
import { ResetCodeStep, ResetEmailStep, ResetPasswordStep } from './reset-steps';

type Step =
  | { name: 'email' }
  | { name: 'code'; email: string; cooldown: number; recent: boolean }
  | { name: 'password'; email: string; resetToken: string };

const STEPS = { email: 1, code: 2, password: 3 } as const;

/** `/{lang}/reset-password`: e-mail → 6-digit code → new password; then the login tab. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const local = useLocalPath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [step, setStep] = useState<Step>({ name: 'email' });

  const done = (email: string) => {
    // The server signed out every session of this user, this one included.
    if (getSession().token) clearSession();
    const state: AuthState = { notice: 'password_reset', email };
    void navigate(local('/auth?mode=login'), { state, replace: true });
  };

  return (
    <section className="mx-auto w-full max-w-md px-4 py-10" data-testid={`reset-step-${step.name}`}>
      <h1 className="mb-1 text-2xl font-semibold">{t('pages.resetPassword')}</h1>
      <p className="mb-6 text-sm text-ink-muted">{t('auth.stepOf', { step: STEPS[step.name], total: 3 })}</p>
      {step.name === 'email' ? (
        <ResetEmailStep
          initialEmail={params.get('email') ?? ''}
          onSent={(email, cooldown, recent) => setStep({ name: 'code', email, cooldown, recent })}
        />
      ) : null}
      {step.name === 'code' ? (
        <ResetCodeStep
          email={step.email}
          cooldown={step.cooldown}
          recent={step.recent}
          onVerified={(resetToken) => setStep({ name: 'password', email: step.email, resetToken })}
          onChangeEmail={() => setStep({ name: 'email' })}
        />
      ) : null}
      {step.name === 'password' ? (
        <ResetPasswordStep resetToken={step.resetToken} onDone={() => done(step.email)} />
      ) : null}
      <LocalLink to="/auth?mode=login" className={buttonClass('ghost', 'sm', 'mt-4 w-full')}>
        {t('auth.backToLogin')}
      </LocalLink>
    </section>
  );
}
