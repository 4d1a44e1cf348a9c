import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { todaySettingsResponseSchema, vocabularyListSchema } from '@kouyu/core';
import { call, openSignedIn, signUpThroughApi } from './accounts';
import { launchBrowser } from './browser';
import { untilAttr, untilMatches, untilText } from './wait';
import en from '../src/locales/en/vocabulary.json' with { type: 'json' };
import zh from '../src/locales/zh/vocabulary.json' with { type: 'json' };
import ru from '../src/locales/ru/vocabulary.json' with { type: 'json' };

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
      await page.context().close();
    });
  }
});
