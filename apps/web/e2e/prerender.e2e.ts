import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPrerendered } from '../../server/src/plugins/web-prerender';
import { noCjkFontEnv } from './browser';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const script = path.join(root, 'apps/web/scripts/prerender.mjs');
const work = mkdtempSync(path.join(os.tmpdir(), 'kouyu-prerender-run-'));
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

/** Runs the build's prerender step as `npm run build` does; it must always exit 0. */
async function prerender(env: Record<string, string>) {
  const started = Date.now();
  const { stdout } = await run(process.execPath, [script], {
    cwd: path.join(root, 'apps/web'),
    env: { ...process.env, ...env },
    timeout: 90_000,
  });
  return { lines: stdout.trim().split('\n'), seconds: (Date.now() - started) / 1000 };
}

const readPages = (file: string): Record<string, { mobile?: { html: string }; desktop?: { html: string } }> =>
  JSON.parse(readFileSync(file, 'utf8'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

// The first-paint copy is an optimisation of the build (decision 024): it never fails `npm start`.
describe('the build prerender', () => {
  it('renders pages in Chinese on a machine with no Chinese font, without waiting on the page font', async () => {
    // The real build; only the output goes elsewhere (the running e2e server reads dist/prerender.json).
    const out = path.join(work, 'no-cjk.json');
    const { lines } = await prerender({
      ...noCjkFontEnv(path.join(work, 'fontconfig')),
      KOUYU_PRERENDER_OUT: out,
      // The second page is the one that asked for the page font at once (the device's answer is remembered).
      KOUYU_PRERENDER_PATHS: '/zh,/zh/idioms',
      KOUYU_PRERENDER_SETTLE_MS: '30000',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^prerender: 2 pages × 2 layouts/);
    expect(lines[0]).not.toContain('not prerendered');
    const pages = readPages(out);
    for (const url of ['/zh', '/zh/idioms']) {
      expect(pages[url]?.mobile?.html).toMatch(/\p{Script=Han}/u);
      expect(pages[url]?.desktop?.html).toMatch(/\p{Script=Han}/u);
    }
  });

  it('a page that never settles is left to the plain shell, in one line, and the others are kept', async () => {
    // A build whose /zh keeps its loading placeholder for ever, while /en shows at once.
    const dist = path.join(work, 'never-settles');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    const shell = `<!doctype html><html lang="en"><head><title>Kouyu</title><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;
    writeFileSync(path.join(dist, 'index.html'), shell);
    writeFileSync(
      path.join(dist, 'assets/index-abc.js'),
      `document.getElementById('root').innerHTML = location.pathname === '/zh'
        ? '<div data-testid="page-loading"></div>'
        : '<main><h1>Speak Chinese</h1></main>';`,
    );
    const { lines, seconds } = await prerender({
      KOUYU_PRERENDER_DIST: dist,
      KOUYU_PRERENDER_PATHS: '/zh,/en',
      KOUYU_PRERENDER_SETTLE_MS: '1500',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('1 pages × 2 layouts');
    expect(lines[0]).toContain('2 not prerendered, served as the plain shell (/zh');
    // Bounded by the settle time, not by the old minute per page.
    expect(seconds).toBeLessThan(30);
    const page = loadPrerendered(dist, shell);
    expect(page('/en', PHONE_UA)).toContain('<h1>Speak Chinese</h1>');
    expect(page('/zh', PHONE_UA)).toBeNull();
  });

  it('a browser that will not start leaves every page to the plain shell and still exits 0', async () => {
    const out = path.join(work, 'no-browser.json');
    const { lines } = await prerender({
      // A file that exists but is no browser: the launch fails.
      CHROMIUM_PATH: '/bin/false',
      KOUYU_PRERENDER_OUT: out,
      KOUYU_PRERENDER_PATHS: '/en',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^prerender: failed \(.+\); 0 pages kept, the others get the plain shell$/);
    expect(existsSync(out)).toBe(false);
  });
});
