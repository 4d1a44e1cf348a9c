import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RESULTS_DEFAULT_PAGE, RESULTS_DEFAULT_PAGE_SIZE, RESULT_FILTERS, RESULT_SORTS } from '@kouyu/core';
import { Button, buttonClass, PRIMARY_ACTION } from '@/components/ui/button';
import { LocalLink, useLang } from '@/components/ui/local-link';
import { Pagination } from '@/components/ui/pagination';
import { useResults } from '../api/get-results';
import type { ResultsRequest } from '../api/get-results';
import { ResultItemCard } from '@/components/ui/result-card';

const PAGE_SIZES = [5, 10, 20, 50] as const;

function pick<T extends string>(options: readonly T[], value: string | null, fallback: T): T {
  return options.find((o) => o === value) ?? fallback;
}

/** Reads the list's state from the address, so back/forward and reloads keep it (defaults: 1, 10, latest, all). */
function useListState(): [ResultsRequest, (change: Partial<ResultsRequest>) => void] {
  const [search, setSearch] = useSearchParams();
  const size = Number(search.get('page_size'));
  const state: ResultsRequest = {
    page: Math.max(1, Number(search.get('page')) || RESULTS_DEFAULT_PAGE),
    pageSize: PAGE_SIZES.find((s) => s === size) ?? RESULTS_DEFAULT_PAGE_SIZE,
    sort: pick(RESULT_SORTS, search.get('sort'), 'latest'),
    filter: pick(RESULT_FILTERS, search.get('filter'), 'all'),
  };
  const update = (change: Partial<ResultsRequest>) => {
    // Any change other than the page starts again from page 1.
    const next = { ...state, ...change, page: change.page ?? RESULTS_DEFAULT_PAGE };
    const params: Record<string, string> = {};
    if (next.page !== RESULTS_DEFAULT_PAGE) params['page'] = String(next.page);
    if (next.pageSize !== RESULTS_DEFAULT_PAGE_SIZE) params['page_size'] = String(next.pageSize);
    if (next.sort !== 'latest') params['sort'] = next.sort;
    if (next.filter !== 'all') params['filter'] = next.filter;
    setSearch(params);
  };
  return [state, update];
}

const selectClass =
  'h-10 rounded-lg border border-line bg-surface-raised px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand';

/** `/{lang}/results` (signed-in only): the learner's saved runs with sort, filter, page size and refresh. */
export function ResultsPage({ more }: { more?: ReactNode }) {
  const { t } = useTranslation(['results', 'common']);
  const [state, update] = useListState();
  const results = useResults(state, useLang());
  const data = results.data;
  return (
    <div
      className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10"
      data-testid="results-page"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold sm:text-3xl">{t('title')}</h1>
        <LocalLink
          to="/progress"
          className="text-sm text-brand underline"
          data-testid="results-progress-link"
        >
          {t('common:progress.link')}
        </LocalLink>
      </div>
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label={t('controls')}>
        <label className="flex flex-col gap-1 text-sm">
          {t('sort.label')}
          <select
            className={selectClass}
            value={state.sort}
            onChange={(e) => update({ sort: pick(RESULT_SORTS, e.target.value, 'latest') })}
            data-testid="results-sort"
          >
            {RESULT_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('filter.label')}
          <select
            className={selectClass}
            value={state.filter}
            onChange={(e) => update({ filter: pick(RESULT_FILTERS, e.target.value, 'all') })}
            data-testid="results-filter"
          >
            {RESULT_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`filter.${f}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('pageSize')}
          <select
            className={selectClass}
            value={state.pageSize}
            onChange={(e) =>
              update({
                pageSize: PAGE_SIZES.find((s) => s === Number(e.target.value)) ?? RESULTS_DEFAULT_PAGE_SIZE,
              })
            }
            data-testid="results-page-size"
          >
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <Button
          variant="secondary"
          onClick={() => void results.refetch()}
          disabled={results.isFetching}
          data-testid="results-refresh"
        >
          {results.isFetching ? t('refreshing') : t('refresh')}
        </Button>
      </div>
      {results.isPending ? (
        <p className="py-10 text-center text-ink-muted" role="status">
          {t('common:common.loading')}
        </p>
      ) : results.isError || !data ? (
        <div className="flex flex-col items-center gap-4 py-10 text-center" role="alert">
          <p>{t('failed')}</p>
          <Button variant="secondary" onClick={() => void results.refetch()}>
            {t('common:common.retry')}
          </Button>
        </div>
      ) : data.data.length === 0 ? (
        <div className="flex flex-col items-center gap-4 py-10 text-center" data-testid="results-empty">
          <p className="text-ink-muted">{t('empty')}</p>
          <LocalLink to="/test-selection/basic" className={buttonClass('primary')} {...PRIMARY_ACTION}>
            {t('startPracticing')}
          </LocalLink>
        </div>
      ) : (
        <>
          <p className="text-sm text-ink-muted" aria-live="polite">
            {t('count', { n: data.pagination.total_count })}
          </p>
          <div className="flex flex-col gap-4">
            {data.data.map((item) => (
              <ResultItemCard key={item.id} item={item} ownRecordings />
            ))}
          </div>
          <Pagination
            page={data.pagination.current_page}
            totalPages={data.pagination.total_pages}
            onPage={(page) => update({ page })}
            testId="results-pagination"
          />
        </>
      )}
      {more}
    </div>
  );
}
