import { chromium } from 'playwright-core';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The environment of a Chromium that sees no Chinese font, as on a device without one: fontconfig reads
 * only the TrueType folder (DejaVu), not Noto CJK's OpenType one. Its cache is kept in `dir`.
 */
export function noCjkFontEnv(dir: string): Record<string, string> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'fonts.conf');
  writeFileSync(
    file,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>/usr/share/fonts/truetype</dir><cachedir>${dir}/cache</cachedir></fontconfig>\n`,
  );
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  return { ...env, FONTCONFIG_FILE: file };
}

/** Debian's Chromium, headless, with the flags this closed network needs (and `env`, if given). */
export async function launchBrowser(
  extraArgs: string[] = [],
  env?: Record<string, string>,
): Promise<Browser> {
  const executablePath = [
    process.env['CHROMIUM_PATH'],
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].find((p): p is string => typeof p === 'string' && existsSync(p));
  if (!executablePath)
    throw new Error('Chromium not found: install it (apt-get install chromium) or set CHROMIUM_PATH');
  return chromium.launch({
    executablePath,
    headless: true,
    ...(env ? { env } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
export const PHONE: BrowserContextOptions = {
  viewport: { width: 375, height: 740 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  isMobile: true,
  hasTouch: true,
};

/** The sizes a learner trial used: a 390 px phone and a 1366 px laptop. */
export const PHONE_390: BrowserContextOptions = { ...PHONE, viewport: { width: 390, height: 844 } };
export const DESKTOP_1366: BrowserContextOptions = { viewport: { width: 1366, height: 900 } };

/** Opens a fresh page in its own context (clean storage). */
export async function newPage(browser: Browser, options: BrowserContextOptions = DESKTOP): Promise<Page> {
  const context = await browser.newContext(options);
  return context.newPage();
}
