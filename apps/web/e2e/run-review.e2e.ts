import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import enCommon from '../src/locales/en/common.json' with { type: 'json' };
import enToday from '../src/locales/en/today.json' with { type: 'json' };
import enSpeaking from '../src/locales/en/speaking.json' with { type: 'json' };
import ruCommon from '../src/locales/ru/common.json' with { type: 'json' };
import ruToday from '../src/locales/ru/today.json' with { type: 'json' };
import ruResults from '../src/locales/ru/results.json' with { type: 'json' };
import ruSpeaking from '../src/locales/ru/speaking.json' with { type: 'json' };
import zhCommon from '../src/locales/zh/common.json' with { type: 'json' };
import zhToday from '../src/locales/zh/today.json' with { type: 'json' };
import zhResults from '../src/locales/zh/results.json' with { type: 'json' };
import zhSpeaking from '../src/locales/zh/speaking.json' with { type: 'json' };
import { call, openSignedIn, signUpThroughApi } from './accounts';
import { DESKTOP, DESKTOP_1366, PHONE, PHONE_390 } from './browser';
import { launchSpeakingBrowser, startRun } from './speaking-run';
import { untilLevel, untilText } from './wait';

const baseURL = inject('baseURL');
const speakingOf = { zh: zhSpeaking, ru: ruSpeaking } as const;
const titles = {
  zh: { results: '我的测试成绩 · Kouyu', progress: '学习进度 · Kouyu' },
  ru: { results: 'Ваши результаты · Kouyu', progress: 'Прогресс · Kouyu' },
} as const;
const TEST = 101;
const PARTS = { 1: 15, 2: 10, 3: 2 } as const;
const q = (part: number, n: number) => TEST * 1000 + part * 100 + n;

/** The directives of a CSP header, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

async function playThrough(page: Page) {
  await page.getByTestId('play-audio').click();
  await page.locator('[data-testid=audio-status][data-status=allPlayed]').waitFor({ timeout: 30_000 });
}

describe('a test run and its review a learner can read', () => {
  let browser: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // The microphone says a Mandarin sentence (espeak-ng), once per capture.
    ({ browser, close } = await launchSpeakingBrowser('wo3 jia1 you3 si4 ge4 ren2'));
  });
  afterAll(async () => {
    await close();
  });

  it(
    'on a phone: the pitch picture under the page CSP, a score right after the answer, the navigator and the named warning',
    { timeout: 180_000 },
    async () => {
      const auth = await signUpThroughApi('run-review');
      const page = await openSignedIn(browser, auth, '/en', PHONE);
      const doc = await page.goto(`${baseURL}/en/test/basic/${TEST}/part-1`);
      // The page's own CSP: recordings are never fetched from blob: (connect-src keeps to the site).
      const csp = directives((await doc?.allHeaders())?.['content-security-policy'] ?? '');
      expect(csp.get('connect-src')?.[0]).toBe("'self'");
      expect(csp.get('connect-src')).not.toContain('blob:');
      // The server wrote the page's own title into the HTML.
      expect(await doc?.text()).toContain('<title>HSKK test · Kouyu</title>');
      const refused: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refused.push(m.text());
      });
      await startRun(page);

      await playThrough(page);
      await page.getByTestId('record-button').click();
      await page.locator('[data-testid=record-status][data-status=recording]').waitFor();
      await untilLevel(page, 'record-level', { above: 40 });
      await untilLevel(page, 'record-level', { below: 10, forMs: 400 });
      await page.getByTestId('record-button').click();
      await page.locator('[data-testid=record-status][data-status=completed]').waitFor({ timeout: 30_000 });

      // The tone picture of the recording renders (it read the bytes kept beside the blob URL).
      await page.getByTestId('answer-tones').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('answer-box').textContent()).not.toContain(enCommon.errors.internal);
      // Practice mode: the answer is scored at once, with its band.
      await page.locator('[data-testid=answer-score][data-status=done]').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('answer-score-value').textContent()).toMatch(/^\d+ \/ 100$/);
      expect(await page.getByTestId('answer-score').getByTestId('review-band').count()).toBe(1);
      expect(refused).toEqual([]);

      // The navigator shows what is answered and jumps; completing names what is left.
      const nav = page.getByTestId('question-nav-item');
      expect(await nav.count()).toBe(PARTS[1]);
      expect(await nav.first().getAttribute('data-answered')).toBe('true');
      expect(await nav.nth(1).getAttribute('data-answered')).toBe('false');
      await nav.nth(PARTS[1] - 1).click();
      await page.locator(`[data-testid=question-content][data-question="${PARTS[1]}"]`).waitFor();
      await playThrough(page);
      await page.getByTestId('next-question').click();
      const warning = page.locator('[data-testid=run-warning][data-warning=answerAll]');
      await warning.waitFor();
      expect(await warning.textContent()).toBe(
        enSpeaking.warnings.answerAll_other.replace('{{list}}', `2–${PARTS[1]}`),
      );
      // Practice mode replays freely: no count of plays left beside it.
      const playsLeft = enSpeaking.listen.playsLeft.split('{{')[0] ?? '';
      expect(await page.getByTestId('test-run').textContent()).not.toContain(playsLeft);
      // The sidebar's navigator fits the phone: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.context().close();
    },
  );

  it('on a desktop, in Chinese and Russian: results grouped by part, each answer named by its task, held back blurred', async () => {
    const auth = await signUpThroughApi('run-results');
    const answers = Object.entries(PARTS).flatMap(([part, count]) =>
      Array.from({ length: count }, (_, i) => ({
        question_id: q(Number(part), i + 1),
        question_number: i + 1,
        user_answers: '我家有四个人',
        orig_answers: '我家有四个人。',
        ai_feedback_id: null,
      })),
    );
    const saved = await call(
      'POST',
      '/user-test-questions',
      { test_id: TEST, level_id: 1, part_id: null, is_full_test: true, completed_time: 600, answers },
      auth.token,
    );
    expect(saved.status).toBe(201);
    const page = await openSignedIn(browser, auth, '/zh', DESKTOP);
    for (const [lang, results, common] of [
      ['zh', zhResults, zhCommon],
      ['ru', ruResults, ruCommon],
    ] as const) {
      await page.goto(`${baseURL}/${lang}/results`);
      expect(await page.title()).toBe(titles[lang].results);
      const item = page.getByTestId('result-item').first();
      // The test is named in the page's language, though the account was made in English.
      const tests = (await (await fetch(`${baseURL}/api/v1/tests/level/1?language=${lang}`)).json()) as {
        data: { id: number; test_name: string }[];
      };
      const english = (await (
        await fetch(`${baseURL}/api/v1/tests/level/1?language=en`)
      ).json()) as typeof tests;
      const own = tests.data.find((t) => t.id === TEST)?.test_name;
      expect(own).toBeTruthy();
      expect(own).not.toBe(english.data.find((t) => t.id === TEST)?.test_name);
      await untilText(item.getByRole('heading', { level: 2 }), own ?? '');
      await item.getByTestId('view-result-feedback').click();
      await item.getByTestId('result-part').nth(2).waitFor();
      expect(await item.getByTestId('result-part').count()).toBe(3);
      const names = await item.getByTestId('result-answer-name').allTextContents();
      expect(names).toHaveLength(27);
      const name = (part: number, task: keyof typeof results.tasks, n: number) =>
        results.item
          .replace('{{part}}', String(part))
          .replace('{{task}}', results.tasks[task])
          .replace('{{n}}', String(n));
      expect(names[2]).toBe(name(1, 'repeat', 3));
      expect(names[15]).toBe(name(2, 'answer', 16));
      expect(names[26]).toBe(name(3, 'open', 27));
      // A learner without Plus: the question and answer are not on the page, their place is blurred.
      const held = item.getByTestId('review-held-back');
      expect(await held.count()).toBe(27);
      expect(await held.first().textContent()).toContain(common.lessonReview.notice.plusTitle);
      expect(await item.textContent()).not.toContain('我家有四个人');

      // The title follows a navigation inside the app.
      await page.getByTestId('results-progress-link').click();
      await page.getByTestId('progress-page').waitFor();
      await expect.poll(() => page.title()).toBe(titles[lang].progress);

      // Test cards name difficulty and type in the page's language, not as stored.
      await page.goto(`${baseURL}/${lang}/test-selection/basic`);
      const card = page.locator(`[data-testid=test-card][data-test-id="${TEST}"]`);
      await card.waitFor();
      const facts = await card.locator('dd').allTextContents();
      expect(facts).toContain(speakingOf[lang].selection.types.practice);
      expect(facts.some((f) => /^(easy|medium|hard|practice|mock)$/.test(f))).toBe(false);
    }
    await page.context().close();
  });

  // Spec 001 §4: completing with fewer answers than questions shows the 3 s warning, in auto mode too.
  it(
    'in exam (auto) mode, on a desktop in Russian, completing with questions left names them in the 3 s warning',
    { timeout: 240_000 },
    async () => {
      const auth = await signUpThroughApi('run-auto');
      const page = await openSignedIn(browser, auth, '/ru', DESKTOP_1366);
      await page.goto(`${baseURL}/ru/test/basic/${TEST}/part-2`);
      await startRun(page);
      // Straight to the last question, then auto: it plays, records to its limit and completes by itself.
      const nav = page.getByTestId('question-nav-item');
      await nav.nth(PARTS[2] - 1).click();
      await page.locator(`[data-testid=question-content][data-question="${PARTS[2]}"]`).waitFor();
      await page.getByTestId('auto-mode').check();
      const prompt = page.getByTestId('click-to-play-button');
      const recording = page.locator('[data-testid=record-status][data-status=recording]');
      await Promise.race([recording.waitFor({ timeout: 60_000 }), prompt.waitFor({ timeout: 60_000 })]);
      if (await prompt.isVisible()) await prompt.click();
      const warning = page.locator('[data-testid=run-warning][data-warning=answerAll]');
      await warning.waitFor({ timeout: 90_000 });
      // Nine questions are left: Russian's "many" form, the numbers as ranges.
      expect(await warning.textContent()).toBe(
        ruSpeaking.warnings.answerAll_many.replace('{{list}}', `1–${PARTS[2] - 1}`),
      );
      expect(await warning.getAttribute('data-unanswered')).toBe('1,2,3,4,5,6,7,8,9');
      expect(await page.getByTestId('feedback-view').count()).toBe(0);
      await page.context().close();
    },
  );

  it('plan settings name the HSKK basic level as every other place does, in three languages', async () => {
    const auth = await signUpThroughApi('plan-level');
    for (const [lang, speaking, size] of [
      ['en', enSpeaking, PHONE_390],
      ['zh', zhSpeaking, DESKTOP_1366],
      ['ru', ruSpeaking, PHONE_390],
    ] as const) {
      const page = await openSignedIn(browser, auth, `/${lang}`, size);
      await page.getByTestId('today-settings-open').click();
      const level = page.getByTestId('today-hskk-level');
      await level.waitFor();
      expect(await level.locator('option[value=basic]').textContent()).toBe(speaking.levels.basic);
      expect(await page.getByTestId('today-settings').textContent()).not.toContain('Primary');
      expect(await page.getByTestId('today-settings').textContent()).toContain(
        { en: enToday, zh: zhToday, ru: ruToday }[lang].today.settings.hskk_level,
      );
      await page.context().close();
    }
  });

  it('the review with nothing due says when to come back by the next card’s own day, in three languages', async () => {
    const auth = await signUpThroughApi('review-empty');
    for (const [lang, common, hanzi, size] of [
      ['en', enCommon, '银行', PHONE_390],
      ['zh', zhCommon, '朋友', DESKTOP_1366],
      ['ru', ruCommon, '学校', PHONE_390],
    ] as const) {
      const added = await call('POST', '/review/cards', { kind: 'word', hanzi }, auth.token);
      expect(added.status).toBe(201);
      const page = await openSignedIn(browser, auth, `/${lang}/review`, size);
      await page.getByTestId('reveal').click();
      // "Again": the card comes back within minutes, later today.
      const synced = page.waitForResponse((r) => r.url().includes('/api/v1/review/'));
      await page.getByTestId('rate-1').click();
      await synced;
      const empty = page.getByTestId('review-empty');
      await empty.waitFor();
      await page.getByTestId('review-next-due').waitFor();
      const day = await empty.getAttribute('data-day');
      const next = (await page.getByTestId('review-next-due').textContent()) ?? '';
      const body = (await page.getByTestId('review-empty-body').textContent()) ?? '';
      // Minutes ahead is today, unless this runs in the last minutes before midnight.
      const nearMidnight = new Date().getHours() === 23 && new Date().getMinutes() >= 45;
      if (!nearMidnight) expect(day).toBe('today');
      if (day === 'today') {
        expect(body).toBe(common.review.empty.bodyToday);
        expect(next.startsWith(common.review.empty.nextToday.split('{{')[0] ?? '')).toBe(true);
        expect(body).not.toBe(common.review.empty.bodyTomorrow);
      }
      await page.context().close();
    }
  });
});
