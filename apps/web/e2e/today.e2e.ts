import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { addDays, todayResponseSchema } from '@kouyu/core';
import type { AuthData } from '@kouyu/core';
import { call, signUpThroughApi } from './accounts';
import { DESKTOP, PHONE, launchBrowser } from './browser';
import hsk from '../src/locales/en/hsk.json' with { type: 'json' };
import { untilAttr, untilMatches, untilText } from './wait';

/**
 * Today (decision 019): a signed-in learner's home opens on the day's plan; they set an items goal, do an HSK
 * set from the plan's task, and the goal and streak move; with the server's clock a day on, the new day
 * starts at zero while the streak holds, and a missed day is covered by the week's freeze.
 */
const baseURL = inject('baseURL');
const DAY_S = 86_400;

async function serverClock(offsetS: number) {
  const res = await call('POST', '/test/clock', { offset_s: offsetS });
  expect(res.status, 'the e2e server has TEST_CLOCK on').toBe(200);
}

async function learnerPage(browser: Browser, auth: AuthData, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options);
  await context.addInitScript((a) => {
    localStorage.setItem('auth_token', a.token);
    localStorage.setItem('refresh_token', a.refresh_token);
    localStorage.setItem('user_data', JSON.stringify(a.user));
  }, auth);
  return context.newPage();
}

/** The home page, once today's plan (a fresh answer of `GET /today`) is on screen. */
async function openHome(page: Page): Promise<void> {
  const plan = page.waitForResponse(
    (r) => r.url().includes('/api/v1/today') && r.request().method() === 'GET',
  );
  await page.goto(`${baseURL}/en`);
  expect((await plan).status()).toBe(200);
  await page.getByTestId('today-panel').waitFor();
}

describe('today’s plan in a real browser', () => {
  let browser: Browser;
  let learner: AuthData;
  beforeAll(async () => {
    await serverClock(0);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await serverClock(0);
    await browser.close();
  });

  it('guests keep the home page without a plan', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/en`);
    await page.getByTestId('home-desktop').waitFor();
    expect(await page.getByTestId('today-slot').count()).toBe(0);
    await page.context().close();
  });

  it('the learner sets a goal, does an HSK set from the plan, and the goal and streak move; next day the streak holds', async () => {
    learner = await signUpThroughApi('today');
    const page = await learnerPage(browser, learner, DESKTOP);
    await openHome(page);
    const goal = page.getByTestId('today-goal');
    const streak = page.getByTestId('today-streak');
    expect(await goal.getAttribute('data-target')).toBe('10');
    expect(await streak.getAttribute('data-days')).toBe('0');
    expect(await page.getByTestId('today-freeze').getAttribute('data-available')).toBe('true');
    await page.getByTestId('home-desktop').waitFor(); // the usual home stays below the plan

    // An items goal of 2 and an exam date 30 days on.
    const first = await page.getByTestId('today-panel').getAttribute('data-date');
    expect(first).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.getByTestId('today-settings-open').click();
    await page.getByTestId('today-goal-kind').selectOption('items');
    await page.getByTestId('today-goal-target').fill('2');
    await page.getByTestId('today-exam-date').fill(addDays(first ?? '', 30));
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/today/settings'));
    await page.getByTestId('today-settings-save').click();
    expect((await saved).status()).toBe(200);
    await untilAttr(goal, 'data-target', '2');
    await untilMatches(page.getByTestId('today-exam'), /30 days to your exam/);

    // The plan's HSK task: answer two items and submit.
    const task = page.getByTestId('today-task-hsk');
    expect(await task.getAttribute('data-done')).toBe('false');
    await task.click();
    const items = page.getByTestId('hsk-item');
    await items.first().waitFor();
    for (const i of [0, 1]) {
      await items.nth(i).locator('[data-testid="choice-true"], [data-testid="choice"]').first().click();
    }
    const submit = page.getByTestId('hsk-submit');
    const attempt = page.waitForResponse(
      (r) => /\/api\/v1\/hsk\/sets\/[^/]+\/attempts$/.test(r.url()) && r.request().method() === 'POST',
    );
    await submit.click();
    // With items left out the page asks once more.
    await untilText(submit, hsk.run.submitAnyway);
    await submit.click();
    expect((await attempt).status()).toBe(200);
    await page.getByTestId('hsk-result').waitFor();

    await openHome(page);
    await untilAttr(goal, 'data-done', '2');
    await untilAttr(streak, 'data-days', '1');
    expect(await page.getByTestId('today-task-hsk').getAttribute('data-done')).toBe('true');
    expect(await page.getByTestId('today-goal-ring').getAttribute('data-percent')).toBe('100');

    // The next day: nothing done yet, the streak holds.
    await serverClock(DAY_S);
    await openHome(page);
    await untilAttr(page.getByTestId('today-panel'), 'data-date', addDays(first ?? '', 1));
    await untilAttr(goal, 'data-done', '0');
    expect(await streak.getAttribute('data-days')).toBe('1');
    await untilMatches(page.getByTestId('today-exam'), /29 days to your exam/);
    await page.context().close();
  });

  it('a missed day is covered by the week’s freeze, at phone width too', async () => {
    // Two days after the HSK set: the day between was missed and the freeze covers it.
    await serverClock(2 * DAY_S);
    const res = await call('GET', '/today', undefined, learner.token);
    const plan = todayResponseSchema.parse(await res.json());
    expect(plan.streak.days).toBe(1);
    expect(plan.streak.frozen_days).toHaveLength(1);
    const page = await learnerPage(browser, learner, PHONE);
    await openHome(page);
    await page.getByTestId('home-mobile').waitFor();
    expect(await page.getByTestId('today-streak').getAttribute('data-days')).toBe('1');
    await untilMatches(page.getByTestId('today-streak'), /Covered by a freeze/);
    // The panel fits the phone: no sideways scrolling.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
