import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CODE_GUESS_LIMIT,
  CODE_ISSUE_MAX_PER_DAY,
  CODE_MAX_ATTEMPTS,
  VERIFICATION_BLOCK_AFTER,
} from '@kouyu/core';
import { emailCodes, mailOutbox } from '../db/schema.js';
import { createTestApp, testDriver } from '../test/app.js';
import type { TestApp } from '../test/app.js';
import { clientAddress, lastCode, signUp } from '../test/accounts.js';
import { delayFor } from './lockout.js';

// Decision 028, defect 6: ten wrong passwords from anyone locked the owner out for 15 minutes, and ten
// wrong reset codes blocked the owner's reset for a day. Decision 012 replaces both.
describe(`lock-out defence on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const post = (url: string, payload: Record<string, unknown>, from: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/auth${url}`, payload, remoteAddress: from });
  const login = (email: string, password: string, from: string) => post('/login', { email, password }, from);

  it('doubles the delay after the free tries, up to the ceiling', () => {
    expect([4, 5, 6, 7, 8].map((n) => delayFor(n, 5, 900))).toEqual([0, 1, 2, 4, 8]);
    expect(delayFor(40, 5, 900)).toBe(900);
    expect(delayFor(10, Number.POSITIVE_INFINITY, 900)).toBe(0);
  });

  it('slows the guessing address, not the owner at another address', async () => {
    const owner = await signUp(t.app);
    const attacker = clientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await login(owner.email, 'wrong-pass', attacker)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    // From the sixth try on, the attacker waits first: even the right password is refused.
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    const refused = await login(owner.email, owner.password, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(refused.json().cooldown).toBeGreaterThan(0);
    expect((await login(owner.email, owner.password, clientAddress())).statusCode).toBe(200);
  });

  it('a guesser spread over many addresses slows new addresses, not known ones; the owner gets one notice', async () => {
    const owner = await signUp(t.app);
    const home = clientAddress();
    expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);
    const free = t.app.config.LOGIN_FREE_ATTEMPTS;
    for (let i = 0; i < 2 * free; i++) {
      expect((await login(owner.email, 'wrong-pass', clientAddress())).statusCode).toBe(401);
    }
    expect((await login(owner.email, owner.password, clientAddress())).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);
    const notices = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, owner.email), eq(mailOutbox.purpose, 'login_notice')));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain(`${2 * free} times`);
  });

  it('a password reset lifts every sign-in delay', async () => {
    const owner = await signUp(t.app);
    const free = t.app.config.LOGIN_FREE_ATTEMPTS;
    for (let i = 0; i < 2 * free + 2; i++) await login(owner.email, 'wrong-pass', clientAddress());
    const fresh = clientAddress();
    expect((await login(owner.email, owner.password, fresh)).statusCode).toBe(429);
    expect((await post('/forgot-password', { email: owner.email }, fresh)).statusCode).toBe(200);
    const code = await lastCode(t.app, owner.email);
    const verified = await post('/verify-password-reset-code', { email: owner.email, code }, fresh);
    expect(verified.statusCode).toBe(200);
    const reset = await post(
      '/reset-password',
      { reset_token: verified.json().reset_token, password: 'after-reset-1' },
      fresh,
    );
    expect(reset.statusCode).toBe(200);
    expect((await login(owner.email, 'after-reset-1', clientAddress())).statusCode).toBe(200);
  });

  it('wrong reset codes from an attacker do not block the owner’s reset', async () => {
    const owner = await signUp(t.app);
    const attacker = clientAddress();
    await post('/forgot-password', { email: owner.email }, attacker);
    const mailed = await lastCode(t.app, owner.email);
    const codes: string[] = [];
    for (let i = 0; i < VERIFICATION_BLOCK_AFTER + 1; i++) {
      const guess = String(100_000 + i) === mailed ? '999999' : String(100_000 + i);
      codes.push(
        (await post('/verify-password-reset-code', { email: owner.email, code: guess }, attacker)).json()
          .code,
      );
    }
    expect(codes.at(-1)).toBe('max_verification_attempts');
    // The owner, elsewhere, asks for a code once the resend cooldown allows and uses it.
    const home = clientAddress();
    await t.app.database.db.delete(mailOutbox).where(eq(mailOutbox.to, owner.email));
    await t.app.kv.del(`forgot:${owner.email}`);
    const { emailCodes } = await import('../db/schema.js');
    await t.app.database.db
      .update(emailCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(emailCodes.userId, owner.user.id));
    expect((await post('/forgot-password', { email: owner.email }, home)).statusCode).toBe(200);
    const code = await lastCode(t.app, owner.email);
    const ok = await post('/verify-password-reset-code', { email: owner.email, code }, home);
    expect(ok.statusCode).toBe(200);
    // The attacker's address stays blocked for this account.
    const again = await post('/verify-password-reset-code', { email: owner.email, code }, attacker);
    expect(again.json().code).toBe('max_verification_attempts');
  });

  // Five wrong codes from anyone used to spend the owner's code (code_expired), and the attacker's
  // forgot-password held the owner's back for 60 s (decision 023).
  const guessFrom = (owner: string, from: string, n: number, skip: string, base = 300_000) =>
    Promise.all(
      Array.from({ length: n }, (_, i) => String(base + i)).map(async (c) => {
        const code = c === skip ? '999999' : c;
        return (await post('/verify-password-reset-code', { email: owner, code }, from)).json().code;
      }),
    );

  it('others’ wrong codes neither spend the owner’s code nor hold back the owner’s request', async () => {
    const owner = await signUp(t.app);
    const attacker = clientAddress();
    expect((await post('/forgot-password', { email: owner.email }, attacker)).statusCode).toBe(200);
    const mailed = await lastCode(t.app, owner.email);
    const answers = await guessFrom(owner.email, attacker, CODE_MAX_ATTEMPTS + 1, mailed);
    expect(answers).toContain('code_expired');
    const home = clientAddress();
    expect((await post('/forgot-password', { email: owner.email }, home)).statusCode).toBe(200);
    const ok = await post('/verify-password-reset-code', { email: owner.email, code: mailed }, home);
    expect(ok.statusCode).toBe(200);
  });

  it('a code spent by many addresses gives way to a fresh one at once; codes a day are bounded', async () => {
    const owner = await signUp(t.app);
    await post('/forgot-password', { email: owner.email }, clientAddress());
    const mailed = await lastCode(t.app, owner.email);
    for (let a = 0; a < CODE_GUESS_LIMIT / CODE_MAX_ATTEMPTS; a++)
      await guessFrom(owner.email, clientAddress(), CODE_MAX_ATTEMPTS, mailed, 400_000 + 10 * a);
    const home = clientAddress();
    const spent = await post('/verify-password-reset-code', { email: owner.email, code: mailed }, home);
    expect(spent.json().code).toBe('code_expired');
    expect((await post('/forgot-password', { email: owner.email }, home)).statusCode).toBe(200);
    const fresh = await lastCode(t.app, owner.email);
    expect(fresh).not.toBe(mailed);
    const ok = await post('/verify-password-reset-code', { email: owner.email, code: fresh }, home);
    expect(ok.statusCode).toBe(200);

    // Strangers asking past the cooldown get at most CODE_ISSUE_MAX_PER_DAY codes mailed; the
    // address the owner signs in from still gets one.
    const resets = async () =>
      (
        await t.app.database.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, owner.email), eq(mailOutbox.purpose, 'reset')))
      ).length;
    const before = await resets();
    for (let i = 0; i < CODE_ISSUE_MAX_PER_DAY; i++) {
      await t.app.database.db
        .update(emailCodes)
        .set({ createdAt: new Date(Date.now() - 120_000) })
        .where(eq(emailCodes.userId, owner.user.id));
      await post('/forgot-password', { email: owner.email }, clientAddress());
    }
    expect(await resets()).toBe(CODE_ISSUE_MAX_PER_DAY);
    expect(before).toBe(2);
    const signedIn = clientAddress();
    expect((await login(owner.email, owner.password, signedIn)).statusCode).toBe(200);
    await t.app.database.db
      .update(emailCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(emailCodes.userId, owner.user.id));
    await post('/forgot-password', { email: owner.email }, signedIn);
    expect(await resets()).toBe(CODE_ISSUE_MAX_PER_DAY + 1);
  });

  // Paced wrong passwords from rotating addresses made the owner's right one a 429 from any new
  // address; a browser the owner signed in on before is spared the account-wide delay (decision 023).
  it('a known device signs the owner in through delays that guessers from many addresses built', async () => {
    const owner = await signUp(t.app);
    const first = await login(owner.email, owner.password, clientAddress());
    const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
    expect(cookie).toMatch(/^kouyu_device=[\w-]{22}$/);
    const free = t.app.config.LOGIN_FREE_ATTEMPTS;
    for (let i = 0; i < 2 * free; i++)
      expect((await login(owner.email, 'wrong-pass', clientAddress())).statusCode).toBe(401);
    const travelling = clientAddress();
    expect((await login(owner.email, owner.password, travelling)).statusCode).toBe(429);
    // A device id made up by a guesser is known for no account.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: owner.email, password: owner.password },
      headers: { cookie: 'kouyu_device=AAAAAAAAAAAAAAAAAAAAAA' },
      remoteAddress: clientAddress(),
    });
    expect(forged.statusCode).toBe(429);
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: owner.email, password: owner.password },
      headers: { cookie },
      remoteAddress: travelling,
    });
    expect(known.statusCode).toBe(200);
  });
});
