import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { REDEEM_CODE_LENGTH, formatRedeemCode, redeemCodesCsv } from '@kouyu/core';
import type { RedeemBatch, RedeemCode } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { redeemBatches, redeemCodes, users } from '../db/schema.js';
import { AppError, errors } from '../lib/errors.js';
import { addDays } from './ledger.js';

// No look-alike characters (0/O, 1/I/L), so a code read aloud or copied from paper still works.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A random code of `REDEEM_CODE_LENGTH` characters (about 59 bits). */
export function newRedeemCode(): string {
  const bytes = randomBytes(REDEEM_CODE_LENGTH);
  // 256 is not a multiple of 31: the slight bias costs well under a bit of the 59.
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

type BatchRow = typeof redeemBatches.$inferSelect;

async function batchView(db: Db, batch: BatchRow): Promise<RedeemBatch> {
  const [c] = await db
    .select({
      used: sql<number>`count(${redeemCodes.usedAt})::int`,
      revoked: sql<number>`count(${redeemCodes.revokedAt})::int`,
    })
    .from(redeemCodes)
    .where(eq(redeemCodes.batchId, batch.id));
  return {
    id: batch.id,
    days: batch.days,
    count: batch.count,
    used: Number(c?.used ?? 0),
    revoked: Number(c?.revoked ?? 0),
    expires_at: batch.expiresAt?.toISOString() ?? null,
    note: batch.note,
    created_at: batch.createdAt.toISOString(),
  };
}

/** Creates a batch of one-use codes worth `days` each; returns the batch and its codes. */
export async function createBatch(
  db: Db,
  input: {
    days: number;
    count: number;
    expiresAt: Date | null;
    note: string | null;
    createdBy: number | null;
  },
): Promise<{ batch: RedeemBatch; codes: string[] }> {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(redeemBatches)
      .values({
        days: input.days,
        count: input.count,
        expiresAt: input.expiresAt,
        note: input.note,
        createdBy: input.createdBy,
      })
      .returning();
    if (!batch) throw new Error('batch not created');
    const codes = new Set<string>();
    while (codes.size < input.count) codes.add(newRedeemCode());
    // A clash with an older code (about 2^-59 each) fails the insert and so the whole batch: try again.
    await tx.insert(redeemCodes).values([...codes].map((code) => ({ batchId: batch.id, code })));
    return { batch: await batchView(tx, batch), codes: [...codes].map(formatRedeemCode) };
  });
}

export async function listBatches(db: Db): Promise<RedeemBatch[]> {
  const rows = await db.select().from(redeemBatches).orderBy(desc(redeemBatches.id)).limit(200);
  return Promise.all(rows.map((b) => batchView(db, b)));
}

/** One batch with each code and who used it. */
export async function batchDetail(db: Db, id: number): Promise<{ batch: RedeemBatch; codes: RedeemCode[] }> {
  const [batch] = await db.select().from(redeemBatches).where(eq(redeemBatches.id, id));
  if (!batch) throw errors.notFound();
  const rows = await db
    .select({ c: redeemCodes, email: users.email })
    .from(redeemCodes)
    .leftJoin(users, eq(users.id, redeemCodes.usedBy))
    .where(eq(redeemCodes.batchId, id))
    .orderBy(redeemCodes.id);
  return {
    batch: await batchView(db, batch),
    codes: rows.map(({ c, email }) => ({
      id: c.id,
      code: formatRedeemCode(c.code),
      used_at: c.usedAt?.toISOString() ?? null,
      used_by: c.usedAt ? (email ?? '(deleted account)') : null,
      revoked_at: c.revokedAt?.toISOString() ?? null,
    })),
  };
}

/** The batch as CSV (core's `redeemCodesCsv`), for printing or mailing out. */
export async function batchCsv(db: Db, id: number): Promise<string> {
  const { batch, codes } = await batchDetail(db, id);
  return redeemCodesCsv(batch, codes);
}

/** Revokes the unused codes of a batch, or only the given codes of it; used codes stay as they are. */
export async function revokeCodes(db: Db, batchId: number, codeIds?: number[]): Promise<number> {
  const rows = await db
    .update(redeemCodes)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(redeemCodes.batchId, batchId),
        isNull(redeemCodes.usedAt),
        isNull(redeemCodes.revokedAt),
        codeIds ? inArray(redeemCodes.id, codeIds) : undefined,
      ),
    )
    .returning({ id: redeemCodes.id });
  return rows.length;
}

/**
 * Redeems a normalised code for a user in one transaction. The code is taken by a conditional update
 * (`used_at is null`), so of two redeems of one code exactly one wins, on PGlite and PostgreSQL alike.
 */
export async function redeemCode(db: Db, userId: number, code: string, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ c: redeemCodes, b: redeemBatches })
      .from(redeemCodes)
      .innerJoin(redeemBatches, eq(redeemBatches.id, redeemCodes.batchId))
      .where(eq(redeemCodes.code, code));
    if (!found) throw errors.notFound('redeem_code_unknown');
    if (found.c.revokedAt) throw new AppError(410, 'redeem_code_revoked');
    if (found.c.usedAt) throw errors.conflict('redeem_code_used');
    if (found.b.expiresAt && found.b.expiresAt <= now) throw new AppError(410, 'redeem_code_expired');
    const [taken] = await tx
      .update(redeemCodes)
      .set({ usedBy: userId, usedAt: now })
      .where(and(eq(redeemCodes.id, found.c.id), isNull(redeemCodes.usedAt), isNull(redeemCodes.revokedAt)))
      .returning();
    if (!taken) throw errors.conflict('redeem_code_used');
    await addDays(
      tx,
      { userId, kind: 'code', days: found.b.days, ref: `code:${found.c.id}`, clamp: false },
      now,
    );
    return { days: found.b.days };
  });
}
