import { useTranslation } from 'react-i18next';
import type { StoredUser, PlusStatus } from '@kouyu/core';
import { buttonClass } from '@/components/ui/button';
import { DeferredTrigger, deferred, useDeferredMenu } from '@/components/ui/deferred-menu';
import { LocalLink } from '@/components/ui/local-link';
import { loadQueryClient } from '@/lib/query';
import { useSession } from '../hooks/use-session';

export const ACCOUNT_TRIGGER_CLASS =
  'relative flex h-9 w-9 items-center justify-center rounded-full bg-brand text-sm font-semibold text-on-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

/** The avatar: the e-mail's initial, with a "+" badge for active Plus. */
export function AccountInitial({ user, membership }: { user: StoredUser; membership: PlusStatus }) {
  return (
    <>
      <span data-testid="account-initial">{user.email.charAt(0).toUpperCase()}</span>
      {membership.hasActivePlus ? (
        <span
          aria-hidden="true"
          data-testid="plus-badge"
          className="absolute -right-1 -top-1 flex h-4 w-4 items-center justify-center rounded-full bg-warning text-[10px] leading-none text-white ring-2 ring-surface"
        >
          +
        </span>
      ) : null}
    </>
  );
}

// The menu fetches (points, account): the query client arrives with its code (decision 017).
const menu = deferred(() =>
  Promise.all([import('./account-menu'), loadQueryClient()]).then(([m]) => m.AccountMenu),
);

/**
 * The header's account slot: a Log in button for guests, else the avatar; the avatar's menu (and the
 * dropdown library) loads when it is first opened (decision 017).
 */
export function AccountSlot() {
  const { t } = useTranslation();
  const { user, membership } = useSession();
  const { Menu, defaultOpen, prefetch, open } = useDeferredMenu(menu);
  if (!user) {
    return (
      <LocalLink to="/auth?mode=login" className={buttonClass('primary', 'sm')} data-testid="login-button">
        {t('header.login')}
      </LocalLink>
    );
  }
  if (Menu) return <Menu defaultOpen={defaultOpen} />;
  return (
    <DeferredTrigger
      data-testid="account-menu"
      aria-label={t('account.menuLabel', { email: user.email })}
      className={ACCOUNT_TRIGGER_CLASS}
      prefetch={prefetch}
      open={open}
    >
      <AccountInitial user={user} membership={membership} />
    </DeferredTrigger>
  );
}
