import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { HSKK_LEVELS, LEVEL_IDS, TEST_LIST_PAGE_SIZE, modeSegment, withLanguage } from '@kouyu/core';
import type { HskkLevel, TestMode } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { LocalLink, useLang } from '@/components/ui/local-link';
import { Pagination } from '@/components/ui/pagination';
import { useTests } from '../../api/get-tests';
import { usePendingRuns } from '../../hooks/use-pending-runs';
import { LoginPromptModal } from './login-prompt-modal';
import { useViewer } from '@/lib/use-viewer';
import { clientPage } from '../../lib/test-list';
import { TestCard } from './test-card';
import { useDeferredData } from '@/components/ui/use-deferred-data';

const isLevel = (v: string | undefined): v is HskkLevel => HSKK_LEVELS.some((l) => l === v);

/** `/{lang}/test-selection/{level}` (spec 001 §2): the tests of a level, their modes and start. */
export function TestSelectionPage() {
  const { t } = useTranslation(['speaking', 'common']);
  const params = useParams();
  const level: HskkLevel = isLevel(params['level']) ? params['level'] : 'basic';
  const lang = useLang();
  const navigate = useNavigate();
  const viewer = useViewer();
  // Runs kept on this device after a failed submission are sent when the learner comes back here.
  usePendingRuns(viewer.userId);
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [selected, setSelected] = useState<{ testId: number; mode: TestMode | null } | null>(null);

  const tests = useTests({
    levelId: LEVEL_IDS[level],
    page: viewer.signedIn ? page : null,
    language: lang,
    signedIn: viewer.signedIn,
  });

  const setPage = (n: number) => {
    setSelected(null);
    setSearch(n === 1 ? {} : { page: String(n) });
  };

  const { data, pending } = useDeferredData(tests);
  const paged = data
    ? viewer.signedIn
      ? {
          items: data.data,
          totalPages: data.pagination.total_pages,
          page: data.pagination.current_page,
          offset: (data.pagination.current_page - 1) * data.pagination.per_page,
        }
      : (() => {
          const p = clientPage(data.data, page, TEST_LIST_PAGE_SIZE);
          return { ...p, offset: (p.page - 1) * TEST_LIST_PAGE_SIZE };
        })()
    : null;

  // Official tests lead to the Plus page; a test that needs an account opens the login prompt.
  const [loginPrompt, setLoginPrompt] = useState(false);
  const onLocked = (lock: 'login_required' | 'official_required') => {
    if (lock === 'official_required') return void navigate(withLanguage(lang, '/plus'));
    setLoginPrompt(true);
  };

  const start = (testId: number, mode: TestMode) =>
    void navigate(withLanguage(lang, `/test/${level}/${testId}/${modeSegment(mode)}`));

  return (
    <div
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10"
      data-testid="test-selection"
    >
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold sm:text-3xl">{t(`selection.title.${level}`)}</h1>
        <p className="text-ink-muted">{t('selection.subtitle')}</p>
        <LocalLink
          to="/speech-recognition"
          className="self-start text-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
          data-testid="selection-check-link"
        >
          {t('selection.checkLink')}
        </LocalLink>
      </header>
      {!viewer.signedIn ? (
        <p
          className="rounded-xl border border-brand/30 bg-brand-soft px-4 py-3 text-sm"
          role="note"
          data-testid="guest-banner"
        >
          {t('selection.guestBanner')}
        </p>
      ) : null}
      {pending ? (
        <p className="py-10 text-center text-ink-muted" role="status">
          {t('common:common.loading')}
        </p>
      ) : tests.isError || !paged ? (
        <div
          className="flex flex-col items-center gap-4 py-10 text-center"
          role="alert"
          data-testid="tests-error"
        >
          <p>{t('selection.failedToFetch')}</p>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {t('selection.tryAgain')}
          </Button>
        </div>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
            {paged.items.map((test, i) => (
              <TestCard
                key={test.id}
                test={test}
                position={paged.offset + i + 1}
                viewer={viewer}
                selected={selected?.testId === test.id}
                mode={selected?.testId === test.id ? selected.mode : null}
                onSelect={() =>
                  setSelected((s) => (s?.testId === test.id ? s : { testId: test.id, mode: null }))
                }
                onMode={(mode) => setSelected({ testId: test.id, mode })}
                onStart={() => selected?.testId === test.id && selected.mode && start(test.id, selected.mode)}
                onLocked={onLocked}
              />
            ))}
          </div>
          {paged.items.length === 0 ? (
            <p className="text-center text-ink-muted">{t('selection.empty')}</p>
          ) : null}
          <Pagination
            page={paged.page}
            totalPages={paged.totalPages}
            onPage={setPage}
            testId="tests-pagination"
          />
        </>
      )}
      <LoginPromptModal open={loginPrompt} onClose={() => setLoginPrompt(false)} />
    </div>
  );
}
