import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { LocalLink } from '@/components/ui/local-link';
import { useContactStats } from '../api/get-contact-stats';
import { useUsers } from '../api/get-users';
import { LoadError, Loading } from './parts';
import { AnalyticsSection } from './analytics/analytics-section';
import { InvitationClusters } from './invitations/invitation-clusters';

function Tile({
  label,
  value,
  testId,
  link,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  link: ReactNode;
}) {
  return (
    <div
      className="flex flex-col gap-2 rounded-2xl border border-line bg-surface-raised p-4"
      data-testid={testId}
    >
      <p className="text-sm text-ink-muted">{label}</p>
      <p className="text-3xl font-semibold" data-testid={`${testId}-value`}>
        {value}
      </p>
      {link}
    </div>
  );
}

/** `/{lang}/admin`: what needs attention (new messages), the size of things, and the way to each section. */
export function Overview() {
  const { t } = useTranslation('admin');
  const stats = useContactStats();
  const users = useUsers({ page: 1 });
  if (stats.isPending || users.isPending) return <Loading />;
  if (stats.isError) return <LoadError error={stats.error} onRetry={() => void stats.refetch()} />;
  if (users.isError) return <LoadError error={users.error} onRetry={() => void users.refetch()} />;
  const s = stats.data.data;
  const linkClass = buttonClass('secondary', 'sm', 'self-start');
  return (
    <div className="flex flex-col gap-4" data-testid="admin-overview">
      <p className="text-ink-muted">{t('overview.intro')}</p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Tile
          label={t('overview.newMessages')}
          value={s.by_status.new ?? 0}
          testId="overview-new"
          link={
            <LocalLink to="/admin/contacts?status=new" className={linkClass}>
              {t('overview.openContacts')}
            </LocalLink>
          }
        />
        <Tile
          label={t('overview.totalMessages')}
          value={s.total}
          testId="overview-total"
          link={
            <LocalLink to="/admin/contacts" className={linkClass}>
              {t('tabs.contacts')}
            </LocalLink>
          }
        />
        <Tile
          label={t('overview.averageRating')}
          value={s.average_rating === null ? t('overview.noRating') : `${s.average_rating} / 5`}
          testId="overview-rating"
          link={null}
        />
        <Tile
          label={t('overview.users')}
          value={users.data.pagination.total_count}
          testId="overview-users"
          link={
            <LocalLink to="/admin/users" className={linkClass}>
              {t('overview.openUsers')}
            </LocalLink>
          }
        />
      </div>
      <LocalLink to="/admin/outbox" className={buttonClass('ghost', 'sm', 'self-start')}>
        {t('overview.openOutbox')}
      </LocalLink>
      <AnalyticsSection />
      <InvitationClusters />
    </div>
  );
}
