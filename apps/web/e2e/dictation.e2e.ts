import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { renderHandwriting } from '../../server/src/test/handwriting';
import en from '../src/locales/en/dictation.json' with { type: 'json' };
import { openSignedIn, signUpThroughApi } from './accounts';
import { launchBrowser } from './browser';
import { untilCount, untilMatches, untilText } from './wait';

const api = `${inject('baseURL')}/api/v1`;
/** Types the words, picks the shortest interval and runs the dictation to the end. */
async function dictate(page: Page, words: readonly string[]) {
  for (const word of words) {
    await page.getByLabel(en.words.label).fill(word);
    await page.getByTestId('word-add').click();
  }
  await untilMatches(page.getByTestId('word-counter'), new RegExp(`^${words.length} / `));
  await page.getByTestId('interval-select').selectOption('3');
  await page.getByTestId('player-start').click();
  await page.locator('[data-testid="player"][data-phase="speaking"]').waitFor({ timeout: 20_000 });
  // While the words are read aloud the list is hidden: it would give the answers away.
  expect(await page.getByTestId('word-chips-hidden').textContent()).toBe(en.words.hiddenWhilePlaying);
  expect(await page.getByTestId('word-chips').count()).toBe(0);
  // Each word is spoken from the speech engine's cached MP3, then the 3 s pause; ~4 s a word.
  await page
    .locator('[data-testid="player"][data-phase="complete"]')
    .waitFor({ timeout: 15_000 * words.length });
  expect(await page.getByTestId('player-status').textContent()).toBe(en.player.complete);
}

describe('dictation in a real browser', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    dir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-e2e-dictation-'));
  });
  afterAll(async () => {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a Plus member dictates three words, uploads the handwriting and sees each character checked', async () => {
    const member = await signUpThroughApi('dictation', { plus: true });
    const page = await openSignedIn(browser, member, '/en/dictation');
    await page.getByTestId('dictation-page').waitFor();
    expect(await page.getByTestId('word-counter').textContent()).toBe('0 / 20');
    expect(await page.getByTestId('dictation-plus-notice').count()).toBe(0);
    const played: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/v1/audio/speak'))
        played.push(new URL(req.url()).searchParams.get('text') ?? '');
    });
    await dictate(page, ['学习', '朋友', '天气']);
    expect(played).toEqual(['学习', '朋友', '天气']);

    // The pupil wrote 朋有 for 朋友.
    const photo = path.join(dir, 'handwriting.png');
    writeFileSync(photo, renderHandwriting(['学习', '朋有', '天气']));
    await page.getByTestId('photo-input').setInputFiles(photo);
    await page.getByTestId('photo-preview').waitFor();
    await page.getByTestId('analyse').click();
    await page.getByTestId('analysis').waitFor({ timeout: 30_000 });

    const friend = page.locator('[data-testid="word-result"][data-word="朋友"]');
    expect(await friend.getAttribute('data-status')).toBe('partial');
    const cells = friend.getByTestId('char-result');
    expect(await cells.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual([
      'right',
      'wrong',
    ]);
    expect(await cells.nth(1).getAttribute('aria-label')).toBe('友: wrong, written as 有');
    expect(await cells.nth(1).textContent()).toContain('有');
    for (const word of ['学习', '天气'])
      expect(
        await page.locator(`[data-testid="word-result"][data-word="${word}"]`).getAttribute('data-status'),
      ).toBe('right');
    expect(await page.getByTestId('analysis-score').textContent()).toBe('83 / 100');
    expect(await page.getByTestId('recognized-text').textContent()).toContain('朋有');

    // Save; the session appears among the past ones, then an update keeps it one session.
    await page.getByTestId('save-session').click();
    expect(await page.getByTestId('save-done').textContent()).toBe(en.save.saved);
    await untilCount(page.getByTestId('past-session'), 1);
    expect(await page.getByTestId('save-session').textContent()).toBe(en.save.update);
    await page.getByTestId('save-session').click();
    await untilText(page.getByTestId('save-done'), en.save.updated);
    expect(await page.getByTestId('past-session').count()).toBe(1);
    expect(await page.getByTestId('past-session').textContent()).toContain('83 / 100');
    await page.context().close();
  });

  it('a free user is refused handwriting analysis with the upgrade prompt, on the page and by the server', async () => {
    const user = await signUpThroughApi('dictation');
    const page = await openSignedIn(browser, user, '/en/dictation');
    await page.getByTestId('dictation-page').waitFor();
    expect(await page.getByTestId('word-counter').textContent()).toBe('0 / 10');
    // Told before starting that the photo check is Plus, not only when it is refused afterwards.
    expect(await page.getByTestId('dictation-plus-notice').textContent()).toBe(en.plusCheckNotice);
    await dictate(page, ['学习']);
    const photo = path.join(dir, 'free.png');
    writeFileSync(photo, renderHandwriting(['学习']));
    await page.getByTestId('photo-input').setInputFiles(photo);
    await page.getByTestId('analyse').click();
    const prompt = page.getByTestId('dictation-upgrade-prompt');
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain(en.gate.plusAnalyse);
    expect(await prompt.getByRole('link').getAttribute('href')).toBe('/en/plus');
    expect(await page.getByTestId('analysis').count()).toBe(0);

    // The server holds the same line whatever the page does.
    const form = new FormData();
    form.append('words', JSON.stringify(['学习']));
    form.append(
      'image',
      new Blob([new Uint8Array(renderHandwriting(['学习']))], { type: 'image/png' }),
      'p.png',
    );
    const res = await fetch(`${api}/dictation/analyze`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'plus_required' });
    await page.context().close();
  });
});
