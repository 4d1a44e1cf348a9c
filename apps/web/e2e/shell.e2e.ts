import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import en from '../src/locales/en/common.json' with { type: 'json' };
import zh from '../src/locales/zh/common.json' with { type: 'json' };
import ru from '../src/locales/ru/common.json' with { type: 'json' };
import { launchBrowser, newPage, PHONE } from './browser';
import { untilText } from './wait';

const baseURL = inject('baseURL');

describe('site shell in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a newcomer opening / lands on /en with English texts', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/`);
    await page.waitForURL(`${baseURL}/en`);
    await untilText(page.getByTestId('login-button'), en.header.login);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    const hreflangs = await page.$$eval('link[rel=alternate]', (links) =>
      links.map((l) => l.getAttribute('hreflang')),
    );
    expect(hreflangs).toEqual(['en', 'zh', 'ru', 'x-default']);
    await page.context().close();
  });

  it('switching to 中文 changes the URL and the texts, and is remembered', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/en/about?x=1#top`);
    await page.getByTestId('lang-zh').click();
    await page.waitForURL(`${baseURL}/zh/about?x=1#top`);
    await untilText(page.getByTestId('login-button'), zh.header.login);
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    await page.goto(`${baseURL}/`);
    await page.waitForURL(`${baseURL}/zh`);
    await page.getByTestId('lang-ru').click();
    await page.waitForURL(`${baseURL}/ru`);
    await untilText(page.getByTestId('login-button'), ru.header.login);
    await page.context().close();
  });

  it('a prefix-less deep link keeps its query and hash', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/privacy?ref=mail#rights`);
    await page.waitForURL(`${baseURL}/en/privacy?ref=mail#rights`);
    await untilText(page.getByTestId('privacy-contact'), '@', 'contains');
    await page.context().close();
  });

  it('an unknown path goes home', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/en/no/such/page`);
    await page.waitForURL(`${baseURL}/en`);
    await page.context().close();
  });

  it('a phone-sized viewport shows the mobile home, a study tip and the bottom bar', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${baseURL}/en`);
    await page.getByTestId('home-mobile').waitFor();
    await page.getByTestId('bottom-bar').waitFor();
    expect((await page.getByTestId('study-tip').textContent())?.length).toBeGreaterThan(10);
    expect(await page.getByTestId('home-desktop').count()).toBe(0);
    await page.getByTestId('bottom-menu').click();
    await page.getByTestId('menu-modal').waitFor();
    await page.goBack();
    await page.getByTestId('menu-modal').waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${baseURL}/en`);
    await page.context().close();
  });

  it('Escape closes a modal, and the level modal leads to the test list', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/en`);
    await page.getByTestId('start-practicing').click();
    const modal = page.getByTestId('level-modal');
    await modal.waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await page.getByTestId('start-practicing').click();
    await page.getByTestId('level-intermediate').click();
    await page.waitForURL(`${baseURL}/en/test-selection/intermediate`);
    await page.context().close();
  });

  it('the FAQ modal has five questions, the first open, and items toggle', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/en`);
    await page.getByTestId('open-faq').click();
    const modal = page.getByTestId('faq-modal');
    await modal.waitFor();
    const triggers = modal.getByRole('button', { expanded: true });
    expect(await triggers.count()).toBe(1);
    expect(
      await modal
        .locator('[data-state]')
        .filter({ has: page.locator('h3') })
        .count(),
    ).toBe(5);
    await modal.getByRole('button', { expanded: false }).first().click();
    expect(await modal.getByRole('button', { expanded: true }).count()).toBe(2);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('the showcase modal has idioms and dictation tabs and closes on an overlay click', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseURL}/en`);
    await page.getByTestId('explore-more').click();
    const modal = page.getByTestId('showcase-modal');
    await modal.waitFor();
    expect(await modal.getByRole('tab').count()).toBe(2);
    await page.mouse.click(5, 5);
    await modal.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
