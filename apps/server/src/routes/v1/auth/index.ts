import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CODE_RESEND_COOLDOWN_S,
  INVITATION_BONUS_POINTS,
  authDataSchema,
  codeSentSchema,
  emailBody,
  loginBody,
  logoutBody,
  meSchema,
  okSchema,
  pickLanguage,
  refreshBody,
  registerBody,
  resetPasswordBody,
  resetTokenSchema,
  verifyEmailBody,
  verifyResetBody,
} from '@kouyu/core';
import { AppError, errors } from '../../../lib/errors.js';
import { pointsLedger, users } from '../../../db/schema.js';
import { checkCode, clearVerificationBlock, isVerificationBlocked } from '../../../accounts/codes.js';
import type { CheckResult, CodePurpose } from '../../../accounts/codes.js';
import { accountGuards } from '../../../accounts/lockout.js';
import { deviceOf, knownDevice } from '../../../accounts/device.js';
import { renderLoginNotice } from '../../../accounts/mail-templates.js';
import { endSessions, sendCode, startSession } from '../../../accounts/session.js';
import { register } from '../../../accounts/registration.js';
import { forwardAllowed, recordGoal } from '../../../analytics/goals.js';
import { bearerClaims, rotateRefreshToken, signAccessToken } from '../../../accounts/tokens.js';
import {
  checkPassword,
  decoyHash,
  findUserByEmail,
  findUserById,
  hashPassword,
  toStoredUser,
} from '../../../accounts/users.js';
import { forgetUser } from '../../../accounts/user-cache.js';
import { signedInUser } from '../../../plugins/auth.js';

const RESET_TOKEN_TTL_MS = 10 * 60_000;
const ME_REFRESH_WINDOW_MS = 60_000;
const ME_REFRESH_MAX = 20;

/** Accounts (spec 000 §7): register, verify, sign in, refresh, sign out, reset a password. */
/** The answer to a code that did not pass: too many tries, wrong (with the tries left) or expired. */
function codeRefused(check: Exclude<CheckResult, { ok: true }>): AppError {
  if (check.error === 'max_verification_attempts') return errors.tooMany('max_verification_attempts', 0);
  if (check.error === 'invalid_code')
    return new AppError(400, 'invalid_code', undefined, undefined, { attempts_left: check.attemptsLeft });
  return errors.badRequest('code_expired');
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  /** Stricter limits on the calls that guess or send mail (per client address), scaled by AUTH_RATE_LIMIT_SCALE. */
  const strict = (max: number) => ({
    rateLimit: { max: Math.max(1, Math.round(max * app.config.AUTH_RATE_LIMIT_SCALE)), timeWindow: 60_000 },
  });

  // Progressive delays per account and address instead of a lock an attacker controls (decision 012).
  const guards = accountGuards(app.kv, app.config);
  /** Checks a mailed code behind the code guard; throws the refusal. */
  const guardedCheck = async (
    email: string,
    userId: number,
    purpose: CodePurpose,
    code: string,
    address: string,
  ): Promise<void> => {
    const wait = await guards.code.wait(email, address);
    if (wait > 0) throw errors.tooMany('rate_limited', wait);
    const check = await checkCode(db, app.kv, app.config.jwtSecret, userId, purpose, code, address);
    if (!check.ok) {
      await guards.code.fail(email, address);
      throw codeRefused(check);
    }
    await guards.code.succeed(email, address);
  };

  const codeSent = (email: string, cooldown: number, message = 'Verification code sent') => ({
    success: true as const,
    message,
    email,
    cooldown,
  });

  app.post(
    '/register',
    { config: strict(10), schema: { body: registerBody, response: { 201: codeSentSchema } } },
    async (req, reply) => {
      const { email } = req.body;
      const sent = await register(app, req.body, req.ip);
      if (!sent.sent) {
        throw errors.tooMany(
          'rate_limited',
          sent.cooldown,
          `Please wait ${sent.cooldown} seconds before requesting another code.`,
          { email },
        );
      }
      return reply.code(201).send(codeSent(email, sent.cooldown));
    },
  );

  app.post(
    '/verify-email',
    { config: strict(20), schema: { body: verifyEmailBody, response: { 200: authDataSchema } } },
    async (req, reply) => {
      const { email, code } = req.body;
      const user = await findUserByEmail(db, email);
      if (!user) throw new AppError(400, 'invalid_code', undefined, undefined, { attempts_left: 0 });
      if (user.emailVerifiedAt) throw errors.conflict('already_verified');
      await guardedCheck(email, user.id, 'verify', code, req.ip);
      const verified = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
          .where(eq(users.id, user.id))
          .returning();
        forgetUser(user.id);
        // A learner's invitation pays both sides at the invitee's first saved test, not at a sign-up
        // (accounts/invitation.ts).
        if (user.invitedCode && !user.invitedBy) {
          // Registered with the campus code (checked at registration): the student's bonus only.
          await tx.insert(pointsLedger).values({
            userId: user.id,
            delta: INVITATION_BONUS_POINTS,
            reason: 'invited_bonus',
            ref: `campus:${user.invitedCode}`,
          });
        }
        return row;
      });
      if (!verified) throw new Error('user row missing after verification');
      // Goal 1 (spec 000 §1) counts an account once it is real: verified, not merely submitted.
      await recordGoal(db, 'register', { forward: forwardAllowed(req) });
      await knownDevice.remember(app.kv, email, req, reply, app.config.production);
      return startSession(app, verified);
    },
  );

  app.post(
    '/resend-verification',
    { config: strict(10), schema: { body: emailBody, response: { 200: codeSentSchema } } },
    async (req) => {
      const { email, language } = req.body;
      const user = await findUserByEmail(db, email);
      // Unknown e-mails get the same answer, so the call tells nobody which accounts exist.
      if (!user) return codeSent(email, 60);
      if (user.emailVerifiedAt) throw errors.conflict('already_verified');
      if (await isVerificationBlocked(app.kv, user.id, req.ip)) throw errors.tooMany('email_blocked', 0);
      const sent = await sendCode(app, user, 'verify', req.ip, language);
      if (!sent.sent) throw errors.tooMany('rate_limited', sent.cooldown, undefined, { email });
      return codeSent(email, sent.cooldown);
    },
  );

  app.post(
    '/login',
    { config: strict(20), schema: { body: loginBody, response: { 200: authDataSchema } } },
    async (req, reply) => {
      const { email, password } = req.body;
      // A try that must still wait is refused before the password is looked at, right or wrong.
      const device = await knownDevice.is(app.kv, email, deviceOf(req));
      const wait = await guards.login.wait(email, req.ip, device);
      if (wait > 0) throw errors.tooMany('rate_limited', wait);
      const user = await findUserByEmail(db, email);
      const ok = user
        ? await checkPassword(user.passwordHash, password)
        : await checkPassword(await decoyHash(), password);
      if (!user || !ok) {
        const { accountFails } = await guards.login.fail(email, req.ip);
        // The owner hears once, when the account-wide delays begin.
        if (user && accountFails === 2 * app.config.LOGIN_FREE_ATTEMPTS) {
          const notice = renderLoginNotice(pickLanguage(user.language), accountFails);
          // Best effort: a mail server that is down must not change the answer to a wrong password.
          await app.mailer
            .send({ to: user.email, ...notice, purpose: 'login_notice' })
            .catch(() => req.log.warn('sign-in notice not sent'));
        }
        throw errors.unauthorized('invalid_credentials');
      }
      await guards.login.succeed(email, req.ip);
      if (!user.emailVerifiedAt) {
        if (await isVerificationBlocked(app.kv, user.id, req.ip))
          throw errors.forbidden('max_verification_attempts');
        const sent = await sendCode(app, user, 'verify', req.ip);
        const code = sent.sent ? 'email_not_verified_code_sent' : 'email_not_verified_rate_limited';
        throw new AppError(403, code, undefined, undefined, { email: user.email, cooldown: sent.cooldown });
      }
      await knownDevice.remember(app.kv, email, req, reply, app.config.production);
      return startSession(app, user);
    },
  );

  app.post(
    '/refresh',
    { config: strict(60), schema: { body: refreshBody, response: { 200: authDataSchema } } },
    async (req) => {
      const presented = req.body?.refresh_token;
      if (!presented) throw errors.badRequest('no_refresh_token');
      const rotated = await rotateRefreshToken(db, app.config.jwtSecret, presented);
      if (!rotated.ok) {
        if (rotated.reuse) {
          req.log.warn('refresh token reused: family revoked');
          await app.sessions.revoke([rotated.familyId]);
        }
        throw errors.unauthorized('token_refresh_failed');
      }
      const user = await findUserById(db, rotated.userId);
      if (!user) throw errors.unauthorized('token_refresh_failed');
      const token = await signAccessToken(
        app.config.jwtSecret,
        { userId: user.id, admin: user.userLevel === 'admin', familyId: rotated.familyId },
        app.config.ACCESS_TOKEN_TTL_S,
      );
      return {
        success: true as const,
        token,
        refresh_token: rotated.token,
        ...(await toStoredUser(db, user)),
      };
    },
  );

  // Spec 000 §7: logout needs no payload. The bearer names its session (family), which ends; a bearer
  // from before sessions were named ends every session of the user. A refresh token in the body ends
  // its own family too.
  app.post('/logout', { schema: { body: logoutBody, response: { 200: okSchema } } }, async (req) => {
    const token = req.body?.refresh_token;
    if (token) await endSessions(app, 0, { ofRefreshToken: token });
    const claims = await bearerClaims(app.config.jwtSecret, req.headers.authorization);
    if (claims?.familyId) await endSessions(app, claims.userId, { only: claims.familyId });
    else if (claims) await endSessions(app, claims.userId, { all: true });
    return { success: true as const };
  });

  app.get('/me', { onRequest: app.requireUser, schema: { response: { 200: meSchema } } }, async (req) => {
    const user = signedInUser(req);
    const count = await app.kv.incr(`me:${user.id}`, ME_REFRESH_WINDOW_MS);
    if (count > ME_REFRESH_MAX) {
      throw errors.tooMany(
        'profile_refresh_rate_limited',
        Math.ceil((await app.kv.ttl(`me:${user.id}`)) / 1000),
      );
    }
    return { success: true as const, ...(await toStoredUser(db, user)) };
  });

  // Forgot-password and its resend are one operation: the same answer whether or not the account
  // exists, and one cooldown per e-mail (kept for unknown e-mails too, so timing tells nothing).
  for (const url of ['/forgot-password', '/resend-password-reset-email']) {
    app.post(
      url,
      { config: strict(10), schema: { body: emailBody, response: { 200: codeSentSchema } } },
      async (req) => {
        const { email, language } = req.body;
        // Per e-mail and address: someone else asking for the owner's e-mail holds back only themself.
        const cooldownKey = `forgot:${email}:${req.ip}`;
        const wait = Math.ceil((await app.kv.ttl(cooldownKey)) / 1000);
        if (wait > 0) throw errors.tooMany('rate_limited', wait);
        await app.kv.set(cooldownKey, '1', CODE_RESEND_COOLDOWN_S * 1000);
        const user = await findUserByEmail(db, email);
        if (user && !(await isVerificationBlocked(app.kv, user.id, req.ip)))
          await sendCode(app, user, 'reset', req.ip, language);
        return codeSent(
          email,
          CODE_RESEND_COOLDOWN_S,
          'If an account uses this e-mail, a code is on its way',
        );
      },
    );
  }

  app.post(
    '/verify-password-reset-code',
    { config: strict(20), schema: { body: verifyResetBody, response: { 200: resetTokenSchema } } },
    async (req) => {
      const { email, code } = req.body;
      const user = await findUserByEmail(db, email);
      if (!user) throw new AppError(400, 'invalid_code', undefined, undefined, { attempts_left: 0 });
      await guardedCheck(email, user.id, 'reset', code, req.ip);
      const resetToken = randomBytes(32).toString('base64url');
      await app.kv.set(`reset-token:${resetToken}`, String(user.id), RESET_TOKEN_TTL_MS);
      return { success: true as const, reset_token: resetToken };
    },
  );

  app.post(
    '/reset-password',
    { config: strict(10), schema: { body: resetPasswordBody, response: { 200: okSchema } } },
    async (req) => {
      const key = `reset-token:${req.body.reset_token}`;
      const userId = Number(await app.kv.get(key));
      const user = userId ? await findUserById(db, userId) : undefined;
      if (!user) throw errors.badRequest('password_reset_failed');
      await app.kv.del(key);
      await db
        .update(users)
        .set({
          passwordHash: await hashPassword(req.body.password),
          emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
      forgetUser(user.id);
      await endSessions(app, user.id, { all: true });
      // The owner proved the mailbox: every sign-in and code delay of the account ends (decision 012).
      await guards.login.unlock(user.email);
      await guards.code.unlock(user.email);
      await clearVerificationBlock(app.kv, user.id, req.ip);
      return { success: true as const, message: 'Password changed' };
    },
  );
};
