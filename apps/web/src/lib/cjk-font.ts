import { STORAGE_KEYS } from '@kouyu/core';
import { nextTask } from './next-task';
import { storage } from './storage';

/**
 * The phone's own Chinese font comes first (decision 017): the page font (decision 020), cut by the
 * site to the characters on screen, and even the code that asks for it, load only on a device that
 * has none of these fonts.
 */
export const SYSTEM_CJK_FONTS = [
  'PingFang SC',
  'Hiragino Sans GB',
  'Noto Sans CJK SC',
  'Source Han Sans SC',
  'Microsoft YaHei',
] as const;

/** How long a probe's answer is trusted: fonts are installed or removed rarely. */
export const CJK_PROBE_TTL_MS = 30 * 24 * 3600 * 1000;

const PROBE_TEXT = 'mmmmmmmmmmlliWWw 0123456789';
const GENERICS = ['monospace', 'serif'] as const;

/**
 * True when one of the system CJK fonts is installed. Chinese glyphs are all one em wide in every
 * font, so the probe measures Latin text: a family that exists changes its width against a generic
 * fallback; a missing one falls back to the generic and measures the same. Each family is measured in
 * a task of its own: looking up a missing family is slow on some systems (on a phone-like CPU the five
 * lookups took 127 ms in one task at start-up, most of a long task Lighthouse counted as blocking).
 */
export async function hasSystemCjkFont(): Promise<boolean> {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return true;
  const width = (font: string) => {
    ctx.font = `48px ${font}`;
    return ctx.measureText(PROBE_TEXT).width;
  };
  // Even the generic fonts' widths are measured a task later: at start-up this task is the app's first.
  await nextTask();
  const base = GENERICS.map(width);
  for (const family of SYSTEM_CJK_FONTS) {
    await nextTask();
    if (GENERICS.some((generic, i) => width(`'${family}', ${generic}`) !== base[i])) return true;
  }
  return false;
}

/** The remembered answer of an earlier probe, while it is fresh; null when there is none. */
export function rememberedCjkFont(now = Date.now()): boolean | null {
  const [has, at] = (storage.get(STORAGE_KEYS.systemCjkFont) ?? '').split(':');
  const when = Number(at);
  if ((has !== '1' && has !== '0') || !Number.isFinite(when) || when > now || now - when > CJK_PROBE_TTL_MS) {
    return null;
  }
  return has === '1';
}

/**
 * Starts the page font when the device has no Chinese font of its own. The answer is remembered for
 * a month, so later visits do not probe at all.
 */
export async function loadCjkFontIfMissing(): Promise<void> {
  let has = rememberedCjkFont();
  if (has === null) {
    has = await hasSystemCjkFont();
    storage.set(STORAGE_KEYS.systemCjkFont, `${has ? '1' : '0'}:${Date.now()}`);
  }
  if (!has) await import('./page-font').then((m) => m.startPageFont());
}
