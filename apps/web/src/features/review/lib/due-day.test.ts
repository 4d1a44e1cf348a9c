import { describe, expect, it } from 'vitest';
import { dueDay } from './due-day';

describe('dueDay', () => {
  const now = new Date(2026, 11, 2, 9, 0);
  it('a card due tonight is today, not tomorrow', () => {
    expect(dueDay(new Date(2026, 11, 2, 22, 33), now)).toBe('today');
  });
  it('a card due already is today', () => {
    expect(dueDay(new Date(2026, 11, 1, 23, 0), now)).toBe('today');
  });
  it('just after midnight is tomorrow, two days on is later', () => {
    expect(dueDay(new Date(2026, 11, 3, 0, 5), now)).toBe('tomorrow');
    expect(dueDay(new Date(2026, 11, 4, 0, 5), now)).toBe('later');
  });
});
