import { createBrowserRouter, Navigate, useParams } from 'react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HSK_LEVELS, HSK_WRITING_LEVELS, HSKK_LEVELS } from '@kouyu/core';
import { ComingSoon } from '@/components/ui/coming-soon';
import {
  AuthPage,
  ChangePasswordForm,
  DeleteAccount,
  RequireAuth,
  RequireAuthBeyondPartOne,
  ResetPasswordPage,
  VerifyEmailPage,
} from '@/features/auth';
import { AboutPage, FaqPage, HelpPage, PrivacyPage } from '@/features/info';
import { ProfilePage } from '@/features/profile';
import { VocabularyPage } from '@/features/vocabulary';
import { IdiomsPage } from '@/features/idioms';
import { ResultsPage } from '@/features/results';
import { SpeechCheckPage, TestRunPage, TestSelectionPage } from '@/features/speaking';
import { DictationPage } from '@/features/dictation';
import {
  HskAttemptsList,
  HskLevelPage,
  HskListeningTestPage,
  HskQuestionPage,
  HskSectionPage,
} from '@/features/hsk';
import { LanguageLayout, RootRedirect } from './language-layout';
import { HomePage } from './routes/home';
import { AdminPage } from '@/features/admin';
import { CampusCardPage } from '@/features/campus-card';
import { PlusPage, PlusSuccessPage } from '@/features/membership';

type Check = (params: Readonly<Record<string, string | undefined>>) => boolean;

const hskLevel: Check = (p) => HSK_LEVELS.some((n) => String(n) === p['level']);
const writingLevel: Check = (p) => HSK_WRITING_LEVELS.some((n) => String(n) === p['level']);
const listeningTestLevel: Check = (p) => writingLevel(p);
const hskkLevel: Check = (p) => HSKK_LEVELS.some((l) => l === p['level']);
const testMode: Check = (p) =>
  hskkLevel(p) && /^(full-test|part-[123]|[123])$/.test(p['mode'] ?? '') && /^\d+$/.test(p['testId'] ?? '');
const numericTest: Check = (p) => /^[\w-]+$/.test(p['testId'] ?? '');

/** Renders the page when its parameters are valid; otherwise the unknown-path rule sends the user to `/`. */
function Guard({ check, children }: { check: Check; children: ReactNode }) {
  const params = useParams();
  return check(params) ? children : <Navigate to="/" replace />;
}

/** A page whose feature lands with a later issue. */
function Soon({
  title,
}: {
  title:
    | 'results'
    | 'profile'
    | 'auth'
    | 'verifyEmail'
    | 'resetPassword'
    | 'vocabulary'
    | 'idioms'
    | 'dictation'
    | 'hsk'
    | 'testSelection'
    | 'test';
}) {
  const { t } = useTranslation();
  return <ComingSoon title={t(`pages.${title}`)} />;
}

const any: Check = () => true;
const page = (path: string, element: ReactNode, check: Check = any) => ({
  path,
  element: <Guard check={check}>{element}</Guard>,
});

/** The route table of spec 000 §2 and spec 001 §2, all under `/{lang}`. */
export const router = createBrowserRouter([
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
      page('auth', <AuthPage />),
      page('verify-email', <VerifyEmailPage />),
      page('reset-password', <ResetPasswordPage />),
      page('about', <AboutPage />),
      page('privacy', <PrivacyPage />),
      page('faq', <FaqPage />),
      page('help', <HelpPage />),
      page('speech-recognition', <SpeechCheckPage />),
      page('vocab', <VocabularyPage />),
      page('vocabulary/:level', <VocabularyPage />, hskLevel),
      page('idioms', <IdiomsPage />),
      page('dictation', <DictationPage />),
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
]);
