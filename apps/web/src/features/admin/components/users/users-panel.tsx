import { useTranslation } from 'react-i18next';
import { capitalise } from '@kouyu/core';
import type { AdminUser } from '@kouyu/core';
import { buttonClass } from '@/components/ui/button';
import { LocalLink } from '@/components/ui/local-link';
import { Pagination } from '@/components/ui/pagination';
import { SearchBox } from '@/components/ui/search-box';
import { useUsers } from '../../api/get-users';
import { useSearchState } from '../../hooks/use-search-state';
import { LoadError, Loading, Panel } from '../parts';
import { PlusState } from './plus-state';

// One grid for the header and the rows: a table on wide screens, a card per user on a phone.
const COLUMNS =
  'md:grid md:grid-cols-[minmax(0,2.2fr)_minmax(0,1fr)_minmax(0,2fr)_minmax(0,0.8fr)_auto] md:items-center md:gap-4';

function UserRow({ user }: { user: AdminUser }) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <li
      className={`flex flex-col gap-2 rounded-xl border border-line p-3 md:rounded-none md:border-0 md:border-t md:px-2 ${COLUMNS}`}
      data-testid="admin-user-row"
    >
      <div className="min-w-0">
        <p className="font-medium break-all">{user.email}</p>
        <p className="text-sm text-ink-muted break-all">{user.name || user.username}</p>
      </div>
      <p className="text-sm">
        <span className="text-ink-muted md:sr-only">{t('users.level')}: </span>
        <span data-testid="admin-user-level">{capitalise(t(`common:userLevels.${user.user_level}`))}</span>
      </p>
      <div className="flex items-center gap-2 text-sm">
        <span className="text-ink-muted md:sr-only">{t('users.plus')}: </span>
        <PlusState isOfficial={user.is_official} expiration={user.payment_expiration} />
      </div>
      <p className="text-sm">
        <span className="text-ink-muted md:sr-only">{t('users.points')}: </span>
        <span className="tabular-nums">{user.point}</span>
      </p>
      <LocalLink
        to={`/admin/users/${user.id}`}
        className={buttonClass('secondary', 'sm', 'self-start')}
        aria-label={t('users.manageUser', { email: user.email })}
        data-testid="admin-user-open"
      >
        {t('users.manage')}
      </LocalLink>
    </li>
  );
}

/** `/{lang}/admin/users`: accounts newest first, searched by e-mail or name, with level, Plus and points. */
export function UsersPanel() {
  const { t } = useTranslation('admin');
  const { params, page, update } = useSearchState();
  const search = params.get('q')?.trim() ?? '';
  const list = useUsers({ page, search });
  return (
    <Panel title={t('users.title')} testId="admin-users">
      <SearchBox
        value={search}
        onSearch={(text) => update({ q: text.trim() })}
        label={t('users.search')}
        placeholder={t('users.searchPlaceholder')}
        maxLength={100}
        testId="users-search"
      />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <p className="text-sm text-ink-muted" aria-live="polite" data-testid="users-count">
            {t('users.count', { n: list.data.pagination.total_count })}
          </p>
          {list.data.data.length === 0 ? (
            <p className="py-6 text-center text-ink-muted">{t('users.empty')}</p>
          ) : (
            <div>
              <div
                aria-hidden="true"
                className={`hidden px-2 pb-2 text-xs font-medium tracking-wide text-ink-muted uppercase ${COLUMNS}`}
              >
                <span>{t('users.email')}</span>
                <span>{t('users.level')}</span>
                <span>{t('users.plus')}</span>
                <span>{t('users.points')}</span>
                <span className="w-20" />
              </div>
              <ul className="flex flex-col gap-2 md:gap-0">
                {list.data.data.map((user) => (
                  <UserRow key={user.id} user={user} />
                ))}
              </ul>
            </div>
          )}
          <Pagination
            page={list.data.pagination.current_page}
            totalPages={list.data.pagination.total_pages}
            onPage={(p) => update({ page: p })}
            testId="users-pagination"
          />
        </>
      )}
    </Panel>
  );
}
