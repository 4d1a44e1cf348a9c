import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { todaySettingsResponseSchema, vocabularyListSchema } from '@kouyu/core';
import { call, openSignedIn, signUpThroughApi } from './accounts';
import { launchBrowser } from './browser';
import { untilAttr, untilMatches, untilText } from './wait';
import en from '../src/locales/en/vocabulary.json' with { type: 'json' };
import zh from '../src/locales/zh/vocabulary.json' with { type: 'json' };
import ru from '../src/locales/ru/vocabulary.json' with { type: 'json' };

/** The first characters of a level the dictation's "write this level's characters" puts in the list. */
const firstChips = async (page: Page, n: number) => {
  const chips = page.getByTestId('word-chips').getByRole('listitem');
  await chips.nth(n - 1).waitFor();
  return (await chips.allTextContents()).slice(0, n).map((c) => c.charAt(0));
};

/** Opens the dictation page and presses "write this level's characters" for level 1. */
const dictateLevelOne = async (page: Page, lang: string, syllabus: string) => {
  await page.goto(`${baseURL}/${lang}/dictation`);
  await untilAttr(page.getByTestId('dictation-level-characters'), 'data-syllabus', syllabus);
  const answer = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/v1/vocabulary/characters' && url.searchParams.get('syllabus') === syllabus;
  });
  await page.getByTestId('dictation-level-pick').click();
  expect((await answer).status()).toBe(200);
};

/** The sets an HSK section page lists, as it asked for them. */
const setsAnswer = (page: Page, path: string) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === `/api/v1/hsk/${path}`);

/**
 * The syllabus, tried as a new user would, in each language: a new learner picks HSK 3.0 in the plan
 * settings, the plan offers level-1 words of the 2025 list, its link opens that list (你好 in it) with
 * the level's characters; a learner on HSK 2.0 sees the HSK 2.0 lists unchanged.
 */
const baseURL = inject('baseURL');
const LANGS = { en, zh, ru } as const;

/** A page's vocabulary answer for `syllabus` and `level`, as the page asked for it. */
const vocabularyAnswer = (page: Page, syllabus: string, level: string) =>
  page.waitForResponse((r) => {
    const url = new URL(r.url());
    return (
      url.pathname === '/api/v1/vocabulary' &&
      url.searchParams.get('syllabus') === syllabus &&
      url.searchParams.get('level') === level &&
      !url.searchParams.get('search')
    );
  });

describe('the HSK syllabus in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const [lang, t] of Object.entries(LANGS)) {
    it(`${lang}: a new learner picks HSK 3.0 and studies its level 1 words, characters and plan`, async () => {
      const learner = await signUpThroughApi(`hsk3-${lang}`);
      const page = await openSignedIn(browser, learner, `/${lang}`);
      await page.getByTestId('today-panel').waitFor();
      await page.getByTestId('today-settings-open').click();
      await page.getByTestId('today-syllabus').selectOption('hsk3');
      await page.getByTestId('today-hsk-level').selectOption('1');
      const saved = page.waitForResponse(
        (r) => r.url().includes('/api/v1/today/settings') && r.request().method() === 'PUT',
      );
      await page.getByTestId('today-settings-save').click();
      const body = todaySettingsResponseSchema.parse(await (await saved).json());
      expect(body.settings).toMatchObject({ syllabus: 'hsk3', hsk_level: 1 });

      // The plan's new words come from the 2025 level 1.
      const task = page.getByTestId('today-task-words');
      await untilText(task.getByTestId('today-new-word').first(), '爱 ài');
      expect(await task.getAttribute('href')).toBe(`/${lang}/vocabulary/1?syllabus=hsk3`);

      const words = vocabularyAnswer(page, 'hsk3', '1');
      await task.click();
      const list = vocabularyListSchema.parse(await (await words).json());
      expect(list.pagination.total_count).toBe(300);
      await untilMatches(page.getByTestId('vocabulary-count'), /300/);
      await untilAttr(page.getByTestId('syllabus-switch'), 'data-syllabus', 'hsk3');
      // Each word says its level in both syllabuses.
      await untilMatches(
        page.getByTestId('word-syllabus-levels').first(),
        /^HSK 2\.0[:：] ?1 · HSK 3\.0[:：] ?1$/,
      );

      // 你好 is one of them.
      const search = page.waitForResponse((r) => new URL(r.url()).searchParams.get('search') === '你好');
      await page.getByTestId('vocabulary-search').fill('你好');
      expect((await search).status()).toBe(200);
      await untilText(page.getByTestId('word-chars').first(), '你好');

      // The level's 246 characters, each opening its stroke-order practice.
      const chars = page.getByTestId('level-characters');
      await untilMatches(page.getByTestId('level-characters-count'), /246/);
      await chars.locator('summary').click();
      const first = chars.getByTestId('level-character').first();
      await untilText(first, '爱');
      expect(await first.getAttribute('href')).toBe(`/${lang}/write/${encodeURIComponent('爱')}`);

      // What changed from HSK 2.0: 上课 is new at level 1.
      const changes = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/vocabulary/changes');
      await page.getByTestId('level-changes').locator('summary').click();
      expect((await changes).status()).toBe(200);
      await untilMatches(page.getByTestId('level-changes-added'), /上课/);

      // The plan's written task is an HSK 3.0 practice set of level 1, which its section page lists.
      await page.goto(`${baseURL}/${lang}`);
      const written = page.getByTestId('today-task-hsk');
      await written.waitFor();
      expect(await written.getAttribute('href')).toMatch(
        new RegExp(`^/${lang}/hsk/1/(listening|reading)/question/101$`),
      );
      const sets = setsAnswer(page, '1/reading');
      await page.goto(`${baseURL}/${lang}/hsk/1/reading`);
      expect(new URL((await sets).url()).searchParams.get('syllabus')).toBe('hsk3');
      await untilAttr(page.getByTestId('hsk-set-card').first(), 'data-set-id', 'hsk1-reading-101');
      expect(await page.getByTestId('hsk-set-card').count()).toBe(1);
      // The HSK 2.0 sets stay one link away.
      const older = setsAnswer(page, '1/reading');
      await page.getByTestId('hsk-sets-other').click();
      expect(new URL((await older).url()).searchParams.get('syllabus')).toBe('hsk2');
      await untilAttr(page.getByTestId('hsk-set-card').first(), 'data-set-id', 'hsk1-reading-1');

      // Dictation writes the 2025 level-1 characters.
      await dictateLevelOne(page, lang, 'hsk3');
      expect(await firstChips(page, 3)).toEqual(['爱', '二', '姐']);

      // The header's HSK menu has the 7-9 band, whose page shows its words and characters.
      await page.getByTestId('nav-hsk').click();
      await page.getByRole('menuitem', { name: 'HSK 7-9' }).click();
      await page.getByTestId('hsk-band-page').waitFor();
      await untilMatches(page.getByTestId('hsk-band-word-count'), /5[\s,.\u00a0]?622/);
      await untilMatches(page.getByTestId('level-characters-count'), /1[\s,.\u00a0]?148/);

      // The HSK 6 page says what the 2025 exam holds, with its oral exam and the HSKK practice for it.
      await page.goto(`${baseURL}/${lang}/hsk/6`);
      await untilAttr(page.getByTestId('hsk-exam-outline'), 'data-syllabus', 'hsk3');
      await page.getByTestId('hsk-exam-hsk6').waitFor();
      expect(await page.getByTestId('hsk-exam-hskk').getAttribute('href')).toBe(
        `/${lang}/test-selection/advanced`,
      );
      await page.context().close();
    });

    it(`${lang}: a learner on HSK 2.0 sees the lists as they were`, async () => {
      const learner = await signUpThroughApi(`hsk2-${lang}`);
      const res = await call('PATCH', '/user', { syllabus: 'hsk2' }, learner.token);
      expect(res.status).toBe(200);
      const page = await openSignedIn(
        browser,
        { ...learner, user: { ...learner.user, syllabus: 'hsk2' } },
        `/${lang}`,
      );
      const words = vocabularyAnswer(page, 'hsk2', '1');
      await page.goto(`${baseURL}/${lang}/vocabulary/1`);
      const list = vocabularyListSchema.parse(await (await words).json());
      expect(list.pagination.total_count).toBe(150);
      await untilText(page.getByRole('heading', { level: 1 }), t.titleLevel.replace('{{level}}', '1'));
      await untilText(page.getByTestId('word-chars').first(), '的');
      await untilMatches(page.getByTestId('vocabulary-count'), /150/);
      await page.getByTestId('vocabulary-help').waitFor();
      await untilAttr(page.getByTestId('syllabus-switch'), 'data-syllabus', 'hsk2');
      // The HSK 2.0 level tabs: 1-6, no 7-9.
      expect(await page.getByTestId('vocabulary-level-7').count()).toBe(0);
      // Its HSK level page: the HSK 2.0 exam, no oral part.
      await page.goto(`${baseURL}/${lang}/hsk/3`);
      await untilAttr(page.getByTestId('hsk-exam-outline'), 'data-syllabus', 'hsk2');
      expect(await page.getByTestId('hsk-exam-oral').count()).toBe(0);
      // Its practice sets are the ones it always had, and the HSK menu stops at 6.
      const sets = setsAnswer(page, '3/listening');
      await page.goto(`${baseURL}/${lang}/hsk/3/listening`);
      expect(new URL((await sets).url()).searchParams.get('syllabus')).toBe('hsk2');
      await untilAttr(page.getByTestId('hsk-set-card').first(), 'data-set-id', 'hsk3-listening-1');
      expect(await page.getByTestId('hsk-set-card').count()).toBe(2);
      await page.getByTestId('nav-hsk').click();
      await page.getByRole('menuitem', { name: 'HSK 6' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'HSK 7-9' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      // Dictation writes the HSK 2.0 level-1 characters, in the order its words bring them.
      await dictateLevelOne(page, lang, 'hsk2');
      expect(await firstChips(page, 3)).toEqual(['的', '我', '你']);
      await page.context().close();
    });
  }
});
