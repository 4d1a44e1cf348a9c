import { and, desc, eq, sql } from 'drizzle-orm';
import { pickLanguage } from '@kouyu/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { paymentEvents, payments, users } from '../db/schema.js';
import { errors } from '../lib/errors.js';
import type { Mailer } from '../plugins/mail.js';
import { recordGoal } from '../analytics/goals.js';
import { addDays, removeDays } from './ledger.js';
import type { Tx } from './ledger.js';
import { majorUnits } from './plans.js';
import type { ProviderEvent } from './providers.js';
import { renderReceipt } from './receipt.js';

export type ApplyOutcome = 'applied' | 'duplicate' | 'ignored';

/** Records the event id first: a second delivery of the same event finds it and changes nothing. */
async function firstTime(tx: Tx, provider: string, eventId: string, type: string): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values({ provider, eventId, type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.eventId });
  return rows.length > 0;
}

type PaidEvent = Extract<ProviderEvent, { kind: 'paid' }>;

async function applyPaid(tx: Tx, provider: string, e: PaidEvent, now: Date) {
  // A signed event naming no account of ours is refused (and the event id rolled back with it).
  const [known] = await tx.select({ id: users.id }).from(users).where(eq(users.id, e.userId));
  if (!known) throw errors.badRequest('webhook_event_invalid');
  // The row the checkout wrote is kept (its plan and days were chosen by the server); an event for a
  // checkout this server never saw is taken from the signed metadata.
  await tx
    .insert(payments)
    .values({
      userId: e.userId,
      provider,
      providerRef: e.checkoutRef,
      plan: e.plan,
      days: e.days,
      amount: e.amount,
      currency: e.currency,
    })
    .onConflictDoNothing();
  // Only a pending payment turns paid: a second event about the same checkout (completed, then
  // async success) finds it paid already and adds nothing.
  const [paid] = await tx
    .update(payments)
    .set({ status: 'paid', paidAt: now, paymentRef: e.paymentRef, amount: e.amount, currency: e.currency })
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.providerRef, e.checkoutRef),
        eq(payments.status, 'pending'),
      ),
    )
    .returning();
  if (!paid) return null;
  const expires = await addDays(
    tx,
    {
      userId: paid.userId,
      kind: 'payment',
      days: paid.days,
      ref: `${provider}:${paid.providerRef}`,
      clamp: true,
    },
    now,
  );
  return { payment: paid, expires };
}

type RefundEvent = Extract<ProviderEvent, { kind: 'refunded' }>;

async function applyRefund(tx: Tx, provider: string, e: RefundEvent, now: Date): Promise<boolean> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.paymentRef, e.paymentRef)))
    .for('update');
  // A refund that overtakes its payment event: refuse it (rolling back the event id) so the provider
  // delivers it again once the payment is known, instead of losing it.
  if (!payment || payment.status === 'pending') throw errors.conflict('payment_not_found');
  const newly = e.amountRefunded - payment.amountRefunded;
  if (newly <= 0) return false;
  const total = e.amount > 0 ? e.amount : payment.amount;
  const full = e.amountRefunded >= total;
  await tx
    .update(payments)
    .set({ amountRefunded: e.amountRefunded, status: full ? 'refunded' : 'partially_refunded' })
    .where(eq(payments.id, payment.id));
  // The refunded share of the days this payment gave is taken off (decision 014).
  const days = full
    ? payment.days - Math.round((payment.days * payment.amountRefunded) / total)
    : Math.round((payment.days * newly) / total);
  if (days > 0)
    await removeDays(
      tx,
      { userId: payment.userId, days, ref: `${provider}:${payment.providerRef}:refund` },
      now,
    );
  return true;
}

/**
 * Applies one verified provider event in one transaction: the event id, the payment row and the
 * membership change commit together or not at all. Sends the receipt after the commit.
 */
export async function applyProviderEvent(
  deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger },
  provider: string,
  event: ProviderEvent,
  now: Date = new Date(),
): Promise<ApplyOutcome> {
  const result = await deps.db.transaction(async (tx) => {
    if (!(await firstTime(tx, provider, event.eventId, event.kind === 'ignored' ? event.type : event.kind)))
      return { outcome: 'duplicate' as const, paid: null };
    if (event.kind === 'paid') {
      const paid = await applyPaid(tx, provider, event, now);
      return { outcome: paid ? ('applied' as const) : ('ignored' as const), paid };
    }
    if (event.kind === 'unpaid') {
      // Only a pending checkout closes: an expiry can never undo a payment already counted.
      const closed = await tx
        .update(payments)
        .set({ status: 'unpaid' })
        .where(
          and(
            eq(payments.provider, provider),
            eq(payments.providerRef, event.checkoutRef),
            eq(payments.status, 'pending'),
          ),
        )
        .returning({ id: payments.id });
      return { outcome: closed.length > 0 ? ('applied' as const) : ('ignored' as const), paid: null };
    }
    if (event.kind === 'refunded') {
      return {
        outcome: (await applyRefund(tx, provider, event, now)) ? ('applied' as const) : ('ignored' as const),
        paid: null,
      };
    }
    return { outcome: 'ignored' as const, paid: null };
  });
  if (result.paid) {
    await recordGoal(deps.db, 'upgrade');
    await sendReceipt(deps, result.paid.payment, result.paid.expires);
  }
  return result.outcome;
}

async function sendReceipt(
  deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger },
  payment: typeof payments.$inferSelect,
  expires: Date,
) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, payment.userId));
  if (!user) return;
  const mail = renderReceipt(pickLanguage(user.language), {
    days: payment.days,
    amount: majorUnits(payment.amount, payment.currency),
    currency: payment.currency,
    expires,
    ref: payment.providerRef,
  });
  // The membership is already granted; a mail failure is logged, never undone into a webhook retry.
  await deps.mailer.send({ to: user.email, ...mail, purpose: 'receipt' }).catch((err: unknown) => {
    deps.log.error({ err, payment: payment.id }, 'receipt mail failed');
  });
}

/** Records a started checkout as pending, so the webhook finds the plan the server chose. */
export async function recordCheckout(
  db: Db,
  row: {
    userId: number;
    provider: string;
    providerRef: string;
    plan: string;
    days: number;
    amount: number;
    currency: string;
  },
) {
  await db.insert(payments).values(row).onConflictDoNothing();
}

/** Payments for the admin list, newest first, with the payer's e-mail. */
export async function listPayments(
  db: Db,
  opts: { page: number; pageSize: number; userId?: number | undefined },
) {
  const where = opts.userId ? eq(payments.userId, opts.userId) : undefined;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(where);
  const rows = await db
    .select({ p: payments, email: users.email })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(where)
    .orderBy(desc(payments.id))
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);
  return { total: Number(count?.n ?? 0), rows };
}
