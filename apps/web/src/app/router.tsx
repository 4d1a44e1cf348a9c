import { Navigate, useParams, useRoutes } from 'react-router';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { HSK_LEVELS, HSK_WRITING_LEVELS, HSKK_LEVELS } from '@kouyu/core';
// Deep imports, not the feature barrels: a barrel would put every page of the feature in the first load.
import { RequireAuth, RequireAuthBeyondPartOne } from '@/features/auth/components/require-auth';
import { lazyPart as page$ } from '@/lib/lazy-part';
import { LanguageLayout, RootRedirect } from './language-layout';
import { HomePage } from './routes/home';
import { PageLoading } from './page-loading';
import { RouteErrorBoundary } from './route-error';

/**
 * Every page but home is its own chunk, loaded when its route is opened, so the home page's first
 * load carries only the shell (decision 017). Pages are imported from their files, not the feature
 * barrels, so that opening one page does not pull its neighbours (the test list does not need the recorder).
 */
const AuthPage = page$(() => import('@/features/auth/components/auth-page'), 'AuthPage');
const VerifyEmailPage = page$(
  () => import('@/features/auth/components/verify-email-page'),
  'VerifyEmailPage',
);
const ResetPasswordPage = page$(
  () => import('@/features/auth/components/reset-password-page'),
  'ResetPasswordPage',
);
const ChangePasswordForm = page$(
  () => import('@/features/auth/components/change-password-form'),
  'ChangePasswordForm',
);
const DeleteAccount = page$(() => import('@/features/auth/components/delete-account'), 'DeleteAccount');
const AboutPage = page$(() => import('@/features/info/components/pages'), 'AboutPage');
const PrivacyPage = page$(() => import('@/features/info/components/pages'), 'PrivacyPage');
const FaqPage = page$(() => import('@/features/info/components/pages'), 'FaqPage');
const HelpPage = page$(() => import('@/features/info/components/pages'), 'HelpPage');
const ProfilePage = page$(() => import('@/features/profile'), 'ProfilePage');
const VocabularyPage = page$(() => import('@/features/vocabulary'), 'VocabularyPage');
const IdiomsPage = page$(() => import('@/features/idioms'), 'IdiomsPage');
const ResultsPage = page$(() => import('@/features/results'), 'ResultsPage');
const TestSelectionPage = page$(
  () => import('@/features/speaking/components/selection/test-selection-page'),
  'TestSelectionPage',
);
const TestRunPage = page$(() => import('@/features/speaking/components/run/test-run-page'), 'TestRunPage');
const SpeechCheckPage = page$(
  () => import('@/features/speech-check/components/speech-check-page'),
  'SpeechCheckPage',
);
const DictationPage = page$(() => import('@/features/dictation'), 'DictationPage');
const HskLevelPage = page$(() => import('@/features/hsk/components/level-page'), 'HskLevelPage');
const HskBandPage = page$(() => import('@/features/hsk/components/band-page'), 'HskBandPage');
const HskSectionPage = page$(() => import('@/features/hsk/components/section-page'), 'HskSectionPage');
const HskQuestionPage = page$(() => import('@/features/hsk/components/question-page'), 'HskQuestionPage');
const HskListeningTestPage = page$(
  () => import('@/features/hsk/components/listening-test-page'),
  'HskListeningTestPage',
);
const HskAttemptsList = page$(() => import('@/features/hsk/components/attempts-list'), 'HskAttemptsList');
const AdminPage = page$(() => import('@/features/admin'), 'AdminPage');
const CampusCardPage = page$(() => import('@/features/campus-card'), 'CampusCardPage');
const PlusPage = page$(() => import('@/features/membership/components/plus-page'), 'PlusPage');
const PlusSuccessPage = page$(
  () => import('@/features/membership/components/success-page'),
  'PlusSuccessPage',
);
const WritePage = page$(() => import('@/features/hanzi'), 'WritePage');
const ProgressPage = page$(() => import('@/features/progress'), 'ProgressPage');
const ReviewRoute = page$(() => import('./routes/review'), 'ReviewRoute');

type Check = (params: Readonly<Record<string, string | undefined>>) => boolean;

const hskLevel: Check = (p) => HSK_LEVELS.some((n) => String(n) === p['level']);
const writingLevel: Check = (p) => HSK_WRITING_LEVELS.some((n) => String(n) === p['level']);
const listeningTestLevel: Check = (p) => writingLevel(p);
const hskkLevel: Check = (p) => HSKK_LEVELS.some((l) => l === p['level']);
const testMode: Check = (p) =>
  hskkLevel(p) && /^(full-test|part-[123]|[123])$/.test(p['mode'] ?? '') && /^\d+$/.test(p['testId'] ?? '');
const numericTest: Check = (p) => /^[\w-]+$/.test(p['testId'] ?? '');
// Any Chinese character: the page takes the word's characters. Core's hanzi module is not imported
// here so that it stays out of the first chunk (only the lazy write page and its component use it).
const hanziWord: Check = (p) => /\p{Script=Han}/u.test(p['word'] ?? '');

/** Renders the page when its parameters are valid; otherwise the unknown-path rule sends the user to `/`. */
function Guard({ check, children }: { check: Check; children: ReactNode }) {
  const params = useParams();
  return check(params) ? children : <Navigate to="/" replace />;
}

const any: Check = () => true;
const page = (path: string, element: ReactNode, check: Check = any) => ({
  path,
  element: (
    <RouteErrorBoundary>
      <Guard check={check}>
        <Suspense fallback={<PageLoading />}>{element}</Suspense>
      </Guard>
    </RouteErrorBoundary>
  ),
});

/**
 * The route table of spec 000 §2 and spec 001 §2, all under `/{lang}`. Matched with `useRoutes` under a
 * `BrowserRouter`, not a data router: no route loads data through the router, and the data router's
 * code was a sixth of the home page's first load (decision 017).
 */
const routes = [
  { path: '/', element: <RootRedirect /> },
  {
    path: '/:lang',
    element: <LanguageLayout />,
    children: [
      { index: true, element: <HomePage /> },
      page('test-selection/:level', <TestSelectionPage />, hskkLevel),
      page(
        'test/:level/:testId/:mode',
        <RequireAuthBeyondPartOne>
          <TestRunPage />
        </RequireAuthBeyondPartOne>,
        testMode,
      ),
      page(
        'results',
        <RequireAuth>
          <ResultsPage more={<HskAttemptsList />} />
        </RequireAuth>,
      ),
      page(
        'profile',
        <RequireAuth>
          <ProfilePage changePassword={<ChangePasswordForm />} deleteAccount={<DeleteAccount />} />
        </RequireAuth>,
      ),
      page(
        'review',
        <RequireAuth>
          <ReviewRoute />
        </RequireAuth>,
      ),
      page(
        'plus',
        <RequireAuth>
          <PlusPage />
        </RequireAuth>,
      ),
      page(
        'plus/success',
        <RequireAuth>
          <PlusSuccessPage />
        </RequireAuth>,
      ),
      page(
        'progress',
        <RequireAuth>
          <ProgressPage />
        </RequireAuth>,
      ),
      page('auth', <AuthPage />),
      page('verify-email', <VerifyEmailPage />),
      page('reset-password', <ResetPasswordPage />),
      page('about', <AboutPage />),
      page('privacy', <PrivacyPage />),
      page('faq', <FaqPage />),
      page('help', <HelpPage />),
      page('speech-recognition', <SpeechCheckPage />),
      page('vocab', <VocabularyPage />),
      page('vocabulary/:level', <VocabularyPage />, (p) => hskLevel(p) || p['level'] === '7-9'),
      page('idioms', <IdiomsPage />),
      page('dictation', <DictationPage />),
      page('write/:word', <WritePage />, hanziWord),
      // HSK 3.0's 7-9 band: words and characters, no practice sets yet.
      page('hsk/7-9', <HskBandPage />),
      page('hsk/:level', <HskLevelPage />, hskLevel),
      page('hsk/:level/listening', <HskSectionPage section="listening" />, hskLevel),
      page('hsk/:level/reading', <HskSectionPage section="reading" />, hskLevel),
      page('hsk/:level/writing', <HskSectionPage section="writing" />, writingLevel),
      page(
        'hsk/:level/listening/question/:testId',
        <HskQuestionPage section="listening" />,
        (p) => hskLevel(p) && numericTest(p),
      ),
      page(
        'hsk/:level/reading/question/:testId',
        <HskQuestionPage section="reading" />,
        (p) => hskLevel(p) && numericTest(p),
      ),
      page(
        'hsk/:level/writing/question/:testId',
        <HskQuestionPage section="writing" />,
        (p) => writingLevel(p) && numericTest(p),
      ),
      page(
        'hsk/:level/listening/test/:testId',
        <HskListeningTestPage />,
        (p) => listeningTestLevel(p) && numericTest(p),
      ),
      page('campus-card', <CampusCardPage />),
      page(
        'admin/*',
        <RequireAuth>
          <AdminPage />
        </RequireAuth>,
      ),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** The page of the current URL (rendered inside a `BrowserRouter`). */
export function AppRoutes() {
  return useRoutes(routes);
}
