import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { HSKK_LEVELS, LEVEL_IDS, canOpen, filterQuestions, parseMode, withLanguage } from '@kouyu/core';
import type { Denial, HskkLevel, TestMode } from '@kouyu/core';
import { buttonClass, PRIMARY_ACTION } from '@/components/ui/button';
import { LocalLink, useLang } from '@/components/ui/local-link';
import { ApiError } from '@/lib/api';
import { usePartQuestions } from '../../api/get-questions';
import { useViewer } from '@/lib/use-viewer';
import type { RunData } from '../../hooks/use-test-run';
import { runQuestions } from '../../lib/run';
import type { RunPart } from '../../lib/run';
import { RunError } from './run-error';
import { TestRun } from './test-run';

const isLevel = (v: string | undefined): v is HskkLevel => HSKK_LEVELS.some((l) => l === v);
const PARTS_OF_FULL_TEST = [1, 2, 3];

/** A denial from the server's error code, when it is one the page handles itself. */
function denialOf(err: unknown, testId: number, mode: TestMode): Denial | null {
  if (!(err instanceof ApiError)) return null;
  if (err.code === 'official_required') return { reason: 'official_required' };
  if (err.code === 'guest_part_only')
    return { reason: 'guest_part_only', testId, part: mode.full ? 'full' : mode.part };
  if (err.code === 'login_required' || err.status === 401) return { reason: 'login_required' };
  return null;
}

/** `/{lang}/test/{level}/{testId}/{mode}`: loads the part(s), checks access, then runs the test. */
export function TestRunPage() {
  const { t } = useTranslation('speaking');
  const params = useParams();
  const lang = useLang();
  const viewer = useViewer();
  const level: HskkLevel = isLevel(params['level']) ? params['level'] : 'basic';
  const testId = Number(params['testId']);
  const mode = parseMode(params['mode'] ?? '');
  const parts = mode ? (mode.full ? PARTS_OF_FULL_TEST : [mode.part]) : [];
  const queries = usePartQuestions(testId, parts, lang, viewer.signedIn);

  if (!mode || !Number.isInteger(testId)) return <RunError message={t('run.notFound')} />;

  const failed = queries.find((q) => q.isError);
  if (failed) {
    const denial = denialOf(failed.error, testId, mode);
    // The server names the test by its number (Test 1), not by its database id.
    const number = failed.error instanceof ApiError ? failed.error.body['test_number'] : undefined;
    if (denial) return <Denied denial={denial} testNumber={typeof number === 'number' ? number : null} />;
    if (
      failed.error instanceof ApiError &&
      (failed.error.code === 'test_not_found' || failed.error.status === 404)
    ) {
      return <RunError message={t('run.noQuestions')} />;
    }
    return <RunError message={t('run.loadFailed', { message: failed.error.message })} />;
  }
  const loaded = queries.map((q) => q.data);
  if (queries.some((q) => q.isPending) || loaded.some((d) => !d)) {
    return (
      <p className="py-16 text-center text-ink-muted" role="status">
        {t('run.loading')}
      </p>
    );
  }

  const first = loaded[0];
  if (!first) return <RunError message={t('run.noQuestions')} />;
  const test = first.data.test;
  const access = canOpen(test, mode, viewer);
  if (!access.ok) return <Denied denial={access.denial} testNumber={null} />;

  const runParts: RunPart[] = [];
  for (const d of loaded) {
    if (!d) continue;
    const filtered = filterQuestions(d.data.questions);
    if (!filtered.ok) {
      return (
        <RunError
          message={filtered.reason === 'no_questions' ? t('run.noQuestions') : t('run.noValidQuestions')}
        />
      );
    }
    runParts.push({ part: d.data.part, instructions: d.data.instructions, questions: filtered.questions });
  }
  const data: RunData = {
    test,
    level,
    levelId: LEVEL_IDS[level],
    fullTest: mode.full,
    parts: runParts,
    questions: runQuestions(runParts),
  };
  // A new test or mode starts a new run.
  return <TestRun key={`${testId}-${params['mode'] ?? ''}`} data={data} viewer={viewer} lang={lang} />;
}

/** Access refused: Plus page for official tests, the guest message with sign-up, or the error view. */
function Denied({ denial, testNumber }: { denial: Denial; testNumber: number | null }) {
  const { t } = useTranslation(['speaking', 'common']);
  const lang = useLang();
  const params = useParams();
  switch (denial.reason) {
    case 'official_required':
      return <Navigate to={withLanguage(lang, '/plus')} replace />;
    case 'login_required':
      // A test that is not the try test needs an account whatever the part (spec 001 §8): the guest
      // text, which says only Part 1 is closed, would contradict itself on a Part 1.
      return (
        <RunError
          message={t('common:errors.login_required')}
          action={
            <>
              <LocalLink to="/auth?mode=login" className={buttonClass('primary')} {...PRIMARY_ACTION}>
                {t('guestLimit.signIn')}
              </LocalLink>
              <LocalLink to="/auth?mode=register" className={buttonClass('secondary')}>
                {t('guestLimit.signUp')}
              </LocalLink>
            </>
          }
        />
      );
    case 'guest_part_only': {
      const part = denial.part;
      const partText = part === 'full' ? t('selection.fullTest') : String(part);
      const test = testNumber ?? params['testId'] ?? '';
      return (
        <RunError
          message={t('run.guestPartOnly', { test, part: partText })}
          action={
            <LocalLink to="/auth?mode=register" className={buttonClass('primary')} {...PRIMARY_ACTION}>
              {t('guestLimit.signUp')}
            </LocalLink>
          }
        />
      );
    }
    case 'missing_part':
      return <RunError message={t('selection.missingPart', { part: denial.part })} />;
    case 'part_unavailable':
      return <RunError message={t('selection.partUnavailable', { part: denial.part })} />;
  }
}
