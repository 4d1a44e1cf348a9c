import { useTranslation } from 'react-i18next';
import { SEARCH_MAX_CHARS } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { useLang } from '@/components/ui/local-link';
import { Pagination } from '@/components/ui/pagination';
import { SearchBox } from '@/components/ui/search-box';
import { useIdioms } from '../api/get-idioms';
import type { IdiomsState } from '../hooks/use-idioms-state';
import { CategoryChips } from './category-chips';
import { FavouriteButton } from './favourite-button';
import { IdiomCard } from './idiom-card';
import { OfflineOr } from '@/components/ui/offline-or';
import { useRevealed } from '@/components/ui/use-revealed';
import { useDeferredData } from '@/components/ui/use-deferred-data';

const NONE: never[] = [];

/** Browse and search: category chips, a search over every idiom, cards, pages of 20. */
export function BrowseTab({
  state,
  update,
  viewerId,
  onLoginNeeded,
}: {
  state: IdiomsState;
  update: (change: Partial<IdiomsState>) => void;
  viewerId: number | null;
  onLoginNeeded: () => void;
}) {
  const { t } = useTranslation(['idioms', 'common']);
  const language = useLang();
  const idioms = useIdioms({
    page: state.page,
    category: state.category,
    search: state.query,
    language,
    userId: viewerId,
  });
  const { data, pending } = useDeferredData(idioms);
  // Four cards fill a phone's first screen, six a desktop's; the rest follow over the next tasks.
  const shown = useRevealed(data?.data ?? NONE, 6, 4);
  return (
    <div className="flex flex-col gap-4">
      <CategoryChips value={state.category} onChange={(category) => update({ category })} />
      <SearchBox
        value={state.query}
        onSearch={(query) => update({ query })}
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        hint={state.category ? t('search.hintCategory') : t('search.hint')}
        maxLength={SEARCH_MAX_CHARS}
        testId="idiom-search"
      />
      <div aria-live="polite" aria-busy={idioms.isFetching} className="flex flex-col gap-4">
        {/* Offline, a query waits for the network instead of failing: say so rather than "Loading…". */}
        {idioms.isPaused && !pending ? (
          <p className="text-ink-muted">
            <OfflineOr text={t('common:common.loading')} />
          </p>
        ) : null}
        {pending ? (
          // As tall as a screen: the cards arrive below it without moving the footer up and back down (CLS).
          <p className="min-h-svh text-ink-muted">
            <OfflineOr text={t('common:common.loading')} />
          </p>
        ) : null}
        {idioms.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-danger">
            <OfflineOr text={t('loadFailed')} />
            <Button variant="secondary" size="sm" onClick={() => void idioms.refetch()}>
              {t('common:common.retry')}
            </Button>
          </p>
        ) : null}
        {data ? (
          <>
            <p className="text-sm text-ink-muted" data-testid="idiom-count">
              {state.query
                ? t('found', { count: data.pagination.total_count, query: state.query })
                : t('count', { count: data.pagination.total_count })}
            </p>
            {data.data.length === 0 ? (
              <p
                className="rounded-xl border border-dashed border-line p-6 text-center text-ink-muted"
                data-testid="idiom-empty"
              >
                {t('empty', { query: state.query })}
              </p>
            ) : (
              <div
                className="grid gap-4 md:grid-cols-2"
                data-testid="idiom-list"
                aria-busy={shown < data.data.length}
              >
                {data.data.slice(0, shown).map((idiom) => (
                  <IdiomCard
                    key={idiom.id}
                    idiom={idiom}
                    favourite={
                      <FavouriteButton
                        idiomId={idiom.id}
                        chengyu={idiom.chengyu}
                        favourite={idiom.is_favourite}
                        signedIn={viewerId !== null}
                        onLoginNeeded={onLoginNeeded}
                      />
                    }
                  />
                ))}
              </div>
            )}
            <Pagination
              page={data.pagination.current_page}
              totalPages={data.pagination.total_pages}
              onPage={(page) => {
                update({ page });
                window.scrollTo({ top: 0 });
              }}
              label={t('pages.nav')}
              testId="idiom-pagination"
            />
          </>
        ) : null}
      </div>
    </div>
  );
}
