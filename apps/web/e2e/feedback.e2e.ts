import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminContactsSchema } from '@kouyu/core';
import en from '../src/locales/en/feedback.json' with { type: 'json' };
import common from '../src/locales/en/common.json' with { type: 'json' };
import { admin, call, openSignedIn, signUpThroughApi } from './accounts';
import { launchBrowser, newPage, PHONE } from './browser';

const baseURL = inject('baseURL');
/** Opens the home page signed in as `auth` (the stored session of spec 000 §3). */
/** Opens the floating button's menu and picks an entry. */
async function pickFromFab(page: Page, label: string) {
  await page.getByTestId('feedback-fab').click();
  await page.getByRole('menuitem', { name: label }).click();
  await page.getByTestId('feedback-modal').waitFor();
}

describe('feedback in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a guest writing in the footer box is asked to log in', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/en`);
    await page.locator('#footer-contact').fill('Hello from the footer');
    await page.getByRole('button', { name: common.footer.send, exact: true }).click();
    const prompt = page.getByTestId('feedback-login-prompt');
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain(en.login.text);
    expect(await page.getByTestId('feedback-form').count()).toBe(0);
    await prompt.getByRole('link', { name: en.login.button }).click();
    await page.waitForURL(`${baseURL}/en/auth?mode=login&next=%2Fen`);
    await page.getByTestId('feedback-modal').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('a learner reports a bug with the floating button, then has to wait before the next message', async () => {
    const auth = await signUpThroughApi('feedback');
    const page = await openSignedIn(browser, auth);
    await page.getByTestId('feedback-fab').waitFor();
    await pickFromFab(page, en.fab.bug);
    expect(await page.getByTestId('feedback-type').inputValue()).toBe('bug');
    const text = `The recorder stops after ten seconds (${auth.user.email})`;
    await page.getByTestId('feedback-message').fill(text);
    expect(await page.getByTestId('feedback-counter').textContent()).toBe(`${text.length} / 1024 characters`);
    const sentAt = Date.now();
    await page.getByTestId('feedback-submit').click();
    await page.getByTestId('feedback-success').waitFor();
    expect(await page.getByTestId('feedback-success').textContent()).toBe(en.success);
    await page.getByTestId('feedback-modal').waitFor({ state: 'detached' });
    const closedAfter = Date.now() - sentAt;
    expect(closedAfter).toBeGreaterThanOrEqual(2000);
    expect(closedAfter).toBeLessThan(6000);

    // Right away, the form remembers the wait that began with the send.
    await pickFromFab(page, en.fab.feature);
    expect(await page.getByTestId('feedback-type').inputValue()).toBe('feature');
    await page.getByTestId('feedback-message').fill('Please add HSK 7-9 vocabulary');
    const submit = page.getByTestId('feedback-submit');
    expect(await submit.isDisabled()).toBe(true);
    expect(await submit.textContent()).toMatch(/^Wait (1[0-9]|20)s$/);
    await page.keyboard.press('Escape');
    await page.getByTestId('feedback-modal').waitFor({ state: 'detached' });

    // After a reload the page has forgotten; the server has not (429 with the spec's message).
    await page.reload();
    await pickFromFab(page, en.fab.thanks);
    expect(await page.getByTestId('feedback-rating').count()).toBe(1);
    await page.getByTestId('feedback-modal').getByLabel('5 of 5').check({ force: true });
    await page.getByTestId('feedback-message').fill('Thank you for the practice tests');
    await submit.click();
    const notice = page.getByTestId('feedback-cooldown');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^Please wait \d+ seconds before sending another message\.$/);
    expect(await submit.textContent()).toMatch(/^Wait \d+s$/);
    expect(await submit.isDisabled()).toBe(true);
    await page.context().close();

    // The admin sees the one stored message, with its sender.
    const res = await call(
      'GET',
      `/admin/contacts?search=${encodeURIComponent(auth.user.email)}`,
      undefined,
      await admin(),
    );
    expect(res.status).toBe(200);
    const list = adminContactsSchema.parse(await res.json());
    expect(list.pagination.total_count).toBe(1);
    expect(list.data[0]).toMatchObject({
      message: text,
      feedback_type: 'bug',
      rating: null,
      status: 'new',
      user_id: auth.user.id,
      user_email: auth.user.email,
    });
  });

  it('on a phone the floating button sits above the bottom bar', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${baseURL}/en`);
    const fab = await page.getByTestId('feedback-fab').boundingBox();
    const bar = await page.getByTestId('bottom-bar').boundingBox();
    if (!fab || !bar) throw new Error('floating button or bottom bar not visible');
    expect(fab.y + fab.height).toBeLessThanOrEqual(bar.y);
    expect(fab.x + fab.width).toBeLessThanOrEqual(375);
    expect(fab.x).toBeGreaterThan(375 / 2);
    await page.getByTestId('feedback-fab').click();
    await page.getByRole('menuitem', { name: en.fab.wechat }).click();
    await page.getByTestId('wechat-modal').waitFor();
    await page.context().close();
  });
});
