/**
 * Today's plan for one learner: the goal measured on today's activity, the streak over past days, the
 * exam countdown and three tasks (the due reviews, one speaking part at the learner's HSKK level, one
 * short HSK set or a dictation). Every day is the learner's local day in their time zone.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  STREAK_LOOKBACK_DAYS,
  addDays,
  computeStreak,
  examDaysLeft,
  levelLabel,
  goalDone,
  goalMet,
  isOfficialFlag,
  pickLanguage,
  dayInZone,
  plusStatus,
} from '@kouyu/core';
import type { TodayResponse, TodaySettings, TodayTask } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { hskAttempts, hskSets, hskkTests, testResults } from '../db/schema.js';
import type { UserRow } from '../accounts/users.js';
import { activityByKind, totalByDay } from './activity.js';
import type { ActivityByKind } from './activity.js';
import { reviewsDue } from './reviews.js';
import { newWordsTask } from './new-words.js';

/** Goal, streak and countdown of the learner on `at`. */
export async function todayStatus(db: Db, userId: number, settings: TodaySettings, at: Date) {
  const today = dayInZone(at, settings.timezone);
  const activity = await activityByKind(db, userId, settings.timezone, addDays(today, -STREAK_LOOKBACK_DAYS));
  const total = totalByDay(activity);
  const met = [...total]
    .filter(([, a]) => goalMet(settings.goal_kind, settings.goal_target, a))
    .map(([d]) => d);
  return {
    today,
    activity,
    goal: {
      kind: settings.goal_kind,
      target: settings.goal_target,
      done: goalDone(settings.goal_kind, total.get(today)),
    },
    streak: computeStreak(met, today),
    exam: (() => {
      const left = examDaysLeft(settings.exam_date, today);
      return settings.exam_date !== null && left !== null
        ? {
            date: settings.exam_date,
            days_left: left,
            syllabus: settings.syllabus,
            level: levelLabel(settings.syllabus, settings.hsk_level),
          }
        : null;
    })(),
  };
}

/**
 * The speaking task: a test at the level the learner may open, the first they have not done, else the one
 * whose runs scored worst; the part is the weakest part run of that test (part 1 when none).
 */
async function speakingTask(
  db: Db,
  user: UserRow,
  settings: TodaySettings,
  done: boolean,
): Promise<TodayTask | null> {
  const plus = plusStatus(user.isOfficial, user.paymentExpiration).hasActivePlus;
  const tests = (
    await db
      .select({ id: hskkTests.id, isOfficial: hskkTests.isOfficial, parts: hskkTests.availableParts })
      .from(hskkTests)
      .where(eq(hskkTests.level, settings.hskk_level))
      .orderBy(asc(hskkTests.number))
  ).filter((t) => plus || !isOfficialFlag(t.isOfficial));
  if (tests.length === 0) return null;
  const runs = await db
    .select({
      testId: testResults.testId,
      partId: testResults.partId,
      score: sql<string | null>`avg(${testResults.score})`,
    })
    .from(testResults)
    .where(
      and(
        eq(testResults.userId, user.id),
        inArray(
          testResults.testId,
          tests.map((t) => t.id),
        ),
      ),
    )
    .groupBy(testResults.testId, testResults.partId);
  const avg = (testId: number) => {
    const scores = runs.filter((r) => r.testId === testId && r.score !== null).map((r) => Number(r.score));
    return scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null;
  };
  const fresh = tests.find((t) => !runs.some((r) => r.testId === t.id));
  const worst = [...tests].sort((a, b) => (avg(a.id) ?? Infinity) - (avg(b.id) ?? Infinity))[0];
  const test = fresh ?? worst ?? tests[0];
  if (!test) return null;
  const partRuns = runs
    .filter(
      (r) => r.testId === test.id && r.partId !== null && r.score !== null && test.parts.includes(r.partId),
    )
    .sort((a, b) => Number(a.score) - Number(b.score));
  const part = fresh ? (test.parts[0] ?? 1) : (partRuns[0]?.partId ?? test.parts[0] ?? 1);
  return {
    kind: 'speaking',
    title_key: 'today.tasks.speaking',
    href: `/test/${settings.hskk_level}/${test.id}/part-${part}`,
    done,
  };
}

/** The short written task: an HSK reading or listening set of the learner's syllabus and level, else a dictation. */
async function writtenTask(
  db: Db,
  userId: number,
  settings: TodaySettings,
  a: ActivityByKind,
  today: string,
) {
  const done = a.hsk.has(today) || a.dictation.has(today);
  const sets = await db
    .select({ id: hskSets.id, section: hskSets.section, number: hskSets.number })
    .from(hskSets)
    .where(
      and(
        eq(hskSets.syllabus, settings.syllabus),
        eq(hskSets.level, settings.hsk_level),
        inArray(hskSets.section, ['reading', 'listening']),
      ),
    )
    .orderBy(asc(hskSets.section), asc(hskSets.number));
  if (sets.length === 0)
    return { kind: 'dictation' as const, title_key: 'today.tasks.dictation', href: '/dictation', done };
  const tried = await db
    .select({
      setId: hskAttempts.setId,
      percent: sql<string>`avg(${hskAttempts.score}::float / nullif(${hskAttempts.maxScore}, 0))`,
    })
    .from(hskAttempts)
    .where(
      and(
        eq(hskAttempts.userId, userId),
        inArray(
          hskAttempts.setId,
          sets.map((s) => s.id),
        ),
      ),
    )
    .groupBy(hskAttempts.setId);
  const percent = (id: string) => Number(tried.find((t) => t.setId === id)?.percent ?? -1);
  const set =
    sets.find((s) => percent(s.id) < 0) ?? [...sets].sort((x, y) => percent(x.id) - percent(y.id))[0];
  if (!set)
    return { kind: 'dictation' as const, title_key: 'today.tasks.dictation', href: '/dictation', done };
  return {
    kind: 'hsk' as const,
    title_key: 'today.tasks.hsk',
    href: `/hsk/${settings.hsk_level}/${set.section}/question/${set.number}`,
    done,
  };
}

/** The whole `GET /today` answer. */
export async function todayPlan(
  db: Db,
  user: UserRow,
  settings: TodaySettings,
  at: Date,
): Promise<TodayResponse> {
  const status = await todayStatus(db, user.id, settings, at);
  const due = await reviewsDue(db, user.id, at);
  const { today, activity } = status;
  const tasks: TodayTask[] = [
    { kind: 'review', title_key: 'today.tasks.review', href: '/review', done: due === 0 },
  ];
  const words = await newWordsTask(db, user.id, settings, pickLanguage(user.language));
  if (words) tasks.push(words);
  const speaking = await speakingTask(db, user, settings, activity.speaking.has(today));
  if (speaking) tasks.push(speaking);
  tasks.push(await writtenTask(db, user.id, settings, activity, today));
  return {
    success: true,
    date: today,
    goal: status.goal,
    streak: status.streak,
    exam: status.exam,
    reviews_due: due,
    tasks,
    level: { hskk: settings.hskk_level, hsk: settings.hsk_level },
    settings,
  };
}
