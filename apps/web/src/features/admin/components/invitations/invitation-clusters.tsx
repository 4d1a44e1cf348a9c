import { useTranslation } from 'react-i18next';
import { LocalLink, useLang } from '@/components/ui/local-link';
import { formatDate } from '@/lib/format-date';
import { useInvitationClusters } from '../../api/get-invitation-clusters';
import { LoadError, Loading, Panel } from '../parts';

/**
 * Inviters whose invitees finished their first test from one address in a month: maybe self-made
 * invitations for points, maybe a class behind one school router. Shown, not refused; the admin looks.
 */
export function InvitationClusters() {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const clusters = useInvitationClusters();
  return (
    <Panel title={t('invitations.title')} testId="admin-invitation-clusters">
      <p className="text-sm text-ink-muted">{t('invitations.intro')}</p>
      {clusters.isPending ? (
        <Loading />
      ) : clusters.isError ? (
        <LoadError error={clusters.error} onRetry={() => void clusters.refetch()} />
      ) : clusters.data.data.length === 0 ? (
        <p data-testid="invitation-clusters-none">{t('invitations.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {clusters.data.data.map((c) => (
            <li
              key={`${c.inviter_id}-${c.month}-${c.address}`}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line p-3 text-sm"
              data-testid="invitation-cluster"
            >
              <LocalLink to={`/admin/users/${c.inviter_id}`} className="font-medium break-all text-brand">
                {c.inviter_email}
              </LocalLink>
              <span>{t('invitations.invitees', { count: c.invitees, address: c.address })}</span>
              <time className="text-ink-muted" dateTime={c.updated_at}>
                {formatDate(c.updated_at, lang, 'withTime')}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
