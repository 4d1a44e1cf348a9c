import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { z } from 'zod';
import { progressResponseSchema } from '@kouyu/core';
import type { AuthData } from '@kouyu/core';
import { call, openSignedIn, signUpThroughApi } from './accounts';
import { DESKTOP, PHONE, launchBrowser } from './browser';
import { untilAttr, untilText } from './wait';

/**
 * Progress over time (decision 029): a learner practises HSK sets on two days (the server's study-path clock
 * set a day back for the first) and sees the scores as a chart and as its table, at desktop and phone
 * widths; the speaking and tone charts say there is nothing yet.
 */
const DAY_S = 86_400;
const SET = 'hsk1-listening-1';

const itemSchema = z.object({ id: z.string(), answer: z.union([z.boolean(), z.string()]).optional() });
/** The seed's right answers of an HSK set. */
function rightAnswers(id: string): [string, string | boolean][] {
  const file = path.resolve(import.meta.dirname, `../../server/src/db/seed/data/hsk/${id}.json`);
  const { items } = z.object({ items: z.array(itemSchema) }).parse(JSON.parse(readFileSync(file, 'utf8')));
  return items.flatMap((i) => (i.answer === undefined ? [] : [[i.id, i.answer]]));
}

async function serverClock(offsetS: number) {
  const res = await call('POST', '/test/clock', { offset_s: offsetS });
  expect(res.status, 'the e2e server has TEST_CLOCK on').toBe(200);
}

/** Sends an attempt at SET with the first `wrong` answers spoiled, as the practice page sends it. */
async function attempt(auth: AuthData, wrong: number) {
  const answers = Object.fromEntries(
    rightAnswers(SET).map(([id, a], i) => [id, i < wrong ? (typeof a === 'boolean' ? !a : `${a}x`) : a]),
  );
  const res = await call('POST', `/hsk/sets/${SET}/attempts`, { answers, mode: 'practice' }, auth.token);
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('progress charts', () => {
  let browser: Browser;
  let learner: AuthData;
  let days: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("counts HSK attempts on the learner's two days", async () => {
    learner = await signUpThroughApi('progress');
    try {
      await serverClock(-DAY_S);
      await attempt(learner, 0);
    } finally {
      await serverClock(0);
    }
    await attempt(learner, 2);
    const res = await call('GET', '/progress', undefined, learner.token);
    expect(res.status).toBe(200);
    const listening = progressResponseSchema.parse(await res.json()).hsk.find((s) => s.skill === 'listening');
    days = listening?.points.map((p) => p.day) ?? [];
    expect(days, 'two days of listening scores').toHaveLength(2);
    expect(listening?.points[0]?.score).toBe(100);
    expect(listening?.points[1]?.score).toBeLessThan(100);
  });

  it('draws the HSK scores of both days with the table listing them, on a desktop', async () => {
    const page = await openSignedIn(browser, learner, '/en/results', DESKTOP);
    await page.getByTestId('results-progress-link').click();
    await page.waitForURL(/\/en\/progress$/);
    const hsk = page.getByTestId('progress-hsk');
    await untilText(hsk.getByRole('heading'), 'HSK score by skill');
    await untilAttr(page.getByTestId('progress-hsk-chart'), 'data-drawn', 'true');
    expect(await page.getByTestId('progress-hsk-chart').locator('canvas').count()).toBe(1);
    // The time axis spans the window with labels that fit: six months by month, the current one last;
    // thirty days by day, today last.
    const ticks = async () => (await page.getByTestId('progress-hsk-chart').getAttribute('data-ticks')) ?? '';
    const monthNow = new Intl.DateTimeFormat('en', { timeZone: 'UTC', month: 'short' }).format(
      new Date(`${days.at(-1)}T00:00:00Z`),
    );
    expect((await ticks()).split('|').length).toBeGreaterThanOrEqual(3);
    expect((await ticks()).split('|').at(-1)).toContain(monthNow);
    const sixMonths = await ticks();
    await page.getByTestId('progress-range').locator('[data-days="30"]').click();
    await expect.poll(ticks).not.toBe(sixMonths);
    expect((await ticks()).split('|').every((l) => /\d/.test(l))).toBe(true);
    // The table alternative: a row per day, the first at 100%.
    const rows = page.getByTestId('progress-hsk-table').locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).locator('td').first().textContent()).toBe('100%');
    expect(await rows.nth(1).locator('td').first().textContent()).toMatch(/^\d{1,2}%$/);
    // Nothing spoken or recorded yet: those charts say so instead of drawing an empty frame.
    await page.getByTestId('progress-hskk-empty').waitFor();
    await page.getByTestId('progress-tones-empty').waitFor();
    expect(await page.getByTestId('progress-words-1').textContent()).toBe('0 / 150 (0%)');
    await page.context().close();
  });

  it('fits a phone and shows the chart as a table on request', async () => {
    const page = await openSignedIn(browser, learner, '/zh/progress', PHONE);
    await untilAttr(page.getByTestId('progress-hsk-chart'), 'data-drawn', 'true');
    const canvasWidth = await page
      .getByTestId('progress-hsk-chart')
      .locator('canvas')
      .evaluate((c) => c.getBoundingClientRect().width);
    const viewport = page.viewportSize()?.width ?? 0;
    expect(canvasWidth).toBeGreaterThan(0);
    expect(canvasWidth).toBeLessThanOrEqual(viewport);
    // A phone's axis has labels too, as many as fit.
    const phoneTicks =
      (await page.getByTestId('progress-hsk-chart').getAttribute('data-ticks'))?.split('|') ?? [];
    expect(phoneTicks.length).toBeGreaterThanOrEqual(2);
    expect(phoneTicks.length).toBeLessThanOrEqual(Math.floor(canvasWidth / 72));
    // Visually hidden (a 1 px box for screen readers) until asked for, then as wide as the card.
    const tableBox = page.getByTestId('progress-hsk-table').locator('xpath=..');
    const width = () => tableBox.evaluate((el) => el.getBoundingClientRect().width);
    expect(await width()).toBeLessThanOrEqual(1);
    await page.getByTestId('progress-hsk-toggle').click();
    await untilAttr(page.getByTestId('progress-hsk-toggle'), 'aria-expanded', 'true');
    expect(await width()).toBeGreaterThan(200);
    await untilText(page.getByTestId('progress-hsk-toggle'), '以图表显示');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.context().close();
  });
});
