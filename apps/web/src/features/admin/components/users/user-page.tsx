import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { capitalise, plusStatus } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { LocalLink, useLang } from '@/components/ui/local-link';
import { ApiError } from '@/lib/api';
import { useUser } from '../../api/get-user';
import { useOwnId } from '../../hooks/use-is-admin';
import { formatDate } from '@/lib/format-date';
import { Badge, LoadError, Loading, Panel } from '../parts';
import { MembershipDialog } from './membership-dialog';
import { PlusState } from './plus-state';
import { PointsDialog } from './points-dialog';
import { RoleDialog } from './role-dialog';
import { UserResults } from './user-results';
import { MembershipHistory } from './membership-history';

type Dialog = 'grant' | 'end' | 'points' | 'admin' | 'basic' | null;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="font-medium break-all">{children}</dd>
    </div>
  );
}

/** `/{lang}/admin/users/{id}`: one account, its Plus, points and role with their changes, and its results. */
export function UserPage({ id }: { id: number }) {
  const { t } = useTranslation(['admin', 'common']);
  const lang = useLang();
  const ownId = useOwnId();
  const query = useUser(id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const back = (
    <LocalLink to="/admin/users" className="self-start text-sm text-brand underline-offset-2 hover:underline">
      ← {t('users.back')}
    </LocalLink>
  );
  if (query.isPending) return <Loading />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <div className="flex flex-col gap-3">
          {back}
          <p className="py-6 text-center text-ink-muted" data-testid="admin-user-missing">
            {t('users.notFound')}
          </p>
        </div>
      );
    }
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  }

  const { user, payment_expiration: expiration } = query.data;
  const self = user.id === ownId;
  const isAdmin = user.user_level === 'admin';
  const active = plusStatus(user.is_official, expiration).hasActivePlus;
  const done = (message: string) => {
    setDialog(null);
    setNotice(message);
  };
  const open = (next: Dialog) => {
    setNotice(null);
    setDialog(next);
  };

  return (
    <div className="flex flex-col gap-4" data-testid="admin-user">
      {back}
      <Panel title={user.name || user.email} testId="admin-user-account">
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Detail label={t('users.email')}>
            <span data-testid="admin-user-email">{user.email}</span>{' '}
            <Badge tone={user.email_verified ? 'success' : 'warning'}>
              {user.email_verified ? t('users.verified') : t('users.notVerified')}
            </Badge>
          </Detail>
          <Detail label={t('users.id')}>{user.id}</Detail>
          {user.created_at ? (
            <Detail label={t('users.joined')}>{formatDate(user.created_at, lang)}</Detail>
          ) : null}
          <Detail label={t('users.language')}>{user.language}</Detail>
          <Detail label={t('users.shareCode')}>{user.share_code}</Detail>
        </dl>
        {self ? <p className="text-sm text-ink-muted">{t('users.you')}</p> : null}
      </Panel>
      {notice ? (
        <p
          role="status"
          className="rounded-lg border border-success/40 px-3 py-2 text-sm text-success"
          data-testid="admin-notice"
        >
          {notice}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-3">
        <Panel title={t('users.plus')} testId="admin-user-plus">
          <PlusState isOfficial={user.is_official} expiration={expiration} />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => open('grant')} data-testid="plus-grant">
              {active ? t('plus.extend') : t('plus.grant')}
            </Button>
            {user.is_official ? (
              <Button variant="secondary" size="sm" onClick={() => open('end')} data-testid="plus-end">
                {t('plus.end')}
              </Button>
            ) : null}
          </div>
        </Panel>
        <Panel title={t('users.points')} testId="admin-user-points">
          <p className="text-3xl font-semibold tabular-nums" data-testid="admin-user-point-balance">
            {user.point}
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() => open('points')}
            data-testid="points-change"
          >
            {t('points.change')}
          </Button>
        </Panel>
        <Panel title={t('role.title')} testId="admin-user-role">
          <p className="font-medium" data-testid="admin-user-level">
            {capitalise(t(`common:userLevels.${user.user_level}`))}
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            disabled={self && isAdmin}
            aria-describedby={self && isAdmin ? 'admin-self-role' : undefined}
            onClick={() => open(isAdmin ? 'basic' : 'admin')}
            data-testid="role-change"
          >
            {isAdmin ? t('role.makeBasic') : t('role.makeAdmin')}
          </Button>
          {self && isAdmin ? (
            <p id="admin-self-role" className="text-xs text-ink-muted">
              {t('role.selfHint')}
            </p>
          ) : null}
        </Panel>
      </div>
      <MembershipHistory userId={user.id} />
      <UserResults id={user.id} />
      {dialog === 'grant' || dialog === 'end' ? (
        <MembershipDialog
          user={user}
          expiration={expiration}
          mode={dialog}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      ) : null}
      {dialog === 'points' ? (
        <PointsDialog user={user} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
      {dialog === 'admin' || dialog === 'basic' ? (
        <RoleDialog
          user={user}
          makeAdmin={dialog === 'admin'}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      ) : null}
    </div>
  );
}
