import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { capitalise, plusWarning, shortenName } from '@kouyu/core';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { LocalLink, useLocalPath } from '@/components/ui/local-link';
import { useCopy } from '@/lib/use-copy';
import { useRefreshMe } from '../api/get-me';
import { useRefreshPoints } from '../api/get-points';
import { failureCode } from '../errors';
import { useSession } from '../hooks/use-session';
import { useSignOut } from '../hooks/use-sign-out';
import { ACCOUNT_TRIGGER_CLASS, AccountInitial } from './account-slot';
import { PlusStatusText, usePlusWarningText } from './plus-status';

const itemClass =
  'flex cursor-pointer items-center rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-surface-sunken data-[disabled]:cursor-default data-[disabled]:opacity-50';
const smallAction =
  'cursor-pointer rounded-md px-2 py-1 text-xs font-medium text-brand outline-none data-[highlighted]:bg-surface-sunken data-[disabled]:opacity-50';

function Row({ label, value, action }: { label: string; value: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 px-3 py-1.5 text-sm">
      <span className="text-ink-muted">{label}</span>
      <span className="flex items-center gap-1 font-medium text-ink">
        {value}
        {action}
      </span>
    </div>
  );
}

/**
 * The header's account slot: a Log in button for guests, else the avatar menu (spec 000 §2). The shell
 * shows `AccountSlot`, which loads this menu when the avatar is first pressed.
 */
export function AccountMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const { user, membership, isAdmin, session } = useSession();
  const navigate = useNavigate();
  const local = useLocalPath();
  const points = useRefreshPoints();
  const me = useRefreshMe();
  const { copied, copy } = useCopy();
  const signOut = useSignOut();
  const warningText = usePlusWarningText();

  if (!user) {
    return (
      <LocalLink to="/auth?mode=login" className={buttonClass('primary', 'sm')} data-testid="login-button">
        {t('header.login')}
      </LocalLink>
    );
  }

  const warning = plusWarning(membership);
  const level = capitalise(t(`userLevels.${user.user_level}`));
  const refreshError = me.error ?? points.error;

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        data-testid="account-menu"
        aria-label={t('account.menuLabel', { email: user.email })}
        className={ACCOUNT_TRIGGER_CLASS}
      >
        <AccountInitial user={user} membership={membership} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          data-testid="account-menu-content"
          className="modal-fade z-50 w-72 rounded-xl border border-line bg-surface-raised p-1 shadow-xl"
        >
          <div className="px-3 pb-1 pt-2">
            <p className="font-semibold text-ink" data-testid="account-name" title={user.name || user.email}>
              {shortenName(user.name || user.username || user.email)}
            </p>
            <p className="text-xs text-ink-muted">{level}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <Row
            label={t('account.points')}
            value={<span data-testid="account-points">{user.point}</span>}
            action={
              <DropdownMenu.Item
                className={smallAction}
                disabled={points.isPending}
                aria-label={t('account.refreshPoints')}
                onSelect={(e) => {
                  e.preventDefault();
                  me.reset();
                  points.mutate();
                }}
              >
                ↻
              </DropdownMenu.Item>
            }
          />
          <Row
            label={t('account.plus')}
            value={
              <span data-testid="account-plus">
                <PlusStatusText membership={membership} expiration={session.paymentExpiration} />
              </span>
            }
            action={
              <DropdownMenu.Item
                className={smallAction}
                disabled={me.isPending}
                aria-label={t('account.refreshPlus')}
                onSelect={(e) => {
                  e.preventDefault();
                  points.reset();
                  me.mutate();
                }}
              >
                ↻
              </DropdownMenu.Item>
            }
          />
          <Row
            label={t('account.shareCode')}
            value={<span className="font-mono">{user.share_code}</span>}
            action={
              <DropdownMenu.Item
                className={smallAction}
                onSelect={(e) => {
                  e.preventDefault();
                  void copy(user.share_code);
                }}
              >
                {copied ? t('account.copied') : t('account.copy')}
              </DropdownMenu.Item>
            }
          />
          {refreshError ? (
            <p role="alert" className="px-3 py-1 text-xs text-danger" data-testid="account-refresh-error">
              {t(`errors.${failureCode(refreshError, 'internal')}`)}
            </p>
          ) : null}
          {warning ? (
            <div
              data-testid="plus-warning"
              className={cn(
                'mx-2 my-1 rounded-lg px-3 py-2 text-xs',
                warning.level === 'urgent' ? 'bg-brand-soft text-danger' : 'bg-surface-sunken text-warning',
              )}
            >
              <p className="mb-1">{warningText(warning.days, warning.level)}</p>
              <DropdownMenu.Item
                className={cn(
                  itemClass,
                  'justify-center bg-brand px-2 py-1 text-on-brand data-[highlighted]:bg-brand-strong',
                )}
                onSelect={() => void navigate(local('/plus'))}
              >
                {t('account.renew')}
              </DropdownMenu.Item>
            </div>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate(local('/profile'))}>
            {t('account.profile')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate(local('/results'))}>
            {t('account.results')}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            data-testid="progress-link"
            onSelect={() => void navigate(local('/progress'))}
          >
            {t('progress.menu')}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            data-testid="review-link"
            onSelect={() => void navigate(local('/review'))}
          >
            {t('review.nav')}
          </DropdownMenu.Item>
          {isAdmin ? (
            <DropdownMenu.Item
              className={itemClass}
              data-testid="admin-link"
              onSelect={() => void navigate(local('/admin'))}
            >
              {t('account.admin')}
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={itemClass} data-testid="sign-out" onSelect={() => void signOut()}>
            {t('account.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
