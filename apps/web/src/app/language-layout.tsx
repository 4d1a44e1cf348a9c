import { useEffect, useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { STORAGE_KEYS, alternateLinks, isLanguage, pageTitle, prefixRedirect } from '@kouyu/core';
import { i18n } from '@/lib/i18n';
import { storage } from '@/lib/storage';
import { AppShell } from './app-shell';

const HTML_LANG = { en: 'en', zh: 'zh-CN', ru: 'ru' } as const;

/** Keeps `<link rel="alternate" hreflang>` in step with the page. */
function useHreflang(pathname: string) {
  useEffect(() => {
    document.head.querySelectorAll('link[data-hreflang]').forEach((el) => el.remove());
    for (const { hreflang, href } of alternateLinks(pathname)) {
      const link = document.createElement('link');
      link.rel = 'alternate';
      link.hreflang = hreflang;
      link.href = new URL(href, window.location.origin).toString();
      link.dataset['hreflang'] = 'true';
      document.head.appendChild(link);
    }
  }, [pathname]);
}

/** `/:lang/*`: a valid language sets the interface language; anything else gets the saved prefix. */
export function LanguageLayout() {
  const { lang } = useParams();
  const location = useLocation();
  const valid = isLanguage(lang);

  useLayoutEffect(() => {
    if (!valid) return;
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    storage.set(STORAGE_KEYS.language, lang);
    document.documentElement.lang = HTML_LANG[lang];
  }, [lang, valid]);

  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname, location.search]);

  // The page's own title on every navigation; the server wrote the first one into the HTML.
  useLayoutEffect(() => {
    document.title = pageTitle(location.pathname);
  }, [location.pathname]);

  useHreflang(location.pathname);

  if (!valid) {
    const to = prefixRedirect(
      location.pathname,
      location.search,
      location.hash,
      storage.get(STORAGE_KEYS.language),
    );
    return <Navigate to={to ?? '/'} replace state={location.state} />;
  }
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

/** `/`: to the saved language (default en), keeping query and hash. */
export function RootRedirect() {
  const location = useLocation();
  const to = prefixRedirect('/', location.search, location.hash, storage.get(STORAGE_KEYS.language)) ?? '/en';
  return <Navigate to={to} replace />;
}
