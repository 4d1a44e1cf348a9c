import { alternateLinks, splitLanguage } from '@kouyu/core';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page's HTML with its hreflang alternates in the head (spec 000 §9: en, zh, ru and x-default in
 * English), so a crawler that runs no script reads them; unchanged for a path without a language. The
 * links carry `data-hreflang` like the app's own, which replaces them as the learner moves on.
 */
export function withAlternates(html: string, url: string, origin: string): string {
  const pathname = (url.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
  if (!splitLanguage(pathname).lang || !html.includes('</head>')) return html;
  const base = origin.replace(/\/+$/, '');
  const links = alternateLinks(pathname)
    .map(
      ({ hreflang, href }) =>
        `<link rel="alternate" hreflang="${hreflang}" href="${escapeAttribute(base + href)}" data-hreflang="true">`,
    )
    .join('');
  return html.replace('</head>', () => `${links}</head>`);
}
