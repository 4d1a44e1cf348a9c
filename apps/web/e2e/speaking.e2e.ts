import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import en from '../src/locales/en/speaking.json' with { type: 'json' };
import { openSignedIn, signUpThroughApi } from './accounts';
import { newPage } from './browser';
import { launchSpeakingBrowser, startRun } from './speaking-run';
import { STANDIN_PHRASE } from './transcription-standin';
import { untilCount, untilLevel, untilText } from './wait';

const baseURL = inject('baseURL');

const statusOf = (page: Page, id: string) => page.getByTestId(id).getAttribute('data-status');

describe('the HSKK speaking test in a real browser', () => {
  let browser: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // The microphone says a Mandarin sentence (espeak-ng), once per capture.
    ({ browser, close } = await launchSpeakingBrowser('wo3 jin1 tian1 hen3 mang2'));
  });
  afterAll(async () => {
    await close();
  });

  it(
    'a guest takes Test 1 Part 1 with manual recording, gets feedback and meets the limitation modal',
    { timeout: 300_000 },
    async () => {
      const page = await newPage(browser);
      await page.goto(`${baseURL}/en/test-selection/basic`);
      await untilText(page.getByTestId('guest-banner'), en.selection.guestBanner);
      // Guests get the padded list paged here: 16 tests, 6 a page, the rest named "Test N".
      await untilCount(page.getByTestId('test-card'), 6);
      await page.getByTestId('tests-pagination').getByRole('button', { name: 'Page 3' }).click();
      await untilCount(page.getByTestId('test-card'), 4);
      expect(await page.getByTestId('test-card').first().getByRole('heading').textContent()).toBe('Test 13');
      await page.getByTestId('tests-pagination').getByRole('button', { name: 'Page 1' }).click();

      const card = page.locator('[data-testid=test-card][data-test-id="101"]');
      expect(await card.getAttribute('data-state')).toBe('unselected');
      await card.getByTestId('test-card-select').click();
      expect(await card.getAttribute('data-state')).toBe('selected');
      expect(await card.getByTestId('test-start').isDisabled()).toBe(true);
      expect(await card.getByTestId('mode-part-2').isDisabled()).toBe(true);
      await card.getByTestId('mode-part-1').click();
      expect(await card.getAttribute('data-state')).toBe('mode-selected');
      await card.getByTestId('test-start').click();
      await page.waitForURL(`${baseURL}/en/test/basic/101/part-1`);

      await startRun(page);
      const total = 15;
      expect(await page.getByTestId('run-progress').textContent()).toBe(`Question 1 of ${total}`);
      // Recording is refused until the question was heard.
      expect(await page.getByTestId('record-button').isDisabled()).toBe(true);
      // Auto mode is for signed-in learners only.
      expect(await page.getByTestId('auto-mode').isDisabled()).toBe(true);

      for (let n = 1; n <= total; n++) {
        await page.locator(`[data-testid=question-content][data-question="${n}"]`).waitFor();
        await page.getByTestId('play-audio').click();
        // The audio plays through to the end (a listening question is heard once: "all played").
        await page.locator('[data-testid=audio-status][data-status=allPlayed]').waitFor({ timeout: 30_000 });
        await page.getByTestId('record-button').click();
        await page.locator('[data-testid=record-status][data-status=recording]').waitFor();
        // The WAV restarts with each capture: stop once its voice has risen and fallen again.
        await untilLevel(page, 'record-level', { above: 40 });
        await untilLevel(page, 'record-level', { below: 10 });
        await page.getByTestId('record-button').click();
        await page.locator('[data-testid=record-status][data-status=completed]').waitFor({ timeout: 30_000 });
        // The stand-in only answers the phrase when it received voiced audio: the recording went through.
        expect(await page.getByTestId('answer-text').textContent()).toBe(STANDIN_PHRASE);
        expect(await page.getByTestId('own-recording').count()).toBe(1);
        // Practice mode scores the answer at once; its card arriving moves the page, so the learner
        // goes on once it is there (a click during that shift can land beside the button).
        await page.locator('[data-testid=answer-score][data-status=done]').waitFor({ timeout: 60_000 });
        await page.getByTestId('next-question').click();
      }

      await page.getByTestId('feedback-view').waitFor();
      // Every answer got feedback with a score (practice mode scored each one as it came, the end reused
      // it); the review of questions and answers needs an account.
      const done = page.locator('[data-testid=feedback-card][data-status=done]');
      await done.nth(total - 1).waitFor({ timeout: 120_000 });
      await untilCount(done, total);
      const average = (await page.getByTestId('average-score').textContent()) ?? '';
      // The limitation modal waits for the guest's "Done" at the end of the feedback, not over it.
      expect(await page.getByTestId('guest-limit-modal').count()).toBe(0);
      await page.getByTestId('feedback-done').click();
      await page.getByTestId('guest-limit-modal').waitFor();
      expect(await page.getByTestId('question-score').count()).toBe(total);
      // One sign-in notice for the whole review, not one per question; the learner's own recording replays.
      expect(await page.getByTestId('review-plus-notice').count()).toBe(1);
      expect(await page.getByTestId('review-plus-notice').getAttribute('data-access')).toBe('sign_in');
      expect(await page.getByTestId('review-content').count()).toBe(0);
      expect(await page.getByTestId('answer-replay').count()).toBe(total);
      expect(Number(await page.getByTestId('average-score').textContent())).toBeGreaterThanOrEqual(0);
      expect(await page.getByTestId('guest-limit-modal').textContent()).toContain(
        en.guestLimit.benefits.unlock,
      );

      // Closing the modal goes home, where the guest's try is kept on the device and shown again.
      await page.keyboard.press('Escape');
      await page.waitForURL(`${baseURL}/en`);
      await page.getByTestId('guest-last-try').waitFor();
      expect(await page.getByTestId('guest-last-try-average').textContent()).toContain(average);
      await page.getByTestId('guest-last-try-toggle').click();
      await untilCount(page.getByTestId('guest-last-try-item'), total);
      await page.context().close();
    },
  );

  it(
    'a signed-in learner runs a part in auto mode, gets streamed feedback and a score, and finds it in results',
    { timeout: 360_000 },
    async () => {
      const page = await openSignedIn(browser, await signUpThroughApi('speaking'));
      await page.goto(`${baseURL}/en/test/basic/101/part-2`);
      await startRun(page);
      await page.getByTestId('auto-mode').check();
      expect(await page.getByTestId('auto-mode').isChecked()).toBe(true);

      const total = 10;
      // Auto mode: the audio plays, recording starts when it ends, stops at the 10 s limit, and the run
      // moves on by itself. Where the browser wants a fresh gesture the click-to-play prompt is used.
      for (let n = 1; n <= total; n++) {
        await page
          .locator(`[data-testid=question-content][data-question="${n}"]`)
          .waitFor({ timeout: 60_000 });
        const recording = page.locator('[data-testid=record-status][data-status=recording]');
        const prompt = page.getByTestId('click-to-play-button');
        await Promise.race([recording.waitFor({ timeout: 60_000 }), prompt.waitFor({ timeout: 60_000 })]);
        if (await prompt.isVisible()) {
          await prompt.click();
          await recording.waitFor({ timeout: 60_000 });
        }
        expect(await statusOf(page, 'audio-status')).not.toBe('playing');
        // The record button is the machine's in auto mode.
        expect(await page.getByTestId('record-button').isDisabled()).toBe(true);
        if (n < total) {
          await page
            .locator(`[data-testid=question-content][data-question="${n + 1}"]`)
            .waitFor({ timeout: 60_000 });
        }
      }

      await page.getByTestId('feedback-view').waitFor({ timeout: 60_000 });
      await page.locator('[data-testid=test-run][data-phase=completed]').waitFor({ timeout: 180_000 });
      const cards = page.getByTestId('feedback-card');
      expect(await cards.count()).toBe(total);
      expect(await page.locator('[data-testid=feedback-card][data-status=done]').count()).toBe(total);
      const texts = await page.getByTestId('feedback-text').allTextContents();
      expect(texts.every((t) => t.trim().length > 0)).toBe(true);
      const average = Number(await page.getByTestId('average-score').textContent());
      expect(Number.isInteger(average) && average >= 0 && average <= 100).toBe(true);
      // A non-official learner gets one Plus notice for the review, the band of each answer, no question or answer text.
      expect(await page.getByTestId('review-plus-notice').count()).toBe(1);
      expect(await page.getByTestId('review-plus-notice').getAttribute('data-access')).toBe('plus_required');
      expect(await page.getByTestId('review-content').count()).toBe(0);
      expect(await page.getByTestId('review-band').count()).toBe(total);

      // The run was saved: the results page lists it and opens its per-question feedback.
      await page.goto(`${baseURL}/en/results`);
      const item = page.getByTestId('result-item').first();
      await item.waitFor();
      expect((await item.getByTestId('result-score').textContent())?.trim().split(/\s/)[0]).toBe(
        String(average),
      );
      await item.getByTestId('view-result-feedback').click();
      await untilCount(item.getByTestId('result-answer'), total);
      // The same rule on the results page, enforced by the server: no answer text, one notice for the run.
      expect(await item.getByTestId('result-answer').first().textContent()).not.toContain(STANDIN_PHRASE);
      expect(await item.getByTestId('review-plus-notice').count()).toBe(1);
      await page.context().close();
    },
  );

  it('a non-official learner who meets an official test lands on /plus', async () => {
    const page = await openSignedIn(browser, await signUpThroughApi('speaking'));
    await page.goto(`${baseURL}/en/test-selection/basic`);
    const official = page.locator('[data-testid=test-card][data-test-id="104"]');
    await untilText(official.getByTestId('test-card-lock'), en.selection.lockOfficial);
    await official.getByTestId('test-card-select').click();
    await page.waitForURL(`${baseURL}/en/plus`);

    // Opening the run directly is refused by the server (403) and ends on the Plus page too.
    await page.goto(`${baseURL}/en/test/basic/104/part-1`);
    await page.waitForURL(`${baseURL}/en/plus`);
    await page.context().close();
  });
});
