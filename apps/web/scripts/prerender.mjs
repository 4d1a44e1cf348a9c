// First-paint HTML of the public pages (decision 017, third pass): after `vite build`, opens each page
// of the built app in headless Chromium as a guest, with every API call left unanswered, and keeps what
// the page shows before its data arrives (header, headings, lesson cards, the loading state of lists)
// in the route's language, once with a phone and once with a desktop layout. The server puts it inside
// #root of index.html for that path (apps/server/src/plugins/web-prerender.ts); the app's own first
// render replaces it. Without Chromium (CHROMIUM_PATH, default /usr/bin/chromium) it writes nothing and
// the server sends the plain shell, as before.
/* global document, requestAnimationFrame, HTMLElement -- these run in the page (page.evaluate). */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { HSK_LEVELS, HSKK_LEVELS, LANGUAGES } from '@kouyu/core';

const dist = path.resolve(import.meta.dirname, '../dist');
const out = path.join(dist, 'prerender.json');
const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** The public pages whose first screen is the same for every guest (no data, no account). */
const PAGES = [
  '',
  ...HSKK_LEVELS.map((level) => `/test-selection/${level}`),
  ...HSK_LEVELS.map((level) => `/vocabulary/${level}`),
  '/idioms',
  // Content pages a guest reads (their texts ship with the page chunk) and the HSK level pages.
  '/about',
  '/faq',
  '/help',
  '/privacy',
  ...HSK_LEVELS.map((level) => `/hsk/${level}`),
];

/** Phone first: the layout the server picks for a mobile user agent (core's isMobileLayout). */
const LAYOUTS = {
  mobile: {
    viewport: { width: 412, height: 823 },
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    isMobile: true,
    hasTouch: true,
  },
  desktop: { viewport: { width: 1350, height: 940 } },
};

const TYPES = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** The build with the SPA fallback; API calls are never answered, so every list stays in its loading state. */
function serveDist() {
  const shell = readFileSync(path.join(dist, 'index.html'));
  const server = createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0] ?? '/';
    if (url.startsWith('/api/')) return;
    const file = path.join(dist, path.normalize(url));
    if (path.extname(url) && file.startsWith(dist) && existsSync(file)) {
      res.writeHead(200, { 'content-type': TYPES[path.extname(url)] ?? 'application/octet-stream' });
      res.end(readFileSync(file));
      return;
    }
    res.writeHead(path.extname(url) ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(path.extname(url) ? '' : shell);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      });
    });
  });
}

/**
 * The page's markup once it shows (no page-loading placeholder, fonts in), made inert: buttons and
 * links do nothing until the app replaces it, and fields are read-only so nothing typed is lost.
 */
async function snapshot(page, url, shellAssets) {
  const scripts = new Set();
  const onRequest = (req) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js') && !shellAssets.has(pathname))
      scripts.add(pathname);
  };
  page.on('request', onRequest);
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      return (
        root?.firstElementChild &&
        !root.querySelector('[data-testid="page-loading"]') &&
        document.fonts.status === 'loaded'
      );
    },
    undefined,
    { timeout: 60_000 },
  );
  // Two frames: effects that run right after the first render (menus, counts) have settled.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  page.off('request', onRequest);
  const shot = await page.evaluate(() => {
    const root = document.getElementById('root')?.cloneNode(true);
    if (!(root instanceof HTMLElement)) throw new Error('no #root');
    root.querySelectorAll('input, textarea').forEach((el) => el.setAttribute('readonly', ''));
    root.querySelectorAll('select').forEach((el) => el.setAttribute('disabled', ''));
    // Tests and scripts address the live app only: an inert copy answering to the same ids would be
    // read (sizes, counts, texts) in the instant before the app replaces it.
    root.querySelectorAll('[data-testid]').forEach((el) => el.removeAttribute('data-testid'));
    return { lang: document.documentElement.lang, html: root.innerHTML };
  });
  // The page's own chunks and texts: the server preloads them with the shell's.
  return { ...shot, preload: [...scripts].sort() };
}

async function main() {
  rmSync(out, { force: true });
  if (process.env['KOUYU_PRERENDER'] === '0' || !existsSync(chromiumPath)) {
    process.stdout.write(
      `prerender: skipped (${existsSync(chromiumPath) ? 'KOUYU_PRERENDER=0' : `no ${chromiumPath}`})\n`,
    );
    return;
  }
  const { chromium } = await import('playwright-core');
  const { server, base } = await serveDist();
  const shellAssets = new Set(
    [
      ...readFileSync(path.join(dist, 'index.html'), 'utf8').matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g),
    ].map((m) => m[1]),
  );
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const started = Date.now();
  const pages = {};
  try {
    // The two layouts side by side (two tabs): most of a page's time is waiting on its chunks.
    await Promise.all(
      Object.entries(LAYOUTS).map(async ([layout, options]) => {
        const context = await browser.newContext({ ...options, serviceWorkers: 'block' });
        const page = await context.newPage();
        // Every page load fetches its scripts again, so each page's own chunks are seen.
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        for (const lang of LANGUAGES) {
          for (const route of PAGES) {
            const url = `/${lang}${route}`;
            const shot = await snapshot(page, `${base}${url}`, shellAssets);
            pages[url] = { ...pages[url], [layout]: shot };
          }
        }
        await context.close();
      }),
    );
  } finally {
    await browser.close();
    server.closeAllConnections();
    server.close();
  }
  writeFileSync(out, JSON.stringify(pages));
  const kb = Buffer.byteLength(JSON.stringify(pages)) / 1024;
  process.stdout.write(
    `prerender: ${Object.keys(pages).length} pages × ${Object.keys(LAYOUTS).length} layouts, ${kb.toFixed(0)} KB, ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

await main();
