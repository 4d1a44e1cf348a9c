import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, DESKTOP, DESKTOP_1366, PHONE, PHONE_390 } from './browser';
import { startRun } from './speaking-run';
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
    return (
      `/en/${p}`
        .replace(':level', hskk ? 'basic' : '3')
        // A test that exists: HSKK tests are numbered from 101 in the content.
        .replace(':testId', hskk ? '101' : '1')
        .replace(':word', encodeURIComponent('银行'))
        .replace(':mode', 'part-1')
        .replace('/*', '')
        .replace(/\/$/, '')
    );
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
    // A fake microphone, so a run can be started and checked as the learner sees it.
    browser = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
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

  it('learner, 390 px phone and 1366 px desktop: a started Part 3 run and the write page', async () => {
    learner ??= await signUpThroughApi('axe');
    for (const options of [PHONE_390, DESKTOP_1366]) {
      const page = await context(browser, options, learner);
      const found: Record<string, Violation[]> = {};
      await visit(page, '/en/test/basic/101/part-3');
      await startRun(page);
      // The question list of Part 3 and its answer box, once the run shows them.
      await page.getByTestId('question-nav-item').nth(1).waitFor();
      found['part-3 run'] = await seriousViolations(page);
      await visit(page, `/en/write/${encodeURIComponent('银行')}`);
      await page.getByTestId('write-char-tab').nth(1).waitFor();
      found['write'] = await seriousViolations(page);
      await page.context().close();
      expect(found).toEqual({ 'part-3 run': [], write: [] });
    }
  }, 240_000);
});
