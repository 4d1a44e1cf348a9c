// First-paint HTML of the public pages (decision 017, third pass): after `vite build`, opens each page
// of the built app in headless Chromium as a guest, with every API call left unanswered, and keeps what
// the page shows before its data arrives (header, headings, lesson cards, the loading state of lists)
// in the route's language, once with a phone and once with a desktop layout. The server puts it inside
// #root of index.html for that path (apps/server/src/plugins/web-prerender.ts); the app's own first
// render replaces it. Without Chromium (CHROMIUM_PATH, default /usr/bin/chromium) it writes nothing and
// the server sends the plain shell, as before.
//
// The copy is an optimisation, so it never fails the build (decision 024): a page that does not settle
// in time, a browser that will not start or crashes, or the whole run outgrowing its budget are told in
// one line, the pages done so far are kept, and every other page gets the plain shell.
//
// Knobs (the tests use them; the build needs none): KOUYU_PRERENDER_DIST (the build folder),
// KOUYU_PRERENDER_OUT (the file written), KOUYU_PRERENDER_PATHS (comma-separated paths instead of all),
// KOUYU_PRERENDER_SETTLE_MS (how long one page may take to settle), KOUYU_PRERENDER_BUDGET_S (the run).
/* global document, requestAnimationFrame, HTMLElement -- these run in the page (page.evaluate). */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { HSK_LEVELS, HSKK_LEVELS, LANGUAGES, STORAGE_KEYS } from '@kouyu/core';

const env = process.env;
const dist = path.resolve(env['KOUYU_PRERENDER_DIST'] ?? path.join(import.meta.dirname, '../dist'));
const out = path.resolve(env['KOUYU_PRERENDER_OUT'] ?? path.join(dist, 'prerender.json'));
const chromiumPath = env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/** A page settles in about half a second; a busy machine may take many times that. */
const SETTLE_MS = Number(env['KOUYU_PRERENDER_SETTLE_MS']) || 20_000;
/** The whole run (about 70 s on 2 busy cores): past it, the pages left get the plain shell. */
const BUDGET_MS = (Number(env['KOUYU_PRERENDER_BUDGET_S']) || 300) * 1000;

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
 * Throws when the page has not settled within `timeout` ms.
 */
async function snapshot(page, url, shellAssets, timeout) {
  const scripts = new Set();
  const onRequest = (req) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js') && !shellAssets.has(pathname))
      scripts.add(pathname);
  };
  page.on('request', onRequest);
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout });
  // Polled on a timer, not on animation frames: a page that paints no frame (a busy machine) is still read.
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
    { timeout, polling: 100 },
  );
  // Two frames: effects that run right after the first render (menus, counts) have settled.
  await page.evaluate(
    () =>
      new Promise((r) => {
        requestAnimationFrame(() => requestAnimationFrame(r));
        setTimeout(r, 1000);
      }),
  );
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

/** The paths to render: every public page in every language, or the ones KOUYU_PRERENDER_PATHS names. */
function pathsToRender() {
  const only = (env['KOUYU_PRERENDER_PATHS'] ?? '').split(',').filter(Boolean);
  return only.length > 0 ? only : LANGUAGES.flatMap((lang) => PAGES.map((route) => `/${lang}${route}`));
}

/** A tab of one layout, on a device said to have a Chinese font of its own (why: below). */
async function newTab(browser, options) {
  const context = await browser.newContext({ ...options, serviceWorkers: 'block' });
  // The markup is the same whichever font draws it, and the page font's route is the API's, which
  // this server does not answer: told that the device has a Chinese font, the app draws with its
  // fallback stack and never waits on a font that cannot arrive (a machine without Noto CJK).
  await context.addInitScript((key) => {
    try {
      localStorage.setItem(key, `1:${Date.now()}`);
    } catch {
      // No storage: the app probes the device's fonts itself.
    }
  }, STORAGE_KEYS.systemCjkFont);
  const page = await context.newPage();
  // Every page load fetches its scripts again, so each page's own chunks are seen.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return { context, page };
}

/**
 * Renders every path in both layouts into `pages`, side by side (two tabs: most of a page's time is
 * waiting on its chunks). A page that fails is noted in `failed` and the next one gets a fresh tab.
 */
async function prerender(pages, failed, deadline) {
  const { chromium } = await import('playwright-core');
  const { server, base } = await serveDist();
  const shellAssets = new Set(
    [
      ...readFileSync(path.join(dist, 'index.html'), 'utf8').matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g),
    ].map((m) => m[1]),
  );
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      timeout: 30_000,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const paths = pathsToRender();
    await Promise.all(
      Object.entries(LAYOUTS).map(async ([layout, options]) => {
        let tab = await newTab(browser, options);
        for (const url of paths) {
          const left = deadline - Date.now();
          if (left <= 0) {
            failed.push({ url, layout, reason: 'out of time' });
            continue;
          }
          try {
            const shot = await snapshot(tab.page, `${base}${url}`, shellAssets, Math.min(SETTLE_MS, left));
            pages[url] = { ...pages[url], [layout]: shot };
          } catch (error) {
            failed.push({ url, layout, reason: firstLine(error) });
            await tab.context.close().catch(() => {});
            tab = await newTab(browser, options);
          }
        }
        await tab.context.close();
      }),
    );
  } finally {
    await browser?.close().catch(() => {});
    server.closeAllConnections();
    server.close();
  }
}

const firstLine = (error) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

/** Writes what was rendered; the server sends the plain shell for every path missing from it. */
function save(pages) {
  if (Object.keys(pages).length > 0) writeFileSync(out, JSON.stringify(pages));
}

async function main() {
  rmSync(out, { force: true });
  if (env['KOUYU_PRERENDER'] === '0' || !existsSync(chromiumPath)) {
    process.stdout.write(
      `prerender: skipped (${existsSync(chromiumPath) ? 'KOUYU_PRERENDER=0' : `no ${chromiumPath}`})\n`,
    );
    return;
  }
  const started = Date.now();
  const pages = {};
  const failed = [];
  // Should the browser hang beyond its own timeouts, the build still goes on with what is done.
  const watchdog = setTimeout(() => {
    save(pages);
    process.stdout.write(
      `prerender: stopped after ${BUDGET_MS / 1000 + 30} s; other pages get the plain shell\n`,
    );
    process.exit(0);
  }, BUDGET_MS + 30_000);
  watchdog.unref();
  try {
    await prerender(pages, failed, started + BUDGET_MS);
  } catch (error) {
    save(pages);
    clearTimeout(watchdog);
    process.stdout.write(
      `prerender: failed (${firstLine(error)}); ${Object.keys(pages).length} pages kept, the others get the plain shell\n`,
    );
    return;
  }
  clearTimeout(watchdog);
  save(pages);
  const kb = Buffer.byteLength(JSON.stringify(pages)) / 1024;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const missed =
    failed.length === 0
      ? ''
      : `; ${failed.length} not prerendered, served as the plain shell (${failed[0].url} ${failed[0].layout}: ${failed[0].reason}${failed.length > 1 ? ', …' : ''})`;
  process.stdout.write(
    `prerender: ${Object.keys(pages).length} pages × ${Object.keys(LAYOUTS).length} layouts, ${kb.toFixed(0)} KB, ${seconds} s${missed}\n`,
  );
}

await main().catch((error) => {
  // Never a failed build for want of a first-paint copy.
  process.stdout.write(`prerender: failed (${firstLine(error)}); every page gets the plain shell\n`);
});
