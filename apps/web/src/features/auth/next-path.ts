import { switchLanguagePath, withLanguage } from '@kouyu/core';
import type { Language } from '@kouyu/core';

/**
 * Where to go after signing in: the `next` path when it is a path of this site (never another
 * origin), shown in the current language; otherwise home.
 */
export function nextPath(raw: string | null | undefined, lang: Language): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\'))
    return withLanguage(lang, '/');
  const url = new URL(raw, 'http://site.invalid');
  if (url.origin !== 'http://site.invalid') return withLanguage(lang, '/');
  return switchLanguagePath(url.pathname, url.search, url.hash, lang);
}

/** The sign-in page that brings a guest back to `from` afterwards. */
export function loginPath(lang: Language, from: string): string {
  return withLanguage(lang, `/auth?mode=login&next=${encodeURIComponent(from)}`);
}

/** The e-mail verification page for `email`, passing `next` along. */
export function verifyPath(lang: Language, email: string, next: string | null): string {
  const q = new URLSearchParams({ email });
  if (next) q.set('next', next);
  return withLanguage(lang, `/verify-email?${q.toString()}`);
}
