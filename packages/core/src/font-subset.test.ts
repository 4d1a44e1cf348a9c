import { describe, expect, it } from 'vitest';
import {
  FONT_SUBSET_MAX_CHARS,
  collectPageFontCodePoints,
  decodeFontSubset,
  encodeFontSubset,
  fontSubsetPath,
  isPageFontCodePoint,
  unicodeRangeOf,
} from './font-subset.js';

const cps = (text: string) => {
  const set = new Set<number>();
  collectPageFontCodePoints(text, set);
  return [...set].sort((a, b) => a - b);
};

describe('page font subsets', () => {
  it('takes the Chinese characters, punctuation and full-width forms of a text, not Latin or pinyin', () => {
    expect(cps('Nǐ hǎo 你好，世界！「成语」《书》 ·—… 𠀀 한 😀')).toEqual(
      [
        0x300a, 0x300b, 0x300c, 0x300d, 0x4e16, 0x4f60, 0x4e16, 0x597d, 0x6210, 0x4e66, 0x754c, 0x8bed,
        0xff01, 0xff0c, 0x20000,
      ]
        .filter((v, i, a) => a.indexOf(v) === i)
        .sort((a, b) => a - b),
    );
    for (const c of ['a', 'ǎ', '·', '—', '😀', '한', ' '])
      expect(isPageFontCodePoint(c.codePointAt(0) ?? 0), c).toBe(false);
  });

  it('names a set one way only, and reads the name back', () => {
    const set = cps('学习汉语很有意思。');
    const name = encodeFontSubset(set);
    expect(name).toMatch(/^[0-9a-z.]+$/);
    expect(decodeFontSubset(name)).toEqual(set);
    expect(fontSubsetPath(set)).toMatch(/^\/fonts\/cjk\/[a-z0-9-]+\/[0-9a-z.]+\.woff2$/);
    // About three bytes a character for a page's worth of common characters.
    const many = cps(
      '的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落视济喜离虽坏兴善案参',
    );
    expect(many.length).toBeGreaterThan(390);
    const big = encodeFontSubset(many.slice(0, FONT_SUBSET_MAX_CHARS));
    expect(big.length / FONT_SUBSET_MAX_CHARS).toBeLessThan(3.5);
    expect(decodeFontSubset(big)).toEqual(many.slice(0, FONT_SUBSET_MAX_CHARS));
  });

  it('refuses a name that is not the one name of a served set', () => {
    const good = encodeFontSubset([0x4e00, 0x4e01, 0x4f60]);
    for (const bad of [
      '',
      '.',
      `${good}.`,
      `.${good}`,
      good.replace('.', '..'),
      good.toUpperCase(),
      `${good}.0`, // a repeat
      '0' + good, // a leading zero
      'z', // a Latin code point
      (0x4e00).toString(36) + '.' + (0x10ffff).toString(36), // past the page font's blocks
      '../x',
      'a-b',
      Array.from({ length: FONT_SUBSET_MAX_CHARS + 1 }, (_, i) =>
        i === 0 ? (0x4e00).toString(36) : '1',
      ).join('.'),
    ])
      expect(decodeFontSubset(bad), bad).toBeNull();
    expect(() => encodeFontSubset([])).toThrow();
    expect(() => encodeFontSubset([0x4e01, 0x4e00])).toThrow();
    expect(() => encodeFontSubset([0x4e00, 0x4e00])).toThrow();
  });

  it('writes a CSS unicode-range with runs as ranges', () => {
    expect(unicodeRangeOf([0x4e00, 0x4e01, 0x4e02, 0x4e09, 0x20000])).toBe('U+4E00-4E02,U+4E09,U+20000');
    expect(unicodeRangeOf([0x3002])).toBe('U+3002');
  });
});
