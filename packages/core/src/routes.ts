import { DEFAULT_LANGUAGE, LANGUAGES, MOBILE_BREAKPOINT_PX, NAME_CUT_AT, NAME_CUT_TO } from './constants.js';
import type { Language } from './constants.js';

/** True when the value is one of the supported interface languages. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The saved language when valid, else the default (spec 000 §2). */
export function pickLanguage(saved: string | null | undefined): Language {
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

/** Splits `/zh/vocab` into its language and the rest (`/vocab`); `lang` is null when unprefixed. */
export function splitLanguage(pathname: string): { lang: Language | null; rest: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first !== undefined && isLanguage(first)) {
    const rest = match?.[2] ?? '/';
    return { lang: first, rest: rest === '' ? '/' : rest };
  }
  return { lang: null, rest: pathname === '' ? '/' : pathname };
}

/** Joins a language and a path: (`en`, `/`) gives `/en`, (`en`, `/vocab`) gives `/en/vocab`. */
export function withLanguage(lang: Language, rest: string): string {
  return rest === '/' || rest === '' ? `/${lang}` : `/${lang}${rest.startsWith('/') ? rest : `/${rest}`}`;
}

/**
 * Where a path without a language prefix goes: the saved language prefix, keeping query and hash.
 * Returns null when the path already carries a language.
 */
export function prefixRedirect(
  pathname: string,
  search: string,
  hash: string,
  savedLanguage: string | null | undefined,
): string | null {
  if (splitLanguage(pathname).lang) return null;
  return withLanguage(pickLanguage(savedLanguage), pathname) + search + hash;
}

/** Rewrites the first path segment to another language, keeping query and hash. */
export function switchLanguagePath(pathname: string, search: string, hash: string, to: Language): string {
  return withLanguage(to, splitLanguage(pathname).rest) + search + hash;
}

/** hreflang alternates for a page: one per language plus x-default in English. */
export function alternateLinks(pathname: string): { hreflang: string; href: string }[] {
  const { rest } = splitLanguage(pathname);
  return [
    ...LANGUAGES.map((lang) => ({ hreflang: lang, href: withLanguage(lang, rest) })),
    { hreflang: 'x-default', href: withLanguage(DEFAULT_LANGUAGE, rest) },
  ];
}

export type BackAction = { action: 'exit' } | { action: 'navigate'; to: string } | { action: 'back' };

const HOME_ON_BACK = [
  /^\/auth$/,
  /^\/test-selection\/[^/]+$/,
  /^\/results$/,
  /^\/about$/,
  /^\/privacy$/,
  /^\/plus$/,
  /^\/campus-card$/,
  /^\/admin(\/.*)?$/,
  /^\/idioms(\/.*)?$/,
];

/**
 * The native back button (spec 000 §2). `historyLength` is the browser history depth.
 * The full-test run is treated like a single part: back returns to its level's test list.
 */
export function backButtonAction(pathname: string, historyLength: number): BackAction {
  const { lang, rest } = splitLanguage(pathname);
  const home = withLanguage(lang ?? DEFAULT_LANGUAGE, '/');
  const path = rest.length > 1 ? rest.replace(/\/+$/, '') : rest;
  if (path === '/') return { action: 'exit' };
  const test = /^\/test\/([^/]+)\/[^/]+\/(part-\d|full-test)$/.exec(path);
  if (test?.[1])
    return { action: 'navigate', to: withLanguage(lang ?? DEFAULT_LANGUAGE, `/test-selection/${test[1]}`) };
  if (HOME_ON_BACK.some((re) => re.test(path))) return { action: 'navigate', to: home };
  return historyLength > 2 ? { action: 'back' } : { action: 'navigate', to: home };
}

const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** Mobile layout: width 768 px or less, or a mobile user agent (spec 000 §9). */
export function isMobileLayout(width: number, userAgent: string): boolean {
  return width <= MOBILE_BREAKPOINT_PX || MOBILE_UA.test(userAgent);
}

/** Dropdown display name: over 15 characters is cut to 12 plus an ellipsis. */
export function shortenName(name: string): string {
  const chars = Array.from(name);
  return chars.length > NAME_CUT_AT ? `${chars.slice(0, NAME_CUT_TO).join('')}...` : name;
}

/** Capitalises a user level for display (`basic` → `Basic`). */
export function capitalise(word: string): string {
  return word.length === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1);
}
