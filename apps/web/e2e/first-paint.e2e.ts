import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import enCommon from '../src/locales/en/common.json' with { type: 'json' };
import zhCommon from '../src/locales/zh/common.json' with { type: 'json' };
import zhVocabulary from '../src/locales/zh/vocabulary.json' with { type: 'json' };
import enContent from '../src/locales/en/content.json' with { type: 'json' };
import zhContent from '../src/locales/zh/content.json' with { type: 'json' };
import ruContent from '../src/locales/ru/content.json' with { type: 'json' };
import { launchBrowser, newPage, PHONE } from './browser';
import { signUpThroughApi, storeSession } from './accounts';
import { untilCount } from './wait';

const baseURL = inject('baseURL');

interface FirstPaint {
  sent: boolean;
  shown: boolean;
  heading: string | null;
  guestLogin: boolean;
}

/**
 * Notes, once the HTML is parsed and before the app's script runs (the server's head script starts it
 * after the first frame), what the page would paint: whether the server sent first-paint markup, whether
 * it is rendered, its heading and whether it holds the guest's "Log in".
 */
async function watchFirstPaint(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const markup = document.querySelector('[data-prerender]');
      const heading = markup?.querySelector('h1') ?? null;
      // The copy carries no test ids (tests address the live app): the guest's "Log in" is its link.
      const login = markup?.querySelector('a[href$="/auth?mode=login"]') ?? null;
      Object.assign(window, {
        firstPaint: {
          sent: markup !== null,
          shown: heading?.checkVisibility() ?? false,
          heading: heading?.textContent ?? null,
          guestLogin: login?.checkVisibility() ?? false,
        },
      });
    });
  });
}

const firstPaint = (page: Page) =>
  page.evaluate(() => ('firstPaint' in window ? (window.firstPaint as FirstPaint) : null));

// Decision 017: public pages paint their texts from the server's HTML before the app's script has run.
describe('first paint from the server', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a guest on a phone sees the Chinese vocabulary page before the app runs, then the working page', async () => {
    const html = await (
      await fetch(`${baseURL}/zh/vocabulary/3`, { headers: { 'user-agent': String(PHONE.userAgent) } })
    ).text();
    // A guest starts on HSK 3.0, and so does the page the server paints first.
    const heading = zhVocabulary.titleLevelSyllabus
      .replace('{{syllabus}}', zhCommon.syllabus.hsk3)
      .replace('{{level}}', '3');
    expect(html).toContain(`>${heading}</h1>`);
    expect(html).toContain('<html lang="zh-CN"');

    const page = await newPage(browser, PHONE);
    await watchFirstPaint(page);
    await page.goto(`${baseURL}/zh/vocabulary/3`);
    expect(await firstPaint(page)).toEqual({ sent: true, shown: true, heading, guestLogin: true });
    // The app replaces it: the search box takes typing, and every word of the page arrives.
    await page.locator('[data-prerender]').waitFor({ state: 'detached' });
    await page.getByTestId('vocabulary-search').fill('银行');
    await page.getByTestId('vocabulary-word').first().waitFor();
    await page.goto(`${baseURL}/en/vocabulary/3`);
    await untilCount(page.getByTestId('vocabulary-word'), 50);
    await page.context().close();
  });

  it('a signed-in learner never has the guest markup painted: no "Log in", the avatar', async () => {
    const auth = await signUpThroughApi('first-paint');
    const page = await newPage(browser, PHONE);
    await watchFirstPaint(page);
    await page.goto(`${baseURL}/en`);
    await storeSession(page, auth);
    await page.goto(`${baseURL}/en`);
    // The server cannot know the session (it lives in the browser): it sends the guest's page, which
    // the head script hides before the first paint.
    const painted = await firstPaint(page);
    expect(painted?.sent).toBe(true);
    expect(painted?.shown).toBe(false);
    expect(painted?.guestLogin).toBe(false);
    await page.getByTestId('account-menu').waitFor();
    expect(await page.locator('[data-prerender]').count()).toBe(0);
    expect(await page.getByTestId('login-button').count()).toBe(0);
    expect(await page.getByText(enCommon.header.login, { exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it.each([
    ['/en/faq', enContent.faq.title],
    ['/zh/about', zhContent.about.title],
    ['/ru/help', ruContent.help.title],
    ['/en/hsk/3', 'HSK 3'],
  ])('the content and HSK pages are painted from the server too: %s', async (url, heading) => {
    const html = await (
      await fetch(`${baseURL}${url}`, { headers: { 'user-agent': String(PHONE.userAgent) } })
    ).text();
    const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
    expect(root).toContain('data-prerender');
    expect(root).toMatch(new RegExp(`<h1[^>]*>[^<]*${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });
});
