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
