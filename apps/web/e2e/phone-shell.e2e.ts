import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from './browser';
import common from '../src/locales/en/common.json' with { type: 'json' };
import { untilImageLoaded } from './wait';

const baseURL = inject('baseURL');

/**
 * Resolves once the floating feedback button covers no primary action on screen: it is either hidden
 * (stepped aside) or clear of every one of them.
 */
async function untilFabClear(page: Page) {
  await page.waitForFunction(() => {
    const slot = document.querySelector('[data-testid="feedback-slot"]');
    if (!slot) return false;
    if (getComputedStyle(slot).visibility === 'hidden') return true;
    const a = slot.getBoundingClientRect();
    return [...document.querySelectorAll('[data-primary-action]')].every((el) => {
      const b = el.getBoundingClientRect();
      return (
        b.width === 0 || a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top
      );
    });
  });
}

/** The element that takes a tap at the centre of `target` (its nearest test id). */
async function tapLandsOn(page: Page, target: Locator): Promise<string | null> {
  const box = await target.boundingBox();
  if (!box) throw new Error('no box');
  return page.evaluate(
    ({ x, y }) =>
      document.elementFromPoint(x, y)?.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}

/** Every element of `list` that is inside the viewport. */
async function onScreen(page: Page, list: Locator): Promise<Locator[]> {
  const height = page.viewportSize()?.height ?? 0;
  const shown: Locator[] = [];
  for (const item of await list.all()) {
    const box = await item.boundingBox();
    if (box && box.y >= 0 && box.y + box.height <= height) shown.push(item);
  }
  return shown;
}

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

  it('offers one install prompt at a time on a phone, and a dismissed banner stays away', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${baseURL}/en`);
    await page.getByTestId('home-mobile').waitFor();
    // Home has its own install button: no banner above it.
    await page.getByTestId('install-button').waitFor();
    expect(await page.getByTestId('install-banner').count()).toBe(0);
    // Another page has the banner and no other install button.
    const openPrivacy = async () => {
      await page.getByTestId('bottom-menu').tap();
      await page.getByTestId('menu-privacy').tap();
      await page.getByTestId('privacy-updated').waitFor();
    };
    await openPrivacy();
    const banner = page.getByTestId('install-banner');
    await banner.waitFor();
    expect(await page.getByTestId('install-button').count()).toBe(0);
    await banner.getByRole('button', { name: common.common.close }).tap();
    await banner.waitFor({ state: 'detached' });
    // Home and back: the learner said no once for this visit.
    await page.getByTestId('bottom-bar').getByRole('link').first().tap();
    await page.getByTestId('home-mobile').waitFor();
    await openPrivacy();
    expect(await banner.count()).toBe(0);
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

  it("on a phone the test list's Start buttons take the tap, wherever the list is scrolled", async () => {
    // A 6.1-inch phone: there the first card's Start sits where the button floats.
    const page = await newPage(browser, { ...PHONE, viewport: { width: 390, height: 844 } });
    await page.goto(`${baseURL}/en/test-selection/basic`);
    const starts = page.getByTestId('test-start');
    await starts.first().waitFor();
    // At the top, half a screen down, and at the end.
    for (const scroll of [null, 370, 'end'] as const) {
      if (scroll === 'end') await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      else if (scroll !== null) await page.evaluate((y) => window.scrollBy(0, y), scroll);
      await untilFabClear(page);
      const shown = await onScreen(page, starts);
      expect(shown.length).toBeGreaterThan(0);
      for (const start of shown) expect(await tapLandsOn(page, start)).toBe('test-start');
    }
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
      await untilFabClear(page);
      // The record button takes the tap, not the floating button.
      expect(await tapLandsOn(page, record)).toBe('record-button');
      // Scrolled to the end of the run, clear of the record button, the feedback button is there.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.getByTestId('feedback-fab').waitFor();
      await untilFabClear(page);
      await page.context().close();
    },
  );
});
