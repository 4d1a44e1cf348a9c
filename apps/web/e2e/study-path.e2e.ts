import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { z } from 'zod';
import {
  authDataSchema,
  questionsSchema,
  reviewDueResponseSchema,
  reviewStatsResponseSchema,
} from '@kouyu/core';
import type { AuthData, ReviewCard } from '@kouyu/core';
import en from '../src/locales/en/common.json' with { type: 'json' };
import { idiomBlank } from '../src/features/review/lib/idiom-blank';
import { call, signUpThroughApi } from './accounts';
import { DESKTOP, PHONE, launchBrowser } from './browser';
import { untilAttr, untilLevel, untilMatches } from './wait';

/**
 * The study path (decision 018): a learner makes mistakes (an HSK item in the browser, a repeat answer with a
 * wrong character saved as the speaking test saves it), the server's clock moves a day on, and the
 * mistakes come back as cards in the review, answered at desktop and phone widths; a word added with "+"
 * joins them. Other parts of the path (writing by hand, today's streak) hang off the same learner.
 */
const baseURL = inject('baseURL');
const DAY_MS = 86_400_000;
const HAN = /\p{Script=Han}/u;

const hskItemSchema = z.object({
  id: z.string(),
  answer: z.union([z.boolean(), z.string()]).optional(),
  options: z.array(z.object({ key: z.string(), text: z.string().optional() })).optional(),
});
/** The seed's answers of an HSK set, as in the HSK e2e. */
function hskAnswers(id: string) {
  const file = path.resolve(import.meta.dirname, `../../server/src/db/seed/data/hsk/${id}.json`);
  return z.object({ items: z.array(hskItemSchema) }).parse(JSON.parse(readFileSync(file, 'utf8'))).items;
}

/** Moves the server's study-path clock (`POST /test/clock`, on in the e2e server). */
async function serverClock(offsetMs: number) {
  const res = await call('POST', '/test/clock', { offset_s: Math.round(offsetMs / 1000) });
  expect(res.status, 'the e2e server has TEST_CLOCK on').toBe(200);
}

async function dueOf(auth: AuthData): Promise<ReviewCard[]> {
  const res = await call('GET', '/review/due?limit=100', undefined, auth.token);
  expect(res.status).toBe(200);
  return reviewDueResponseSchema.parse(await res.json()).cards;
}

const PASSWORD = 'study-pass-1';

/** A session of its own (the page's refreshes rotate its refresh token; a reused one would end them all). */
async function signIn(email: string): Promise<AuthData> {
  const res = await call('POST', '/auth/login', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return authDataSchema.parse(await res.json());
}

/** A page signed in as the learner, its clock `offsetMs` ahead (the day after, as the server's). */
async function learnerPage(browser: Browser, email: string, options: BrowserContextOptions, offsetMs = 0) {
  const auth = await signIn(email);
  const context = await browser.newContext(options);
  if (offsetMs !== 0) await context.clock.install({ time: Date.now() + offsetMs });
  const page = await context.newPage();
  await page.goto(`${baseURL}/en`);
  await page.evaluate((a) => {
    localStorage.setItem('auth_token', a.token);
    localStorage.setItem('refresh_token', a.refresh_token);
    localStorage.setItem('user_data', JSON.stringify(a.user));
  }, auth);
  return page;
}

/** Answers the card on screen the way its mode asks; resolves with the card's id and mode once the answer is sent. */
async function answerCard(
  page: Page,
  cards: Map<string, ReviewCard>,
): Promise<{ id: string; mode: string | null }> {
  const view = page.getByTestId('review-card');
  const id = (await view.getAttribute('data-card-id')) ?? '';
  const card = cards.get(id);
  if (!card) throw new Error(`card ${id} was not due`);
  let mode = await view.getAttribute('data-mode');
  // Writing by hand is practised in the hanzi e2e; here the card is answered another way.
  while (mode === 'write') {
    await page.getByTestId('review-other-mode').click();
    await untilNot(page, mode);
    mode = await view.getAttribute('data-mode');
  }
  const sent = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/review/sync') && r.request().method() === 'POST',
  );
  if (mode === 'repeat') {
    // The fake microphone plays its recording once: wait until it has been heard and has ended.
    await page.getByTestId('repeat-record').click();
    await untilLevel(page, 'repeat-level', { above: 20 });
    await untilLevel(page, 'repeat-level', { below: 3 });
    const assessed = page.waitForResponse((r) => r.url().endsWith('/api/v1/audio/assess'));
    await page.getByTestId('repeat-stop').click();
    expect((await assessed).status()).toBe(200);
    await page.getByTestId('repeat-result').waitFor();
    expect(await page.getByTestId('tone-syllable').count()).toBeGreaterThan(0);
    await page.getByTestId('rate-3').click();
  } else if (mode === 'tone') {
    await page.locator(`[data-testid=tone-choice][data-tone="${card.tone}"]`).click();
    await untilAttr(page.getByTestId('review-verdict'), 'data-right', 'true');
    await page.getByTestId('review-next').click();
  } else if (mode === 'idiom_fill') {
    const { answer } = idiomBlank(card.hanzi, `${card.id}:${card.reps}`);
    await page.locator(`[data-testid=idiom-choice][data-char="${answer}"]`).click();
    await untilAttr(page.getByTestId('review-verdict'), 'data-right', 'true');
    await page.getByTestId('review-next').click();
  } else {
    expect(mode).toBe('meaning');
    expect(await page.getByTestId('review-hanzi').textContent()).toBe(card.hanzi);
    await page.getByTestId('reveal').click();
    await page.getByTestId('rate-3').click();
  }
  expect((await sent).status()).toBe(200);
  return { id, mode };
}

/** Until the card on screen is in another mode than `mode`. */
async function untilNot(page: Page, mode: string | null) {
  await page.locator(`[data-testid=review-card]:not([data-mode="${mode ?? ''}"])`).waitFor();
}

/** Answers every card until the review says nothing is due; resolves with the cards answered (id, mode), in order. */
async function answerAll(page: Page, cards: Map<string, ReviewCard>) {
  const answered: { id: string; mode: string | null }[] = [];
  const card = page.getByTestId('review-card');
  const empty = page.getByTestId('review-empty');
  for (;;) {
    await Promise.race([card.waitFor(), empty.waitFor()]);
    if (await empty.isVisible()) return answered;
    const before = await card.getAttribute('data-card-id');
    answered.push(await answerCard(page, cards));
    await Promise.race([
      page.locator(`[data-testid=review-card]:not([data-card-id="${before}"])`).waitFor(),
      empty.waitFor(),
    ]);
  }
}

describe('the study path: mistakes come back as review cards the next day', () => {
  let browser: Browser;
  let dir: string;
  let learner: AuthData;
  let missed = '';
  let hskMissed = '';

  beforeAll(async () => {
    // The microphone says a few syllables (Debian's espeak-ng), once per recording.
    dir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-study-'));
    const raw = path.join(dir, 'raw.wav');
    const wav = path.join(dir, 'speech.wav');
    execFileSync('espeak-ng', ['-v', 'cmn-latn-pinyin', '-w', raw, 'wo3 xi3 huan1']);
    execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', wav, 'pad', '0.3', '0.8']);
    browser = await launchBrowser([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}%noloop`,
    ]);
  });
  afterAll(async () => {
    await serverClock(0);
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'an HSK item answered wrong and a repeat answer with a wrong character',
    { timeout: 120_000 },
    async () => {
      learner = await signUpThroughApi('study');
      // HSK 1 listening 2 in the browser: the last question (what is Wang Fang's job?) wrong, the rest right.
      const page = await learnerPage(browser, learner.user.email, DESKTOP);
      await page.goto(`${baseURL}/en/hsk/1/listening/question/2`);
      await page.getByTestId('hsk-item').first().waitFor();
      const items = hskAnswers('hsk1-listening-2');
      const last = items.at(-1);
      hskMissed = last?.options?.find((o) => o.key === last.answer)?.text ?? '';
      expect(hskMissed).toMatch(HAN);
      for (const item of items) {
        if (item.answer === undefined) continue;
        const wanted = item === last ? (item.answer === 'A' ? 'B' : 'A') : item.answer;
        const el = page.locator(`[data-item-id="${item.id}"]`);
        if (typeof wanted === 'boolean')
          await el.getByTestId(wanted ? 'choice-true' : 'choice-false').click();
        else await el.locator(`[data-testid="choice"][data-key="${wanted}"]`).click();
      }
      await page.getByTestId('hsk-submit').click();
      await page.getByTestId('hsk-saved').waitFor();
      await page.context().close();

      // A repeat answer of test 101 part 1 with one character said wrong, saved as the test run saves it.
      const res = await call('GET', '/tests/101/parts/1/questions?language=en', undefined, learner.token);
      const [question] = questionsSchema.parse(await res.json()).data.questions;
      if (!question) throw new Error('test 101 part 1 has no question');
      const chars = [...question.audio_text];
      const at = chars.findIndex((c) => HAN.test(c));
      missed = chars[at] ?? '';
      chars[at] = missed === '猫' ? '狗' : '猫';
      const said = chars.join('');
      const saved = await call(
        'POST',
        '/user-test-questions',
        {
          test_id: 101,
          level_id: question.level_id,
          part_id: 1,
          is_full_test: false,
          completed_time: 30,
          answers: [
            {
              question_id: question.id,
              question_number: question.number,
              user_answers: said,
              orig_answers: said,
            },
          ],
        },
        learner.token,
      );
      expect(saved.status).toBe(201);
    },
  );

  it(
    'the next day both mistakes are cards, answered one by one at desktop width',
    { timeout: 240_000 },
    async () => {
      await serverClock(DAY_MS);
      const due = await dueOf(learner);
      expect(due.some((c) => c.source === 'hsk' && c.hanzi === hskMissed)).toBe(true);
      expect(due.some((c) => c.source === 'speaking' && c.hanzi.includes(missed))).toBe(true);

      const page = await learnerPage(browser, learner.user.email, DESKTOP, DAY_MS);
      await page.goto(`${baseURL}/en`);
      await page.getByTestId('account-menu').click();
      await page.getByTestId('review-link').click();
      await page.waitForURL(`${baseURL}/en/review`);
      await page.getByTestId('review-stats').waitFor();
      await untilMatches(page.getByTestId('stats-due'), /^\s*\d+\s*$/);
      const answered = await answerAll(page, new Map(due.map((c) => [c.id, c])));
      expect(new Set(answered.map((a) => a.id))).toEqual(new Set(due.map((c) => c.id)));
      // The character said wrong is first heard and repeated, its tones judged by the voice analysis.
      const spoken = due.find((c) => c.source === 'speaking' && c.hanzi.includes(missed));
      expect(answered.find((a) => a.id === spoken?.id)?.mode).toBe('repeat');
      expect(await page.getByTestId('review-empty').textContent()).toContain(en.review.empty.title);

      // The server scheduled every card ahead and counted the answers for today.
      expect(await dueOf(learner)).toEqual([]);
      const stats = reviewStatsResponseSchema.parse(
        await (await call('GET', '/review/stats', undefined, learner.token)).json(),
      );
      expect(stats.reviewed_today).toBe(due.length);
      await page.context().close();
    },
  );

  it(
    'at phone width a word added with + in vocabulary comes up in the review, answered offline and sent once back online',
    { timeout: 180_000 },
    async () => {
      const page = await learnerPage(browser, learner.user.email, PHONE, DAY_MS);
      await page.goto(`${baseURL}/en/vocabulary/1`);
      const word = page.getByTestId('vocabulary-word').first();
      const hanzi = (await word.getByTestId('word-chars').textContent()) ?? '';
      const add = word.getByTestId('add-to-review');
      await add.click();
      await untilAttr(add, 'data-state', 'added');
      expect(await add.textContent()).toContain(en.review.add.added);

      const due = await dueOf(learner);
      const card = due.find((c) => c.hanzi === hanzi);
      if (!card) throw new Error(`${hanzi} is not due after +`);
      expect(card.source).toBe('manual');
      expect(due).toHaveLength(1);

      await page.getByTestId('bottom-menu').click();
      await page.getByTestId('menu-review').click();
      await page.waitForURL(`${baseURL}/en/review`);
      await untilAttr(page.getByTestId('review-card'), 'data-card-id', card.id);

      // The connection drops: the answer is kept on the device, and goes out once back online.
      await page.context().setOffline(true);
      expect(await page.getByTestId('review-card').getAttribute('data-mode')).toBe('meaning');
      await page.getByTestId('reveal').click();
      await page.getByTestId('rate-4').click();
      await untilAttr(page.getByTestId('review-kept'), 'data-count', '1');
      await page.getByTestId('review-empty').waitFor();
      expect((await dueOf(learner)).map((c) => c.id)).toEqual([card.id]);
      const sent = page.waitForResponse((r) => r.url().endsWith('/api/v1/review/sync'));
      await page.context().setOffline(false);
      expect((await sent).status()).toBe(200);
      await page.getByTestId('review-kept').waitFor({ state: 'detached' });
      expect(await dueOf(learner)).toEqual([]);
      await page.context().close();
    },
  );
});
