import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants.js';
import { pageTitle } from './page-titles.js';

describe('page titles', () => {
  it('name each page in its language, home by the site', () => {
    expect(pageTitle('/en/progress')).toBe('Progress · Kouyu');
    expect(pageTitle('/zh/progress')).toBe('学习进度 · Kouyu');
    expect(pageTitle('/ru/test/basic/101/part-1')).toBe('Тест HSKK · Kouyu');
    expect(pageTitle('/en/results?page=2')).toBe('Your test results · Kouyu');
    expect(pageTitle('/zh')).toBe('Kouyu 口语 · HSKK 与 HSK 练习');
    expect(pageTitle('/en/no-such-page')).toBe(pageTitle('/en'));
    expect(pageTitle('/progress')).toBe('Progress · Kouyu');
  });
  it('differ from page to page in every language', () => {
    const paths = [
      '',
      '/test-selection/basic',
      '/results',
      '/progress',
      '/vocab',
      '/idioms',
      '/dictation',
      '/hsk/1',
      '/review',
      '/plus',
    ];
    for (const lang of LANGUAGES) {
      const titles = paths.map((p) => pageTitle(`/${lang}${p}`));
      expect(new Set(titles).size, lang).toBe(paths.length);
    }
  });
});
