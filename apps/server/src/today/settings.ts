import { eq } from 'drizzle-orm';
import { HSKK_LEVELS, TODAY_GOAL_DEFAULT, TODAY_REMINDER_HOUR_DEFAULT, syllabusOr } from '@kouyu/core';
import type { TodaySettings, TodaySettingsBody } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { todaySettings, users } from '../db/schema.js';
import type { UserRow } from '../accounts/users.js';
import { forgetUser } from '../accounts/user-cache.js';

type HskkLevel = (typeof HSKK_LEVELS)[number];

/** The HSK level the plan starts from for an HSKK level, until the learner picks one. */
const HSK_FOR_HSKK: Record<HskkLevel, number> = { basic: 1, intermediate: 3, advanced: 5 };

const hskkOf = (value: string | null | undefined): HskkLevel | undefined =>
  HSKK_LEVELS.find((l) => l === value);

/**
 * The learner's settings, or the defaults until they saved some: the goal of `TODAY_GOAL_DEFAULT`, the
 * time zone the browser gave (`fallbackTz`, else UTC), no reminder, the account's HSKK level.
 */
export async function readSettings(db: Db, user: UserRow, fallbackTz = 'UTC'): Promise<TodaySettings> {
  const [row] = await db.select().from(todaySettings).where(eq(todaySettings.userId, user.id));
  const hskk = hskkOf(row?.hskkLevel) ?? hskkOf(user.userLevel) ?? 'basic';
  if (!row)
    return {
      goal_kind: TODAY_GOAL_DEFAULT.kind,
      goal_target: TODAY_GOAL_DEFAULT.target,
      exam_date: null,
      timezone: fallbackTz,
      reminder: 'off',
      reminder_hour: TODAY_REMINDER_HOUR_DEFAULT,
      hskk_level: hskk,
      hsk_level: HSK_FOR_HSKK[hskk],
      syllabus: syllabusOr(user.syllabus, 'hsk2'),
      saved: false,
    };
  return {
    goal_kind: row.goalKind,
    goal_target: row.goalTarget,
    exam_date: row.examDate,
    timezone: row.timezone,
    reminder: row.reminder,
    reminder_hour: row.reminderHour,
    hskk_level: hskk,
    hsk_level: row.hskLevel ?? HSK_FOR_HSKK[hskk],
    syllabus: syllabusOr(user.syllabus, 'hsk2'),
    saved: true,
  };
}

/** Saves the learner's settings (a new reminder hour or zone lets today's reminder go out again). */
export async function saveSettings(db: Db, userId: number, body: TodaySettingsBody): Promise<void> {
  const values = {
    goalKind: body.goal_kind,
    goalTarget: body.goal_target,
    examDate: body.exam_date,
    timezone: body.timezone,
    reminder: body.reminder,
    reminderHour: body.reminder_hour ?? TODAY_REMINDER_HOUR_DEFAULT,
    hskkLevel: body.hskk_level ?? null,
    hskLevel: body.hsk_level ?? null,
    updatedAt: new Date(),
  };
  await db
    .insert(todaySettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: todaySettings.userId, set: values });
  // The syllabus belongs to the account: the profile shows and changes the same choice.
  if (body.syllabus) {
    await db
      .update(users)
      .set({ syllabus: body.syllabus, updatedAt: new Date() })
      .where(eq(users.id, userId));
    forgetUser(userId);
  }
}

/** Turns the reminder off (the signed link in a reminder mail). */
export async function reminderOff(db: Db, userId: number): Promise<void> {
  await db
    .update(todaySettings)
    .set({ reminder: 'off', updatedAt: new Date() })
    .where(eq(todaySettings.userId, userId));
}
