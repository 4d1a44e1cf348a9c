import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailCodes, users } from '../db/schema.js';
import { createTestApp, testDriver } from '../test/app.js';
import type { TestApp } from '../test/app.js';
import { clientAddress, email, lastCode, signUp } from '../test/accounts.js';

// A second registration of an address not verified yet used to replace its password: the owner's
// verification then made the attacker's password the account's (decision 023).
describe(`registration on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/v1/auth${url}`, payload, remoteAddress: clientAddress() });
  /** Lets the resend cooldown of the user's codes run out. */
  const pastCooldown = async (address: string) => {
    const [row] = await t.app.database.db.select().from(users).where(eq(users.email, address));
    await t.app.database.db
      .update(emailCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(emailCodes.userId, row?.id ?? 0));
  };

  it('a repeated registration never changes the stored password', async () => {
    const victim = email('victim');
    expect((await post('/register', { email: victim, password: 'Victim-pass-1' })).statusCode).toBe(201);
    // Within the resend cooldown (429) and after it (201, a new code to the owner's mailbox).
    expect((await post('/register', { email: victim, password: 'Attacker-pass-1' })).statusCode).toBe(429);
    await pastCooldown(victim);
    expect((await post('/register', { email: victim, password: 'Attacker-pass-1' })).statusCode).toBe(201);
    const verified = await post('/verify-email', { email: victim, code: await lastCode(t.app, victim) });
    expect(verified.statusCode).toBe(200);
    expect((await post('/login', { email: victim, password: 'Attacker-pass-1' })).statusCode).toBe(401);
    expect((await post('/login', { email: victim, password: 'Victim-pass-1' })).statusCode).toBe(200);
  });

  it('a stranger’s registration cannot name the inviter; the owner’s own repeat can', async () => {
    const inviter = await signUp(t.app);
    const owner = email('owner');
    await post('/register', { email: owner, password: 'Owner-pass-1' });
    await pastCooldown(owner);
    const stranger = await post('/register', {
      email: owner,
      password: 'Stranger-pass-1',
      invited_code: inviter.user.share_code,
    });
    expect(stranger.statusCode).toBe(201);
    const read = async () =>
      (await t.app.database.db.select().from(users).where(eq(users.email, owner)))[0]?.invitedBy;
    expect(await read()).toBeNull();
    await pastCooldown(owner);
    const again = await post('/register', {
      email: owner,
      password: 'Owner-pass-1',
      invited_code: inviter.user.share_code,
    });
    expect(again.statusCode).toBe(201);
    expect(await read()).toBe(inviter.user.id);
  });

  it('the owner who forgot the first password sets another through the reset flow', async () => {
    const owner = email('typo');
    await post('/register', { email: owner, password: 'Typo-pass-1' });
    await t.app.kv.del(`forgot:${owner}`);
    await pastCooldown(owner);
    expect((await post('/forgot-password', { email: owner })).statusCode).toBe(200);
    const token = await post('/verify-password-reset-code', {
      email: owner,
      code: await lastCode(t.app, owner),
    });
    expect(token.statusCode).toBe(200);
    const reset = await post('/reset-password', {
      reset_token: token.json().reset_token,
      password: 'Meant-pass-1',
    });
    expect(reset.statusCode).toBe(200);
    expect((await post('/login', { email: owner, password: 'Meant-pass-1' })).statusCode).toBe(200);
  });
});
