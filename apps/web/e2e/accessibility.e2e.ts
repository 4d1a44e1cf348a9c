import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, DESKTOP, PHONE } from './browser';
import { signUpThroughApi, storeSession } from './accounts';
import type { AuthData } from '@kouyu/core';

const baseURL = inject('baseURL');
const root = path.resolve(import.meta.dirname, '../../..');
const axeSource = readFileSync(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');

/**
 * Every path of the route table, read from the router itself so that a route added there is checked
 * here without touching this file: each `page('…'` (and the index route) becomes a URL with sample
 * parameters.
 */
function routePaths(): string[] {
  const source = readFileSync(path.join(root, 'apps/web/src/app/router.tsx'), 'utf8');
  const paths = [...source.matchAll(/page\(\s*'([^']+)'/g)].map((m) => m[1] ?? '');
  expect(paths.length).toBeGreaterThan(20);
  return ['', ...paths].map((p) => {
    const hskk = p.startsWith('test');
    return `/en/${p}`
      .replace(':level', hskk ? 'basic' : '3')
      .replace(':testId', '1')
      .replace(':mode', 'part-1')
      .replace('/*', '')
      .replace(/\/$/, '');
  });
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe (WCAG 2 A and AA rules) in the page; returns the serious and critical findings. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = Reflect.get(window, 'axe');
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
    return result.violations
      .filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: { id: string; impact: string; help: string; nodes: { target: string[] }[] }) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      }));
  });
}

/** A fresh context at the given width, signed in as `auth` when given (the stored session of spec 000 §3). */
async function context(browser: Browser, options: BrowserContextOptions, auth?: AuthData): Promise<Page> {
  // axe is injected as a script tag, which the site's CSP (rightly) refuses.
  const page = await (await browser.newContext({ ...options, bypassCSP: true })).newPage();
  if (auth) {
    await page.goto(`${baseURL}/en/about`);
    await storeSession(page, auth);
  }
  return page;
}

/** Opens a route and waits until its chunk has rendered and its data requests have settled. */
async function visit(page: Page, url: string): Promise<void> {
  await page.goto(`${baseURL}${url}`, { waitUntil: 'networkidle' });
  await page.getByTestId('page-loading').waitFor({ state: 'detached' });
}

describe('accessibility: axe on every route of the route table', () => {
  let browser: Browser;
  let learner: AuthData | undefined;
  const paths = routePaths();
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const [width, options] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    for (const who of ['guest', 'learner'] as const) {
      it(`${who}, ${width}: no serious or critical violation on any route`, async () => {
        // Signing up waits on the mailed code with expect.poll, which runs only inside a test.
        if (who === 'learner') learner ??= await signUpThroughApi('axe');
        const page = await context(browser, options, who === 'learner' ? learner : undefined);
        const found: Record<string, Violation[]> = {};
        for (const url of paths) {
          await visit(page, url);
          const violations = await seriousViolations(page);
          if (violations.length > 0) found[url] = violations;
        }
        await page.context().close();
        expect(found).toEqual({});
      }, 240_000);
    }
  }
});
