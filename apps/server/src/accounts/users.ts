import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import { USER_LEVELS, pickLanguage, plusStatus } from '@kouyu/core';
import type { StoredUser } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { pointsLedger, users } from '../db/schema.js';

export type UserRow = typeof users.$inferSelect;

/** argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Checks a password against its hash; false on any malformed hash. */
export async function checkPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A hash that never matches, so unknown e-mails cost the same time as known ones. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hash(randomBytes(16).toString('hex'));
  return decoy;
}

const SHARE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** An 8-character share code without look-alike characters. */
export function newShareCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => SHARE_ALPHABET[b % SHARE_ALPHABET.length]).join('');
}

/** Points balance: the sum of the ledger. */
export async function pointsOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${pointsLedger.delta}), 0)::int` })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId));
  return Number(row?.total ?? 0);
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

function level(value: string): StoredUser['user_level'] {
  return USER_LEVELS.find((l) => l === value) ?? 'basic';
}

/** The stored user of spec 000 §3, as the client keeps it. */
export async function toStoredUser(
  db: Db,
  row: UserRow,
): Promise<{ user: StoredUser; payment_expiration: string | null }> {
  const status = plusStatus(row.isOfficial, row.paymentExpiration);
  return {
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      username: row.username,
      is_official: row.isOfficial,
      is_vip: status.hasActivePlus,
      user_level: level(row.userLevel),
      point: await pointsOf(db, row.id),
      share_code: row.shareCode,
      invited_code: row.invitedCode,
      email_verified: row.emailVerifiedAt !== null,
      language: pickLanguage(row.language),
      settings: row.settings,
      created_at: row.createdAt.toISOString(),
      syllabus: row.syllabus,
    },
    payment_expiration: row.paymentExpiration ? row.paymentExpiration.toISOString() : null,
  };
}

/** A username derived from the e-mail, made unique with a suffix. */
export function usernameFor(email: string): string {
  const local =
    email
      .split('@')[0]
      ?.replace(/[^a-z0-9_.-]/gi, '')
      .slice(0, 24) || 'learner';
  return `${local}-${randomBytes(3).toString('hex')}`;
}
