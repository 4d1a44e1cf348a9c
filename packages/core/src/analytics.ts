/**
 * Analytics (spec 000 §1): the three goals, counted per day on the server with no personal data, and the
 * admin's view of them (`GET /api/v1/admin/analytics`).
 */
import { z } from 'zod';

/** Goals by name: 1 register, 2 upgrade to Plus, 3 first test completed (spec 000 §1). */
export const ANALYTICS_GOAL_NAMES = ['register', 'upgrade', 'first_test'] as const;
export const analyticsGoalSchema = z.enum(ANALYTICS_GOAL_NAMES);
export type AnalyticsGoal = z.infer<typeof analyticsGoalSchema>;

/** The spec's goal number of each goal name. */
export const ANALYTICS_GOAL_NUMBER: Record<AnalyticsGoal, 1 | 2 | 3> = {
  register: 1,
  upgrade: 2,
  first_test: 3,
};

/** The UTC day (YYYY-MM-DD) a moment is counted under. */
export function analyticsDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The longest span `GET /admin/analytics` answers, in days. */
export const ANALYTICS_MAX_DAYS = 366;
/** The span the admin overview shows unless asked otherwise, in days. */
export const ANALYTICS_DEFAULT_DAYS = 30;

const DAY_MS = 24 * 3600 * 1000;
const dayString = z.iso.date();

/** Every day from `from` to `to` (inclusive), oldest first. */
export function analyticsDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    days.push(analyticsDay(new Date(t)));
  }
  return days;
}

/** Query of `GET /admin/analytics`: two UTC days; by default the last 30 days up to today. */
export const analyticsQuery = z
  .object({ from: dayString.optional(), to: dayString.optional() })
  .transform((q, ctx) => {
    const to = q.to ?? analyticsDay(new Date());
    const from =
      q.from ?? analyticsDay(new Date(Date.parse(`${to}T00:00:00Z`) - (ANALYTICS_DEFAULT_DAYS - 1) * DAY_MS));
    const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    if (span < 1) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from_after_to' });
    else if (span > ANALYTICS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'range_too_long' });
    return { from, to };
  });
export type AnalyticsQuery = z.input<typeof analyticsQuery>;

/** One day of the three goals. */
export const goalDaySchema = z.object({
  day: z.string(),
  register: z.number().int(),
  upgrade: z.number().int(),
  first_test: z.number().int(),
});
export type GoalDay = z.infer<typeof goalDaySchema>;

/** Failed API calls (not 401) of one error code: the total and the days it happened. */
export const errorCountSchema = z.object({
  code: z.string(),
  total: z.number().int(),
  days: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type ErrorCount = z.infer<typeof errorCountSchema>;

/** `GET /admin/analytics`: every day of the span (zeros included) and errors by code, most first. */
export const analyticsReportSchema = z.object({
  success: z.literal(true),
  data: z.object({
    from: z.string(),
    to: z.string(),
    goals: z.array(goalDaySchema),
    totals: z.object({ register: z.number().int(), upgrade: z.number().int(), first_test: z.number().int() }),
    errors: z.array(errorCountSchema),
  }),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>['data'];

/** Whether the browser asks not to be tracked (Do-Not-Track or Global Privacy Control). */
export function trackingRefused(signals: {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean | string | null;
}): boolean {
  const gpc = signals.globalPrivacyControl;
  return signals.doNotTrack === '1' || signals.doNotTrack === 'yes' || gpc === true || gpc === '1';
}
