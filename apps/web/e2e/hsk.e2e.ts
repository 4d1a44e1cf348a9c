import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { hskAttemptsSchema } from '@kouyu/core';
import en from '../src/locales/en/hsk.json' with { type: 'json' };
import ru from '../src/locales/ru/hsk.json' with { type: 'json' };
import { launchBrowser, newPage } from './browser';
import { untilAttr, untilImageLoaded, untilMatches, untilText } from './wait';

const baseURL = inject('baseURL');
const api = `${baseURL}/api/v1`;

const itemSchema = z.object({
  id: z.string(),
  type: z.string(),
  answer: z.union([z.boolean(), z.string()]).optional(),
  explanation: z.object({ en: z.string(), zh: z.string(), ru: z.string() }),
});
/** The stored set with its answers, read from the seed data the server loaded. */
function seedSet(id: string) {
  const file = path.resolve(import.meta.dirname, `../../server/src/db/seed/data/hsk/${id}.json`);
  return z.object({ items: z.array(itemSchema) }).parse(JSON.parse(readFileSync(file, 'utf8')));
}

async function post(url: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${api}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

const tokenSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
  user: z.record(z.string(), z.unknown()),
});

/** A verified account made through the API: register, read the code from the outbox as the admin, verify. */
async function verifiedUser(): Promise<z.infer<typeof tokenSchema>> {
  const email = `e2e-hsk-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@kouyu.test`;
  expect((await post('/auth/register', { email, password: 'hsk-password-1' })).status).toBe(201);
  const admin = tokenSchema.parse(
    await (
      await post('/auth/login', { email: inject('adminEmail'), password: inject('adminPassword') })
    ).json(),
  );
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${api}/admin/outbox?email=${encodeURIComponent(email)}`, {
          headers: { authorization: `Bearer ${admin.token}` },
        });
        const body = z.object({ data: z.array(z.object({ text: z.string() })) }).parse(await res.json());
        code = body.data.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
        return code !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  const res = await post('/auth/verify-email', { email, code });
  expect(res.status).toBe(200);
  return tokenSchema.parse(await res.json());
}

/** Answers one item the way a learner does: a true/false button or an option letter. */
async function answer(page: Page, id: string, value: boolean | string) {
  const item = page.locator(`[data-item-id="${id}"]`);
  if (typeof value === 'boolean') await item.getByTestId(value ? 'choice-true' : 'choice-false').click();
  else await item.locator(`[data-testid="choice"][data-key="${value}"]`).click();
}

const wrong = (v: boolean | string) => (typeof v === 'boolean' ? !v : v === 'A' ? 'B' : 'A');

describe('HSK practice in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a guest finds HSK 1 listening, hears a recording, answers every item and sees the score with explanations', async () => {
    const page = await newPage(browser);
    // The HSK 2.0 sets (a guest starts on HSK 3.0): the device keeps the guest's choice.
    await page.addInitScript(() => localStorage.setItem('kouyu.syllabus', 'hsk2'));
    await page.goto(`${baseURL}/en/hsk/1`);
    await page.getByRole('heading', { level: 1, name: 'HSK 1' }).waitFor();
    await untilText(page.getByTestId('hsk-word-count'), '150 new words', 'contains');
    await page.getByTestId('hsk-section-listening').click();
    await page.waitForURL(`${baseURL}/en/hsk/1/listening`);
    const card = page.locator('[data-set-id="hsk1-listening-1"]');
    // No timed run below HSK 3.
    expect(await card.getByTestId('hsk-timed').count()).toBe(0);
    await card.getByTestId('hsk-practice').click();
    await page.waitForURL(`${baseURL}/en/hsk/1/listening/question/1`);

    const set = seedSet('hsk1-listening-1');
    const first = set.items[0];
    if (!first || first.answer === undefined) throw new Error('the set has no first item');
    const items = page.getByTestId('hsk-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(set.items.length);
    // Pinyin is shown at level 1; pictures come from our own server.
    expect(await page.getByTestId('pinyin').count()).toBeGreaterThan(0);
    const icon = await page.locator('[data-item-id="hsk1-listening-1-01"] img').getAttribute('src');
    expect(icon).toMatch(/^\/api\/v1\/hsk\/icons\/[a-z-]+\.svg\?v=/);
    // The picture loads after the page renders: wait for it rather than read it at once.
    expect(await untilImageLoaded(page.locator('[data-item-id="hsk1-listening-1-01"] img'))).toBeGreaterThan(
      0,
    );

    // The recording of item 1 plays to its end through the speech engine's cached MP3.
    const play = page.locator(`[data-item-id="${first.id}"]`).getByTestId('audio-button');
    await play.click();
    await untilAttr(play, 'data-state', 'ended');

    for (const item of set.items) if (item.answer !== undefined) await answer(page, item.id, item.answer);
    await page.getByTestId('hsk-submit').click();
    const result = page.getByTestId('hsk-result');
    await result.waitFor();
    expect(await page.getByTestId('hsk-score').textContent()).toBe('10 / 10');
    expect(await page.getByTestId('hsk-saved').textContent()).toContain(en.result.guest);
    const explanations = await page.getByTestId('explanation').allTextContents();
    expect(explanations).toEqual(set.items.map((i) => i.explanation.en));
    expect(await page.locator('[data-testid="item-result"][data-correct="true"]').count()).toBe(
      set.items.length,
    );
  });

  it('a signed-in learner is scored in Russian, sees wrong answers explained, and the attempt is saved', async () => {
    const user = await verifiedUser();
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    await context.addInitScript((s) => {
      localStorage.setItem('auth_token', s.token);
      localStorage.setItem('refresh_token', s.refresh_token);
      localStorage.setItem('user_data', JSON.stringify(s.user));
    }, user);
    const page = await context.newPage();
    await page.goto(`${baseURL}/ru/hsk/1/listening/question/2`);
    const set = seedSet('hsk1-listening-2');
    await page.getByTestId('hsk-item').first().waitFor();
    // Items 1-5 right, 6-8 wrong, 9-10 left out.
    for (const [i, item] of set.items.entries()) {
      if (item.answer === undefined || i >= 8) continue;
      await answer(page, item.id, i < 5 ? item.answer : wrong(item.answer));
    }
    const submit = page.getByTestId('hsk-submit');
    await submit.click();
    await page.getByText(ru.run.unanswered_few.replace('{{count}}', '2')).waitFor();
    await submit.click();
    await page.getByTestId('hsk-result').waitFor();
    expect(await page.getByTestId('hsk-score').textContent()).toBe('5 / 10');
    expect(await page.getByTestId('hsk-saved').textContent()).toContain(ru.result.saved);
    const sixth = page.locator(`[data-item-id="${set.items[5]?.id}"] [data-testid="item-result"]`);
    expect(await sixth.getAttribute('data-correct')).toBe('false');
    expect(await sixth.getByTestId('explanation').textContent()).toBe(set.items[5]?.explanation.ru);

    const saved = hskAttemptsSchema.parse(
      await (
        await fetch(`${api}/hsk/attempts`, { headers: { authorization: `Bearer ${user.token}` } })
      ).json(),
    );
    expect(saved.data[0]).toMatchObject({
      set_id: 'hsk1-listening-2',
      score: 5,
      max_score: 10,
      mode: 'practice',
    });
    await context.close();
  });

  it('the timed HSK 3 listening run counts down and plays each recording once', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/en/hsk/3/listening/test/1`);
    await page.getByTestId('hsk-test-start').click();
    const timer = page.getByTestId('hsk-timer');
    await untilMatches(timer.getByRole('timer'), /^(10:00|9:5\d)$/);
    // The clock runs down.
    await untilMatches(timer.getByRole('timer'), /^9:5\d$/);
    const set = seedSet('hsk3-listening-1');
    const first = set.items[0];
    if (!first || first.answer === undefined) throw new Error('the set has no first item');
    const play = page.locator(`[data-item-id="${first.id}"]`).getByTestId('audio-button');
    await play.click();
    await untilAttr(play, 'data-state', 'played');
    expect(await play.isDisabled()).toBe(true);
    await answer(page, first.id, first.answer);
    await page.getByTestId('hsk-submit').click();
    await page.getByTestId('hsk-submit').click();
    await page.getByTestId('hsk-result').waitFor();
    expect(await page.getByTestId('hsk-score').textContent()).toBe('1 / 10');
    // Once scored, the clock is gone and the recording can be heard again for review.
    expect(await timer.count()).toBe(0);
    expect(await play.isDisabled()).toBe(false);
  });
});
