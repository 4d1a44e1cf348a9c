import { eq } from 'drizzle-orm';
import { VIP_GRACE_MS, extendExpiry } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { membershipChanges, users } from '../db/schema.js';
import { errors } from '../lib/errors.js';
import { forgetUser } from '../accounts/user-cache.js';

const DAY_MS = 24 * 3600 * 1000;
/**
 * Furthest a membership may run: a little inside the 5-year window in which core's `parseExpiration`
 * accepts an expiry, so a long membership is never read as "date out of range".
 */
export const MEMBERSHIP_HORIZON_MS = 5 * 365 * DAY_MS;

/** A database transaction (or the database itself: both run queries the same way). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type ChangeKind = (typeof membershipChanges.$inferSelect)['kind'];

export interface Change {
  userId: number;
  kind: ChangeKind;
  days: number;
  ref: string | null;
  /** Paid changes are clamped to the horizon; unpaid ones (codes, points) are refused past it. */
  clamp: boolean;
}

async function lockUser(tx: Tx, userId: number) {
  // FOR UPDATE serialises concurrent changes of one membership (two payments, a code and points).
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw errors.notFound();
  return row;
}

/**
 * Adds days of Plus inside the caller's transaction: renewing adds to the current expiry while it lies
 * ahead (spec 000 §4), and every change is written to the ledger. Returns the new expiry.
 */
export async function addDays(tx: Tx, change: Change, now: Date = new Date()): Promise<Date> {
  const user = await lockUser(tx, change.userId);
  const current = user.isOfficial ? user.paymentExpiration : null;
  let next = extendExpiry(current, change.days, now);
  const horizon = new Date(now.getTime() + MEMBERSHIP_HORIZON_MS);
  if (next > horizon) {
    if (!change.clamp) throw errors.conflict('membership_limit_reached');
    next = horizon;
  }
  await tx
    .update(users)
    .set({ isOfficial: true, paymentExpiration: next, updatedAt: now })
    .where(eq(users.id, user.id));
  forgetUser(user.id);
  await tx.insert(membershipChanges).values({
    userId: user.id,
    kind: change.kind,
    days: change.days,
    previousExpiry: user.paymentExpiration,
    newExpiry: next,
    ref: change.ref,
  });
  return next;
}

/** True when adding days now would pass the horizon (checked before a checkout starts). */
export async function wouldPassHorizon(db: Db, userId: number, days: number, now: Date = new Date()) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return false;
  const next = extendExpiry(user.isOfficial ? user.paymentExpiration : null, days, now);
  return next.getTime() > now.getTime() + MEMBERSHIP_HORIZON_MS;
}

/**
 * Takes days off the end of a membership (a refund), never earlier than now: the membership ends at
 * once when fewer days are left than are taken. Returns the new expiry.
 */
export async function removeDays(
  tx: Tx,
  change: { userId: number; days: number; ref: string },
  now: Date = new Date(),
): Promise<Date | null> {
  const user = await lockUser(tx, change.userId);
  const current = user.paymentExpiration;
  if (!current || current <= now) return current;
  const cut = current.getTime() - change.days * DAY_MS;
  // Ending: put the expiry behind the 60 s grace so the status reads expired at once.
  const shortened = new Date(cut > now.getTime() ? cut : now.getTime() - VIP_GRACE_MS);
  await tx.update(users).set({ paymentExpiration: shortened, updatedAt: now }).where(eq(users.id, user.id));
  forgetUser(user.id);
  await tx.insert(membershipChanges).values({
    userId: user.id,
    kind: 'refund',
    days: -change.days,
    previousExpiry: current,
    newExpiry: shortened,
    ref: change.ref,
  });
  return shortened;
}

/** Writes an admin's direct change of an expiry to the ledger (days: the whole days it moved). */
export async function recordAdminChange(
  db: Db,
  change: { userId: number; adminId: number | null; before: Date | null; after: Date | null },
  now: Date = new Date(),
) {
  const from = Math.max(change.before?.getTime() ?? now.getTime(), now.getTime());
  const to = change.after?.getTime() ?? now.getTime();
  await db.insert(membershipChanges).values({
    userId: change.userId,
    kind: 'admin',
    days: Math.round((to - from) / DAY_MS),
    previousExpiry: change.before,
    newExpiry: change.after,
    ref: change.adminId ? `admin:${change.adminId}` : 'admin',
  });
}
