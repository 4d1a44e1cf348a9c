import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TODAY_EXAM_MAX_DAYS_AHEAD,
  daysBetween,
  dayInZone,
  pickLanguage,
  todayQuerySchema,
  todayResponseSchema,
  todaySettingsBodySchema,
  todaySettingsResponseSchema,
} from '@kouyu/core';
import { eq } from 'drizzle-orm';
import { AppError } from '../../../lib/errors.js';
import { now } from '../../../lib/clock.js';
import { everyOnOneInstance } from '../../../plugins/jobs.js';
import { users } from '../../../db/schema.js';
import { readSettings, reminderOff, saveSettings } from '../../../today/settings.js';
import { todayPlan } from '../../../today/plan.js';
import {
  REMINDER_EVERY_MS,
  REMINDER_OFF_PAGE,
  sendDueReminders,
  verifyUnsubscribeToken,
} from '../../../today/reminder.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Today's plan, its settings and the reminder (decision 019 "Today"); signed-in learners only. */
export const todayRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // Reminders go out from one instance per round (a lease in the shared store). Tests call the round
  // themselves, at the time they choose.
  if (app.config.NODE_ENV !== 'test') {
    const stop = everyOnOneInstance(
      { kv: app.kv, log: app.log },
      'today-reminder',
      REMINDER_EVERY_MS,
      async () => {
        const sent = await sendDueReminders({ db, mailer: app.mailer, config: app.config }, now());
        if (sent > 0) app.log.info({ sent }, 'daily reminders sent');
      },
    );
    app.addHook('onClose', async () => stop());
  }

  app.get(
    '/',
    {
      onRequest: app.requireUser,
      schema: { querystring: todayQuerySchema, response: { 200: todayResponseSchema } },
    },
    async (req) => {
      if (!req.user) throw new AppError(401, 'login_required');
      const settings = await readSettings(db, req.user, req.query.tz);
      return todayPlan(db, req.user, settings, now());
    },
  );

  app.put(
    '/settings',
    {
      onRequest: app.requireUser,
      schema: { body: todaySettingsBodySchema, response: { 200: todaySettingsResponseSchema } },
    },
    async (req) => {
      if (!req.user) throw new AppError(401, 'login_required');
      const body = req.body;
      if (body.exam_date !== null) {
        const ahead = daysBetween(dayInZone(now(), body.timezone), body.exam_date);
        if (ahead < 0 || ahead > TODAY_EXAM_MAX_DAYS_AHEAD)
          throw new AppError(400, 'validation_failed', undefined, {
            fields: [{ field: 'exam_date', code: ahead < 0 ? 'in_past' : 'too_far' }],
          });
      }
      if (body.reminder === 'push')
        // No web push yet (decision 019): refused rather than silently never sent.
        throw new AppError(400, 'validation_failed', undefined, {
          fields: [{ field: 'reminder', code: 'push_unavailable' }],
        });
      await saveSettings(db, req.user.id, body);
      const user = body.syllabus ? { ...req.user, syllabus: body.syllabus } : req.user;
      return { success: true as const, settings: await readSettings(db, user) };
    },
  );

  /** The signed link of a reminder mail: turns reminders off, no sign-in needed (the signature is the proof). */
  app.get(
    '/unsubscribe',
    { schema: { querystring: z.object({ token: z.string().max(200) }) } },
    async (req, reply) => {
      const userId = verifyUnsubscribeToken(app.config.jwtSecret, req.query.token);
      if (userId === null)
        throw new AppError(400, 'validation_failed', undefined, {
          fields: [{ field: 'token', code: 'invalid' }],
        });
      await reminderOff(db, userId);
      const [user] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
      const lang = pickLanguage(user?.language);
      const page = REMINDER_OFF_PAGE[lang];
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="${lang}"><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
            `<title>${escapeHtml(page.title)}</title><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.body)}</p></html>`,
        );
    },
  );
};
