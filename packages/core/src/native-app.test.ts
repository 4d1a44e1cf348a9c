import { describe, expect, it } from 'vitest';
import { deepLinkPath } from './native-app.js';

describe('deepLinkPath', () => {
  it.each([
    ['https://kouyu.app/zh/vocab?level=2#top', '/zh/vocab?level=2#top'],
    ['https://kouyu.app/en', '/en'],
    ['https://kouyu.app/ru/campus-card/', '/ru/campus-card'],
    ['kouyu://en/test-selection/basic', '/en/test-selection/basic'],
    ['kouyu:///zh/idioms', '/zh/idioms'],
  ])('%s → %s', (link, path) => expect(deepLinkPath(link)).toBe(path));

  it.each([
    'https://kouyu.app/',
    'https://kouyu.app/de/vocab',
    'mailto:a@b.c',
    'javascript:alert(1)',
    'not a url',
  ])('ignores %s', (link) => expect(deepLinkPath(link)).toBeNull());
});
