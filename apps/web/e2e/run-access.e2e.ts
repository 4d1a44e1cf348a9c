import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import common from '../src/locales/en/common.json' with { type: 'json' };
import speaking from '../src/locales/en/speaking.json' with { type: 'json' };
import { launchBrowser, newPage } from './browser';
import { untilText } from './wait';

const baseURL = inject('baseURL');

// Spec 001 §2, §5 and §8: which test run a guest may open, what a refused one says, and where a run
// path without its language prefix lands.
describe('opening a test run', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a guest on Part 1 of a test that is not the try test reads "Login required", with sign-in and sign-up', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/en/test/basic/102/part-1`);
    await untilText(page.getByTestId('run-error').locator('p'), common.errors.login_required);
    expect(await page.getByTestId('run-error').textContent()).not.toContain('You tried to access');
    const links = page.getByTestId('run-error').getByRole('link');
    expect(await links.allTextContents()).toEqual([
      speaking.guestLimit.signIn,
      speaking.guestLimit.signUp,
      speaking.run.returnHome,
    ]);
    await page.context().close();
  });

  it('a run path without its language prefix lands on the run, in the saved language', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/test/basic/101/part-1`);
    await page.waitForURL(`${baseURL}/en/test/basic/101/part-1`);
    await page.getByTestId('start-test').waitFor();
    // A learner who chose Chinese before comes back to the Chinese run.
    await page.evaluate(() => localStorage.setItem('language', 'zh'));
    await page.goto(`${baseURL}/test/basic/101/1?from=mic#q`);
    await page.waitForURL(`${baseURL}/zh/test/basic/101/1?from=mic#q`);
    await page.getByTestId('start-test').waitFor();
    await page.context().close();
  });
});
