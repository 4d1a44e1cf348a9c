import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import en from '../src/locales/en/common.json' with { type: 'json' };
import { launchBrowser, newPage, PHONE } from './browser';
import { untilServiceWorkerControls } from './wait';

const baseURL = inject('baseURL');

describe('offline: the service worker keeps the shell, the logo and the fonts used', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a page opened before works offline; one never opened says "offline", not "could not be loaded"', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${baseURL}/en/vocabulary/3`);
    // The worker has installed (shell and logo precached) and controls the page.
    await untilServiceWorkerControls(page);
    const cached = await page.evaluate(async () => {
      const keys = await caches.keys();
      const urls = await Promise.all(
        keys.map(async (k) => (await (await caches.open(k)).keys()).map((r) => new URL(r.url).pathname)),
      );
      return urls.flat();
    });
    expect(cached).toContain('/icon.svg');
    expect(cached).toContain('/index.html');
    // The page's chunk was fetched through the worker, so it is kept for later.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('vocabulary-count').waitFor();

    await page.context().setOffline(true);
    // A page never opened: its code cannot come; the learner reads that they are offline.
    await page.goto(`${baseURL}/en/idioms`);
    await page.getByTestId('offline-state').waitFor();
    expect(await page.getByTestId('offline-state').textContent()).toBe(en.common.offline);
    const logo = await page.evaluate(async () => (await fetch('/icon.svg')).status);
    expect(logo).toBe(200);

    await page.context().close();
  });

  it('a list that cannot load offline says "offline", not "Loading…" or "could not be loaded"', async () => {
    // Without the worker, so that the browser's offline switch governs the API calls too.
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${baseURL}/en/vocabulary/3`);
    await page.getByTestId('vocabulary-count').waitFor();
    await context.setOffline(true);
    await page.getByTestId('vocabulary-search').fill('xuexi');
    await page.getByTestId('vocabulary-search').press('Enter');
    await page.getByTestId('offline-state').waitFor();
    expect(await page.getByTestId('offline-state').textContent()).toBe(en.common.offline);
    await context.close();
  });
});
