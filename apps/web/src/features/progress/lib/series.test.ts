import { describe, expect, it } from 'vitest';
import { alignSeries, dayAxis, daySeconds, formatDay } from './series';

describe('progress series', () => {
  it('puts lines on one sorted axis of days, null where a line has no value', () => {
    const aligned = alignSeries([
      { label: 'a', points: [{ day: '2026-03-02', value: 70 }] },
      {
        label: 'b',
        points: [
          { day: '2026-03-03', value: 50 },
          { day: '2026-03-01', value: 40 },
        ],
      },
    ]);
    expect(aligned.days).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(aligned.values).toEqual([
      [null, 70, null],
      [40, null, 50],
    ]);
  });

  it('shows a day as the same calendar date whatever the clock zone', () => {
    expect(daySeconds('2026-03-01')).toBe(Date.UTC(2026, 2, 1) / 1000);
    expect(formatDay('2026-03-01', 'en')).toBe('Mar 1');
    expect(formatDay(daySeconds('2026-03-01'), 'en')).toBe('Mar 1');
  });

  it('lays the day axis over the whole window, today at its right end, labels that fit, for each range', () => {
    const to = '2026-12-01';
    for (const days of [7, 30, 90, 180, 366]) {
      const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      for (const width of [300, 900]) {
        const axis = dayAxis(from, to, width, 'en');
        const label = `${days} days at ${width} px`;
        expect(axis.range, label).toEqual([daySeconds(from), daySeconds(to)]);
        expect(axis.ticks.length, label).toBeGreaterThanOrEqual(days >= 30 ? 2 : 1);
        expect(axis.ticks.length, label).toBeLessThanOrEqual(Math.floor(width / 72));
        expect(
          axis.ticks.every((s) => s >= axis.range[0] && s <= axis.range[1]),
          label,
        ).toBe(true);
        expect(
          [...axis.ticks].sort((a, b) => a - b),
          label,
        ).toEqual(axis.ticks);
        expect(new Set(axis.labels).size, label).toBe(axis.labels.length);
      }
    }
    // Six months on a phone: every other month, the year on the first label; a week: today labelled.
    const half = dayAxis('2026-06-05', to, 300, 'en');
    expect(half.labels).toEqual(['Aug 2026', 'Oct', 'Dec']);
    expect(dayAxis('2026-11-25', to, 900, 'en').labels.at(-1)).toBe('Dec 1');
    expect(dayAxis('2026-06-05', to, 300, 'ru').labels[0]).toMatch(/2026/);
  });
});
