import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  const at = '2026-03-05T14:07:00Z';
  it('writes a date in each language, with the time when asked', () => {
    expect(formatDate(at, 'en')).toBe('Mar 5, 2026');
    expect(formatDate(at, 'en', 'long')).toBe('March 5, 2026');
    expect(formatDate(at, 'zh', 'long')).toBe('2026年3月5日');
    expect(formatDate(at, 'ru', 'long')).toMatch(/^5 марта 2026/);
    expect(formatDate(at, 'en', 'withTime')).toMatch(/^Mar 5, 2026, \d{1,2}:07/);
  });
  it('gives back what it cannot read', () => {
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });
});
