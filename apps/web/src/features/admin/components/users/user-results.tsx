import { useTranslation } from 'react-i18next';
import { RESULT_FILTERS, RESULT_SORTS } from '@kouyu/core';
import { Pagination } from '@/components/ui/pagination';
import { ResultItemCard } from '@/components/ui/result-card';
import { useLang } from '@/components/ui/local-link';
import { useUserResultCount } from '../../api/get-user-result-count';
import { useUserResults } from '../../api/get-user-results';
import { pick, useSearchState } from '../../hooks/use-search-state';
import { LoadError, Loading, Panel, selectClass } from '../parts';

/** A user's saved runs: the count by kind and the average, then the runs with sort, filter and pages. */
export function UserResults({ id }: { id: number }) {
  const { t } = useTranslation(['admin', 'results']);
  const lang = useLang();
  const { params, page, update } = useSearchState();
  const sort = pick(RESULT_SORTS, params.get('sort'), 'latest');
  const filter = pick(RESULT_FILTERS, params.get('filter'), 'all');
  const count = useUserResultCount(id);
  const list = useUserResults(id, { page, sort, filter, language: lang });
  const c = count.data?.data;

  return (
    <Panel title={t('results.title')} testId="admin-user-results">
      {c ? (
        <p className="text-sm" data-testid="admin-user-results-count">
          {t('results.summary', { count: c.count, full: c.full_tests, part: c.part_tests })}
          {' · '}
          {c.average_score === null
            ? t('results.noAverage')
            : t('results.average', { score: c.average_score })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('results:sort.label')}
          <select
            className={selectClass}
            value={sort}
            onChange={(e) =>
              update({
                sort: e.target.value === 'latest' ? undefined : pick(RESULT_SORTS, e.target.value, 'latest'),
              })
            }
          >
            {RESULT_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`results:sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('results:filter.label')}
          <select
            className={selectClass}
            value={filter}
            onChange={(e) =>
              update({
                filter: e.target.value === 'all' ? undefined : pick(RESULT_FILTERS, e.target.value, 'all'),
              })
            }
          >
            {RESULT_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`results:filter.${f}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <p className="py-6 text-center text-ink-muted" data-testid="admin-user-results-empty">
          {t('results.empty')}
        </p>
      ) : (
        <>
          <div className="flex flex-col gap-3">
            {list.data.data.map((item) => (
              <ResultItemCard key={item.id} item={item} answerLabel={t('results.learnerAnswer')} />
            ))}
          </div>
          <Pagination
            page={list.data.pagination.current_page}
            totalPages={list.data.pagination.total_pages}
            onPage={(p) => update({ page: p })}
            testId="admin-user-results-pagination"
          />
        </>
      )}
    </Panel>
  );
}
