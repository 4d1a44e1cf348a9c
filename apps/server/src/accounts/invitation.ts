/**
 * The invitation bonus (spec 000: points to both sides), paid when the invited learner did something
 * real: their first saved test (analytics goal 3), not a mere verified sign-up. An inviter earns at
 * most INVITATION_BONUSES_PER_MONTH a month, and invitees finishing from one address make a cluster
 * the admin is shown (`invitation_clusters`, GET /admin/invitation-clusters) and told of in the log (a
 * class behind one school router is one too, so it is not refused).
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { INVITATION_BONUSES_PER_MONTH, INVITATION_BONUS_POINTS, INVITATION_CLUSTER_SIZE } from '@kouyu/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { invitationClusters, pointsLedger } from '../db/schema.js';
import type { Kv } from '../plugins/kv.js';
import type { UserRow } from './users.js';

const MONTH_MS = 31 * 24 * 60 * 60 * 1000;

export interface InvitationDeps {
  db: Db;
  kv: Kv;
  log: FastifyBaseLogger;
}

/** The start of the UTC calendar month of `now`. */
function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Pays the bonus of an invited learner's first saved test, from `address`: the learner's own, and the
 * inviter's within the monthly cap. Paid once: the ledger's `ref` says for whom.
 * Returns what was paid.
 */
export async function payInvitationBonus(
  deps: InvitationDeps,
  learner: Pick<UserRow, 'id' | 'invitedBy'>,
  address: string,
  now = new Date(),
): Promise<{ learner: boolean; inviter: boolean }> {
  const { db } = deps;
  // A campus code's bonus (no inviting learner) is the student's own, paid at verification.
  const inviter = learner.invitedBy;
  if (!inviter) return { learner: false, inviter: false };
  // Two first results at once: one pays.
  if ((await deps.kv.incr(`invited-paying:${learner.id}`, 60_000)) > 1)
    return { learner: false, inviter: false };
  const [paid] = await db
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, learner.id), eq(pointsLedger.reason, 'invited_bonus')));
  if (paid) return { learner: false, inviter: false };
  await db.insert(pointsLedger).values({
    userId: learner.id,
    delta: INVITATION_BONUS_POINTS,
    reason: 'invited_bonus',
    ref: `user:${inviter}`,
  });

  const month = monthStart(now);
  const clusterKey = `invite-cluster:${inviter}:${month.getTime()}:${address}`;
  const fromAddress = await deps.kv.incr(clusterKey, MONTH_MS);
  if (fromAddress >= INVITATION_CLUSTER_SIZE) {
    deps.log.warn({ inviter, invitee: learner.id, address, invitees: fromAddress }, 'invitation cluster');
    await db
      .insert(invitationClusters)
      .values({ inviterId: inviter, month, address, invitees: fromAddress })
      .onConflictDoUpdate({
        target: [invitationClusters.inviterId, invitationClusters.month, invitationClusters.address],
        set: { invitees: fromAddress, updatedAt: now },
      });
  }
  const [earned] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.userId, inviter),
        eq(pointsLedger.reason, 'invitation_bonus'),
        gte(pointsLedger.createdAt, month),
      ),
    );
  if ((earned?.n ?? 0) >= INVITATION_BONUSES_PER_MONTH) return { learner: true, inviter: false };
  await db.insert(pointsLedger).values({
    userId: inviter,
    delta: INVITATION_BONUS_POINTS,
    reason: 'invitation_bonus',
    ref: `user:${learner.id}`,
  });
  return { learner: true, inviter: true };
}
