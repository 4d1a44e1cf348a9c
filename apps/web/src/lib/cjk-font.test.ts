// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@kouyu/core';
import { CJK_PROBE_TTL_MS, SYSTEM_CJK_FONTS, hasSystemCjkFont, rememberedCjkFont } from './cjk-font';

/** A canvas whose text is wider when its font names an installed family; counts each measure's task. */
function fakeCanvas(installed: string | null) {
  const measuredIn: number[] = [];
  let task = 0;
  const ctx = {
    font: '',
    measureText() {
      measuredIn.push(task);
      return { width: installed && this.font.includes(`'${installed}'`) ? 130 : 100 };
    },
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
  const tick = setInterval(() => task++, 0);
  return { measuredIn, stop: () => clearInterval(tick) };
}

describe('the system Chinese font probe', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('finds an installed family, and none on a device without one', async () => {
    const present = fakeCanvas('Noto Sans CJK SC');
    expect(await hasSystemCjkFont()).toBe(true);
    present.stop();
    vi.restoreAllMocks();
    const absent = fakeCanvas(null);
    expect(await hasSystemCjkFont()).toBe(false);
    absent.stop();
  });

  it('measures each family in a task of its own, so the start-up task stays short', async () => {
    const canvas = fakeCanvas(null);
    const probe = hasSystemCjkFont();
    // Nothing is measured in the caller's task (at start-up, the app's first).
    expect(canvas.measuredIn).toHaveLength(0);
    await probe;
    canvas.stop();
    // Two generic widths first, then two measures per family, one family a task.
    expect(canvas.measuredIn).toHaveLength(2 + 2 * SYSTEM_CJK_FONTS.length);
    const families = canvas.measuredIn.slice(2);
    for (let i = 2; i < families.length; i += 2) expect(families[i]).toBeGreaterThan(families[i - 2] ?? 0);
  });

  it('trusts a remembered answer for a month, and nothing malformed or from the future', () => {
    const now = 1_800_000_000_000;
    const remember = (value: string) => window.localStorage.setItem(STORAGE_KEYS.systemCjkFont, value);
    expect(rememberedCjkFont(now)).toBeNull();
    remember(`1:${now - 1000}`);
    expect(rememberedCjkFont(now)).toBe(true);
    remember(`0:${now - CJK_PROBE_TTL_MS + 1}`);
    expect(rememberedCjkFont(now)).toBe(false);
    remember(`0:${now - CJK_PROBE_TTL_MS - 1}`);
    expect(rememberedCjkFont(now)).toBeNull();
    remember(`1:${now + 60_000}`);
    expect(rememberedCjkFont(now)).toBeNull();
    remember('yes');
    expect(rememberedCjkFont(now)).toBeNull();
  });
});
