import { isLanguage } from './routes.js';

/**
 * The in-app path of a deep link (spec 000 §2, every route under /{lang}): `https://HOST/zh/vocab?x=1`
 * and `kouyu://zh/vocab?x=1` both give `/zh/vocab?x=1`. Anything else gives null (the app stays put).
 */
export function deepLinkPath(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  let path: string;
  if (url.protocol === 'https:' || url.protocol === 'http:') path = url.pathname;
  // Custom scheme: the language is read as the host (kouyu://en/…) or as the first segment (kouyu:///en/…).
  else if (url.protocol === 'kouyu:') path = url.host ? `/${url.host}${url.pathname}` : url.pathname;
  else return null;
  const lang = path.split('/')[1] ?? '';
  if (!isLanguage(lang)) return null;
  return `${path.replace(/\/+$/, '') || '/'}${url.search}${url.hash}`;
}
