import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { authDataSchema } from '@kouyu/core';
import speaking from '../src/locales/en/speaking.json' with { type: 'json' };
import adminText from '../src/locales/en/admin.json' with { type: 'json' };
import { admin, call, openSignedIn, signUpThroughApi } from './accounts';
import { launchBrowser } from './browser';
import { untilAttr, untilCount, untilText } from './wait';

const baseURL = inject('baseURL');
const createdSchema = z.object({ codes: z.array(z.string()) });

/** The avatar's "+" badge: the session store learnt of the new Plus without a reload. */
const badge = (page: Page) => page.getByTestId('account-menu').getByTestId('plus-badge');

describe('Plus membership in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a free learner meets an official test, pays through Stripe Checkout and opens the test', async () => {
    const page = await openSignedIn(browser, await signUpThroughApi('payer'), '/en/test-selection/basic');
    const official = page.locator('[data-testid=test-card][data-test-id="104"]');
    await untilText(official.getByTestId('test-card-lock'), speaking.selection.lockOfficial);
    await official.getByTestId('test-card-select').click();
    await page.waitForURL(`${baseURL}/en/plus`);
    expect(await page.getByTestId('plus-status').getAttribute('data-state')).toBe('not_official');
    expect(await page.getByTestId('plus-button').count()).toBe(1);

    // The stand-in's checkout page: "Pay" delivers the signed webhook, then sends the buyer back.
    await page.getByTestId('pay-month').click();
    await page.waitForURL(/\/pay\/cs_test_/);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/en\/plus\/success\?session_id=cs_test_/);
    await page.getByTestId('payment-confirmed').waitFor();
    await badge(page).waitFor();
    await page.getByTestId('plus-button').waitFor({ state: 'detached' });

    // The lock is gone and the official test opens.
    await page.goto(`${baseURL}/en/test-selection/basic`);
    await untilCount(official.getByTestId('test-card-lock'), 0);
    await official.getByTestId('test-card-select').click();
    await official.getByTestId('mode-part-1').click();
    await official.getByTestId('test-start').click();
    await page.waitForURL(`${baseURL}/en/test/basic/104/part-1`);
    // The server lets the member in: the run's first screen, not the Plus page.
    await page.getByTestId('start-test').waitFor();
    await page.context().close();
  });

  it('the admin sees the payment, creates a code batch and sees who used a code', async () => {
    const login = await call('POST', '/auth/login', {
      email: inject('adminEmail'),
      password: inject('adminPassword'),
    });
    const page = await openSignedIn(browser, authDataSchema.parse(await login.json()), '/en/admin/payments');
    const paid = page.getByTestId('payment-row').filter({ hasText: adminText.membership.status.paid });
    await paid.first().waitFor();
    expect(await paid.first().textContent()).toContain('$9.99');

    await page.getByTestId('admin-tab-codes').click();
    await page.getByTestId('batch-days').fill('14');
    await page.getByTestId('batch-count').fill('2');
    await page.getByTestId('batch-create').click();
    const codes = (await page.getByTestId('batch-codes').textContent())?.trim().split('\n') ?? [];
    expect(codes).toHaveLength(2);
    const learner = await signUpThroughApi('batch');
    const used = await call('POST', '/membership/redeem', { code: codes[0] }, learner.token);
    expect(used.status).toBe(200);
    await page.reload();
    const row = page.getByTestId('batch-row').filter({ hasText: '2 codes × 14 days' }).first();
    await row.getByRole('button', { name: adminText.membership.showCodes }).click();
    await untilText(row.getByTestId('batch-code-list'), learner.user.email, 'contains');
    await page.context().close();
  });

  it('another learner redeems a code typed loosely', async () => {
    const res = await call('POST', '/admin/redeem-codes', { days: 30, count: 1, note: 'e2e' }, await admin());
    expect(res.status).toBe(201);
    const [code = ''] = createdSchema.parse(await res.json()).codes;
    const page = await openSignedIn(browser, await signUpThroughApi('redeemer'), '/en/plus');
    await page.getByTestId('redeem-code').fill(` ${code.toLowerCase().replace(/-/g, ' ')} `);
    await page.getByTestId('redeem-submit').click();
    await page.getByTestId('redeem-done').waitFor();
    await badge(page).waitFor();
    await untilAttr(page.getByTestId('plus-status'), 'data-state', 'active');
    expect(await page.getByTestId('plus-days-left').textContent()).toContain('30');

    // The same code a second time says it was used.
    await page.getByTestId('redeem-code').fill(code);
    await page.getByTestId('redeem-submit').click();
    expect(await page.getByTestId('redeem-error').textContent()).toBe('This code has already been used');
    await page.context().close();
  });

  it('a third learner spends points on a week of Plus', async () => {
    const learner = await signUpThroughApi('points');
    const given = await call(
      'POST',
      `/admin/users/${learner.user.id}/points`,
      { delta: 120, note: 'e2e' },
      await admin(),
    );
    expect(given.status).toBe(200);
    const page = await openSignedIn(browser, learner, '/en/plus');
    await page.getByTestId('points-week').click();
    await page.getByTestId('points-done').waitFor();
    await badge(page).waitFor();
    await untilText(page.getByTestId('plus-days-left'), '7', 'contains');
    // 120 − 100: the month (429 points) is out of reach now.
    expect(await page.getByTestId('points-month').isDisabled()).toBe(true);
    await page.context().close();
  });
});
