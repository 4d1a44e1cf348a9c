import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { authDataSchema } from '@kouyu/core';
import type { AuthData } from '@kouyu/core';
import en from '../src/locales/en/admin.json' with { type: 'json' };
import { call, openSignedIn, signUpThroughApi, storeSession } from './accounts';
import { launchBrowser, newPage, PHONE } from './browser';
import { untilAttr, untilCount, untilText } from './wait';

const baseURL = inject('baseURL');

/** The admin the server created at start, signed in through the API with a full session. */
async function adminSession(): Promise<AuthData> {
  const res = await call('POST', '/auth/login', {
    email: inject('adminEmail'),
    password: inject('adminPassword'),
  });
  expect(res.status, 'admin sign-in').toBe(200);
  return authDataSchema.parse(await res.json());
}

/** The number shown on one of the message-count tiles. */
async function statValue(page: Page, status: 'new' | 'read' | 'resolved'): Promise<number> {
  return Number(await page.getByTestId(`contact-stat-${status}-value`).textContent());
}

describe('admin dashboard in a real browser', () => {
  let browser: Browser;
  let learner: AuthData;
  let message: string;
  let prepared: Promise<void> | null = null;
  /** A learner with one feedback message and one saved run, made once (inside the first test that needs it). */
  const prepare = () =>
    (prepared ??= (async () => {
      learner = await signUpThroughApi('admin-learner');
      message = `The recorder stops after ten seconds (${learner.user.email})`;
      const sent = await call('POST', '/contacts', { message, feedback_type: 'bug' }, learner.token);
      expect(sent.status).toBe(201);
      // One saved part-1 run of the basic try-out test, so the learner has a result to look at.
      const run = await call(
        'POST',
        '/user-test-questions',
        {
          test_id: 101,
          level_id: 1,
          part_id: 1,
          is_full_test: false,
          completed_time: 95,
          answers: [{ question_id: 101101, question_number: 1, user_answers: '我家有四个人' }],
        },
        learner.token,
      );
      expect(run.status).toBe(201);
    })());
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a guest is sent to sign in and back', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/en/admin/users`);
    await page.waitForURL(`${baseURL}/en/auth?mode=login&next=%2Fen%2Fadmin%2Fusers`);
    await page.context().close();
  });

  it('a learner opening /en/admin sees the admins-only page', async () => {
    await prepare();
    const page = await openSignedIn(browser, learner, '/en/admin');
    const forbidden = page.getByTestId('admin-forbidden');
    await forbidden.waitFor();
    expect(await forbidden.getByRole('heading').textContent()).toBe(en.forbidden.title);
    expect(await page.getByTestId('admin-page').count()).toBe(0);
    await page.context().close();
  });

  it('the admin opens the dashboard from the avatar menu and resolves a learner’s message', async () => {
    await prepare();
    const page = await openSignedIn(browser, await adminSession());
    await page.getByTestId('account-menu').click();
    await page.getByTestId('admin-link').click();
    await page.waitForURL(`${baseURL}/en/admin`);
    await page.getByTestId('admin-overview').waitFor();
    expect(Number(await page.getByTestId('overview-new-value').textContent())).toBeGreaterThanOrEqual(1);

    await page.getByTestId('admin-tab-contacts').click();
    await page.waitForURL(`${baseURL}/en/admin/contacts`);
    await page.getByTestId('contact-stats').waitFor();
    const before = { new: await statValue(page, 'new'), resolved: await statValue(page, 'resolved') };

    await page.getByTestId('contacts-search').fill(learner.user.email);
    await page.waitForURL((url) => url.searchParams.get('q') === learner.user.email);
    const card = page.getByTestId('contact-card').filter({ hasText: message });
    await untilCount(card, 1);
    expect(await card.getByTestId('contact-message').textContent()).toBe(message);
    expect(await card.getByTestId('contact-status').textContent()).toContain(en.status.new);
    expect(await card.textContent()).toContain('Bug report');

    await card.getByTestId('contact-set-resolved').click();
    await untilAttr(card, 'data-status', 'resolved');
    expect(await card.getByTestId('contact-status').textContent()).toContain(en.status.resolved);
    await untilText(page.getByTestId('contact-stat-resolved-value'), String(before.resolved + 1));
    expect(await statValue(page, 'new')).toBe(before.new - 1);

    // The "New" tile filters the list: the resolved message is no longer there.
    await page.getByTestId('contact-stat-new').click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'new');
    await page.getByTestId('contacts-empty').waitFor();
    await page.context().close();
  });

  it('the admin finds the learner, grants Plus for 30 days and opens the learner’s results', async () => {
    await prepare();
    const page = await openSignedIn(browser, await adminSession(), '/en/admin/users');
    await page.getByTestId('users-search').fill(learner.user.email);
    await page.waitForURL((url) => url.searchParams.get('q') === learner.user.email);
    const row = page.getByTestId('admin-user-row').filter({ hasText: learner.user.email });
    await untilCount(row, 1);
    expect(await row.getByTestId('plus-state').getAttribute('data-state')).toBe('none');
    await row.getByTestId('admin-user-open').click();
    await page.waitForURL(`${baseURL}/en/admin/users/${learner.user.id}`);

    await page.getByTestId('plus-grant').click();
    const dialog = page.getByTestId('membership-dialog');
    await dialog.getByTestId('plus-add-30').click();
    expect(await dialog.getByTestId('plus-preview').textContent()).toContain('Days left: 30');
    await dialog.getByTestId('plus-review').click();
    expect(await dialog.getByTestId('admin-confirm-summary').textContent()).toContain(learner.user.email);
    await dialog.getByTestId('admin-confirm-button').click();
    await dialog.waitFor({ state: 'detached' });
    const plus = page.getByTestId('admin-user-plus').getByTestId('plus-state');
    expect(await plus.getAttribute('data-state')).toBe('active');
    expect(await plus.textContent()).toContain('Days left: 30');

    // The server agrees: the learner is a Plus member now.
    const me = await call('GET', '/auth/me', undefined, learner.token);
    expect(((await me.json()) as { user: { is_vip: boolean } }).user.is_vip).toBe(true);

    const results = page.getByTestId('admin-user-results');
    await untilText(
      results.getByTestId('admin-user-results-count'),
      'Runs: 1 (0 full tests, 1 single parts)',
      'contains',
    );
    const item = results.getByTestId('result-item');
    await untilCount(item, 1);
    await item.getByTestId('view-result-feedback').click();
    expect(await item.getByTestId('result-answer').textContent()).toContain('我家有四个人');
    expect(await item.getByTestId('result-answer').textContent()).toContain(en.results.learnerAnswer);

    // Back on the list, the row shows the membership too.
    await page.getByRole('link', { name: en.users.back }).click();
    await page.waitForURL((url) => url.pathname === '/en/admin/users');
    await page.getByTestId('users-search').fill(learner.user.email);
    await untilAttr(
      page.getByTestId('admin-user-row').filter({ hasText: learner.user.email }).getByTestId('plus-state'),
      'data-state',
      'active',
    );
    await page.context().close();
  });

  it('on a phone the users list is a stack of cards and the outbox shows the sign-up code', async () => {
    await prepare();
    const auth = await adminSession();
    const page = await newPage(browser, PHONE);
    await page.goto(`${baseURL}/en`);
    await storeSession(page, auth);
    await page.goto(`${baseURL}/en/admin/outbox?email=${encodeURIComponent(learner.user.email)}`);
    const mail = page.getByTestId('outbox-mail').first();
    await mail.waitFor();
    expect(await mail.getByTestId('outbox-code').textContent()).toMatch(/^\d{6}$/);
    const box = await page.getByTestId('admin-outbox').boundingBox();
    if (!box) throw new Error('outbox not visible');
    expect(box.x + box.width).toBeLessThanOrEqual(375);

    await page.getByTestId('admin-tab-users').click();
    const first = page.getByTestId('admin-user-row').first();
    await first.waitFor();
    const rowBox = await first.boundingBox();
    if (!rowBox) throw new Error('user row not visible');
    expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(375);
    await page.context().close();
  });
});
