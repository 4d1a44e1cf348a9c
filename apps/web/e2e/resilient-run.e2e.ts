import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { authDataSchema } from '@kouyu/core';
import type { AuthData } from '@kouyu/core';
import { storeSession } from './accounts';
import enCheck from '../src/locales/en/check.json' with { type: 'json' };
import enCommon from '../src/locales/en/common.json' with { type: 'json' };
import ruCheck from '../src/locales/ru/check.json' with { type: 'json' };
import zhCheck from '../src/locales/zh/check.json' with { type: 'json' };
import ruCommon from '../src/locales/ru/common.json' with { type: 'json' };
import ruSpeaking from '../src/locales/ru/speaking.json' with { type: 'json' };
import zhCommon from '../src/locales/zh/common.json' with { type: 'json' };
import zhSpeaking from '../src/locales/zh/speaking.json' with { type: 'json' };
import { DESKTOP_1366, launchBrowser, newPage, PHONE_390 } from './browser';
import { startE2eServer } from './server';
import type { E2eServer } from './server';
import { untilLevel } from './wait';

/**
 * A server with no recogniser and access tokens that live 3 seconds: a learner with no microphone
 * types every answer, and a whole part outlives many tokens. Nothing may be lost on the way.
 */
const TOKEN_TTL_S = 3;
const ANSWER = '我今天很忙，没有时间去看电影。';

const outboxSchema = z.object({ data: z.array(z.object({ purpose: z.string(), text: z.string() })) });
const resultsSchema = z.object({
  data: z.array(
    z.object({
      score: z.number().nullable(),
      answers: z.array(z.object({ user_answers: z.string(), score: z.number().nullable() })),
    }),
  ),
});

describe('a test run that fits the server and keeps the learner’s work', () => {
  let server: E2eServer;
  let browser: Browser;

  const call = (method: string, url: string, body?: unknown, token?: string) =>
    fetch(`${server.baseURL}/api/v1${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const login = async (email: string, password: string) =>
    authDataSchema.parse(await (await call('POST', '/auth/login', { email, password })).json());

  /**
   * The learner's runs as saved, read as an admin: a learner without Plus is not sent the question and
   * answer texts (spec 001 §6), and the point here is what the server kept.
   */
  const savedRuns = async (userId: number) => {
    const admin = await login(server.adminEmail, server.adminPassword);
    const res = await call('GET', `/admin/users/${userId}/test-results`, undefined, admin.token);
    return resultsSchema.parse(await res.json());
  };

  /** A verified account on this server (the code is read from the dev outbox, written before register answers). */
  const signUp = async (tag: string): Promise<AuthData & { email: string; password: string }> => {
    const email = `e2e-${tag}-${Date.now()}@kouyu.test`;
    const password = `${tag}-pass-1`;
    expect((await call('POST', '/auth/register', { email, password, language: 'en' })).status).toBe(201);
    const admin = await login(server.adminEmail, server.adminPassword);
    const outbox = await call(
      'GET',
      `/admin/outbox?email=${encodeURIComponent(email)}`,
      undefined,
      admin.token,
    );
    const mail = outboxSchema.parse(await outbox.json()).data.find((m) => m.purpose === 'verify');
    const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
    const verified = await call('POST', '/auth/verify-email', { email, code });
    expect(verified.status).toBe(200);
    return { ...authDataSchema.parse(await verified.json()), email, password };
  };

  const openSignedIn = async (auth: AuthData, path: string, inBrowser: Browser = browser): Promise<Page> => {
    const page = await newPage(inBrowser);
    await page.goto(`${server.baseURL}/en`);
    await storeSession(page, auth);
    await page.goto(`${server.baseURL}${path}`);
    return page;
  };

  /** The stored access token's expiry has passed: the next call must renew it. */
  const tokenExpired = (page: Page) =>
    page.waitForFunction(() => {
      const token = localStorage.getItem('auth_token') ?? '';
      const payload: unknown = JSON.parse(
        atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')),
      );
      const exp = typeof payload === 'object' && payload !== null ? Reflect.get(payload, 'exp') : 0;
      return typeof exp === 'number' && exp * 1000 < Date.now();
    });

  /** Starts the run without a microphone and types an answer to every question (from `from` on). */
  const typeEveryAnswer = async (page: Page, total: number, beforeLast?: () => Promise<void>, from = 1) => {
    // The run read the engine report: no recogniser, so typing it is, said once, no microphone asked.
    if (from === 1) {
      await page.locator('[data-testid=start-panel][data-typing=true]').waitFor();
      await page.getByTestId('no-recogniser').waitFor();
      const lang = new URL(page.url()).pathname.split('/')[1];
      expect(await page.getByTestId('start-mic-check').getAttribute('href')).toBe(
        `/${lang}/speech-recognition`,
      );
      await page.getByTestId('start-test').click();
    }
    for (let n = from; n <= total; n++) {
      await page.locator(`[data-testid=question-content][data-question="${n}"]`).waitFor();
      // The typing box is there from the first question, without a dummy recording first.
      await page.getByTestId('typed-answer').fill(ANSWER);
      await page.getByTestId('use-typed').click();
      await page.locator('[data-testid=answer-text]', { hasText: ANSWER }).waitFor();
      expect(await page.getByTestId('recognition-notice').count()).toBe(0);
      if (n === total && beforeLast) await beforeLast();
      // The question plays on arrival and moving on waits for it: on a loaded machine it may still be
      // playing when the answer is in, and a click then only shows the "audio playing" warning.
      await page
        .locator('[data-testid=audio-status]:not([data-status=connecting]):not([data-status=playing])')
        .waitFor({ timeout: 60_000 });
      await page.getByTestId('next-question').click();
    }
  };

  beforeAll(async () => {
    server = await startE2eServer({ ASR_ENGINE: 'none', ACCESS_TOKEN_TTL_S: String(TOKEN_TTL_S) });
    // No fake microphone: this browser has none at all.
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser.close();
    await server.stop();
  });

  it(
    'a learner with no microphone types every answer while tokens expire, and every answer gets feedback and a saved score',
    { timeout: 300_000 },
    async () => {
      const account = await signUp('typist');
      const page = await openSignedIn(account, '/en/test/basic/101/part-1');
      const refreshes: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/v1/auth/refresh')) refreshes.push(r.url());
      });
      const total = 15;
      // Before completing, the token of the page has run out: feedback and saving must renew it.
      await typeEveryAnswer(page, total, async () => void (await tokenExpired(page)));

      await page.locator('[data-testid=test-run][data-phase=completed]').waitFor({ timeout: 180_000 });
      expect(await page.locator('[data-testid=feedback-card][data-status=done]').count()).toBe(total);
      expect(await page.getByTestId('question-score').count()).toBe(total);
      expect(await page.getByTestId('save-failed').count()).toBe(0);
      expect(refreshes.length).toBeGreaterThan(0);

      // The run was saved with a score for every answer.
      const fresh = await login(account.email, account.password);
      const results = await savedRuns(fresh.user.id);
      const [run] = results.data;
      expect(run?.answers).toHaveLength(total);
      expect(run?.answers.every((a) => a.user_answers === ANSWER && a.score !== null)).toBe(true);
      expect(run?.score).not.toBeNull();
      await page.context().close();
    },
  );

  it(
    'a learner who goes offline before the end keeps the answers on the device, and they arrive once back online',
    { timeout: 300_000 },
    async () => {
      const account = await signUp('offline');
      const page = await openSignedIn(account, '/en/test/basic/101/part-1');
      const total = 15;
      await typeEveryAnswer(page, total, () => page.context().setOffline(true));

      // Nothing could be sent: the answers wait in IndexedDB and the learner is told so.
      await page
        .getByTestId('answers-kept')
        .waitFor({ timeout: 60_000 })
        .catch(async (err: unknown) => {
          // What the page shows instead, so a failure says where the run stopped.
          const shown = await page.evaluate(() =>
            JSON.stringify({
              phase: document.querySelector('[data-testid=test-run]')?.getAttribute('data-phase'),
              cards: [...document.querySelectorAll('[data-testid=feedback-card]')].map((c) =>
                c.getAttribute('data-status'),
              ),
              saveFailed: document.querySelector('[data-testid=save-failed]') !== null,
              warning: document.querySelector('[data-testid=run-warning]')?.getAttribute('data-warning'),
              online: navigator.onLine,
            }),
          );
          throw new Error(`answers not kept; the page shows ${shown}`, { cause: err });
        });
      const kept = await page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('kouyu-speaking');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const req = open.result.transaction('pending-runs').objectStore('pending-runs').count();
              req.onsuccess = () => resolve(req.result);
            };
          }),
      );
      expect(kept).toBe(1);
      const before = await login(account.email, account.password);
      const none = await savedRuns(before.user.id);
      expect(none.data).toHaveLength(0);

      // Back online: the feedback and the result go out by themselves.
      await page.context().setOffline(false);
      await page.getByTestId('answers-sent').waitFor({ timeout: 120_000 });
      expect(await page.locator('[data-testid=feedback-card][data-status=done]').count()).toBe(total);
      const after = await login(account.email, account.password);
      const results = await savedRuns(after.user.id);
      expect(results.data).toHaveLength(1);
      expect(results.data[0]?.answers.every((a) => a.user_answers === ANSWER && a.score !== null)).toBe(true);
      await page.context().close();
    },
  );

  it(
    'a recording nothing could transcribe is an answer: counted, sent for feedback with its audio, saved',
    { timeout: 300_000 },
    async () => {
      // This learner has a microphone (a WAV of a spoken sentence); the server still has no recogniser.
      const dir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-recorded-'));
      const raw = path.join(dir, 'raw.wav');
      const wav = path.join(dir, 'speech.wav');
      execFileSync('espeak-ng', ['-v', 'cmn-latn-pinyin', '-w', raw, 'wo3 jin1 tian1 hen3 mang2']);
      execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', wav, 'pad', '0.3', '0.5']);
      const withMic = await launchBrowser([
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${wav}%noloop`,
      ]);
      try {
        const account = await signUp('recorder');
        const page = await openSignedIn(account, '/en/test/basic/101/part-1', withMic);
        await page.locator('[data-testid=start-panel][data-typing=true]').waitFor();
        await page.getByTestId('start-test').click();
        await page.locator('[data-testid=question-content][data-question="1"]').waitFor();
        await page.getByTestId('play-audio').click();
        await page.locator('[data-testid=audio-status][data-status=allPlayed]').waitFor();
        await page.getByTestId('record-button').click();
        await page.locator('[data-testid=record-status][data-status=recording]').waitFor();
        await untilLevel(page, 'record-level', { above: 40 });
        await untilLevel(page, 'record-level', { below: 10 });
        // The upload is refused for want of a recogniser, yet the server keeps the audio and names it.
        const upload = page.waitForResponse((r) => r.url().includes('/api/v1/audio/transcribe'));
        await page.getByTestId('record-button').click();
        const refused = await upload;
        expect(refused.status()).toBe(503);
        expect(await refused.json()).toMatchObject({ code: 'asr_unavailable', audio_id: expect.any(String) });
        await page.locator('[data-testid=record-status][data-status=completed]').waitFor();
        // No transcript, but the recording is kept and playable, and nothing says "not configured" again.
        expect(await page.getByTestId('own-recording').count()).toBe(1);
        expect(await page.getByTestId('answer-text').count()).toBe(0);
        expect(await page.getByTestId('recognition-notice').count()).toBe(0);
        // The refusal is not told as a fault of ours: no catch-all text anywhere on the run.
        expect(await page.getByTestId('test-run').textContent()).not.toContain(enCommon.errors.internal);
        await page.getByTestId('next-question').click();
        const total = 15;
        await typeEveryAnswer(page, total, undefined, 2);

        await page.locator('[data-testid=test-run][data-phase=completed]').waitFor({ timeout: 180_000 });
        expect(await page.getByTestId('no-answers-modal').count()).toBe(0);
        // Every answer, the recorded one included, got feedback (the recording went with its audio id).
        expect(await page.locator('[data-testid=feedback-card][data-status=done]').count()).toBe(total);
        const fresh = await login(account.email, account.password);
        const results = await savedRuns(fresh.user.id);
        const answers = results.data[0]?.answers ?? [];
        expect(answers).toHaveLength(total);
        expect(answers[0]?.user_answers).toBe('(No answer provided)');
        expect(answers.every((a) => a.score !== null)).toBe(true);
        await page.context().close();
      } finally {
        await withMic.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  /** A guest's Part 1, every answer typed, to the end of its feedback (this server has no recogniser). */
  const guestFeedback = async (lang: 'zh' | 'ru', size: typeof PHONE_390) => {
    const page = await newPage(browser, size);
    await page.goto(`${server.baseURL}/${lang}/test/basic/101/part-1`);
    const speaking = { zh: zhSpeaking, ru: ruSpeaking }[lang];
    const common = { zh: zhCommon, ru: ruCommon }[lang];
    await untilStartPanel(page, speaking.run);
    await typeEveryAnswer(page, 15);
    await page.getByTestId('feedback-done').waitFor({ timeout: 180_000 });
    // asr_unavailable is told as what it is (type your answers), never as a fault of ours.
    expect(await page.getByTestId('test-run').textContent()).not.toContain(common.errors.internal);
    // The feedback is the guest's to read: no modal over it until they leave it.
    expect(await page.getByTestId('guest-limit-modal').count()).toBe(0);
    return { page, speaking };
  };

  /** The start panel says, in the page's language, that answers are typed (with or without the browser's recognition). */
  const untilStartPanel = async (page: Page, run: { noRecogniser: string; noRecogniserBrowser: string }) => {
    const said = page.getByTestId('no-recogniser');
    await said.waitFor();
    expect([run.noRecogniser, run.noRecogniserBrowser]).toContain(await said.textContent());
  };

  it(
    'a guest on a phone, in Russian, who follows a link away from the feedback meets the limitation modal first; closing it goes on there',
    { timeout: 300_000 },
    async () => {
      const { page, speaking } = await guestFeedback('ru', PHONE_390);
      const feedbackUrl = page.url();
      // The bottom bar's Profile link: held while the modal asks, the page stays on the feedback.
      await page.getByTestId('bottom-bar').getByRole('link').nth(1).tap();
      const modal = page.getByTestId('guest-limit-modal');
      await modal.waitFor();
      expect(page.url()).toBe(feedbackUrl);
      expect(await modal.textContent()).toContain(speaking.guestLimit.title);
      expect(await page.getByTestId('feedback-view').count()).toBe(1);
      await page.keyboard.press('Escape');
      await page.waitForURL(/\/ru\/(profile|auth)/);
      await page.context().close();
    },
  );

  it(
    'a guest on a desktop, in Chinese, who goes back to the test from the feedback meets the limitation modal',
    { timeout: 300_000 },
    async () => {
      const { page, speaking } = await guestFeedback('zh', DESKTOP_1366);
      await page.getByTestId('back-to-test').click();
      const modal = page.getByTestId('guest-limit-modal');
      await modal.waitFor();
      expect(await modal.textContent()).toContain(speaking.guestLimit.benefits.unlock);
      // Closing it goes home (spec 001 §2), where the try is kept.
      await page.keyboard.press('Escape');
      await page.waitForURL(`${server.baseURL}/zh`);
      await page.getByTestId('guest-last-try').waitFor();
      await page.context().close();
    },
  );

  it('with no recogniser and no online payment, the speech check and the Plus page say so in a learner’s words, in three languages', async () => {
    const account = await signUp('texts');
    for (const [lang, check, common, size] of [
      ['en', enCheck, enCommon, PHONE_390],
      ['zh', zhCheck, zhCommon, DESKTOP_1366],
      ['ru', ruCheck, ruCommon, PHONE_390],
    ] as const) {
      const page = await newPage(browser, size);
      await page.goto(`${server.baseURL}/${lang}/speech-recognition`);
      await page.getByTestId('check-no-engine').waitFor();
      const step = page.getByTestId('check-recognition');
      expect(await step.locator('header span').textContent()).toBe(check.state.unavailable);
      expect(await page.locator('main').textContent()).not.toContain(check.state.warn);
      await page.context().close();

      // No payment vendor on this server: the learner reads what they can do instead.
      // A fresh sign-in per page: tokens live 3 s here, and a refresh token is used once only.
      const plus = await openSignedIn(await login(account.email, account.password), `/${lang}/plus`);
      const notice = plus.getByTestId('pay-unavailable');
      await notice.waitFor();
      expect(await notice.textContent()).toBe(common.errors.payments_unavailable);
      expect(await notice.textContent()).not.toMatch(/server|服务器|сервер/i);
      await plus.context().close();
    }
  });
});
