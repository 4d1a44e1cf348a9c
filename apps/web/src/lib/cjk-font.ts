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

/**
 * True when one of the system CJK fonts is installed. Chinese glyphs are all one em wide in every
 * font, so the probe measures Latin text: a family that exists changes its width against a generic
 * fallback; a missing one falls back to the generic and measures the same.
 */
export function hasSystemCjkFont(): boolean {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return true;
  const probe = 'mmmmmmmmmmlliWWw 0123456789';
  const width = (font: string) => {
    ctx.font = `48px ${font}`;
    return ctx.measureText(probe).width;
  };
  const generics = ['monospace', 'serif'];
  const base = generics.map(width);
  return SYSTEM_CJK_FONTS.some((family) =>
    generics.some((generic, i) => width(`'${family}', ${generic}`) !== base[i]),
  );
}

/** Starts the page font when the device has no Chinese font of its own. */
export function loadCjkFontIfMissing(): void {
  if (hasSystemCjkFont()) return;
  void import('./page-font').then((m) => m.startPageFont());
}
