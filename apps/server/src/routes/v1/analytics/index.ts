import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANALYTICS_GOAL_NAMES, analyticsDays, analyticsQuery, analyticsReportSchema } from '@kouyu/core';
import type { ErrorCount, GoalDay } from '@kouyu/core';
import { readCounts } from '../../../analytics/counts.js';

/** `GET /admin/analytics` (admin only): daily counts of the three goals and failed calls by error code. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/analytics',
    { schema: { querystring: analyticsQuery, response: { 200: analyticsReportSchema } } },
    async (req) => {
      const { from, to } = req.query;
      // Errors gathered in memory since the last write are part of the answer.
      await app.errorCounter.flush();
      const [goalRows, errorRows] = await Promise.all([
        readCounts(db, 'goal', from, to),
        readCounts(db, 'error', from, to),
      ]);
      const byDay = new Map<string, GoalDay>(
        analyticsDays(from, to).map((day) => [day, { day, register: 0, upgrade: 0, first_test: 0 }]),
      );
      const totals = { register: 0, upgrade: 0, first_test: 0 };
      for (const r of goalRows) {
        const day = byDay.get(r.day);
        const goal = ANALYTICS_GOAL_NAMES.find((g) => g === r.name);
        if (!day || !goal) continue;
        day[goal] += r.count;
        totals[goal] += r.count;
      }
      const byCode = new Map<string, ErrorCount>();
      for (const r of errorRows) {
        const entry = byCode.get(r.name) ?? { code: r.name, total: 0, days: [] };
        entry.total += r.count;
        entry.days.push({ day: r.day, count: r.count });
        byCode.set(r.name, entry);
      }
      return {
        success: true as const,
        data: {
          from,
          to,
          goals: [...byDay.values()],
          totals,
          errors: [...byCode.values()].sort((a, b) => b.total - a.total || a.code.localeCompare(b.code)),
        },
      };
    },
  );
};
