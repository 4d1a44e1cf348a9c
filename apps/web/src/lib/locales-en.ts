/** The English texts: bundled with the app because English is the default and the fallback language. */
import enCommon from '@/locales/en/common.json';
import enContent from '@/locales/en/content.json';
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
import enToday from '@/locales/en/today.json';
import enProgress from '@/locales/en/progress.json';

export const en = {
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
  today: enToday,
  progress: enProgress,
} as const;
