import type { Locator, Page } from 'playwright-core';

/**
 * Waits that end when the page shows the state, through Playwright's own element waiting (the
 * standard action timeout), instead of polling a value for a second: on a busy machine a render or a
 * search answer may take longer than that, and the test must not fail for it.
 */

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Until the (first) element's whole text is `text`, or contains it with `contains`. */
export async function untilText(
  locator: Locator,
  text: string,
  how: 'exact' | 'contains' = 'exact',
): Promise<void> {
  const pattern = how === 'exact' ? new RegExp(`^\\s*${escape(text)}\\s*$`) : new RegExp(escape(text));
  await locator.filter({ hasText: pattern }).first().waitFor();
}

/** Until the (first) element's whole text is no longer `text`. */
export async function untilNotText(locator: Locator, text: string): Promise<void> {
  await locator
    .filter({ hasNotText: new RegExp(`^\\s*${escape(text)}\\s*$`) })
    .first()
    .waitFor();
}

/** Until the text matches a pattern. */
export async function untilMatches(locator: Locator, pattern: RegExp): Promise<void> {
  await locator.filter({ hasText: pattern }).first().waitFor();
}

/** Until the element carries `name="value"`. */
export async function untilAttr(locator: Locator, name: string, value: string): Promise<void> {
  await locator
    .and(locator.page().locator(`[${name}="${value.replace(/"/g, '\\"')}"]`))
    .first()
    .waitFor();
}

/** Until exactly `n` elements match: the n-th is there and no (n+1)-th. */
export async function untilCount(locator: Locator, n: number): Promise<void> {
  if (n > 0) await locator.nth(n - 1).waitFor({ state: 'attached' });
  await locator.nth(n).waitFor({ state: 'detached' });
}

/**
 * Until the meter `testId` (its data-level, 0-100) shows more than `above` or less than `below`, and
 * has kept showing it for `forMs` (checked on every frame): a reading has ended when the level stays
 * low for longer than the dips between its syllables.
 */
export async function untilLevel(
  page: Page,
  testId: string,
  level: { above?: number; below?: number; forMs?: number },
  timeoutMs?: number,
): Promise<void> {
  await page.waitForFunction(
    ({ testId, above, below, forMs, key }) => {
      const value = Number(document.querySelector(`[data-testid="${testId}"]`)?.getAttribute('data-level'));
      const holds = Number.isFinite(value) && (above !== null ? value > above : value < (below ?? 0));
      if (!holds) {
        Reflect.deleteProperty(window, key);
        return false;
      }
      const now = performance.now();
      const since = Reflect.get(window, key);
      if (typeof since !== 'number') {
        Reflect.set(window, key, now);
        return forMs <= 0;
      }
      return now - since >= forMs;
    },
    {
      testId,
      above: level.above ?? null,
      below: level.below ?? null,
      forMs: level.forMs ?? 0,
      // Each wait keeps its own start time on the page.
      key: `__level-${Math.random().toString(36).slice(2)}`,
    },
    timeoutMs === undefined ? undefined : { timeout: timeoutMs },
  );
}

/** Until an image has loaded (its load event, or already complete) with real pixels. */
export async function untilImageLoaded(img: Locator): Promise<number> {
  await img.waitFor();
  return img.evaluate(
    (el: HTMLImageElement) =>
      new Promise<number>((resolve, reject) => {
        if (el.complete && el.naturalWidth > 0) return resolve(el.naturalWidth);
        el.addEventListener('load', () => resolve(el.naturalWidth), { once: true });
        el.addEventListener('error', () => reject(new Error(`image failed: ${el.src}`)), { once: true });
      }),
  );
}

/** Until the service worker has installed and controls the page (what the page fetches then goes through it). */
export async function untilServiceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
}
