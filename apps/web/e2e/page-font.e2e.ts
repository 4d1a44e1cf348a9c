import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, noCjkFontEnv, PHONE } from './browser';
import { untilServiceWorkerControls } from './wait';

const baseURL = inject('baseURL');
const FONT_BUDGET = 300 * 1024;

/** Every font the page fetches: where from, its status and type, and its bytes. */
function recordFonts(page: Page) {
  const fonts: { url: string; status: number; type: string; bytes: number }[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'font' && !res.url().includes('/api/v1/fonts/')) return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    fonts.push({
      url: new URL(res.url()).pathname,
      status: res.status(),
      type: res.headers()['content-type'] ?? '',
      bytes: body.length,
    });
  });
  return fonts;
}

/**
 * Until every Chinese character the page shows is drawn by a loaded page-font face (its unicode-range
 * names the character): the state in which a learner reads the page, not tofu.
 */
async function untilEveryCharacterHasItsFont(page: Page): Promise<void> {
  const uncovered = () =>
    page.evaluate(() => {
      const covered = new Set<number>();
      for (const face of document.fonts) {
        if (face.family.replace(/"/g, '') !== 'Kouyu Page SC' || face.status !== 'loaded') continue;
        for (const part of face.unicodeRange.split(',')) {
          const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
          const a = parseInt(from ?? '', 16);
          const b = to ? parseInt(to, 16) : a;
          for (let cp = a; cp <= b; cp++) covered.add(cp);
        }
      }
      const shown = [...document.body.innerText].map((c) => c.codePointAt(0) ?? 0);
      const chinese = shown.filter((cp) => cp >= 0x4e00 && cp <= 0x9fff);
      if (chinese.length === 0) return 'no Chinese on the page';
      return String.fromCodePoint(...new Set(chinese.filter((cp) => !covered.has(cp))));
    });
  // Each check waits for the browser's next font event (a face loaded or failed), not for a fixed time.
  for (;;) {
    const left = await uncovered();
    if (left === '') return;
    const settled = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const done = () => resolve(true);
          document.fonts.addEventListener('loadingdone', done, { once: true });
          document.fonts.addEventListener('loadingerror', done, { once: true });
          setTimeout(() => resolve(false), 15_000);
        }),
    );
    if (!settled && (await uncovered()) !== '') {
      const faces = await page.evaluate(() =>
        [...document.fonts].map((f) => `${f.status} ${f.unicodeRange.slice(0, 30)}`).join('; '),
      );
      throw new Error(
        `no font for: ${await uncovered()} (faces: ${faces}; online: ${await page.evaluate(() => navigator.onLine)})`,
      );
    }
  }
}

/** Width of `text` at 48 px in the page font alone: one em a character when it has the glyphs. */
const widthInPageFont = (page: Page, text: string) =>
  page.evaluate((t) => {
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return -1;
    ctx.font = "48px 'Kouyu Page SC'";
    return ctx.measureText(t).width;
  }, text);

// Decision 020: a device with no Chinese font of its own downloads only the characters its page shows.
describe('the page font, on a device without a Chinese font', () => {
  let browser: Browser;
  let fontDir: string;
  beforeAll(async () => {
    fontDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-no-cjk-'));
    browser = await launchBrowser([], noCjkFontEnv(fontDir));
  });
  afterAll(async () => {
    await browser.close();
    rmSync(fontDir, { recursive: true, force: true });
  });

  it.each([
    ['/zh/idioms', DESKTOP, 'idiom-list'],
    ['/en/vocabulary/3', PHONE, 'vocabulary-count'],
  ] as const)('%s draws its Chinese in the page font, under 300 KB of font', async (url, layout, ready) => {
    const page = await newPage(browser, layout);
    const fonts = recordFonts(page);
    await page.goto(`${baseURL}${url}`);
    await page.getByTestId(ready).waitFor();
    await untilEveryCharacterHasItsFont(page);

    expect(fonts.length).toBeGreaterThan(0);
    for (const f of fonts) {
      expect(f.url).toMatch(/^\/api\/v1\/fonts\/cjk\/[a-z0-9-]+\/[0-9a-z.]+\.woff2$/);
      expect([f.status, f.type]).toEqual([200, 'font/woff2']);
    }
    const total = fonts.reduce((sum, f) => sum + f.bytes, 0);
    expect(total).toBeLessThan(FONT_BUDGET);
    // The page's characters are drawn from the font (one em each); one it never showed is not in it.
    const shown = await page.evaluate(() =>
      [...document.body.innerText]
        .filter((c) => /\p{Script=Han}/u.test(c))
        .slice(0, 4)
        .join(''),
    );
    expect(await widthInPageFont(page, shown)).toBeCloseTo(48 * [...shown].length, 0);
    expect(await widthInPageFont(page, '龘')).not.toBeCloseTo(48, 0);
    await page.context().close();
  });

  it('fetches the characters a learner types into a search', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${baseURL}/en/idioms`);
    await page.getByTestId('idiom-list').waitFor();
    await untilEveryCharacterHasItsFont(page);
    const asked = page.waitForResponse(
      (res) => res.url().includes('/api/v1/fonts/cjk/') && res.status() === 200,
    );
    await page
      .getByRole('searchbox')
      .or(page.locator('input[type="search"], input[type="text"]'))
      .first()
      .fill('龘');
    await asked;
    await page.waitForFunction(() => document.fonts.status === 'loaded');
    expect(await widthInPageFont(page, '龘')).toBeCloseTo(48, 0);
    await page.context().close();
  });

  it('keeps the page fonts used, so a page opened before draws its Chinese offline', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${baseURL}/zh/vocabulary/2`);
    await page.getByTestId('vocabulary-count').waitFor();
    // Once the service worker controls the page, what the page fetches goes through it.
    await untilServiceWorkerControls(page);
    await page.reload();
    await page.getByTestId('vocabulary-count').waitFor();
    await untilEveryCharacterHasItsFont(page);
    const kept = await page.evaluate(async () =>
      (await (await caches.open('kouyu-assets')).keys()).map((r) => new URL(r.url).pathname),
    );
    expect(kept.some((p) => p.startsWith('/api/v1/fonts/cjk/'))).toBe(true);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByTestId('vocabulary-count').waitFor();
    await untilEveryCharacterHasItsFont(page);
    await page.context().close();
  });
});

describe('the page font, on a device with a Chinese font', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('downloads no font at all: the device’s own draws the page', async () => {
    const page = await newPage(browser, DESKTOP);
    const fonts = recordFonts(page);
    await page.goto(`${baseURL}/zh/idioms`);
    await page.getByTestId('idiom-list').waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(
      await page.evaluate(() => [...document.fonts].filter((f) => f.family.includes('Kouyu')).length),
    ).toBe(0);
    expect(fonts).toEqual([]);
    await page.context().close();
  });
});
