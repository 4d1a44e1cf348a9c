/**
 * The page font (decision 020): on a device with no Chinese font of its own, the web app asks
 * the site for a font holding exactly the Chinese characters on screen, instead of the 48 KB frequency
 * slices where a page's rarer characters each pull a whole slice. Both sides use these rules: the app to
 * name a set of characters, the server to read that name back and refuse anything else.
 *
 * A set is named by its code points in ascending order: the first in base 36, then each one's distance
 * from the one before (so the name of a page's characters is about 3 bytes a character, and at most 1,800 in all). Exactly one
 * name per set: no zero distance, no leading zeros, so a cache keyed by the name cannot be split.
 */

/** Bumped when the served font or the way it is cut changes (the answers are cached for a year). */
export const FONT_SUBSET_VERSION = 'sc400-1';

/** Most characters one request may name; a page with more sends several. */
export const FONT_SUBSET_MAX_CHARS = 300;

/** The URL path of a set's font, under the API base (`/api/v1`). */
export function fontSubsetPath(codePoints: readonly number[]): string {
  return `/fonts/cjk/${FONT_SUBSET_VERSION}/${encodeFontSubset(codePoints)}.woff2`;
}

/**
 * True for the code points the page font serves: CJK radicals, symbols and punctuation, kana and
 * bopomofo, the unified ideographs (and extension A, and the astral extensions), compatibility
 * ideographs and forms, and full-width forms. Latin text (pinyin included) is left to the device.
 */
export function isPageFontCodePoint(cp: number): boolean {
  return (
    (cp >= 0x2e80 && cp <= 0x2fdf) ||
    (cp >= 0x3000 && cp <= 0x31ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xffef) ||
    (cp >= 0x20000 && cp <= 0x3134f)
  );
}

/** Adds the page-font code points of `text` to `into`. */
export function collectPageFontCodePoints(text: string, into: Set<number>): void {
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= 0x2e80 && isPageFontCodePoint(cp)) into.add(cp);
  }
}

/** The name of a set of code points, given in ascending order without repeats (throws otherwise). */
export function encodeFontSubset(codePoints: readonly number[]): string {
  if (codePoints.length === 0) throw new Error('a font subset needs at least one character');
  let prev = 0;
  const parts: string[] = [];
  for (const [i, cp] of codePoints.entries()) {
    if (i > 0 && cp <= prev) throw new Error('font subset code points must ascend without repeats');
    parts.push((i === 0 ? cp : cp - prev).toString(36));
    prev = cp;
  }
  return parts.join('.');
}

const PART = /^[1-9a-z][0-9a-z]{0,4}$/;

/**
 * The code points a name stands for, or null when it is not the one name of a set the page font
 * serves: malformed, not ascending, a code point outside `isPageFontCodePoint`, or over the maximum.
 */
export function decodeFontSubset(name: string): number[] | null {
  if (name.length === 0 || name.length > FONT_SUBSET_MAX_CHARS * 6) return null;
  const parts = name.split('.');
  if (parts.length > FONT_SUBSET_MAX_CHARS) return null;
  const out: number[] = [];
  let cp = 0;
  for (const part of parts) {
    if (!PART.test(part)) return null;
    cp += parseInt(part, 36);
    if (!isPageFontCodePoint(cp)) return null;
    out.push(cp);
  }
  return out;
}

/** A CSS `unicode-range` for ascending code points: runs become ranges (`U+4E00-4E03,U+4E09`). */
export function unicodeRangeOf(codePoints: readonly number[]): string {
  const out: string[] = [];
  let i = 0;
  while (i < codePoints.length) {
    const start = codePoints[i] ?? 0;
    let end = start;
    while (i + 1 < codePoints.length && codePoints[i + 1] === end + 1) {
      end += 1;
      i += 1;
    }
    const hex = (n: number) => n.toString(16).toUpperCase();
    out.push(end === start ? `U+${hex(start)}` : `U+${hex(start)}-${hex(end)}`);
    i += 1;
  }
  return out.join(',');
}
