import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import en from '../src/locales/en/common.json' with { type: 'json' };
import ru from '../src/locales/ru/common.json' with { type: 'json' };
import { launchBrowser, newPage } from './browser';
import { untilText } from './wait';

const baseURL = inject('baseURL');
const api = `${baseURL}/api/v1`;
type Texts = typeof en;

const outboxSchema = z.object({ data: z.array(z.object({ purpose: z.string(), text: z.string() })) });
let adminToken: string | null = null;

async function post(path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${api}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** Signs in as the admin the global setup created (once). */
async function admin(): Promise<string> {
  if (adminToken) return adminToken;
  const res = await post('/auth/login', { email: inject('adminEmail'), password: inject('adminPassword') });
  expect(res.status, 'admin sign-in').toBe(200);
  const data: unknown = await res.json();
  if (typeof data !== 'object' || data === null || !('token' in data) || typeof data.token !== 'string')
    throw new Error('admin sign-in gave no token');
  adminToken = data.token;
  return adminToken;
}

/** The newest 6-digit code mailed to `email` for `purpose`, read from the dev outbox; never `except`. */
async function codeFor(email: string, purpose: 'verify' | 'reset', except?: string): Promise<string> {
  const token = await admin();
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${api}/admin/outbox?email=${encodeURIComponent(email)}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = outboxSchema.parse(await res.json());
        const mail = body.data.find((m) => m.purpose === purpose);
        code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
        return code !== undefined && code !== except;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  if (!code) throw new Error(`no ${purpose} code for ${email}`);
  return code;
}

const newEmail = (tag: string) =>
  `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@kouyu.test`;

/** A verified account made through the API (for tests about something else than signing up). */
async function verifiedUser(tag: string): Promise<{ email: string; password: string }> {
  const email = newEmail(tag);
  const password = 'first-password-1';
  expect((await post('/auth/register', { email, password, language: 'en' })).status).toBe(201);
  const code = await codeFor(email, 'verify');
  expect((await post('/auth/verify-email', { email, code })).status).toBe(200);
  return { email, password };
}

async function signIn(page: Page, t: Texts, email: string, password: string) {
  const form = page.getByTestId('login-form');
  await form.getByLabel(t.auth.email, { exact: true }).fill(email);
  await form.getByLabel(t.auth.password, { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
}

async function signOut(page: Page, baseLang: string) {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('sign-out').click();
  await page.waitForURL(baseLang);
  await page.getByTestId('login-button').waitFor();
}

describe('accounts in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const [lang, t] of [
    ['en', en],
    ['ru', ru],
  ] as const) {
    it(`${lang}: sign up, verify, sign out, sign in, reset the password, sign in with the new one`, async () => {
      const page = await newPage(browser);
      const home = `${baseURL}/${lang}`;
      const email = newEmail(lang);
      const initial = email.charAt(0).toUpperCase();

      // Sign up.
      await page.goto(`${home}/auth?mode=register`);
      const register = page.getByTestId('register-form');
      await register.getByLabel(t.auth.email, { exact: true }).fill(email);
      await register.getByLabel(t.auth.password, { exact: true }).fill('first-password-1');
      await register.getByLabel(t.auth.confirmPassword, { exact: true }).fill('first-password-1');
      await page.getByTestId('register-submit').click();
      await page.waitForURL(`${home}/verify-email?email=${encodeURIComponent(email)}`);
      // The page speaks the chosen language (the Russian run checks a Russian text).
      await untilText(page.getByRole('heading', { level: 1 }), t.pages.verifyEmail);

      // Verify with the code from the outbox: signed in, back home.
      await page.getByLabel(t.auth.code, { exact: true }).fill(await codeFor(email, 'verify'));
      await page.getByTestId('verify-submit').click();
      await page.waitForURL(home);
      await untilText(page.getByTestId('account-initial'), initial);
      await page.getByTestId('account-menu').click();
      await untilText(page.getByTestId('sign-out'), t.account.signOut);
      await page.keyboard.press('Escape');

      // Sign out, sign in again.
      await signOut(page, home);
      await page.getByTestId('login-button').click();
      await page.waitForURL(`${home}/auth?mode=login`);
      await signIn(page, t, email, 'first-password-1');
      await page.waitForURL(home);
      await untilText(page.getByTestId('account-initial'), initial);
      await signOut(page, home);

      // Forgot password: e-mail → code → new password → the login tab says so.
      await page.goto(`${home}/auth?mode=login`);
      await page.getByTestId('login-form').getByLabel(t.auth.email, { exact: true }).fill(email);
      await page.getByRole('link', { name: t.auth.forgotPassword }).click();
      await page.waitForURL(`${home}/reset-password?email=${encodeURIComponent(email)}`);
      await page.getByTestId('forgot-submit').click();
      await page.getByTestId('reset-code-form').waitFor();
      await page.getByLabel(t.auth.code, { exact: true }).fill(await codeFor(email, 'reset'));
      await page.getByTestId('reset-code-submit').click();
      const newPassword = page.getByTestId('new-password-form');
      await newPassword.getByLabel(t.auth.newPassword, { exact: true }).fill('second-password-2');
      await newPassword.getByLabel(t.auth.confirmPassword, { exact: true }).fill('second-password-2');
      await page.getByTestId('new-password-submit').click();
      await page.waitForURL(`${home}/auth?mode=login`);
      await untilText(page.getByTestId('password-reset-done'), t.auth.passwordResetDone);

      // The old password no longer works; the new one does.
      await signIn(page, t, email, 'first-password-1');
      await untilText(page.getByTestId('form-error'), t.errors.invalid_credentials, 'contains');
      await page
        .getByTestId('login-form')
        .getByLabel(t.auth.password, { exact: true })
        .fill('second-password-2');
      await page.getByTestId('login-submit').click();
      await page.waitForURL(home);
      await untilText(page.getByTestId('account-initial'), initial);
      await page.context().close();
    });
  }

  it('a guest opening /en/profile signs in and comes back to the profile', async () => {
    const { email, password } = await verifiedUser('guest');
    const page = await newPage(browser);
    await page.goto(`${baseURL}/en/profile`);
    await page.waitForURL(`${baseURL}/en/auth?mode=login&next=%2Fen%2Fprofile`);
    await signIn(page, en, email, password);
    await page.waitForURL(`${baseURL}/en/profile`);
    await untilText(page.getByTestId('profile-email'), email);
    await page.context().close();
  });

  it('a wrong code shows the translated invalid-code message', async () => {
    const page = await newPage(browser);
    const email = newEmail('wrong');
    await page.goto(`${baseURL}/ru/auth?mode=register`);
    const register = page.getByTestId('register-form');
    await register.getByLabel(ru.auth.email, { exact: true }).fill(email);
    await register.getByLabel(ru.auth.password, { exact: true }).fill('first-password-1');
    await register.getByLabel(ru.auth.confirmPassword, { exact: true }).fill('first-password-1');
    await page.getByTestId('register-submit').click();
    await page.waitForURL(/\/ru\/verify-email\?/);
    const real = await codeFor(email, 'verify');
    const wrong = real === '000000' ? '111111' : '000000';
    await page.getByLabel(ru.auth.code, { exact: true }).fill(wrong);
    await page.getByTestId('verify-submit').click();
    await untilText(page.getByTestId('form-error'), ru.errors.invalid_code, 'contains');
    // Still a guest, still on the verification page.
    expect(page.url()).toContain('/ru/verify-email');
    expect(await page.getByTestId('login-button').count()).toBe(1);
    await page.context().close();
  });
});
