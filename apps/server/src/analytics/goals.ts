import type { AnalyticsGoal } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { bumpCount } from './counts.js';
import { forwardGoal } from './forward.js';

/**
 * Counts one reached goal (spec 000 §1) under today's date. Nothing about who reached it is kept.
 * A failure to count never fails the learner's action: it is logged and swallowed.
 */
export async function recordGoal(db: Db, goal: AnalyticsGoal): Promise<void> {
  try {
    await bumpCount(db, 'goal', goal);
  } catch (err) {
    console.error(`analytics: goal ${goal} not counted: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  void forwardGoal(db, goal);
}
