import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { HSK3_BAND_LEVEL, HSK_LEVELS, SEARCH_MAX_CHARS, levelLabel, syllabusOr } from '@kouyu/core';
import type { Syllabus } from '@kouyu/core';
import { SyllabusSwitch } from '@/components/syllabus-switch';
import { useSyllabus } from '@/lib/syllabus';
import { LevelCharacters } from '@/components/level-characters';
import { LevelChanges } from './level-changes';
import { Button } from '@/components/ui/button';
import { useLang } from '@/components/ui/local-link';
import { Pagination } from '@/components/ui/pagination';
import { SearchBox } from '@/components/ui/search-box';
import { useVocabulary } from '../api/get-vocabulary';
import { useSearchState } from '../hooks/use-search-state';
import { LevelTabs } from './level-tabs';
import { VocabularyHelp } from './vocabulary-help';
import { WordTable } from './word-table';
import { OfflineOr } from '@/components/ui/offline-or';
import { OtherLevels } from './other-levels';
import { useDeferredData } from '@/components/ui/use-deferred-data';

/** The level of the address (`7-9` is HSK 3.0's band) and the syllabus the page shows. */
function useLevelAndSyllabus(): { level: number | null; syllabus: Syllabus } {
  const raw = useParams()['level'];
  const [params] = useSearchParams();
  const { syllabus: learner } = useSyllabus();
  // A link from the plan names the syllabus; otherwise the learner's own. 7-9 exists in HSK 3.0 only.
  const syllabus = raw === '7-9' ? 'hsk3' : syllabusOr(params.get('syllabus'), learner);
  if (raw === '7-9') return { level: HSK3_BAND_LEVEL, syllabus };
  return { level: HSK_LEVELS.find((n) => String(n) === raw) ?? null, syllabus };
}

/**
 * `/{lang}/vocabulary/{level}`: a level's words in book order, searchable; `/{lang}/vocab`: a search over
 * every level. Search runs on the server as typing pauses; the text and page live in the address.
 */
export function VocabularyPage() {
  const { t } = useTranslation(['vocabulary', 'common']);
  const lang = useLang();
  const { level, syllabus } = useLevelAndSyllabus();
  const label = level === null ? null : levelLabel(syllabus, level);
  const { query, page, setQuery, setPage } = useSearchState();
  // The all-levels page lists nothing until something is searched.
  const listing = level !== null || query !== '';
  const words = useVocabulary({ level, search: query, language: lang, page, syllabus }, listing);
  const { data, pending } = useDeferredData(words);

  return (
    <div
      className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-8 sm:py-10"
      data-testid="vocabulary-page"
    >
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          {level === null
            ? t('title')
            : syllabus === 'hsk2'
              ? t('titleLevel', { level })
              : t('titleLevelSyllabus', { level: label, syllabus: t('common:syllabus.hsk3') })}
        </h1>
        <p className="text-ink-muted">{level === null ? t('introAll') : t('introLevel', { level: label })}</p>
      </header>
      <SyllabusSwitch />
      <LevelTabs level={level} query={query} syllabus={syllabus} />
      {syllabus === 'hsk2' ? <VocabularyHelp /> : null}
      {level !== null ? <LevelCharacters syllabus={syllabus} level={level} /> : null}
      {level !== null && syllabus === 'hsk3' && level <= 6 ? <LevelChanges level={level} /> : null}
      <SearchBox
        value={query}
        onSearch={setQuery}
        label={level === null ? t('search.labelAll') : t('search.labelLevel', { level: label })}
        placeholder={t('search.placeholder')}
        hint={t('search.hint')}
        maxLength={SEARCH_MAX_CHARS}
        testId="vocabulary-search"
      />
      <div aria-live="polite" aria-busy={words.isFetching} className="flex flex-col gap-4">
        {!listing ? <p className="text-ink-muted">{t('chooseLevel')}</p> : null}
        {/* Offline, a query waits for the network instead of failing: say so rather than "Loading…". */}
        {words.isPaused && !pending ? (
          <p className="text-ink-muted">
            <OfflineOr text={t('common:common.loading')} />
          </p>
        ) : null}
        {listing && pending ? (
          // As tall as a screen: the words arrive below it without moving the footer up and back down (CLS).
          <p className="min-h-svh text-ink-muted">
            <OfflineOr text={t('common:common.loading')} />
          </p>
        ) : null}
        {words.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-danger">
            <OfflineOr text={t('loadFailed')} />
            <Button variant="secondary" size="sm" onClick={() => void words.refetch()}>
              {t('common:common.retry')}
            </Button>
          </p>
        ) : null}
        {data && listing ? (
          <>
            <p className="text-sm text-ink-muted" data-testid="vocabulary-count">
              {query
                ? t('found', { count: data.pagination.total_count, query })
                : t('words', { count: data.pagination.total_count })}
            </p>
            {data.data.length > 0 ? (
              <WordTable words={data.data} showLevel={level === null} />
            ) : (
              <p
                className="rounded-xl border border-dashed border-line p-6 text-center text-ink-muted"
                data-testid="vocabulary-empty"
              >
                {t('empty', { query })}
              </p>
            )}
            {data.data.length === 0 && level !== null && query ? (
              <OtherLevels level={level} query={query} syllabus={syllabus} />
            ) : null}
            <Pagination
              page={data.pagination.current_page}
              totalPages={data.pagination.total_pages}
              onPage={(n) => {
                setPage(n);
                window.scrollTo({ top: 0 });
              }}
              label={t('pages.nav')}
              testId="vocabulary-pagination"
            />
          </>
        ) : null}
      </div>
    </div>
  );
}
