import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { emailCodes } from '../db/schema.js';
import { AppError } from '../lib/errors.js';
import type { AuthData, Language } from '@kouyu/core';
import { CODE_ISSUE_MAX_PER_DAY, pickLanguage } from '@kouyu/core';
import { codeCooldown, issueCode } from './codes.js';
import type { CodePurpose } from './codes.js';
import { knownAddress } from './lockout.js';
import { renderMail } from './mail-templates.js';
import {
  issueRefreshToken,
  revokeAllForUser,
  revokeFamily,
  revokeFamilyById,
  revokeOtherFamilies,
  signAccessToken,
} from './tokens.js';
import { toStoredUser } from './users.js';
import type { UserRow } from './users.js';

/** Signs a user in: a new access token and a new refresh-token family the access token names. */
export async function startSession(
  app: FastifyInstance,
  user: UserRow,
  familyId: string = randomUUID(),
): Promise<AuthData> {
  const token = await signAccessToken(
    app.config.jwtSecret,
    { userId: user.id, admin: user.userLevel === 'admin', familyId },
    app.config.ACCESS_TOKEN_TTL_S,
  );
  const refresh_token = await issueRefreshToken(app.database.db, user.id, familyId);
  return { success: true, token, refresh_token, ...(await toStoredUser(app.database.db, user)) };
}

export type SendResult = { sent: true; cooldown: number } | { sent: false; cooldown: number };

const DAY_MS = 24 * 3600_000;

/**
 * Sends a verification or reset code unless one went out less than a cooldown ago, or the account's
 * codes of the day are used up (CODE_ISSUE_MAX_PER_DAY, which bounds how many codes guessers can face)
 * and the asking address is not one the account signed in from: the owner at home still gets one.
 */
export async function sendCode(
  app: FastifyInstance,
  user: UserRow,
  purpose: CodePurpose,
  address: string,
  language?: Language,
): Promise<SendResult> {
  const db = app.database.db;
  const wait = await codeCooldown(db, user.id, purpose);
  if (wait > 0) return { sent: false, cooldown: wait };
  const issued = `codes-issued:${purpose}:${user.id}`;
  const count = Number((await app.kv.get(issued)) ?? 0);
  if (count >= CODE_ISSUE_MAX_PER_DAY && !(await knownAddress.is(app.kv, user.email, address)))
    return { sent: false, cooldown: Math.ceil((await app.kv.ttl(issued)) / 1000) };
  await app.kv.incr(issued, DAY_MS);
  const { code, id } = await issueCode(db, app.config.jwtSecret, user.id, purpose);
  const mail = renderMail(purpose, language ?? pickLanguage(user.language), code);
  try {
    await app.mailer.send({ to: user.email, subject: mail.subject, text: mail.text, purpose });
  } catch {
    // The mail server is down (the mailer logged why). The code never reached the learner: it is
    // withdrawn, so no cooldown makes them wait for a mail that never came, and the answer is a clear
    // 503 rather than a 500.
    await db.delete(emailCodes).where(eq(emailCodes.id, id));
    throw new AppError(503, 'service_unavailable');
  }
  return { sent: true, cooldown: await codeCooldown(db, user.id, purpose) };
}

/** Which sessions of a user end: one (logout), all but one (password change), every one (reset). */
export type Ending = { only: string } | { allBut: string } | { all: true } | { ofRefreshToken: string };

/**
 * Ends sessions: their refresh tokens are revoked and their access tokens refused on every instance
 * from now on (accounts/revocation.ts), not only once they expire.
 */
export async function endSessions(app: FastifyInstance, userId: number, ending: Ending): Promise<void> {
  const db = app.database.db;
  let ended: string[];
  if ('only' in ending) ended = [ending.only, ...(await revokeFamilyById(db, userId, ending.only))];
  else if ('allBut' in ending) ended = await revokeOtherFamilies(db, userId, ending.allBut);
  else if ('all' in ending) ended = await revokeAllForUser(db, userId);
  else ended = await revokeFamily(db, ending.ofRefreshToken);
  await app.sessions.revoke([...new Set(ended)]);
}
