/**
 * Today (decision 019): the learner's daily plan, goal, streak and exam countdown. The API schemas of
 * `/api/v1/today*` and the streak rule, written once: the server computes, the web app shows.
 */
import { z } from 'zod';
import { HSK_LEVELS, HSKK_LEVELS } from './constants.js';
import { HSK3_BAND_LEVEL, syllabusSchema } from './syllabus.js';

export const TODAY_GOAL_KINDS = ['minutes', 'items'] as const;
export type TodayGoalKind = (typeof TODAY_GOAL_KINDS)[number];
export const TODAY_REMINDERS = ['off', 'email', 'push'] as const;
export type TodayReminder = (typeof TODAY_REMINDERS)[number];
export const TODAY_TASK_KINDS = ['review', 'words', 'speaking', 'hsk', 'dictation'] as const;
/** New words the plan offers a day, from the learner's syllabus and level. */
export const TODAY_NEW_WORDS = 5;
export type TodayTaskKind = (typeof TODAY_TASK_KINDS)[number];

/** A new learner's goal until they set one. */
export const TODAY_GOAL_DEFAULT = { kind: 'minutes', target: 10 } as const;
/** Bounds of a goal: up to 4 hours, or up to 500 items, a day. */
export const TODAY_GOAL_MAX: Record<TodayGoalKind, number> = { minutes: 240, items: 500 };
/** The hour (learner's local time) a reminder goes out unless they choose another. */
export const TODAY_REMINDER_HOUR_DEFAULT = 19;
/** Freezes a learner gets per ISO week; each covers one missed day automatically. */
export const STREAK_FREEZES_PER_WEEK = 1;
/** How far back the streak is followed (days). */
export const STREAK_LOOKBACK_DAYS = 730;
/** An exam date may lie at most this many days ahead. */
export const TODAY_EXAM_MAX_DAYS_AHEAD = 3 * 366;
/**
 * Time one activity counts for a minutes goal when the activity keeps no duration of its own
 * (a review answer, an HSK item, a dictation word without its interval).
 */
export const TODAY_SECONDS_PER_REVIEW = 15;
export const TODAY_SECONDS_PER_HSK_ITEM = 60;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written `YYYY-MM-DD`. */
export function isCalendarDay(value: string): boolean {
  if (!dayPattern.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** True for a time zone name the runtime knows (IANA, e.g. `Europe/Moscow`, or `UTC`). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    dayFormats.set(timeZone, f);
  }
  return f;
}

/** The learner's local calendar day (`YYYY-MM-DD`) and hour (0-23) at `at`, in `timeZone`. */
export function localDayAndHour(at: Date, timeZone: string): { day: string; hour: number } {
  const parts = dayFormat(timeZone).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) % 24 };
}

/** The learner's local calendar day at `at`. */
export function dayInZone(at: Date, timeZone: string): string {
  return localDayAndHour(at, timeZone).day;
}

/** `day` moved by `delta` calendar days. */
export function addDays(day: string, delta: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + delta);
  return d.toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The ISO week of a day, `YYYY-Www` (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  d.setUTCDate(d.getUTCDate() - weekday + 3); // the Thursday of this week decides the year
  const year = d.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const firstWeekday = (firstThursday.getUTCDay() + 6) % 7;
  firstThursday.setUTCDate(firstThursday.getUTCDate() - firstWeekday + 3);
  const week = 1 + Math.round((d.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export interface Streak {
  /** Days in a row (ending today or yesterday) the goal was met; frozen days keep it, not add to it. */
  days: number;
  /** True when this ISO week's freeze is still unused. */
  freeze_available: boolean;
  /** Missed days a freeze covered within the current streak, oldest first. */
  frozen_days: string[];
}

/**
 * The streak on `today`, given the days the goal was met. Days are followed forward from the first
 * met day: a met day adds one; a missed day is covered by the week's freeze when a streak is running
 * and the freeze is unused, otherwise it ends the streak. Today not (yet) met ends nothing.
 */
export function computeStreak(metDays: Iterable<string>, today: string): Streak {
  const met = new Set(metDays);
  const earliest = [...met].filter((d) => d <= today).sort()[0];
  const usedWeeks = new Map<string, number>();
  let days = 0;
  let frozen: string[] = [];
  if (earliest !== undefined) {
    const start =
      daysBetween(earliest, today) > STREAK_LOOKBACK_DAYS ? addDays(today, -STREAK_LOOKBACK_DAYS) : earliest;
    for (let d = start; d < today; d = addDays(d, 1)) {
      if (met.has(d)) {
        days += 1;
        continue;
      }
      const week = isoWeek(d);
      const used = usedWeeks.get(week) ?? 0;
      if (days > 0 && used < STREAK_FREEZES_PER_WEEK) {
        usedWeeks.set(week, used + 1);
        frozen.push(d);
      } else {
        days = 0;
        frozen = [];
      }
    }
    if (met.has(today)) days += 1;
  }
  return {
    days,
    freeze_available: (usedWeeks.get(isoWeek(today)) ?? 0) < STREAK_FREEZES_PER_WEEK,
    frozen_days: days > 0 ? frozen : [],
  };
}

/** Days left until the exam (0 on the day), or null when no date is set or it has passed. */
export function examDaysLeft(examDate: string | null, today: string): number | null {
  if (!examDate) return null;
  const left = daysBetween(today, examDate);
  return left < 0 ? null : left;
}

/** What one day's activity adds up to, measured the way the goal is. */
export interface DayActivity {
  seconds: number;
  items: number;
}

/** The amount done towards a goal: whole minutes, or items. */
export function goalDone(kind: TodayGoalKind, activity: DayActivity | undefined): number {
  if (!activity) return 0;
  return kind === 'minutes' ? Math.floor(activity.seconds / 60) : activity.items;
}

/** True when the day's activity meets the goal. */
export function goalMet(kind: TodayGoalKind, target: number, activity: DayActivity | undefined): boolean {
  return goalDone(kind, activity) >= target;
}

const daySchema = z.string().refine(isCalendarDay, 'must be a calendar day YYYY-MM-DD');

/** `PUT /today/settings` */
export const todaySettingsBodySchema = z
  .object({
    goal_kind: z.enum(TODAY_GOAL_KINDS),
    goal_target: z.number().int().min(1),
    exam_date: daySchema.nullable(),
    timezone: z.string().refine(isTimeZone, 'must be an IANA time zone'),
    reminder: z.enum(TODAY_REMINDERS),
    /** Local hour the reminder goes out (default 19). */
    reminder_hour: z.number().int().min(0).max(23).optional(),
    hskk_level: z.enum(HSKK_LEVELS).optional(),
    /** 1-6, or 7 (the 7-9 band) on HSK 3.0. */
    hsk_level: z.number().int().min(1).max(HSK3_BAND_LEVEL).optional(),
    /** The HSK syllabus studied; kept on the account (the profile changes it too). */
    syllabus: syllabusSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.hsk_level !== undefined && v.hsk_level > Math.max(...HSK_LEVELS) && v.syllabus !== 'hsk3')
      ctx.addIssue({ code: 'custom', path: ['hsk_level'], message: 'must be 1-6 (7-9 is HSK 3.0 only)' });
    if (v.goal_target > TODAY_GOAL_MAX[v.goal_kind])
      ctx.addIssue({
        code: 'custom',
        path: ['goal_target'],
        message: `must be at most ${TODAY_GOAL_MAX[v.goal_kind]}`,
      });
  });
export type TodaySettingsBody = z.infer<typeof todaySettingsBodySchema>;

export const todaySettingsSchema = z.object({
  goal_kind: z.enum(TODAY_GOAL_KINDS),
  goal_target: z.number().int(),
  exam_date: z.string().nullable(),
  timezone: z.string(),
  reminder: z.enum(TODAY_REMINDERS),
  reminder_hour: z.number().int(),
  hskk_level: z.enum(HSKK_LEVELS),
  hsk_level: z.number().int(),
  syllabus: syllabusSchema,
  /** False until the learner saved settings once (the values are then the defaults). */
  saved: z.boolean(),
});
export type TodaySettings = z.infer<typeof todaySettingsSchema>;

export const todayTaskSchema = z.object({
  kind: z.enum(TODAY_TASK_KINDS),
  title_key: z.string(),
  href: z.string(),
  done: z.boolean(),
  /** The `words` task: today's new words of the learner's syllabus and level. */
  words: z.array(z.object({ simplified: z.string(), pinyin: z.string(), meaning: z.string() })).optional(),
});
export type TodayTask = z.infer<typeof todayTaskSchema>;

/** `GET /today?tz=` (tz is used until the learner saved a time zone). */
export const todayQuerySchema = z.object({
  tz: z.string().refine(isTimeZone, 'must be an IANA time zone').optional(),
});

/** `GET /today` */
export const todayResponseSchema = z.object({
  success: z.literal(true),
  date: z.string(),
  goal: z.object({ kind: z.enum(TODAY_GOAL_KINDS), target: z.number().int(), done: z.number().int() }),
  streak: z.object({
    days: z.number().int().nonnegative(),
    freeze_available: z.boolean(),
    frozen_days: z.array(z.string()),
  }),
  /** The countdown to the exam of the learner's syllabus and HSK level (`level`: `1`…`6` or `7-9`). */
  exam: z
    .object({
      date: z.string(),
      days_left: z.number().int().nonnegative(),
      syllabus: syllabusSchema,
      level: z.string(),
    })
    .nullable(),
  reviews_due: z.number().int().nonnegative(),
  tasks: z.array(todayTaskSchema),
  level: z.object({ hskk: z.enum(HSKK_LEVELS), hsk: z.number().int() }),
  settings: todaySettingsSchema,
});
export type TodayResponse = z.infer<typeof todayResponseSchema>;

export const todaySettingsResponseSchema = z.object({
  success: z.literal(true),
  settings: todaySettingsSchema,
});
export type TodaySettingsResponse = z.infer<typeof todaySettingsResponseSchema>;
