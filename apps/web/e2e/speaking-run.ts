import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';

/** Start → (the page's microphone prompt, when Chromium has not granted it already) → question 1. */
export async function startRun(page: Page): Promise<void> {
  await page.getByTestId('start-test').click();
  const allow = page.getByTestId('mic-allow');
  const content = page.locator('[data-testid=question-content][data-question="1"]');
  await Promise.race([allow.waitFor(), content.waitFor()]);
  if (await allow.isVisible()) await allow.click();
  await content.waitFor();
}

/**
 * Chromium whose fake microphone says `pinyin` (Debian's espeak-ng, as 16 kHz WAV), once per capture;
 * `close` ends the browser and removes the WAV.
 */
export async function launchSpeakingBrowser(
  pinyin: string,
): Promise<{ browser: Browser; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-speaking-'));
  const raw = path.join(dir, 'raw.wav');
  const wav = path.join(dir, 'speech.wav');
  execFileSync('espeak-ng', ['-v', 'cmn-latn-pinyin', '-w', raw, pinyin]);
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', wav, 'pad', '0.3', '0.5']);
  const browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}%noloop`,
  ]);
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
