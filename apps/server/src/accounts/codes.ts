import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  CODE_GUESS_LIMIT,
  CODE_LIVE_MAX,
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

/** The unspent codes of a user and purpose that a guess may still hit, newest first. */
async function liveCodes(db: Db, userId: number, purpose: CodePurpose) {
  return db
    .select()
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.userId, userId),
        eq(emailCodes.purpose, purpose),
        isNull(emailCodes.consumedAt),
        gt(emailCodes.expiresAt, new Date()),
        lt(emailCodes.attempts, CODE_GUESS_LIMIT),
      ),
    )
    .orderBy(desc(emailCodes.createdAt))
    .limit(CODE_LIVE_MAX);
}

/**
 * Seconds until another code may be sent to this user for this purpose (0 when it may): one mail a
 * minute while the last code can still be used. A code spent by others' wrong guesses holds nobody
 * back: its owner may ask for a fresh one at once.
 */
export async function codeCooldown(db: Db, userId: number, purpose: CodePurpose): Promise<number> {
  const [last] = await liveCodes(db, userId, purpose);
  if (!last) return 0;
  const elapsed = (Date.now() - last.createdAt.getTime()) / 1000;
  return Math.max(0, Math.ceil(CODE_RESEND_COOLDOWN_S - elapsed));
}

/**
 * Issues a fresh 6-digit code; only its HMAC is stored. Earlier unspent codes keep working until they
 * expire: a code someone else asked for must not take away the one in the owner's mailbox.
 */
export async function issueCode(
  db: Db,
  secret: string,
  userId: number,
  purpose: CodePurpose,
): Promise<{ code: string; id: number }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const [row] = await db
    .insert(emailCodes)
    .values({
      userId,
      purpose,
      codeHash: digest(secret, code),
      expiresAt: new Date(Date.now() + CODE_TTL_S * 1000),
    })
    .returning({ id: emailCodes.id });
  if (!row) throw new Error('code row missing after insert');
  return { code, id: row.id };
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

/** Wrong tries of one address at a user's newest code: others' tries never spend the owner's. */
const triesKey = (userId: number, codeId: number, address: string) =>
  `code-tries:${userId}:${codeId}:${address}`;

/**
 * Checks a code against the user's latest live codes (decision 023). A wrong try counts three times:
 * against this address's tries at the newest code (CODE_MAX_ATTEMPTS, then this address must ask for a
 * fresh code), against every live code's total (CODE_GUESS_LIMIT from all addresses, then the code is
 * spent and its owner may ask for a fresh one at once), and against this address's daily allowance
 * for the user (VERIFICATION_BLOCK_AFTER, then the address is blocked for the day).
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
  const live = await liveCodes(db, userId, purpose);
  const newest = live[0];
  // Counted before the comparison, so tries sent at once cannot all read the same count.
  const tries = newest ? await kv.incr(triesKey(userId, newest.id, address), CODE_TTL_S * 1000) : 0;
  const usable = newest !== undefined && tries <= CODE_MAX_ATTEMPTS;
  if (usable) {
    const given = Buffer.from(digest(secret, code), 'hex');
    const hit = live.find((row) => {
      const stored = Buffer.from(row.codeHash, 'hex');
      return given.length === stored.length && timingSafeEqual(given, stored);
    });
    if (hit) {
      // One code used ends them all: the account is proved.
      await db
        .update(emailCodes)
        .set({ consumedAt: new Date() })
        .where(
          and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)),
        );
      await kv.del(failKey(userId, address));
      return { ok: true };
    }
    await db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(
        inArray(
          emailCodes.id,
          live.map((row) => row.id),
        ),
      );
  }
  // Every wrong guess counts towards the daily allowance, even against a spent or expired code.
  const fails = await kv.incr(failKey(userId, address), VERIFICATION_BLOCK_S * 1000);
  if (fails >= VERIFICATION_BLOCK_AFTER) {
    await kv.set(blockKey(userId, address), '1', VERIFICATION_BLOCK_S * 1000);
    return { ok: false, error: 'max_verification_attempts' };
  }
  if (!usable) return { ok: false, error: 'code_expired' };
  return { ok: false, error: 'invalid_code', attemptsLeft: Math.max(0, CODE_MAX_ATTEMPTS - tries) };
}
