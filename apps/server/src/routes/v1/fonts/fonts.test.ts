import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Blob, Face } from 'harfbuzzjs';
import {
  FONT_SUBSET_MAX_CHARS,
  FONT_SUBSET_VERSION,
  collectPageFontCodePoints,
  encodeFontSubset,
  fontSubsetPath,
} from '@kouyu/core';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { PageFontBusy, PageFonts } from '../../../site/page-font.js';

const fontverter = createRequire(import.meta.url)('fontverter') as {
  convert(font: Buffer, to: 'truetype'): Promise<Buffer>;
};

const codePointsOf = (text: string) => {
  const set = new Set<number>();
  collectPageFontCodePoints(text, set);
  return [...set].sort((a, b) => a - b);
};

/** The code points a WOFF2 font maps to glyphs, read back with harfbuzz. */
async function unicodesOf(woff2: Buffer): Promise<number[]> {
  const face = new Face(new Blob(await fontverter.convert(woff2, 'truetype')));
  return [...face.collectUnicodes()].sort((a, b) => a - b);
}

describe(`page font on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers });

  it('cuts exactly the asked characters as a small WOFF2, cached for a year, for guests too', async () => {
    const text = '画蛇添足，一石二鸟。「成语」';
    const asked = codePointsOf(text);
    const res = await get(fontSubsetPath(asked));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('font/woff2');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    // Every asked character is in it, and nothing else of the 30,000 the full font has.
    const unicodes = await unicodesOf(res.rawPayload);
    expect(unicodes).toEqual(expect.arrayContaining(asked));
    expect(unicodes.filter((cp) => cp >= 0x2e80)).toEqual(asked);
    // A dozen glyphs: a few kilobytes, where a frequency slice is about 48 KB.
    expect(res.rawPayload.length).toBeLessThan(8_000);
    // The same name again: the same bytes, from memory.
    const again = await get(fontSubsetPath(asked));
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(again.headers['etag']).toBe(res.headers['etag']);
  });

  it('takes the most characters one request may name (a long path segment)', async () => {
    const most = Array.from({ length: FONT_SUBSET_MAX_CHARS }, (_, i) => 0x4e00 + i * 67);
    const path = fontSubsetPath(most);
    expect(path.length).toBeGreaterThan(700);
    const res = await get(path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(FONT_SUBSET_MAX_CHARS * 250);
  });

  it('answers 304 to a matching If-None-Match without cutting', async () => {
    const path = fontSubsetPath(codePointsOf('我们一起学习汉语'));
    const first = await get(path);
    const etag = String(first.headers['etag']);
    const res = await get(path, { 'if-none-match': etag });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
    const other = await get(fontSubsetPath(codePointsOf('我们')), { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
  });

  it('gives an older version name today’s font, cached for an hour only', async () => {
    const name = encodeFontSubset(codePointsOf('你好'));
    const res = await get(`/fonts/cjk/old-0/${name}.woff2`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(FONT_SUBSET_VERSION).not.toBe('old-0');
  });

  it.each([
    ['no .woff2', `/fonts/cjk/${FONT_SUBSET_VERSION}/${encodeFontSubset([0x4f60])}`],
    ['another ending', `/fonts/cjk/${FONT_SUBSET_VERSION}/${encodeFontSubset([0x4f60])}.ttf`],
    ['Latin letters', `/fonts/cjk/${FONT_SUBSET_VERSION}/${encodeFontSubset([0x61, 0x62])}.woff2`],
    ['descending', `/fonts/cjk/${FONT_SUBSET_VERSION}/${(0x4f60).toString(36)}.0.woff2`],
    ['a path', `/fonts/cjk/${FONT_SUBSET_VERSION}/..%2F..%2Fpackage.json`],
    ['an odd version', `/fonts/cjk/..%2Fx/${encodeFontSubset([0x4f60])}.woff2`],
    [
      'too many',
      `/fonts/cjk/${FONT_SUBSET_VERSION}/${encodeFontSubset(Array.from({ length: FONT_SUBSET_MAX_CHARS + 1 }, (_, i) => 0x4e00 + i))}.woff2`,
    ],
  ])('refuses a name with %s: 400 validation_failed', async (_what, path) => {
    const res = await get(path);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'validation_failed' });
  });
});

describe('page fonts', () => {
  it('shares one cut between requests for the same name, and refuses past the queue', async () => {
    const fonts = new PageFonts({ maxWaiting: 2 });
    try {
      const a = codePointsOf('天');
      const b = codePointsOf('地');
      const one = fonts.get(encodeFontSubset(a), a);
      const same = fonts.get(encodeFontSubset(a), a);
      const two = fonts.get(encodeFontSubset(b), b);
      const c = codePointsOf('人');
      await expect(fonts.get(encodeFontSubset(c), c)).rejects.toBeInstanceOf(PageFontBusy);
      const [x, y] = await Promise.all([one, same, two]);
      expect(x).toBe(y);
      expect(fonts.has(encodeFontSubset(a))).toBe(true);
      // With the queue free again, the third is cut.
      expect((await fonts.get(encodeFontSubset(c), c)).length).toBeGreaterThan(500);
    } finally {
      await fonts.close();
    }
  });

  it('drops the least recently used fonts past its byte budget', async () => {
    const names = ['春', '夏', '秋', '冬'].map((c) => ({
      cps: codePointsOf(c),
      name: encodeFontSubset(codePointsOf(c)),
    }));
    const probe = new PageFonts();
    const size = (await probe.get(names[0]?.name ?? '', names[0]?.cps ?? [])).length;
    await probe.close();
    // Room for two and a half of these one-character fonts.
    const fonts = new PageFonts({ cacheBytes: Math.round(size * 2.5) });
    try {
      for (const n of names) await fonts.get(n.name, n.cps);
      // The first two are gone, the last two kept.
      expect(fonts.has(names[0]?.name ?? '')).toBe(false);
      expect(fonts.has(names[1]?.name ?? '')).toBe(false);
      expect(fonts.has(names[2]?.name ?? '')).toBe(true);
      expect(fonts.has(names[3]?.name ?? '')).toBe(true);
    } finally {
      await fonts.close();
    }
  });
});
