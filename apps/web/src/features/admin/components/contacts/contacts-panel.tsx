import { useTranslation } from 'react-i18next';
import { CONTACT_STATUSES, FEEDBACK_TYPES } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { SearchBox } from '@/components/ui/search-box';
import { useContactStats } from '../../api/get-contact-stats';
import { useContacts } from '../../api/get-contacts';
import { pickOptional, useSearchState } from '../../hooks/use-search-state';
import { LoadError, Loading, Panel, selectClass } from '../parts';
import { ContactCard } from './contact-card';
import { ContactStats } from './contact-stats';

/** `/{lang}/admin/contacts`: the counts, then the messages newest first with status, type and text filters. */
export function ContactsPanel() {
  const { t } = useTranslation(['admin', 'feedback']);
  const { params, page, update } = useSearchState();
  const status = pickOptional(CONTACT_STATUSES, params.get('status'));
  const type = pickOptional(FEEDBACK_TYPES, params.get('type'));
  const search = params.get('q')?.trim() ?? '';
  const stats = useContactStats();
  const list = useContacts({ page, status, type, search });
  const refreshing = stats.isFetching || list.isFetching;

  return (
    <Panel
      title={t('contacts.title')}
      testId="admin-contacts"
      actions={
        <Button
          variant="secondary"
          size="sm"
          disabled={refreshing}
          onClick={() => void Promise.all([stats.refetch(), list.refetch()])}
        >
          {refreshing ? t('refreshing') : t('refresh')}
        </Button>
      }
    >
      {stats.isError ? (
        <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
      ) : stats.data ? (
        <ContactStats stats={stats.data.data} status={status} onStatus={(s) => update({ status: s })} />
      ) : null}
      <div className="grid gap-3 sm:grid-cols-[10rem_12rem_1fr] sm:items-end">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('status.label')}
          <select
            className={selectClass}
            value={status ?? ''}
            onChange={(e) => update({ status: pickOptional(CONTACT_STATUSES, e.target.value) })}
            data-testid="contacts-status"
          >
            <option value="">{t('all')}</option>
            {CONTACT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('contacts.type')}
          <select
            className={selectClass}
            value={type ?? ''}
            onChange={(e) => update({ type: pickOptional(FEEDBACK_TYPES, e.target.value) })}
            data-testid="contacts-type"
          >
            <option value="">{t('all')}</option>
            {FEEDBACK_TYPES.map((f) => (
              <option key={f} value={f}>
                {t(`feedback:type.${f}`)}
              </option>
            ))}
          </select>
        </label>
        <SearchBox
          value={search}
          onSearch={(text) => update({ q: text.trim() })}
          label={t('contacts.search')}
          placeholder={t('contacts.searchPlaceholder')}
          maxLength={100}
          testId="contacts-search"
        />
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <p className="text-sm text-ink-muted" aria-live="polite" data-testid="contacts-count">
            {t('contacts.count', { n: list.data.pagination.total_count })}
          </p>
          {list.data.data.length === 0 ? (
            <p className="py-6 text-center text-ink-muted" data-testid="contacts-empty">
              {t('contacts.empty')}
            </p>
          ) : (
            <div className="flex flex-col gap-3">
              {list.data.data.map((item) => (
                <ContactCard key={`${item.id}-${item.updated_at}`} item={item} />
              ))}
            </div>
          )}
          <Pagination
            page={list.data.pagination.current_page}
            totalPages={list.data.pagination.total_pages}
            onPage={(p) => update({ page: p })}
            testId="contacts-pagination"
          />
        </>
      )}
    </Panel>
  );
}
