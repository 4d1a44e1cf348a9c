import { describe, expect, it } from 'vitest';
import {
  alternateLinks,
  backButtonAction,
  capitalise,
  isMobileLayout,
  pickLanguage,
  prefixRedirect,
  shortenName,
  splitLanguage,
  switchLanguagePath,
} from './routes.js';

describe('language prefix', () => {
  it('leaves prefixed paths alone', () => {
    expect(prefixRedirect('/en', '', '', 'zh')).toBeNull();
    expect(prefixRedirect('/zh/vocab', '?q=1', '', null)).toBeNull();
    expect(prefixRedirect('/ru/hsk/3/writing', '', '#x', 'en')).toBeNull();
  });
  it('sends root to the saved language, default en', () => {
    expect(prefixRedirect('/', '', '', null)).toBe('/en');
    expect(prefixRedirect('/', '', '', 'ru')).toBe('/ru');
    expect(prefixRedirect('/', '', '', 'fr')).toBe('/en');
  });
  it('keeps query and hash on a prefix-less deep link', () => {
    expect(prefixRedirect('/auth', '?mode=register', '#top', 'zh')).toBe('/zh/auth?mode=register#top');
    expect(prefixRedirect('/about', '', '', undefined)).toBe('/en/about');
  });
  it('does not take a look-alike segment for a language', () => {
    expect(splitLanguage('/english/x')).toEqual({ lang: null, rest: '/english/x' });
    expect(splitLanguage('/en')).toEqual({ lang: 'en', rest: '/' });
    expect(splitLanguage('/en/')).toEqual({ lang: 'en', rest: '/' });
  });
  it('picks a valid saved language only', () => {
    expect(pickLanguage('zh')).toBe('zh');
    expect(pickLanguage('')).toBe('en');
  });
});

describe('switching language', () => {
  it('rewrites the first segment and keeps query and hash', () => {
    expect(switchLanguagePath('/en/vocabulary/3', '?page=2', '#w', 'zh')).toBe('/zh/vocabulary/3?page=2#w');
    expect(switchLanguagePath('/ru', '', '', 'en')).toBe('/en');
  });
});

describe('hreflang alternates', () => {
  it('lists en, zh, ru and x-default en', () => {
    expect(alternateLinks('/zh/idioms')).toEqual([
      { hreflang: 'en', href: '/en/idioms' },
      { hreflang: 'zh', href: '/zh/idioms' },
      { hreflang: 'ru', href: '/ru/idioms' },
      { hreflang: 'x-default', href: '/en/idioms' },
    ]);
  });
});

describe('native back button (spec 000 §2)', () => {
  const cases: [string, number, ReturnType<typeof backButtonAction>][] = [
    ['/en', 5, { action: 'exit' }],
    ['/zh/', 5, { action: 'exit' }],
    ['/en/auth', 5, { action: 'navigate', to: '/en' }],
    ['/en/test-selection/basic', 5, { action: 'navigate', to: '/en' }],
    ['/ru/test/intermediate/201/part-2', 5, { action: 'navigate', to: '/ru/test-selection/intermediate' }],
    ['/en/test/advanced/301/full-test', 5, { action: 'navigate', to: '/en/test-selection/advanced' }],
    ['/en/results', 5, { action: 'navigate', to: '/en' }],
    ['/en/about', 5, { action: 'navigate', to: '/en' }],
    ['/en/privacy', 5, { action: 'navigate', to: '/en' }],
    ['/en/plus', 5, { action: 'navigate', to: '/en' }],
    ['/en/campus-card', 5, { action: 'navigate', to: '/en' }],
    ['/en/admin', 5, { action: 'navigate', to: '/en' }],
    ['/en/admin/contacts', 5, { action: 'navigate', to: '/en' }],
    ['/zh/idioms', 5, { action: 'navigate', to: '/zh' }],
    ['/zh/idioms/practice', 5, { action: 'navigate', to: '/zh' }],
    ['/en/vocabulary/2', 3, { action: 'back' }],
    ['/en/vocabulary/2', 2, { action: 'navigate', to: '/en' }],
    ['/en/hsk/4/reading', 1, { action: 'navigate', to: '/en' }],
  ];
  it.each(cases)('%s with history %i', (path, depth, expected) => {
    expect(backButtonAction(path, depth)).toEqual(expected);
  });
});

describe('shell helpers', () => {
  it('detects mobile by width or user agent', () => {
    expect(isMobileLayout(768, 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(true);
    expect(isMobileLayout(769, 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(false);
    expect(isMobileLayout(1280, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile')).toBe(true);
  });
  it('cuts names over 15 characters to 12 plus an ellipsis', () => {
    expect(shortenName('fifteen chars!!')).toBe('fifteen chars!!');
    expect(shortenName('sixteen chars!!!')).toBe('sixteen char...');
    expect(shortenName('李小龙李小龙李小龙李小龙李小龙李')).toBe('李小龙李小龙李小龙李小龙...');
  });
  it('capitalises levels', () => {
    expect(capitalise('basic')).toBe('Basic');
    expect(capitalise('')).toBe('');
  });
});
