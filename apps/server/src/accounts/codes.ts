import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_COOLDOWN_S,
  CODE_TTL_S,
  VERIFICATION_BLOCK_AFTER,
  VERIFICATION_BLOCK_S,
} from '@kouyu/core';
import type { Db } from '../db/client.js';
import { emailCodes } from '../db/schema.js';
import type { Kv } from '../plugins/kv.js';

export type CodePurpose = 'verify' | 'reset';

function digest(secret: string, code: string): string {
  return createHmac('sha256', secret).update(code).digest('hex');
}

/** Seconds until another code may be sent to this user for this purpose (0 when it may). */
export async function codeCooldown(db: Db, userId: number, purpose: CodePurpose): Promise<number> {
  const [last] = await db
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!last) return 0;
  const elapsed = (Date.now() - last.createdAt.getTime()) / 1000;
  return Math.max(0, Math.ceil(CODE_RESEND_COOLDOWN_S - elapsed));
}

/** Issues a fresh 6-digit code (earlier unused codes of the same purpose stop working); only its HMAC is stored. */
export async function issueCode(
  db: Db,
  secret: string,
  userId: number,
  purpose: CodePurpose,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .update(emailCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)),
    );
  await db.insert(emailCodes).values({
    userId,
    purpose,
    codeHash: digest(secret, code),
    expiresAt: new Date(Date.now() + CODE_TTL_S * 1000),
  });
  return code;
}

// Blocks are per user AND address (decision 012): wrong codes sent from an attacker's address for
// someone else's account block that address for that account, never the owner's own.
const blockKey = (userId: number, address: string) => `verify-block:${userId}:${address}`;
const failKey = (userId: number, address: string) => `verify-fail:${userId}:${address}`;

/** True while a user may not verify codes from this address (too many wrong codes from it within a day). */
export async function isVerificationBlocked(kv: Kv, userId: number, address: string): Promise<boolean> {
  return (await kv.get(blockKey(userId, address))) !== null;
}

/** Lifts every block of a user's codes on the given address (a successful reset from it). */
export async function clearVerificationBlock(kv: Kv, userId: number, address: string): Promise<void> {
  await kv.del(blockKey(userId, address));
  await kv.del(failKey(userId, address));
}

export type CheckResult =
  | { ok: true }
  | { ok: false; error: 'invalid_code'; attemptsLeft: number }
  | { ok: false; error: 'code_expired' | 'max_verification_attempts' };

/**
 * Checks a code: each wrong try counts against the code and against the daily allowance of this user
 * from this address.
 */
export async function checkCode(
  db: Db,
  kv: Kv,
  secret: string,
  userId: number,
  purpose: CodePurpose,
  code: string,
  address: string,
): Promise<CheckResult> {
  if (await isVerificationBlocked(kv, userId, address))
    return { ok: false, error: 'max_verification_attempts' };
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  const usable =
    row !== undefined && row.expiresAt.getTime() > Date.now() && row.attempts < CODE_MAX_ATTEMPTS;
  if (usable) {
    const given = Buffer.from(digest(secret, code), 'hex');
    const stored = Buffer.from(row.codeHash, 'hex');
    if (given.length === stored.length && timingSafeEqual(given, stored)) {
      await db.update(emailCodes).set({ consumedAt: new Date() }).where(eq(emailCodes.id, row.id));
      await kv.del(failKey(userId, address));
      return { ok: true };
    }
    await db
      .update(emailCodes)
      .set({ attempts: row.attempts + 1 })
      .where(eq(emailCodes.id, row.id));
  }
  // Every wrong guess counts towards the daily allowance, even against a spent or expired code.
  const fails = await kv.incr(failKey(userId, address), VERIFICATION_BLOCK_S * 1000);
  if (fails >= VERIFICATION_BLOCK_AFTER) {
    await kv.set(blockKey(userId, address), '1', VERIFICATION_BLOCK_S * 1000);
    return { ok: false, error: 'max_verification_attempts' };
  }
  if (!usable) return { ok: false, error: 'code_expired' };
  return {
    ok: false,
    error: 'invalid_code',
    attemptsLeft: Math.max(0, CODE_MAX_ATTEMPTS - row.attempts - 1),
  };
}
