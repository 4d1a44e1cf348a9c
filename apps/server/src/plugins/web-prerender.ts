import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { STORAGE_KEYS, isMobileLayout } from '@kouyu/core';

/**
 * First-paint HTML per public page (decision 017): the web build's `prerender.json` holds, per path and
 * layout, what the page shows a guest before any data arrives (apps/web/scripts/prerender.mjs). It is
 * put inside #root of index.html, so the page's texts paint as soon as the HTML and CSS are in; the
 * app's first render replaces it (createRoot clears #root). It is inert (buttons wait for the app) and,
 * for a signed-in learner, hidden before the first paint by the script below, so a learner never sees
 * the guest's header or banner.
 *
 * The app's entry is fetched as early as before (a modulepreload) but run only after the first frame,
 * with the page's own chunks then fetched beside it: run at once, a fast network lets it replace the
 * markup before anything was painted, and the page would paint no earlier than without it.
 */

/**
 * Page chunks asked for per task. Each modulepreload the script adds costs the browser a request set-up
 * (about 3.7 ms on a phone-like CPU); a page of 36 chunks added in one task made a 133 ms task, which
 * Lighthouse counted as blocking time. Three a task stay well under 50 ms, even on a busy device.
 */
const PRELOADS_PER_TASK = 3;

/**
 * Marks the document before the body is painted (a stored session; the installed app), and starts the
 * app's entry after the first frame once the document is parsed (at once in a hidden tab, which paints
 * no frames), then asks for the page's chunks a few per task.
 */
const HEAD_SCRIPT =
  `(function(){try{var s=localStorage,d=document.documentElement;` +
  `if(s.getItem('${STORAGE_KEYS.authToken}')||s.getItem('${STORAGE_KEYS.refreshToken}')||s.getItem('${STORAGE_KEYS.userData}'))d.setAttribute('data-session','');` +
  `if(s.getItem('${STORAGE_KEYS.appInstalled}')==='1'||matchMedia('(display-mode: standalone)').matches)d.setAttribute('data-installed','')}catch(e){}` +
  `function add(t,a){var e=document.createElement(t);e.crossOrigin='';for(var k in a)e[k]=a[k];document.head.appendChild(e)}` +
  `function start(){var l=document.querySelector('link[data-entry]');if(!l)return;` +
  `var q=(l.getAttribute('data-chunks')||'').split(' ').filter(Boolean);add('script',{type:'module',src:l.href});` +
  `(function more(){q.splice(0,${PRELOADS_PER_TASK}).forEach(function(h){add('link',{rel:'modulepreload',href:h})});` +
  `if(q.length)setTimeout(more)})()}` +
  `document.addEventListener('DOMContentLoaded',function(){if(document.visibilityState==='hidden')start();` +
  `else requestAnimationFrame(function(){setTimeout(start)})})})()`;

// The wrapper adds no box (the page's markup lays out as the app's own); hidden for a learner.
const HEAD_STYLE =
  '[data-prerender]{display:contents}html[data-session] [data-prerender]{display:none}' +
  'html[data-installed] [data-prerender] [data-testid="install-banner"]{display:none}';

/** The CSP source that lets the one inline script above run (the policy has no 'unsafe-inline'). */
export const PRERENDER_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}'`;

const snapshotSchema = z.object({
  lang: z.string().regex(/^[\w-]+$/),
  html: z.string(),
  preload: z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)).default([]),
});
type Snapshot = z.infer<typeof snapshotSchema>;
const prerenderFileSchema = z.record(
  z.string(),
  z.object({ mobile: snapshotSchema.optional(), desktop: snapshotSchema.optional() }),
);
type Layout = 'mobile' | 'desktop';

const ENTRY = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;

/**
 * index.html with the page's markup inside #root, its language on <html>, the head script, and the
 * entry turned into a preload that the head script runs after the first frame; the shell unchanged when
 * it is not the shape the build writes.
 */
export function withPrerender(shell: string, page: Snapshot): string {
  const root = '<div id="root"></div>';
  if (!shell.includes(root) || !shell.includes('</head>') || !ENTRY.test(shell)) return shell;
  // The page's own chunks are asked for with the entry, after the first frame: in the head they would
  // compete with the stylesheet the first paint waits for.
  const chunks = page.preload.join(' ');
  return shell
    .replace(/<html lang="[^"]*"/, `<html lang="${page.lang}"`)
    .replace(
      ENTRY,
      (_m, src: string) =>
        `<link rel="modulepreload" crossorigin href="${src}" data-entry data-chunks="${chunks}">`,
    )
    .replace('</head>', () => `<script>${HEAD_SCRIPT}</script><style>${HEAD_STYLE}</style></head>`)
    .replace(root, () => `<div id="root"><div data-prerender inert>${page.html}</div></div>`);
}

/**
 * Reads `prerender.json` next to index.html (absent when the build had no Chromium: every path then
 * gets the plain shell) and answers, per request path and user agent, the page to send or null.
 */
export function loadPrerendered(
  distDir: string,
  shell: string,
): (url: string, userAgent?: string) => string | null {
  const file = path.join(distDir, 'prerender.json');
  if (!existsSync(file)) return () => null;
  const pages = new Map<string, Partial<Record<Layout, string>>>();
  const parsed = prerenderFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  for (const [route, value] of Object.entries(parsed)) {
    pages.set(route, {
      ...(value.mobile ? { mobile: withPrerender(shell, value.mobile) } : {}),
      ...(value.desktop ? { desktop: withPrerender(shell, value.desktop) } : {}),
    });
  }
  return (url, userAgent) => {
    const pathname = (url.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
    const entry = pages.get(pathname);
    if (!entry) return null;
    // The app picks its layout from the width or a phone's user agent (core's isMobileLayout); the
    // server knows only the agent, so a narrow desktop window gets the desktop markup until the app runs.
    const mobile = isMobileLayout(Number.POSITIVE_INFINITY, userAgent ?? '');
    return (mobile ? entry.mobile : entry.desktop) ?? null;
  };
}
