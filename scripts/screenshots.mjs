// Takes the README's screenshots: the built app at desktop and phone widths (needs `npm run build`
// and Debian's chromium). Usage: node scripts/screenshots.mjs [baseURL]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium, root } from './lib.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = path.join(root, 'docs', 'screenshots');
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: findChromium() ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const shots = [
  { name: 'home-desktop.png', url: '/en', viewport: { width: 1280, height: 800 } },
  {
    name: 'levels-desktop.png',
    url: '/en',
    viewport: { width: 1280, height: 800 },
    click: 'start-practicing',
  },
  { name: 'home-phone-zh.png', url: '/zh', viewport: { width: 375, height: 740 }, mobile: true },
  {
    name: 'auth-phone-ru.png',
    url: '/ru/auth?mode=register',
    viewport: { width: 375, height: 740 },
    mobile: true,
  },
  { name: 'speech-check-desktop.png', url: '/en/speech-recognition', viewport: { width: 1280, height: 800 } },
];
for (const s of shots) {
  const context = await browser.newContext({
    viewport: s.viewport,
    isMobile: s.mobile ?? false,
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  await page.goto(base + s.url, { waitUntil: 'networkidle' });
  if (s.click) {
    await page.getByTestId(s.click).click();
    await page.waitForTimeout(300);
  }
  await page.screenshot({ path: path.join(out, s.name) });
  await context.close();
  console.log(`docs/screenshots/${s.name}`);
}
await browser.close();
