import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from './browser';
import { untilImageLoaded } from './wait';

const baseURL = inject('baseURL');

describe('the phone shell in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a guest reaches the privacy policy in two taps, and the footer ends the home page', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${baseURL}/en`);
    await page.getByTestId('home-mobile').waitFor();
    const footer = page.getByTestId('footer');
    await footer.scrollIntoViewIfNeeded();
    expect(await footer.isVisible()).toBe(true);

    await page.getByTestId('bottom-menu').tap();
    await page.getByTestId('menu-privacy').tap();
    await page.waitForURL(`${baseURL}/en/privacy`);
    // The URL changes before the lazily loaded page replaces the home page: wait for the policy itself.
    await page.getByTestId('privacy-updated').waitFor();
    // The footer belongs to the home page on phones; other pages have the bottom bar only.
    await page.getByTestId('footer').waitFor({ state: 'detached' });
    expect(await page.getByTestId('footer').count()).toBe(0);
    await page.context().close();
  });

  it('shows the WeChat QR, configured on another origin, through the site without a CSP refusal', async () => {
    const page = await newPage(browser, PHONE);
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(`${baseURL}/en`);
    await page.getByTestId('bottom-menu').tap();
    await page.getByTestId('menu-wechat').tap();
    const img = page.getByTestId('wechat-qr');
    expect(await untilImageLoaded(img)).toBe(192);
    expect(await img.getAttribute('src')).toBe('/api/v1/wechat/qr');
    expect(refused).toEqual([]);
    await page.context().close();
  });

  it('reopens the last mobile modal when the learner comes back, until the learner closes it', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${baseURL}/en`);
    await page.getByTestId('lesson-hskk').tap();
    await page.getByTestId('level-basic').tap();
    await page.waitForURL(`${baseURL}/en/test-selection/basic`);
    expect(await page.evaluate(() => localStorage.getItem('last_mobile_modal'))).toBe('hskk');
    // The URL changes before the lazily loaded list replaces home: come back from the list itself,
    // as a learner does (a back press while home is still shown never left it).
    await page.getByTestId('selection-check-link').waitFor();
    await page.getByTestId('home-mobile').waitFor({ state: 'detached' });
    await page.goBack();
    await page.waitForURL(`${baseURL}/en`);
    // Reopened after its delay, without a tap.
    await page.getByTestId('level-modal').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('level-modal').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('last_mobile_modal'))).toBeNull();
    await page.context().close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', { viewport: { width: 1280, height: 800 } }],
  ] as const)(
    'offers the feedback button on a test page without covering the record button (%s)',
    async (_, options) => {
      const page = await newPage(browser, options);
      await page.goto(`${baseURL}/en/test/basic/101/part-1`);
      await page.getByTestId('start-test').click();
      const allow = page.getByTestId('mic-allow');
      const record = page.getByTestId('record-button');
      await Promise.race([allow.waitFor(), record.waitFor()]);
      if (await allow.isVisible()) await allow.click();
      await record.scrollIntoViewIfNeeded();
      const fab = page.getByTestId('feedback-fab');
      await fab.waitFor();
      const a = await record.boundingBox();
      const b = await fab.boundingBox();
      if (!a || !b) throw new Error('no box');
      const overlap =
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap).toBe(false);
      // The record button takes the tap, not the floating button.
      const hit = await page.evaluate(
        ({ x, y }) =>
          document.elementFromPoint(x, y)?.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
        { x: a.x + a.width / 2, y: a.y + a.height / 2 },
      );
      expect(hit).toBe('record-button');
      await page.context().close();
    },
  );
});
