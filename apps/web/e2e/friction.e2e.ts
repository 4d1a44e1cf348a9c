import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from './browser';

const baseURL = inject('baseURL');

describe('friction seen on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a vocabulary search with nothing in the level offers the matches of other levels', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${baseURL}/en/vocabulary/1?q=yinhang`);
    await page.getByTestId('vocabulary-empty').waitFor();
    const other = page.getByTestId('vocabulary-other-levels');
    await other.waitFor();
    expect(await other.getByTestId('word-chars').allTextContents()).toContain('银行');
    await page.context().close();
  });

  it('idiom categories stay on one row that scrolls sideways on a phone', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${baseURL}/en/idioms`);
    const chips = page.getByTestId('idiom-categories');
    await chips.locator('button').nth(2).waitFor();
    const box = await chips.evaluate((el) => ({
      overflow: getComputedStyle(el).overflowX,
      wraps: getComputedStyle(el).flexWrap,
      scrollable: el.scrollWidth > el.clientWidth,
      height: el.getBoundingClientRect().height,
    }));
    expect(box).toMatchObject({ overflow: 'auto', wraps: 'nowrap', scrollable: true });
    expect(box.height).toBeLessThan(60);
    // Only the chips scroll sideways: the cards fit the phone's width, and so does the page.
    const card = page.getByTestId('idiom-card').first();
    await card.waitFor();
    const widths = await card.evaluate((el) => ({
      card: el.getBoundingClientRect().right,
      page: document.documentElement.scrollWidth,
    }));
    expect(widths.card).toBeLessThanOrEqual(375);
    expect(widths.page).toBeLessThanOrEqual(375);
    await page.context().close();
  });

  it('the HSKK test list is titled HSKK', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${baseURL}/en/test-selection/basic`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('HSKK Basic');
    await page.context().close();
  });
});
