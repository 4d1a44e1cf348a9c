/**
 * Every language's texts at once, for tests that compare the locales. The app itself loads only the
 * language in use (see i18n.ts), so this file must not be imported by app code.
 */
import { en } from './locales-en';
import zhCommon from '@/locales/zh/common.json';
import zhContent from '@/locales/zh/content.json';
import ruCommon from '@/locales/ru/common.json';
import ruContent from '@/locales/ru/content.json';
import zhSpeaking from '@/locales/zh/speaking.json';
import zhResults from '@/locales/zh/results.json';
import zhVocabulary from '@/locales/zh/vocabulary.json';
import zhIdioms from '@/locales/zh/idioms.json';
import zhDictation from '@/locales/zh/dictation.json';
import zhHsk from '@/locales/zh/hsk.json';
import zhFeedback from '@/locales/zh/feedback.json';
import zhCheck from '@/locales/zh/check.json';
import zhAdmin from '@/locales/zh/admin.json';
import zhCampus from '@/locales/zh/campus.json';
import zhAnalytics from '@/locales/zh/analytics.json';
import ruSpeaking from '@/locales/ru/speaking.json';
import ruResults from '@/locales/ru/results.json';
import ruVocabulary from '@/locales/ru/vocabulary.json';
import ruIdioms from '@/locales/ru/idioms.json';
import ruDictation from '@/locales/ru/dictation.json';
import ruHsk from '@/locales/ru/hsk.json';
import ruFeedback from '@/locales/ru/feedback.json';
import ruCheck from '@/locales/ru/check.json';
import ruAdmin from '@/locales/ru/admin.json';
import ruCampus from '@/locales/ru/campus.json';
import ruAnalytics from '@/locales/ru/analytics.json';
import zhToday from '@/locales/zh/today.json';
import ruToday from '@/locales/ru/today.json';
import zhProgress from '@/locales/zh/progress.json';
import ruProgress from '@/locales/ru/progress.json';

export const resources = {
  en,
  zh: {
    common: zhCommon,
    content: zhContent,
    speaking: zhSpeaking,
    results: zhResults,
    vocabulary: zhVocabulary,
    idioms: zhIdioms,
    dictation: zhDictation,
    hsk: zhHsk,
    feedback: zhFeedback,
    check: zhCheck,
    admin: zhAdmin,
    campus: zhCampus,
    analytics: zhAnalytics,
    today: zhToday,
    progress: zhProgress,
  },
  ru: {
    common: ruCommon,
    content: ruContent,
    speaking: ruSpeaking,
    results: ruResults,
    vocabulary: ruVocabulary,
    idioms: ruIdioms,
    dictation: ruDictation,
    hsk: ruHsk,
    feedback: ruFeedback,
    check: ruCheck,
    admin: ruAdmin,
    campus: ruCampus,
    analytics: ruAnalytics,
    today: ruToday,
    progress: ruProgress,
  },
} as const;
