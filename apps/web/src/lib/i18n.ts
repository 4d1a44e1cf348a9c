import i18n from 'i18next';
import type { BackendModule, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@kouyu/core';
import type { en } from './locales-en';
import { SHELL_NAMESPACES } from './shell-namespaces';
// Only the groups of these files that the shell and the home page show (JSON named exports: the others
// stay out of the first load); `loadAllTexts` adds the whole files. `shell-texts.test.ts` checks that no
// file of the first load names a group left out here.
import {
  account,
  bottomBar,
  common,
  duration,
  feedback,
  footer,
  header,
  home,
  install,
  levels,
  validation,
} from '@/locales/en/common.json';
import {
  hero,
  install as contentInstall,
  lessons,
  levels as contentLevels,
  phrases,
  showcase,
  tips,
} from '@/locales/en/content.json';
import enFeedback from '@/locales/en/feedback.json';

/**
 * Only the texts the shell and home page show ship with the app, in English (the default and fallback
 * language); every other file is fetched when needed (a language's page texts in one chunk, the shell's
 * files apart), so the home page's first load carries neither the other languages nor the other pages'
 * texts (decision 017).
 */
const lazyLocales = import.meta.glob<{ default: ResourceKey }>([
  '../locales/*/*.json',
  '!../locales/en/{common,content,feedback}.json',
]);
/**
 * The whole English shell files, of which the first load carries only some groups: read as text, since
 * the same module imported both ways would ship whole in the first load.
 */
const fullShellTexts = import.meta.glob<string>('../locales/en/{common,content}.json', {
  query: '?raw',
  import: 'default',
});

/** Every namespace, from the files on disk (a feature that adds a file is covered). */
const NAMESPACES = [
  ...new Set([
    ...SHELL_NAMESPACES,
    ...Object.keys(lazyLocales).map((file) => file.replace(/^.*\/([\w-]+)\.json$/, '$1')),
  ]),
];

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = lazyLocales[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no texts for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** The texts bundled with the app (English, shell); the rest come through the lazy backend. */
export const resources = {
  en: {
    common: {
      account,
      bottomBar,
      common,
      duration,
      feedback,
      footer,
      header,
      home,
      install,
      levels,
      validation,
    },
    content: {
      hero,
      install: contentInstall,
      lessons,
      levels: contentLevels,
      phrases,
      showcase,
      tips,
    },
    feedback: enFeedback,
  },
};

/** The groups of the English shell files that ship with the app (read before `loadAllTexts` completes them). */
export const SHELL_TEXT_GROUPS = {
  common: Object.keys(resources.en.common),
  content: Object.keys(resources.en.content),
};

let fullEnglish: Promise<void> | null = null;

/** Completes the English shell files (the fallback of every language) with the groups left out. */
function loadFullEnglish(): Promise<void> {
  fullEnglish ??= Promise.all(
    Object.entries(fullShellTexts).map(async ([file, load]) => {
      const ns = file.replace(/^.*\/([\w-]+)\.json$/, '$1');
      const texts: unknown = JSON.parse(await load());
      i18n.addResourceBundle('en', ns, texts, true, true);
    }),
  ).then(
    () => undefined,
    (error: unknown) => {
      fullEnglish = null;
      throw error;
    },
  );
  return fullEnglish;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
  }
}

void i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    ns: [...SHELL_NAMESPACES],
    interpolation: { escapeValue: false },
  });

/**
 * Fetches every namespace of the current language (and English behind it). Pages and modals wait for it
 * with their own chunk, so none renders a key; the shell needs only what ships with the app.
 */
export async function loadAllTexts(): Promise<void> {
  if (!i18n.isInitialized) await new Promise<void>((resolve) => i18n.on('initialized', () => resolve()));
  await Promise.all([i18n.loadNamespaces(NAMESPACES), loadFullEnglish()]);
}

export { i18n };
