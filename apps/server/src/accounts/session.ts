import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuthData, Language } from '@kouyu/core';
import { pickLanguage } from '@kouyu/core';
import { codeCooldown, issueCode } from './codes.js';
import type { CodePurpose } from './codes.js';
import { renderMail } from './mail-templates.js';
import { issueRefreshToken, signAccessToken } from './tokens.js';
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

/** Sends a verification or reset code unless one went out less than a cooldown ago. */
export async function sendCode(
  app: FastifyInstance,
  user: UserRow,
  purpose: CodePurpose,
  language?: Language,
): Promise<SendResult> {
  const db = app.database.db;
  const wait = await codeCooldown(db, user.id, purpose);
  if (wait > 0) return { sent: false, cooldown: wait };
  const code = await issueCode(db, app.config.jwtSecret, user.id, purpose);
  const mail = renderMail(purpose, language ?? pickLanguage(user.language), code);
  await app.mailer.send({ to: user.email, subject: mail.subject, text: mail.text, purpose });
  return { sent: true, cooldown: await codeCooldown(db, user.id, purpose) };
}
