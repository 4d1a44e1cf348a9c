import { describe, expect, it } from 'vitest';
import {
  addDays,
  computeStreak,
  daysBetween,
  examDaysLeft,
  goalDone,
  goalMet,
  isCalendarDay,
  isoWeek,
  isTimeZone,
  dayInZone,
  localDayAndHour,
  todaySettingsBodySchema,
} from './today.js';

/** The days from `from` to `to` inclusive. */
const range = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};

describe('local day in the learner time zone', () => {
  const at = new Date('2026-03-10T22:30:00Z');
  it('is the next day east of UTC and the same day west of it', () => {
    expect(dayInZone(at, 'UTC')).toBe('2026-03-10');
    expect(dayInZone(at, 'Asia/Shanghai')).toBe('2026-03-11');
    expect(dayInZone(at, 'America/New_York')).toBe('2026-03-10');
  });
  it('follows half-hour zones and gives the local hour', () => {
    expect(localDayAndHour(new Date('2026-03-10T18:29:00Z'), 'Asia/Kolkata')).toEqual({
      day: '2026-03-10',
      hour: 23,
    });
    expect(localDayAndHour(new Date('2026-03-10T18:30:00Z'), 'Asia/Kolkata')).toEqual({
      day: '2026-03-11',
      hour: 0,
    });
  });
  it('knows IANA zones and refuses others', () => {
    expect(isTimeZone('Europe/Moscow')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('calendar helpers', () => {
  it('checks real days', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-2-1')).toBe(false);
  });
  it('moves and measures days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
  });
  it('numbers ISO weeks from Monday, with year edges', () => {
    expect(isoWeek('2026-11-23')).toBe('2026-W48'); // Monday
    expect(isoWeek('2026-11-29')).toBe('2026-W48'); // Sunday
    expect(isoWeek('2026-11-30')).toBe('2026-W49');
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2024-12-30')).toBe('2025-W01');
  });
});

describe('streak', () => {
  // 2026-11-23 is a Monday; 2026-11-30 the next Monday.
  it('is zero without any met day, with the week freeze still free', () => {
    expect(computeStreak([], '2026-11-25')).toEqual({ days: 0, freeze_available: true, frozen_days: [] });
  });
  it('counts met days in a row up to today', () => {
    expect(computeStreak(range('2026-11-20', '2026-11-25'), '2026-11-25').days).toBe(6);
  });
  it('is not broken by today not yet done', () => {
    expect(computeStreak(range('2026-11-20', '2026-11-24'), '2026-11-25')).toEqual({
      days: 5,
      freeze_available: true,
      frozen_days: [],
    });
  });
  it('covers one missed day with the week freeze', () => {
    const met = range('2026-11-20', '2026-11-25').filter((d) => d !== '2026-11-24');
    expect(computeStreak(met, '2026-11-25')).toEqual({
      days: 5,
      freeze_available: false,
      frozen_days: ['2026-11-24'],
    });
  });
  it('breaks on a second miss in the same ISO week', () => {
    // Misses on Tuesday 24th and Thursday 26th: the first takes the freeze, the second ends the streak.
    const met = ['2026-11-22', '2026-11-23', '2026-11-25', '2026-11-27', '2026-11-28'];
    expect(computeStreak(met, '2026-11-28')).toEqual({ days: 2, freeze_available: false, frozen_days: [] });
  });
  it('gives a new freeze each ISO week', () => {
    // Missed Sunday 29th (week 48) and Tuesday 1st (week 49): one freeze each.
    const met = range('2026-11-25', '2026-12-03').filter((d) => d !== '2026-11-29' && d !== '2026-12-01');
    expect(computeStreak(met, '2026-12-03')).toEqual({
      days: 7,
      freeze_available: false,
      frozen_days: ['2026-11-29', '2026-12-01'],
    });
  });
  it('breaks on two missed days in a row', () => {
    const met = ['2026-11-20', '2026-11-21', '2026-11-25'];
    expect(computeStreak(met, '2026-11-25').days).toBe(1);
  });
  it('does not spend the freeze when no streak is running', () => {
    // Nothing met before Wednesday: Monday and Tuesday are no misses of a streak.
    expect(computeStreak(['2026-11-25'], '2026-11-25')).toEqual({
      days: 1,
      freeze_available: true,
      frozen_days: [],
    });
  });
  it('keeps a streak alive through a frozen yesterday while today is not done', () => {
    expect(computeStreak(['2026-11-22', '2026-11-23'], '2026-11-25')).toEqual({
      days: 2,
      freeze_available: false,
      frozen_days: ['2026-11-24'],
    });
  });
  it('ignores days after today', () => {
    expect(computeStreak(['2026-11-24', '2026-11-26'], '2026-11-25').days).toBe(1);
  });
});

describe('goal and exam', () => {
  it('measures minutes whole and items as counted', () => {
    expect(goalDone('minutes', { seconds: 599, items: 3 })).toBe(9);
    expect(goalDone('items', { seconds: 599, items: 3 })).toBe(3);
    expect(goalDone('items', undefined)).toBe(0);
    expect(goalMet('minutes', 10, { seconds: 600, items: 0 })).toBe(true);
    expect(goalMet('items', 4, { seconds: 6000, items: 3 })).toBe(false);
  });
  it('counts down to the exam and drops a passed date', () => {
    expect(examDaysLeft('2026-12-25', '2026-11-25')).toBe(30);
    expect(examDaysLeft('2026-11-25', '2026-11-25')).toBe(0);
    expect(examDaysLeft('2026-11-24', '2026-11-25')).toBeNull();
    expect(examDaysLeft(null, '2026-11-25')).toBeNull();
  });
});

describe('settings body', () => {
  const ok = {
    goal_kind: 'minutes',
    goal_target: 15,
    exam_date: null,
    timezone: 'Asia/Shanghai',
    reminder: 'off',
  };
  it('accepts a valid body', () => {
    expect(todaySettingsBodySchema.safeParse(ok).success).toBe(true);
    expect(todaySettingsBodySchema.safeParse({ ...ok, exam_date: '2027-05-01', hsk_level: 3 }).success).toBe(
      true,
    );
  });
  it('refuses an unknown zone, a bad day, a goal out of bounds', () => {
    expect(todaySettingsBodySchema.safeParse({ ...ok, timezone: 'Nowhere/City' }).success).toBe(false);
    expect(todaySettingsBodySchema.safeParse({ ...ok, exam_date: '2027-02-30' }).success).toBe(false);
    expect(todaySettingsBodySchema.safeParse({ ...ok, goal_target: 0 }).success).toBe(false);
    expect(todaySettingsBodySchema.safeParse({ ...ok, goal_target: 241 }).success).toBe(false);
    expect(todaySettingsBodySchema.safeParse({ ...ok, goal_kind: 'items', goal_target: 241 }).success).toBe(
      true,
    );
    expect(todaySettingsBodySchema.safeParse({ ...ok, hsk_level: 7 }).success).toBe(false);
  });
});
