import i18n from 'i18next';
import type { BackendModule, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@kouyu/core';
import { en } from './locales-en';

/**
 * Chinese and Russian texts are fetched when their language is chosen (one chunk per file), so an
 * English page does not carry the other two languages' texts in its first load (decision 017).
 */
const lazyLocales = import.meta.glob<{ default: ResourceKey }>('../locales/{zh,ru}/*.json');

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

/** The texts bundled with the app (English); the other languages come through the lazy backend. */
export const resources = { en };

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
