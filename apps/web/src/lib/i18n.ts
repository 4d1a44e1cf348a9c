import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@kouyu/core';
import enCommon from '@/locales/en/common.json';
import enContent from '@/locales/en/content.json';
import zhCommon from '@/locales/zh/common.json';
import zhContent from '@/locales/zh/content.json';
import ruCommon from '@/locales/ru/common.json';
import ruContent from '@/locales/ru/content.json';
import enSpeaking from '@/locales/en/speaking.json';
import enResults from '@/locales/en/results.json';
import enVocabulary from '@/locales/en/vocabulary.json';
import enIdioms from '@/locales/en/idioms.json';
import enDictation from '@/locales/en/dictation.json';
import enHsk from '@/locales/en/hsk.json';
import enFeedback from '@/locales/en/feedback.json';
import enCheck from '@/locales/en/check.json';
import enAdmin from '@/locales/en/admin.json';
import enCampus from '@/locales/en/campus.json';
import enAnalytics from '@/locales/en/analytics.json';
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

export const resources = {
  en: {
    common: enCommon,
    content: enContent,
    speaking: enSpeaking,
    results: enResults,
    vocabulary: enVocabulary,
    idioms: enIdioms,
    dictation: enDictation,
    hsk: enHsk,
    feedback: enFeedback,
    check: enCheck,
    admin: enAdmin,
    campus: enCampus,
    analytics: enAnalytics,
  },
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
  },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'];
  }
}

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  ns: [
    'common',
    'content',
    'speaking',
    'results',
    'vocabulary',
    'idioms',
    'dictation',
    'hsk',
    'feedback',
    'check',
    'admin',
    'campus',
    'analytics',
  ],
  interpolation: { escapeValue: false },
});

export { i18n };
