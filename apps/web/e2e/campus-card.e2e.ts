import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { authDataSchema, campusCardSchema, campusPassSchema } from '@kouyu/core';
import { admin, call, mailedCode, openSignedIn } from './accounts';
import { launchBrowser, newPage, PHONE } from './browser';
import { untilAttr, untilImageLoaded, untilMatches, untilText } from './wait';

const baseURL = inject('baseURL');
const PASSWORD = 'campus-e2e-pass';
const CODE = `E2E${Date.now().toString(36).toUpperCase()}`;

/** The card's sign-up count through the API (the pass comes from the same gate). */
async function signups(): Promise<number> {
  const verified = await call('POST', '/campus-card/verify', { password: PASSWORD });
  const { pass } = campusPassSchema.parse(await verified.json());
  const res = await call('GET', '/campus-card?language=en', undefined, pass);
  return campusCardSchema.parse(await res.json()).data.signups;
}

describe('campus card in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    const saved = await call(
      'PUT',
      '/admin/campus-card',
      { code: CODE, texts: { zh: { title: '校园口语卡', offer: '学生免费练习' } } },
      await admin(),
    );
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await browser.close();
  });

  it('an admin sets the code and the card’s English text in the admin area', async () => {
    const login = await call('POST', '/auth/login', {
      email: inject('adminEmail'),
      password: inject('adminPassword'),
    });
    const page = await openSignedIn(
      browser,
      authDataSchema.parse(await login.json()),
      '/en/admin/campus-card',
    );
    const code = page.getByTestId('campus-admin-code');
    await untilAttr(code, 'value', CODE);
    await page.getByTestId('campus-admin-title-en').fill('Speak Chinese with Kouyu at E2E University');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/admin/campus-card') && r.request().method() === 'PUT',
    );
    await page.getByTestId('campus-admin-save').click();
    expect((await saved).status()).toBe(200);
    const verified = await call('POST', '/campus-card/verify', { password: PASSWORD });
    const card = await call(
      'GET',
      '/campus-card?language=en',
      undefined,
      campusPassSchema.parse(await verified.json()).pass,
    );
    expect(campusCardSchema.parse(await card.json()).data.title).toBe(
      'Speak Chinese with Kouyu at E2E University',
    );
    await page.context().close();
  });

  it('opens behind the password, remembers the signed pass, prints as A6 and goes back home', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/en/campus-card`);
    await page.getByTestId('campus-gate').waitFor();
    await page.getByTestId('campus-password').fill('wrong-password');
    await page.getByTestId('campus-open').click();
    await untilText(page.getByTestId('campus-gate-error'), 'Invalid password');

    await page.getByTestId('campus-password').fill(PASSWORD);
    const opened = page.waitForResponse(
      (r) => r.url().includes('/api/v1/campus-card?') && r.status() === 200,
    );
    await page.getByTestId('campus-open').click();
    await opened;
    await untilText(page.getByTestId('campus-code'), CODE);
    expect(await untilImageLoaded(page.getByTestId('campus-qr'))).toBeGreaterThan(0);
    const stored = await page.evaluate(() => localStorage.getItem('campus_card_auth'));
    expect(
      campusPassSchema
        .omit({ success: true })
        .parse(JSON.parse(stored ?? 'null'))
        .pass.split('.'),
    ).toHaveLength(3);

    // The pass is remembered: a reload shows the card, not the gate.
    await page.reload();
    await untilText(page.getByTestId('campus-code'), CODE);

    // Phone size, then print: only the card is printed.
    await page.getByTestId('campus-size-phone').click();
    await untilAttr(page.getByTestId('campus-card'), 'data-size', 'phone');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('campus-card').isVisible()).toBe(true);
    expect(await page.getByTestId('campus-back').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    await page.getByTestId('campus-back').click();
    await page.waitForURL(`${baseURL}/en`);
    await page.context().close();
  });

  it('shows the viewer’s language and refuses a hand-set campus_card_auth', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${baseURL}/zh`);
    await page.evaluate(() => localStorage.setItem('campus_card_auth', 'true'));
    await page.goto(`${baseURL}/zh/campus-card`);
    await page.getByTestId('campus-gate').waitFor();
    await page.getByTestId('campus-password').fill(PASSWORD);
    await page.getByTestId('campus-open').click();
    await untilText(page.getByTestId('campus-title'), '校园口语卡');
    await page.context().close();
  });

  it('sends students to registration with the campus code, and counts their sign-ups', async () => {
    const before = await signups();
    const page = await newPage(browser);
    await page.goto(`${baseURL}/en/campus-card`);
    await page.getByTestId('campus-password').fill(PASSWORD);
    await page.getByTestId('campus-open').click();
    await untilText(page.getByTestId('campus-code'), CODE);
    // The QR encodes the registration address: follow it as a phone camera would.
    const verified = await call('POST', '/campus-card/verify', { password: PASSWORD });
    const card = await call(
      'GET',
      '/campus-card?language=en',
      undefined,
      campusPassSchema.parse(await verified.json()).pass,
    );
    const registerUrl = campusCardSchema.parse(await card.json()).data.register_url ?? '';
    expect(registerUrl).toBe(`${baseURL}/en/auth?mode=register&invite=${CODE}`);
    const student = await newPage(browser, PHONE);
    await student.goto(registerUrl);
    const email = `e2e-campus-${Date.now()}@kouyu.test`;
    const invite = student.locator('input[name="invited_code"]');
    await invite.waitFor();
    expect(await invite.inputValue()).toBe(CODE);
    await student.context().close();

    const registered = await call('POST', '/auth/register', {
      email,
      password: 'campus-pass-1',
      invited_code: CODE,
    });
    expect(registered.status).toBe(201);
    const done = await call('POST', '/auth/verify-email', { email, code: await mailedCode(email) });
    expect(done.status).toBe(200);
    expect(await signups()).toBe(before + 1);
    await page.reload();
    await untilMatches(page.getByTestId('campus-signups'), new RegExp(`: ${before + 1}$`));
    await page.context().close();
  });
});
