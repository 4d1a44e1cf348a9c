import type { FastifyRequest } from 'fastify';
import { trackingRefused } from '@kouyu/core';
import type { AnalyticsGoal } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { bumpCount } from './counts.js';
import { forwardGoal } from './forward.js';

/** Whether a request asks not to be tracked (DNT: 1 or Sec-GPC: 1): then nothing is forwarded. */
export function forwardAllowed(req: FastifyRequest): boolean {
  const header = (name: string) => {
    const v = req.headers[name];
    return typeof v === 'string' ? v.trim() : null;
  };
  return !trackingRefused({ doNotTrack: header('dnt'), globalPrivacyControl: header('sec-gpc') });
}

/**
 * Counts one reached goal (spec 000 §1) under today's date. Nothing about who reached it is kept.
 * The bare count is also sent to a configured self-hosted instance unless `forward` is false (the
 * learner's browser asked not to be tracked). A failure never fails the learner's action.
 */
export async function recordGoal(
  db: Db,
  goal: AnalyticsGoal,
  opts: { forward?: boolean } = {},
): Promise<void> {
  try {
    await bumpCount(db, 'goal', goal);
  } catch (err) {
    console.error(`analytics: goal ${goal} not counted: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  if (opts.forward !== false) void forwardGoal(db, goal);
}
