import { eq, sql } from 'drizzle-orm';
import { errorMessage } from '@kouyu/core';
import type { MembershipPlan } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { pointsLedger, users } from '../db/schema.js';
import { AppError } from '../lib/errors.js';
import { addDays } from './ledger.js';

/**
 * Spends points on a plan through the points ledger, in one transaction with the membership change.
 * The user's row is locked first, so two spends at once cannot both read the same balance.
 */
export async function spendPoints(db: Db, userId: number, plan: MembershipPlan, now: Date = new Date()) {
  const cost = plan.points;
  if (cost === null) throw new AppError(503, 'points_unavailable');
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [row] = await tx
      .select({ total: sql<number>`coalesce(sum(${pointsLedger.delta}), 0)::int` })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, userId));
    const balance = Number(row?.total ?? 0);
    if (balance < cost)
      throw new AppError(400, 'not_enough_points', errorMessage('not_enough_points', { cost }), undefined, {
        cost,
        balance,
      });
    await tx
      .insert(pointsLedger)
      .values({ userId, delta: -cost, reason: 'plus_days', ref: `plan:${plan.id}` });
    await addDays(tx, { userId, kind: 'points', days: plan.days, ref: `points:${cost}`, clamp: false }, now);
    return { days: plan.days, cost };
  });
}
