import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useLang } from '@/components/ui/local-link';
import { cn } from '@/components/ui/cn';
import { useSession } from '../hooks/use-session';
import { readAuthState } from '../location-state';
import { nextPath } from '../next-path';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type Mode = 'login' | 'register';
const isMode = (v: string | null): v is Mode => v === 'login' || v === 'register';

const tabClass = cn(
  'flex-1 rounded-lg px-4 py-2 text-sm font-medium text-ink-muted',
  'focus-visible:outline-2 focus-visible:outline-brand',
  'data-[state=active]:bg-surface-raised data-[state=active]:text-ink data-[state=active]:shadow-sm',
);

/** `/{lang}/auth`: Log in and Sign up tabs; `?mode=` picks the tab, `?next=` is where sign-in returns to. */
export function AuthPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { signedIn } = useSession();
  const raw = params.get('mode');
  const mode: Mode = isMode(raw) ? raw : 'login';
  const next = params.get('next');
  const state = readAuthState(location.state);

  // Signed in (just now, or already): go on to where the user was heading.
  if (signedIn) return <Navigate to={nextPath(next, lang)} replace />;

  const select = (value: string) => {
    if (!isMode(value)) return;
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        copy.set('mode', value);
        return copy;
      },
      { replace: true },
    );
  };

  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="mb-6 text-center text-2xl font-semibold">{t('pages.auth')}</h1>
      <Tabs.Root value={mode} onValueChange={select}>
        <Tabs.List
          aria-label={t('auth.tabsLabel')}
          className="mb-6 flex gap-1 rounded-xl bg-surface-sunken p-1"
        >
          <Tabs.Trigger value="login" className={tabClass} data-testid="tab-login">
            {t('auth.loginTab')}
          </Tabs.Trigger>
          <Tabs.Trigger value="register" className={tabClass} data-testid="tab-register">
            {t('auth.registerTab')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="login" className="focus-visible:outline-none">
          <LoginForm next={next} initialEmail={state.email ?? ''} notice={state.notice} />
        </Tabs.Content>
        <Tabs.Content value="register" className="focus-visible:outline-none">
          <RegisterForm next={next} invite={params.get('invite') ?? ''} />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
