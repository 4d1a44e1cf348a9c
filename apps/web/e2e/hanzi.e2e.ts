import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hanziDataSchema } from '@kouyu/core';
import en from '../src/locales/en/common.json' with { type: 'json' };
import ru from '../src/locales/ru/common.json' with { type: 'json' };
import zh from '../src/locales/zh/common.json' with { type: 'json' };
import { DESKTOP, DESKTOP_1366, PHONE, PHONE_390, launchBrowser, newPage } from './browser';
import { untilAttr, untilText } from './wait';

const base = inject('baseURL');

/** The first page of a vocabulary search, as the write page asks it. */
async function page0(search: string): Promise<{ simplified: string }[]> {
  const res = await fetch(`${base}/api/v1/vocabulary?search=${encodeURIComponent(search)}&language=en`);
  return ((await res.json()) as { data: { simplified: string }[] }).data;
}

/**
 * Draws every stroke of the character in the quiz square with the mouse, along the stroke's median
 * points from our own stroke data (1024 grid, y up), mapped through the transform Hanzi Writer put on
 * its drawing group. After each stroke it waits for the quiz to count it.
 */
async function writeCharacter(page: Page, char: string, input: 'mouse' | 'touch' = 'mouse') {
  const res = await page.request.get(`${base}/api/v1/hanzi/${encodeURIComponent(char)}`);
  expect(res.status()).toBe(200);
  const { medians } = hanziDataSchema.parse(await res.json());
  const target = page.getByTestId('hanzi-quiz-area-target');
  await target.locator('svg > g[transform]').first().waitFor({ state: 'attached' });
  const box = await target.locator('svg').first().boundingBox();
  const transform = await target.locator('svg > g[transform]').first().getAttribute('transform');
  const m = /translate\(([-\d.e]+),\s*([-\d.e]+)\)\s*scale\(([-\d.e]+),/.exec(transform ?? '');
  if (!box || !m) throw new Error(`no drawing group in the quiz square (${transform})`);
  const [tx, ty, s] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = ([x, y]: [number, number]) => ({ x: box.x + tx + x * s, y: box.y + ty - y * s });
  const status = page.getByTestId('hanzi-quiz-status');
  for (const [i, median] of medians.entries()) {
    const points = median.map(at);
    if (input === 'touch') await touchStroke(page, points);
    else {
      const [first, ...rest] = points;
      if (!first) throw new Error('empty median');
      await page.mouse.move(first.x, first.y);
      await page.mouse.down();
      for (const p of rest) await page.mouse.move(p.x, p.y, { steps: 4 });
      await page.mouse.up();
    }
    if (i < medians.length - 1)
      await untilText(
        status,
        en.hanzi.quizProgress
          .replace('{{n}}', String(i + 1))
          .replace('{{count}}', String(medians.length))
          .replace('{{mistakes}}', '0'),
      );
  }
  return medians.length;
}

/** One finger stroke through the points, as the phone's touch screen sends it. */
async function touchStroke(page: Page, points: { x: number; y: number }[]) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', p?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  const [first, ...rest] = points;
  if (!first) throw new Error('empty median');
  await touch('touchStart', first);
  for (const p of rest) await touch('touchMove', p);
  await touch('touchEnd');
  await cdp.detach();
}

describe('characters by hand in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('opens a word from the vocabulary, animates its stroke order and takes it written with the mouse', async () => {
    const page = await newPage(browser, DESKTOP);
    const strokeRequests: string[] = [];
    const foreign: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/v1/hanzi/')) strokeRequests.push(decodeURIComponent(url.pathname));
      if (url.origin !== new URL(base).origin && !url.protocol.startsWith('data')) foreign.push(req.url());
    });
    await page.goto(`${base}/en/vocab?q=${encodeURIComponent('中国')}`);
    const row = page.getByTestId('vocabulary-word').filter({
      has: page.getByTestId('word-chars').getByText('中国', { exact: true }),
    });
    await row.getByTestId('write-link').click();
    await page.waitForURL(/\/en\/write\/(%E4%B8%AD%E5%9B%BD|中国)$/);
    await page.getByTestId('write-page').waitFor();
    // Pinyin and meaning from the vocabulary.
    await untilText(page.getByTestId('write-word-gloss'), 'Zhōng guó', 'contains');

    // Watch: the animation draws the strokes as SVG paths, then says how many there are.
    const watch = page.getByTestId('hanzi-watch');
    await untilAttr(watch, 'data-state', 'done');
    expect(await page.getByTestId('hanzi-watch-area-target').locator('svg path').count()).toBeGreaterThan(4);
    expect(await page.getByTestId('hanzi-watch-area-target').getAttribute('aria-label')).toBe(
      'Stroke order of 中: 4 strokes',
    );
    await page.getByRole('button', { name: en.hanzi.stepLabel }).click();
    await untilText(page.getByTestId('hanzi-watch-caption'), 'Stroke 1 of 4');

    // Write: every stroke along its median, no mistakes, the quiz reports completion.
    const quiz = page.getByTestId('hanzi-quiz');
    await untilAttr(quiz, 'data-state', 'writing');
    expect(await writeCharacter(page, '中')).toBe(4);
    await untilAttr(quiz, 'data-state', 'complete');
    expect(await quiz.getAttribute('data-mistakes')).toBe('0');
    await untilText(page.getByTestId('hanzi-quiz-status'), 'Done: 4 strokes, mistakes: 0');

    // A stroke drawn in the wrong place is a counted mistake.
    await page.getByRole('button', { name: en.hanzi.again }).click();
    await untilText(page.getByTestId('hanzi-quiz-status'), 'Strokes written: 0 of 4 · mistakes: 0');
    const box = await page.getByTestId('hanzi-quiz-area-target').boundingBox();
    if (!box) throw new Error('no quiz square');
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.9);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.95, { steps: 5 });
    await page.mouse.up();
    await untilText(page.getByTestId('hanzi-quiz-status'), 'Strokes written: 0 of 4 · mistakes: 1');

    // The next character of the word, then the word is done.
    await page.getByTestId('write-next').click();
    await untilAttr(page.getByTestId('hanzi-quiz'), 'data-state', 'writing');
    expect(await writeCharacter(page, '国')).toBe(8);
    await untilAttr(page.getByTestId('hanzi-quiz'), 'data-state', 'complete');
    await untilText(page.getByTestId('write-summary'), 'All 2 characters written, mistakes: 0');

    // Everything came from our own server.
    expect(new Set(strokeRequests)).toEqual(new Set(['/api/v1/hanzi/中', '/api/v1/hanzi/国']));
    expect(foreign).toEqual([]);
    await page.context().close();
  });

  it('on a phone the squares fit the screen and the character is written with a finger', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${base}/en/write/${encodeURIComponent('人')}`);
    const quiz = page.getByTestId('hanzi-quiz');
    await untilAttr(quiz, 'data-state', 'writing');
    const area = await page.getByTestId('hanzi-quiz-area').boundingBox();
    expect(area?.width).toBeGreaterThan(200);
    expect((area?.x ?? 0) + (area?.width ?? 0)).toBeLessThanOrEqual(375);
    await page.getByTestId('hanzi-quiz-area').scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(await writeCharacter(page, '人', 'touch')).toBe(2);
    await untilAttr(quiz, 'data-state', 'complete');
    // Drawing did not scroll the page.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.context().close();
  });

  it('one truth on the write page: a word with its HSK badge, and a character of it that is no word by itself is said to be part of it', async () => {
    const word = '朋友';
    // The character is no HSK word of its own (the vocabulary has no entry written 朋 alone).
    const search = await page0(word.slice(0, 1));
    expect(search.some((w) => w.simplified === word.slice(0, 1))).toBe(false);
    for (const [lang, common, size] of [
      ['en', en, PHONE_390],
      ['zh', zh, DESKTOP_1366],
      ['ru', ru, PHONE_390],
    ] as const) {
      const page = await newPage(browser, size);
      await page.goto(`${base}/${lang}/write/${encodeURIComponent(word)}`);
      const gloss = page.getByTestId('write-word-gloss');
      await gloss.waitFor();
      expect(await gloss.textContent()).toMatch(/HSK \d/);
      const missing = page.getByTestId('write-char-gloss-missing');
      await missing.waitFor();
      expect(await missing.textContent()).toBe(common.hanzi.partOfWord.replace('{{word}}', word));
      expect(await page.getByTestId('write-page').textContent()).not.toContain(common.hanzi.notInVocabulary);
      await page.context().close();
    }
  });
});
