import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { analyticsReportSchema, authDataSchema } from '@kouyu/core';
import { z } from 'zod';
import { admin, call, openSignedIn, signUpThroughApi } from './accounts';
import { launchBrowser } from './browser';
import { untilText } from './wait';

const totals = async () => {
  const res = await call('GET', '/admin/analytics', undefined, await admin());
  expect(res.status).toBe(200);
  return analyticsReportSchema.parse(await res.json()).data.totals;
};

describe('analytics goals in the admin overview', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows a registration, an upgrade and a first test once a learner has done them', async () => {
    const before = await totals();
    const learner = await signUpThroughApi('goals');
    const run = await call(
      'POST',
      '/user-test-questions',
      {
        test_id: 101,
        level_id: 1,
        part_id: 1,
        is_full_test: false,
        completed_time: 80,
        answers: [{ question_id: 101101, question_number: 1, user_answers: '我家有四个人' }],
      },
      learner.token,
    );
    expect(run.status).toBe(201);
    const batch = await call('POST', '/admin/redeem-codes', { days: 7, count: 1 }, await admin());
    expect(batch.status).toBe(201);
    const [code] = z.object({ codes: z.array(z.string()) }).parse(await batch.json()).codes;
    const redeemed = await call('POST', '/membership/redeem', { code }, learner.token);
    expect(redeemed.status).toBe(200);

    const login = await call('POST', '/auth/login', {
      email: inject('adminEmail'),
      password: inject('adminPassword'),
    });
    const page = await openSignedIn(browser, authDataSchema.parse(await login.json()), '/en/admin');
    await page.getByTestId('goals-chart').waitFor();
    await untilText(page.getByTestId('goal-total-register-value'), String(before.register + 1));
    await untilText(page.getByTestId('goal-total-upgrade-value'), String(before.upgrade + 1));
    await untilText(page.getByTestId('goal-total-first_test-value'), String(before.first_test + 1));
    // Each goal is drawn as a line over the span.
    for (const goal of ['register', 'upgrade', 'first_test']) {
      expect((await page.getByTestId(`goal-line-${goal}`).getAttribute('points'))?.split(' ').length).toBe(
        30,
      );
    }
    await page.context().close();
  });
});
