/**
 * The opt-in daily reminder (decision 019): an e-mail at the learner's chosen local hour when the day's goal is
 * not met yet, at most one a day, with a signed link that turns reminders off. A background round every few
 * minutes takes a lease in the shared store, so one instance of a deployment sends.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull, or, isNull, ne } from 'drizzle-orm';
import { localDayAndHour, pickLanguage } from '@kouyu/core';
import type { Language } from '@kouyu/core';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { todaySettings, users } from '../db/schema.js';
import type { Mailer } from '../plugins/mail.js';
import { readSettings } from './settings.js';
import { todayStatus } from './plan.js';

/** How often the reminder round looks for learners whose hour has come. */
export const REMINDER_EVERY_MS = 5 * 60_000;

const sign = (secret: string, userId: number) =>
  createHmac('sha256', secret).update(`today-reminder-off:${userId}`).digest('base64url');

/** The token of a learner's "turn reminders off" link. */
export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${sign(secret, userId)}`;
}

/** The learner a token was signed for, or null when it was not signed by this server. */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const m = /^(\d{1,10})\.([\w-]{20,100})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const given = Buffer.from(m[2] ?? '');
  const expected = Buffer.from(sign(secret, userId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/** The absolute link to turn reminders off. */
export function unsubscribeLink(
  config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'jwtSecret'>,
  userId: number,
): string {
  const origin = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  return `${origin}/api/v1/today/unsubscribe?token=${unsubscribeToken(config.jwtSecret, userId)}`;
}

interface ReminderFacts {
  done: number;
  target: number;
  kind: 'minutes' | 'items';
  streak: number;
  link: string;
}

const TEMPLATES: Record<Language, (f: ReminderFacts) => { subject: string; text: string }> = {
  en: (f) => ({
    subject: 'Your Kouyu practice for today',
    text:
      `Today's goal: ${f.done} of ${f.target} ${f.kind === 'minutes' ? 'minutes' : 'items'}.` +
      (f.streak > 0 ? ` Your streak: ${f.streak} days, keep it going.` : '') +
      `\n\nA few minutes of review or speaking are enough to meet it.\n\nTurn these reminders off: ${f.link}`,
  }),
  zh: (f) => ({
    subject: '今天的 Kouyu 练习',
    text:
      `今日目标：已完成 ${f.done} / ${f.target} ${f.kind === 'minutes' ? '分钟' : '项'}。` +
      (f.streak > 0 ? `你已连续学习 ${f.streak} 天，继续保持！` : '') +
      `\n\n复习或口语练习几分钟就能完成目标。\n\n关闭这些提醒：${f.link}`,
  }),
  ru: (f) => ({
    subject: 'Ваша практика в Kouyu на сегодня',
    text:
      `Цель на сегодня: ${f.done} из ${f.target} ${f.kind === 'minutes' ? 'мин.' : 'заданий'}.` +
      (f.streak > 0 ? ` Серия: ${f.streak} дн. подряд, не прерывайте её.` : '') +
      `\n\nНескольких минут повторения или разговорной практики хватит.\n\nОтключить напоминания: ${f.link}`,
  }),
};

/** The reminder mail in the learner's language. */
export function renderReminder(language: Language, facts: ReminderFacts): { subject: string; text: string } {
  return TEMPLATES[language](facts);
}

/** The page the unsubscribe link answers, in the learner's language. */
export const REMINDER_OFF_PAGE: Record<Language, { title: string; body: string }> = {
  en: {
    title: 'Reminders off',
    body: 'You will get no more daily reminders. You can turn them on again in Today’s settings.',
  },
  zh: { title: '提醒已关闭', body: '你将不再收到每日提醒。可以在“今日”设置中重新开启。' },
  ru: {
    title: 'Напоминания отключены',
    body: 'Ежедневных напоминаний больше не будет. Их можно снова включить в настройках «Сегодня».',
  },
};

/**
 * One reminder round at `at`: every learner with e-mail reminders whose local hour is their reminder hour,
 * who got none today and whose goal is not met yet, gets one. Returns how many went out.
 */
export async function sendDueReminders(
  deps: { db: Db; mailer: Mailer; config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'jwtSecret'> },
  at: Date,
): Promise<number> {
  const { db } = deps;
  const rows = await db
    .select({ settings: todaySettings, user: users })
    .from(todaySettings)
    .innerJoin(users, eq(users.id, todaySettings.userId))
    .where(and(eq(todaySettings.reminder, 'email'), isNotNull(users.emailVerifiedAt)));
  let sent = 0;
  for (const { settings: row, user } of rows) {
    const { day, hour } = localDayAndHour(at, row.timezone);
    if (hour !== row.reminderHour || row.lastReminderDay === day) continue;
    const settings = await readSettings(db, user);
    const status = await todayStatus(db, user.id, settings, at);
    if (status.goal.done >= status.goal.target) continue;
    // Claimed before sending: a round that overlaps this one (a slow mail server) does not send twice.
    const claimed = await db
      .update(todaySettings)
      .set({ lastReminderDay: day })
      .where(
        and(
          eq(todaySettings.userId, user.id),
          or(isNull(todaySettings.lastReminderDay), ne(todaySettings.lastReminderDay, day)),
        ),
      )
      .returning({ userId: todaySettings.userId });
    if (claimed.length === 0) continue;
    const mail = renderReminder(pickLanguage(user.language), {
      done: status.goal.done,
      target: status.goal.target,
      kind: status.goal.kind,
      streak: status.streak.days,
      link: unsubscribeLink(deps.config, user.id),
    });
    try {
      await deps.mailer.send({ to: user.email, ...mail, purpose: 'today_reminder' });
      sent += 1;
    } catch {
      // The mailer logged and recorded the failure; the others of this round still get theirs.
    }
  }
  return sent;
}
