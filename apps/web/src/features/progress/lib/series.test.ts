import { describe, expect, it } from 'vitest';
import { alignSeries, daySeconds, formatDay } from './series';

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
});
