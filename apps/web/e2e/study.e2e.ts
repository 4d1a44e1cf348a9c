import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { authDataSchema } from '@kouyu/core';
import type { AuthData } from '@kouyu/core';
import vocabRu from '../src/locales/ru/vocabulary.json' with { type: 'json' };
import idiomsEn from '../src/locales/en/idioms.json' with { type: 'json' };
import { launchBrowser, newPage } from './browser';
import { untilAttr, untilCount, untilNotText, untilText } from './wait';

const baseURL = inject('baseURL');
const api = `${baseURL}/api/v1`;

const outboxSchema = z.object({ data: z.array(z.object({ purpose: z.string(), text: z.string() })) });

async function post(path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${api}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** A verified account made through the API: sign up, read the code from the admin's outbox, verify. */
async function verifiedUser(): Promise<AuthData> {
  const login = await post('/auth/login', { email: inject('adminEmail'), password: inject('adminPassword') });
  expect(login.status, 'admin sign-in').toBe(200);
  const admin = authDataSchema.parse(await login.json()).token;
  const email = `e2e-study-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@kouyu.test`;
  expect((await post('/auth/register', { email, password: 'study-password-1', language: 'en' })).status).toBe(
    201,
  );
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${api}/admin/outbox?email=${encodeURIComponent(email)}`, {
          headers: { authorization: `Bearer ${admin}` },
        });
        const mail = outboxSchema.parse(await res.json()).data.find((m) => m.purpose === 'verify');
        code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
        return code !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  const verified = await post('/auth/verify-email', { email, code });
  expect(verified.status).toBe(200);
  return authDataSchema.parse(await verified.json());
}

/** Opens a page already signed in: the session is stored the way the app stores it after a login. */
async function signedInPage(browser: Browser, auth: AuthData): Promise<Page> {
  const page = await newPage(browser);
  await page.addInitScript((a) => {
    window.localStorage.setItem('auth_token', a.token);
    window.localStorage.setItem('refresh_token', a.refresh_token);
    window.localStorage.setItem('user_data', JSON.stringify(a.user));
  }, auth);
  return page;
}

/** Types a search and waits for the results of exactly that search. */
async function search(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).fill(text);
  await page.waitForURL((url) => url.searchParams.get('q') === text);
}

describe('vocabulary and idioms in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('ru: finds 银行 by toneless pinyin and by its Russian meaning', async () => {
    const page = await newPage(browser);
    // These are the HSK 2.0 lists (a guest starts on HSK 3.0): the device keeps the guest's choice.
    await page.addInitScript(() => localStorage.setItem('kouyu.syllabus', 'hsk2'));
    await page.goto(`${baseURL}/ru/vocabulary/3`);
    await untilText(
      page.getByTestId('vocabulary-level-3'),
      vocabRu.words.replace('{{count}}', '300'),
      'contains',
    );
    const label = vocabRu.search.labelLevel.replace('{{level}}', '3');
    const firstWord = page.getByTestId('vocabulary-word').first();

    await search(page, label, 'yinhang');
    await untilText(firstWord.getByTestId('word-chars'), '银行');
    expect(await firstWord.getByTestId('word-pinyin').textContent()).toBe('yín háng');
    expect(await firstWord.getByTestId('word-meaning').textContent()).toBe('банк');

    // Back to the level's list first, so the next result cannot be the previous one still on screen.
    await page.getByLabel(label, { exact: true }).fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await untilNotText(firstWord.getByTestId('word-chars'), '银行');

    await search(page, label, 'банк');
    await untilText(firstWord.getByTestId('word-chars'), '银行');
    expect(await firstWord.getByTestId('word-audio').getAttribute('aria-label')).toBe(
      vocabRu.play.replace('{{word}}', '银行'),
    );

    // The all-levels page finds it too, with its level.
    await page.goto(`${baseURL}/ru/vocab?q=yin2%20hang2`);
    await untilText(page.getByTestId('vocabulary-word').first().getByTestId('word-chars'), '银行');
    expect(await page.getByTestId('vocabulary-word').first().textContent()).toContain('HSK 3');
    await page.context().close();
  });

  it('a guest is asked to log in before keeping a favourite', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/en/idioms`);
    await page.getByTestId('idiom-card').first().getByTestId('idiom-favourite').click();
    await page.getByTestId('idioms-login-prompt').waitFor();
    expect(await page.getByTestId('idioms-login-prompt').textContent()).toContain(idiomsEn.login.favourite);
    await page.context().close();
  });

  it('a signed-in user keeps a favourite, sees it under Favourites, and a practice answer in the summary', async () => {
    const auth = await verifiedUser();
    const page = await signedInPage(browser, auth);
    await page.goto(`${baseURL}/en/idioms`);

    // Favourite the idiom found by a search.
    await search(page, idiomsEn.search.label, 'jisiguangyi');
    const card = page.getByTestId('idiom-card').first();
    await untilText(card.getByRole('heading'), '集思广益');
    const star = card.getByTestId('idiom-favourite');
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await untilAttr(star, 'aria-pressed', 'true');

    await page.getByTestId('idioms-tab-favourites').click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'favourites');
    const favourites = page.getByTestId('favourites-list');
    await untilCount(favourites.getByTestId('idiom-card'), 1);
    expect(await favourites.getByRole('heading').textContent()).toBe('集思广益');

    // One practice answer, right or wrong, shows in the summary.
    await page.getByTestId('idioms-tab-practice').click();
    await untilText(page.getByTestId('summary-attempts'), '0');
    const prompt = await page.getByTestId('practice-prompt').textContent();
    await page.getByTestId('practice-option').first().click();
    await page.getByTestId('practice-verdict').waitFor();
    const correct = (await page.getByTestId('practice-verdict').getAttribute('data-correct')) === 'true';
    await untilText(page.getByTestId('summary-attempts'), '1');
    expect(await page.getByTestId('summary-accuracy').textContent()).toBe(correct ? '100%' : '0%');
    expect(await page.getByTestId('summary-streak').textContent()).toBe('1');
    expect(await page.getByTestId('practice-recent').textContent()).toContain(prompt ?? '');
    await page.context().close();
  });
});
