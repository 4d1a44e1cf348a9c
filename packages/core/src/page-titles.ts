/**
 * Each page's <title> in the three languages: one table for the server, which writes it into the HTML
 * it sends, and for the app, which sets it on every navigation.
 */
import { DEFAULT_LANGUAGE } from './constants.js';
import type { Language } from './constants.js';
import { splitLanguage } from './routes.js';

/** A page by the first segment of its path (after the language); '' is home. */
const PAGES = [
  '',
  'test-selection',
  'test',
  'results',
  'progress',
  'review',
  'vocab',
  'vocabulary',
  'idioms',
  'dictation',
  'hsk',
  'write',
  'speech-recognition',
  'plus',
  'auth',
  'verify-email',
  'reset-password',
  'profile',
  'about',
  'privacy',
  'faq',
  'help',
  'campus-card',
  'admin',
] as const;
type Page = (typeof PAGES)[number];

const SITE = 'Kouyu';

const TITLES: Record<Language, Record<Page, string>> = {
  en: {
    '': 'Kouyu · HSKK & HSK practice',
    'test-selection': 'HSKK tests',
    test: 'HSKK test',
    results: 'Your test results',
    progress: 'Progress',
    review: 'Review',
    vocab: 'Vocabulary',
    vocabulary: 'Vocabulary',
    idioms: 'Idioms',
    dictation: 'Dictation',
    hsk: 'HSK practice',
    write: 'Write it',
    'speech-recognition': 'Microphone and speech check',
    plus: 'Kouyu Plus',
    auth: 'Sign in',
    'verify-email': 'Confirm your e-mail',
    'reset-password': 'Reset your password',
    profile: 'Your profile',
    about: 'About',
    privacy: 'Privacy',
    faq: 'Questions and answers',
    help: 'Help',
    'campus-card': 'Campus card',
    admin: 'Admin',
  },
  zh: {
    '': 'Kouyu 口语 · HSKK 与 HSK 练习',
    'test-selection': 'HSKK 测试',
    test: 'HSKK 测试',
    results: '我的测试成绩',
    progress: '学习进度',
    review: '复习',
    vocab: '词汇',
    vocabulary: '词汇',
    idioms: '成语',
    dictation: '听写',
    hsk: 'HSK 练习',
    write: '写一写',
    'speech-recognition': '麦克风与语音检查',
    plus: 'Kouyu Plus 会员',
    auth: '登录',
    'verify-email': '验证邮箱',
    'reset-password': '重置密码',
    profile: '个人资料',
    about: '关于',
    privacy: '隐私',
    faq: '常见问题',
    help: '帮助',
    'campus-card': '校园卡',
    admin: '管理',
  },
  ru: {
    '': 'Kouyu · подготовка к HSKK и HSK',
    'test-selection': 'Тесты HSKK',
    test: 'Тест HSKK',
    results: 'Ваши результаты',
    progress: 'Прогресс',
    review: 'Повторение',
    vocab: 'Словарь',
    vocabulary: 'Словарь',
    idioms: 'Идиомы',
    dictation: 'Диктант',
    hsk: 'Практика HSK',
    write: 'Пропись',
    'speech-recognition': 'Проверка микрофона и речи',
    plus: 'Kouyu Plus',
    auth: 'Вход',
    'verify-email': 'Подтверждение почты',
    'reset-password': 'Сброс пароля',
    profile: 'Профиль',
    about: 'О проекте',
    privacy: 'Конфиденциальность',
    faq: 'Вопросы и ответы',
    help: 'Помощь',
    'campus-card': 'Карта кампуса',
    admin: 'Администрирование',
  },
};

const isPage = (segment: string): segment is Page => (PAGES as readonly string[]).includes(segment);

/**
 * The title of the page at `pathname` (`/zh/progress` → "学习进度 · Kouyu"), in the path's language;
 * home's, in that language, for a path this table does not know.
 */
export function pageTitle(pathname: string): string {
  const { lang, rest } = splitLanguage(pathname.split('?')[0] ?? '/');
  const titles = TITLES[lang ?? DEFAULT_LANGUAGE];
  const segment = rest.split('/')[1] ?? '';
  if (segment === '' || !isPage(segment)) return titles[''];
  return `${titles[segment]} · ${SITE}`;
}
