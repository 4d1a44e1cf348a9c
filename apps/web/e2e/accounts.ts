import { expect, inject } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { z } from 'zod';
import { authDataSchema, meSchema } from '@kouyu/core';
import type { AuthData } from '@kouyu/core';
import { DESKTOP, newPage } from './browser';

const outboxSchema = z.object({ data: z.array(z.object({ purpose: z.string(), text: z.string() })) });

/** Calls the API of the e2e server, as JSON, with an optional bearer token. */
export async function call(method: string, url: string, body?: unknown, token?: string): Promise<Response> {
  return fetch(`${inject('baseURL')}/api/v1${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

let adminToken: string | null = null;
/** The access token of the admin the global setup created (cached for the file). */
export async function admin(): Promise<string> {
  if (adminToken) return adminToken;
  const res = await call('POST', '/auth/login', {
    email: inject('adminEmail'),
    password: inject('adminPassword'),
  });
  expect(res.status, 'admin sign-in').toBe(200);
  adminToken = authDataSchema.parse(await res.json()).token;
  return adminToken;
}

/** The latest code of `purpose` mailed to `email`, read from the dev outbox as the admin. */
export async function mailedCode(email: string, purpose: 'verify' | 'reset' = 'verify'): Promise<string> {
  const token = await admin();
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await call('GET', `/admin/outbox?email=${encodeURIComponent(email)}`, undefined, token);
        const mail = outboxSchema.parse(await res.json()).data.find((m) => m.purpose === purpose);
        code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
        return code !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  if (!code) throw new Error(`no ${purpose} code for ${email}`);
  return code;
}

/** A verified account made through the API; `plus` makes it a member for 30 days, as the admin. */
export async function signUpThroughApi(tag: string, opts: { plus?: boolean } = {}): Promise<AuthData> {
  const email = `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@kouyu.test`;
  const registered = await call('POST', '/auth/register', {
    email,
    password: `${tag}-pass-1`,
    language: 'en',
  });
  expect(registered.status).toBe(201);
  const verified = await call('POST', '/auth/verify-email', { email, code: await mailedCode(email) });
  expect(verified.status).toBe(200);
  const auth = authDataSchema.parse(await verified.json());
  if (!opts.plus) return auth;
  const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const res = await call(
    'PUT',
    `/admin/users/${auth.user.id}/membership`,
    { expires_at: expires },
    await admin(),
  );
  expect(res.status).toBe(200);
  const member = meSchema.parse(await res.json());
  expect(member.user.is_vip).toBe(true);
  return { ...auth, user: member.user, payment_expiration: member.payment_expiration };
}

/** A page at `path` signed in as `auth` (the stored session of spec 000 §3), at desktop width unless told. */
export async function openSignedIn(
  browser: Browser,
  auth: AuthData,
  path = '/en',
  options: BrowserContextOptions = DESKTOP,
): Promise<Page> {
  const page = await newPage(browser, options);
  await page.goto(`${inject('baseURL')}/en`);
  await storeSession(page, auth);
  await page.goto(`${inject('baseURL')}${path}`);
  return page;
}

/** Stores `auth` as the page's session (spec 000 §3 keys); it counts from the next load. */
export async function storeSession(page: Page, auth: AuthData): Promise<void> {
  await page.evaluate((a) => {
    localStorage.setItem('auth_token', a.token);
    localStorage.setItem('refresh_token', a.refresh_token);
    localStorage.setItem('user_data', JSON.stringify(a.user));
    if (a.payment_expiration) localStorage.setItem('payment_expiration', a.payment_expiration);
  }, auth);
}
