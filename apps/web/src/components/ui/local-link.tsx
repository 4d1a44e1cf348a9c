import { Link, NavLink, useParams } from 'react-router';
import type { LinkProps, NavLinkProps } from 'react-router';
import { pickLanguage, withLanguage } from '@kouyu/core';

/** The current language of the route (`/zh/...` gives `zh`). */
export function useLang() {
  return pickLanguage(useParams()['lang']);
}

/** Prefixes an app path with the current language: `/vocab` → `/zh/vocab`. */
export function useLocalPath() {
  const lang = useLang();
  return (to: string) => withLanguage(lang, to);
}

/** A link to an app path in the current language. */
export function LocalLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  const local = useLocalPath();
  return <Link to={local(to)} {...props} />;
}

/** A navigation link in the current language, styled when active. */
export function LocalNavLink({ to, ...props }: Omit<NavLinkProps, 'to'> & { to: string }) {
  const local = useLocalPath();
  return <NavLink to={local(to)} {...props} />;
}
