import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CampusTexts } from '@kouyu/core';
import type { Db } from '../db/client.js';
import { campusCard, users } from '../db/schema.js';
import { errors } from '../lib/errors.js';

/** The card lives in one row. */
const CARD_ID = 1;

export interface CampusCardRow {
  code: string;
  texts: CampusTexts;
}

/** The campus card's code and texts, or null before an admin has set them up. */
export async function readCampusCard(db: Db): Promise<CampusCardRow | null> {
  const [row] = await db
    .select({ code: campusCard.code, texts: campusCard.texts })
    .from(campusCard)
    .where(eq(campusCard.id, CARD_ID));
  return row ?? null;
}

/** True when `code` (already upper-case) is the current campus invitation code. */
export async function isCampusCode(db: Db, code: string): Promise<boolean> {
  const card = await readCampusCard(db);
  return card !== null && card.code === code;
}

/**
 * Verified sign-ups through a campus code: accounts registered with it and no inviting learner
 * (a learner's share code sets `invited_by`; a campus code does not).
 */
export async function countCampusSignups(db: Db, code: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.invitedCode, code), isNull(users.invitedBy), isNotNull(users.emailVerifiedAt)));
  return row?.n ?? 0;
}

/** Saves the code and texts; a code that is some learner's share code is refused (it would be ambiguous). */
export async function saveCampusCard(db: Db, input: CampusCardRow): Promise<CampusCardRow> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.shareCode, input.code));
  if (owner) throw errors.conflict('campus_code_taken');
  const values = { id: CARD_ID, code: input.code, texts: input.texts, updatedAt: new Date() };
  await db
    .insert(campusCard)
    .values(values)
    .onConflictDoUpdate({
      target: campusCard.id,
      set: { code: values.code, texts: values.texts, updatedAt: values.updatedAt },
    });
  return { code: input.code, texts: input.texts };
}
