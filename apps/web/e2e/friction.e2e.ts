import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from './browser';
import common from '../src/locales/en/common.json' with { type: 'json' };
import { untilText } from './wait';

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

  it("vocabulary counts agree: a level's tab, its list and the help's new and running totals", async () => {
    const res = await fetch(`${baseURL}/api/v1/vocabulary/levels`);
    const { data } = (await res.json()) as { data: { level: number; count: number }[] };
    const count = (level: number) => data.find((l) => l.level === level)?.count ?? NaN;
    const page = await newPage(browser, PHONE);
    // The help's counts are spec 000's HSK 2.0 text (a guest starts on HSK 3.0): the device keeps HSK 2.0.
    await page.addInitScript(() => localStorage.setItem('kouyu.syllabus', 'hsk2'));
    await page.goto(`${baseURL}/en/vocabulary/3`);
    // The help says each level's new words and the total up to it, from the same counts as the tabs.
    const help = page.getByTestId('vocabulary-help-counts').getByRole('listitem');
    let total = 0;
    for (const level of [1, 2, 3]) {
      total += count(level);
      const line = `HSK ${level}: ${total} words in total (${count(level)} new)`;
      await untilText(help.nth(level - 1), line);
      const tab = page.getByTestId(`vocabulary-level-${level}`).locator('span[aria-hidden="true"]');
      await untilText(tab, String(count(level)));
    }
    // Spec 000's help text: HSK1 150 words, HSK2 300, HSK3 600.
    expect([1, 2, 3].map(count)).toEqual([150, 150, 300]);
    // The level's list counts what its tab says.
    await untilText(page.getByTestId('vocabulary-count'), `Words: ${count(3)}`);
    // The pair that is one entry of the syllabus reads as the syllabus writes it, found by its second word.
    await page.goto(`${baseURL}/en/vocabulary/2?q=但是`);
    await untilText(page.getByTestId('vocabulary-word').first().getByTestId('word-chars'), '虽然……但是');
    await page.context().close();
  });

  it('a word shows the sense a learner needs first, with the full dictionary entry folded', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${baseURL}/en/vocabulary/1`);
    const row = page
      .getByTestId('vocabulary-word')
      .filter({ has: page.getByTestId('word-first-sense') })
      .first();
    await row.waitFor();
    const first = (await row.getByTestId('word-first-sense').textContent()) ?? '';
    const entry = row.getByTestId('word-meaning');
    // Folded: the entry is there but not shown until asked for.
    expect(await entry.isVisible()).toBe(false);
    await row.locator('summary').tap();
    await entry.waitFor();
    const full = (await entry.textContent()) ?? '';
    expect(first.length).toBeGreaterThan(0);
    expect(full.length).toBeGreaterThan(first.length);
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

  it('the speaking test page says HSKK, and keeps its connection log folded away', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${baseURL}/en/test/basic/101/part-1`);
    await page.getByTestId('start-test').waitFor();
    expect(await page.title()).toMatch(/HSKK/);
    expect(await page.title()).not.toMatch(/Basic HSK/);
    // There for a bug report, not on the learner's path: folded until asked for.
    const log = page.getByTestId('debug-log');
    const hint = log.getByText(common.debugLog.hint);
    expect(await log.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    expect(await hint.isVisible()).toBe(false);
    await log.locator('summary').tap();
    await hint.waitFor();
    await page.context().close();
  });
});
