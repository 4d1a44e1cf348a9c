import { describe, expect, it } from 'vitest';
import { loginPath, nextPath } from './next-path';

describe('nextPath', () => {
  it('returns to a path of the site, keeping query and hash', () => {
    expect(nextPath('/en/profile', 'en')).toBe('/en/profile');
    expect(nextPath('/en/test/basic/1/part-2?x=1#q', 'en')).toBe('/en/test/basic/1/part-2?x=1#q');
  });
  it('keeps the language the user chose meanwhile', () => {
    expect(nextPath('/en/results', 'ru')).toBe('/ru/results');
  });
  it('goes home without next, or for another origin', () => {
    expect(nextPath(null, 'zh')).toBe('/zh');
    expect(nextPath('https://evil.example/x', 'en')).toBe('/en');
    expect(nextPath('//evil.example/x', 'en')).toBe('/en');
    expect(nextPath('/\\evil.example', 'en')).toBe('/en');
  });
});

describe('loginPath', () => {
  it('sends a guest to the login tab with next', () => {
    expect(loginPath('en', '/en/profile')).toBe('/en/auth?mode=login&next=%2Fen%2Fprofile');
  });
});
