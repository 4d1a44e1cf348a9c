import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Language } from '@kouyu/core';
import { errors } from '../lib/errors.js';
import { users } from '../db/schema.js';
import { isCampusCode } from '../campus-card/store.js';
import { isVerificationBlocked } from './codes.js';
import { sendCode } from './session.js';
import type { SendResult } from './session.js';
import { forgetUser } from './user-cache.js';
import { checkPassword, findUserByEmail, hashPassword, newShareCode, usernameFor } from './users.js';

export interface Registration {
  email: string;
  password: string;
  invited_code?: string | undefined;
  language?: Language | undefined;
}

/** The inviting learner of a code (null for a school's campus code); throws on an unknown code. */
async function inviterOf(app: FastifyInstance, code: string, selfId?: number): Promise<number | null> {
  const [owner] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.shareCode, code));
  if (owner && owner.id !== selfId) return owner.id;
  // A school's campus code (the campus card's QR) is an invitation without an inviting learner.
  if (await isCampusCode(app.database.db, code)) return null;
  throw errors.badRequest('invalid_invitation_code');
}

/**
 * Registers an e-mail (spec 000 §7) and mails its verification code. A verified e-mail is a 409. An
 * e-mail registered but not verified yet keeps the password it was first registered with, whatever a
 * later registration sends: anyone can register any address, and whoever did it second must not choose
 * the password the owner's verification then makes real (decision 023). A later registration only sends
 * the code again; one that knows the stored password may also change the invitation and language. To
 * choose another password the owner proves the mailbox first: the reset flow.
 */
export async function register(
  app: FastifyInstance,
  input: Registration,
  address: string,
): Promise<SendResult> {
  const db = app.database.db;
  const { email, password, invited_code, language } = input;
  const existing = await findUserByEmail(db, email);
  if (existing?.emailVerifiedAt) throw errors.conflict('email_exists');
  if (existing && (await isVerificationBlocked(app.kv, existing.id, address)))
    throw errors.tooMany('email_blocked', 0);
  const inviter = invited_code ? await inviterOf(app, invited_code, existing?.id) : null;
  let user = existing;
  if (!user) {
    [user] = await db
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword(password),
        username: usernameFor(email),
        shareCode: newShareCode(),
        invitedCode: invited_code ?? null,
        invitedBy: inviter,
        language: language ?? 'en',
      })
      .returning();
  } else if (await checkPassword(user.passwordHash, password)) {
    const id = user.id;
    // The same person again (the right password): a lost code, an invitation added afterwards.
    [user] = await db
      .update(users)
      .set({
        invitedCode: invited_code ?? user.invitedCode,
        invitedBy: invited_code ? inviter : user.invitedBy,
        language: language ?? user.language,
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    forgetUser(id);
  }
  if (!user) throw new Error('user row missing after write');
  return sendCode(app, user, 'verify', address, language);
}
