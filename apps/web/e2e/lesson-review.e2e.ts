import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AuthData } from '@kouyu/core';
import common from '../src/locales/en/common.json' with { type: 'json' };
import speaking from '../src/locales/en/speaking.json' with { type: 'json' };
import { call, openSignedIn, signUpThroughApi } from './accounts';
import { launchBrowser } from './browser';
import { startRun } from './speaking-run';
import { untilAttr, untilCount } from './wait';

const baseURL = inject('baseURL');
// Test 101 part 1 question 1 repeats "我家有四个人。": 家 left out, 四 said as 寺 (same sound), 们 added.
const REPEAT_Q = 101_101;
const REFERENCE = '我家有四个人。';
const ANSWER = '我有寺个人们';

/** Reviews the answer through the feedback socket in the page (as the test page does) and saves the run. */
async function savedRun(page: Page, auth: AuthData): Promise<void> {
  const query = new URLSearchParams({
    user_id: String(auth.user.id),
    question_id: String(REPEAT_Q),
    level_id: '1',
    part_id: '1',
    user_answers: ANSWER,
    orig_answers: REFERENCE,
    language: 'en',
    token: auth.token,
  });
  const wsUrl = `${baseURL.replace(/^http/, 'ws')}/api/v1/user-test-questions/ws?${query.toString()}`;
  const feedbackId = await page.evaluate(
    (url) =>
      new Promise<number | null>((resolve) => {
        const ws = new WebSocket(url);
        let id: number | null = null;
        ws.onmessage = (e) => {
          const text = String(e.data);
          if (text.startsWith('{"id"')) id = (JSON.parse(text) as { id: number }).id;
        };
        ws.onclose = () => resolve(id);
      }),
    wsUrl,
  );
  expect(feedbackId).toBeTypeOf('number');
  const res = await call(
    'POST',
    '/user-test-questions',
    {
      test_id: 101,
      level_id: 1,
      part_id: 1,
      is_full_test: false,
      completed_time: 30,
      answers: [
        {
          question_id: REPEAT_Q,
          question_number: 1,
          user_answers: ANSWER,
          orig_answers: REFERENCE,
          ai_feedback_id: feedbackId,
        },
      ],
    },
    auth.token,
  );
  expect(res.status).toBe(201);
}

async function openFirstResult(page: Page) {
  await page.goto(`${baseURL}/en/results`);
  const item = page.getByTestId('result-item').first();
  await item.waitFor();
  await item.getByTestId('view-result-feedback').click();
  await untilCount(item.getByTestId('result-answer'), 1);
  await item.getByTestId('lesson-review').waitFor();
  return item;
}

describe('the review a learner reads', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
  });
  afterAll(async () => {
    await browser.close();
  });

  it(
    'shows a Plus member the sentence coloured by alignment with pinyin, a legend and the band',
    { timeout: 120_000 },
    async () => {
      const auth = await signUpThroughApi('lesson-plus', { plus: true });
      const page = await openSignedIn(browser, auth);
      await savedRun(page, auth);
      const item = await openFirstResult(page);
      const sentence = item.getByTestId('review-alignment');
      await sentence.waitFor();
      const marks = await sentence
        .locator('[data-mark]')
        .evaluateAll((els) =>
          els.map(
            (el) =>
              `${el.querySelector('ruby')?.firstChild?.textContent ?? ''}:${el.getAttribute('data-mark') ?? ''}`,
          ),
        );
      expect(marks).toEqual(expect.arrayContaining(['家:missing', '四:homophone', '们:extra', '我:ok']));
      expect(await sentence.locator('rt').first().textContent()).toBe('wǒ');
      expect(await item.getByTestId('review-legend').textContent()).toContain(
        common.lessonReview.legend.homophone,
      );
      expect(await item.getByTestId('review-band').getAttribute('data-band')).toMatch(/^(high|mid|low)$/);
      expect(await item.getByTestId('result-answer').textContent()).toContain(ANSWER);
      expect(await item.textContent()).not.toContain('【');
      expect(await page.getByTestId('review-plus-notice').count()).toBe(0);
      await page.context().close();
    },
  );

  it(
    'keeps the question, the answer and the alignment from a free learner, with one Plus notice',
    { timeout: 120_000 },
    async () => {
      const auth = await signUpThroughApi('lesson-free');
      const page = await openSignedIn(browser, auth);
      await savedRun(page, auth);
      const item = await openFirstResult(page);
      expect(await item.getByTestId('review-plus-notice').count()).toBe(1);
      expect(await item.getByTestId('review-plus-notice').textContent()).toContain(
        common.lessonReview.notice.plusTitle,
      );
      expect(await item.getByTestId('review-band').getAttribute('data-band')).toMatch(/^(high|mid|low)$/);
      expect(await item.getByTestId('review-alignment').count()).toBe(0);
      const text = (await item.textContent()) ?? '';
      expect(text).not.toContain(ANSWER);
      expect(text).not.toContain('我家有四个人');
      await page.context().close();
    },
  );

  it(
    'lets a learner in practice mode replay the question slowly; exam mode plays once and says so',
    { timeout: 120_000 },
    async () => {
      const page = await openSignedIn(browser, await signUpThroughApi('lesson-replay'));
      await page.goto(`${baseURL}/en/test/basic/101/part-1`);
      await startRun(page);
      expect(await page.getByTestId('play-mode-note').getAttribute('data-mode')).toBe('practice');
      expect(await page.getByTestId('replay-slow').count()).toBe(0);
      await page.getByTestId('play-audio').click();
      await untilAttr(page.getByTestId('audio-status'), 'data-status', 'allPlayed');
      // The exam's one play is used; practice still offers the question again, normally and slowly.
      await page.getByTestId('replay-slow').click();
      await untilAttr(page.getByTestId('audio-status'), 'data-status', 'playing');
      await untilAttr(page.getByTestId('audio-status'), 'data-status', 'allPlayed');
      // Exam mode: one play, no replays, and the note says why.
      await page.getByTestId('auto-mode').check();
      await untilAttr(page.getByTestId('play-mode-note'), 'data-mode', 'exam');
      expect(await page.getByTestId('question-replay').count()).toBe(0);
      expect(await page.getByTestId('play-mode-note').textContent()).toBe(speaking.questionReplay.examNote);
      await page.context().close();
    },
  );
});
