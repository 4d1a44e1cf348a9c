import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authDataSchema, codeSentSchema } from '@kouyu/core';
import { eq, isNotNull } from 'drizzle-orm';
import { emailCodes, mailOutbox, refreshTokens } from '../../../db/schema.js';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { clientAddress, email, lastCode, signUp } from '../../../test/accounts.js';

describe(`accounts on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const post = (
    url: string,
    payload: Record<string, unknown>,
    headers: Record<string, string> = {},
    remoteAddress = clientAddress(),
  ) => t.app.inject({ method: 'POST', url: `/api/v1/auth${url}`, payload, headers, remoteAddress });

  it('registers, mails a 6-digit code and keeps a resend cooldown', async () => {
    const address = email();
    const res = await post('/register', {
      email: address.toUpperCase(),
      password: 'secret-123',
      language: 'ru',
    });
    expect(res.statusCode).toBe(201);
    const body = codeSentSchema.parse(res.json());
    expect(body.email).toBe(address);
    expect(body.cooldown).toBeGreaterThan(50);
    expect(await lastCode(t.app, address)).toMatch(/^\d{6}$/);
    const again = await post('/register', { email: address, password: 'secret-123' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'rate_limited', email: address });
    expect(again.json().cooldown).toBeGreaterThan(0);
    const resend = await post('/resend-verification', { email: address });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().cooldown).toBeGreaterThan(0);
  });

  it('mails the code in the user language', async () => {
    const address = email();
    await post('/register', { email: address, password: 'secret-123', language: 'zh' });
    const outbox = await t.app.inject({ method: 'GET', url: '/api/v1/admin/outbox' });
    expect(outbox.statusCode).toBe(401);
    const [mail] = await t.app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, address));
    expect(mail?.subject).toBe('Kouyu 验证码');
  });

  it('refuses bad input with the rule message', async () => {
    const short = await post('/register', { email: email(), password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Password must be at least 6 characters',
    });
    const bad = await post('/register', { email: 'not-an-email', password: 'secret-123' });
    expect(bad.json().details.fields[0]).toMatchObject({ field: 'email', code: 'email_invalid' });
    const code = await post('/verify-email', { email: email(), code: '12ab56' });
    expect(code.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Verification code must be 6 digits',
    });
  });

  it('verifies with the right code only, then signs in', async () => {
    const address = email();
    await post('/register', { email: address, password: 'secret-123' });
    const right = await lastCode(t.app, address);
    const wrong = right === '000000' ? '111111' : '000000';
    const bad = await post('/verify-email', { email: address, code: wrong });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_code', attempts_left: 4 });
    const ok = await post('/verify-email', { email: address, code: right });
    expect(ok.statusCode).toBe(200);
    const auth = authDataSchema.parse(ok.json());
    expect(auth.user).toMatchObject({
      email: address,
      user_level: 'basic',
      is_official: false,
      is_vip: false,
      point: 0,
      email_verified: true,
    });
    expect(auth.user.share_code).toMatch(/^[A-Z2-9]{8}$/);
    const payload = JSON.parse(Buffer.from(auth.token.split('.')[1] ?? '', 'base64url').toString());
    expect(payload.exp * 1000).toBeGreaterThan(Date.now());
    expect((await post('/verify-email', { email: address, code: right })).json().code).toBe(
      'already_verified',
    );
    expect((await post('/register', { email: address, password: 'secret-123' })).statusCode).toBe(409);
  });

  it('checks the invitation code at registration; the bonus waits for a first test', async () => {
    const inviter = await signUp(t.app);
    expect(
      (await post('/register', { email: email(), password: 'secret-123', invited_code: 'NOSUCH99' })).json(),
    ).toMatchObject({
      code: 'invalid_invitation_code',
      message: 'Invalid invitation code',
    });
    const friend = await signUp(t.app, email(), 'secret-123', inviter.user.share_code.toLowerCase());
    // A verified sign-up alone pays nothing (accounts/invitation.test.ts covers the payment).
    expect(friend.user.point).toBe(0);
    const points = await t.app.inject({ method: 'GET', url: '/api/v1/user/points', headers: inviter.auth });
    expect(points.json()).toEqual({ success: true, data: { points: 0 } });
  });

  it('login: wrong password, unverified with a code sent, then rate limited', async () => {
    const user = await signUp(t.app);
    const wrong = await post('/login', { email: user.email, password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials', message: 'Invalid email or password' });
    const unknown = await post('/login', { email: email(), password: 'whatever1' });
    expect(unknown.json().code).toBe('invalid_credentials');
    const ok = await post('/login', { email: user.email, password: user.password });
    expect(authDataSchema.parse(ok.json()).user.email).toBe(user.email);

    const pending = email();
    await post('/register', { email: pending, password: 'secret-123' });
    const first = await post('/login', { email: pending, password: 'secret-123' });
    expect(first.statusCode).toBe(403);
    expect(first.json()).toMatchObject({ code: 'email_not_verified_rate_limited', email: pending });
    // Once the resend cooldown has passed, signing in mails a new code.
    await t.app.database.db
      .update(emailCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(emailCodes.purpose, 'verify'));
    const later = await post('/login', { email: pending, password: 'secret-123' });
    expect(later.json()).toMatchObject({ code: 'email_not_verified_code_sent', email: pending });
    expect(later.json().message).toBe(
      "Email not verified. We've sent you a verification code to complete your account setup.",
    );
  });

  it('rotates refresh tokens and revokes the family when a spent one comes back', async () => {
    const user = await signUp(t.app);
    const first = await post('/refresh', { refresh_token: user.refresh_token });
    expect(first.statusCode).toBe(200);
    const next = authDataSchema.parse(first.json());
    expect(next.refresh_token).not.toBe(user.refresh_token);
    // Past the grace window for two tabs (decision 012), the spent token coming back means it leaked.
    await t.app.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(isNotNull(refreshTokens.usedAt));
    const reuse = await post('/refresh', { refresh_token: user.refresh_token });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('token_refresh_failed');
    expect((await post('/refresh', { refresh_token: next.refresh_token })).statusCode).toBe(401);
  });

  it('logout revokes the session; me needs a valid token', async () => {
    const user = await signUp(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: user.auth });
    expect(me.json()).toMatchObject({ success: true, user: { email: user.email }, payment_expiration: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/auth/me',
          headers: { authorization: 'Bearer x.y.z' },
        })
      ).json().code,
    ).toBe('token_expired');
    expect((await post('/logout', { refresh_token: user.refresh_token }, user.auth)).statusCode).toBe(200);
    expect((await post('/refresh', { refresh_token: user.refresh_token })).statusCode).toBe(401);
  });

  it('resets a forgotten password without telling who has an account', async () => {
    const user = await signUp(t.app);
    const home = clientAddress();
    const unknown = await post('/forgot-password', { email: email() });
    const known = await post('/forgot-password', { email: user.email }, {}, home);
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json().message).toBe(known.json().message);
    // The cooldown is per e-mail and address: the same client asking again waits.
    const resend = await post('/resend-password-reset-email', { email: user.email }, {}, home);
    expect(resend.statusCode).toBe(429);
    expect(resend.json().message).toBe('Rate limit exceeded. Please wait before trying again.');
    const code = await lastCode(t.app, user.email);
    const token = await post('/verify-password-reset-code', { email: user.email, code });
    expect(token.statusCode).toBe(200);
    const reset = await post('/reset-password', {
      reset_token: token.json().reset_token,
      password: 'new-secret-456',
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await post('/reset-password', { reset_token: token.json().reset_token, password: 'other-789' })).json()
        .code,
    ).toBe('password_reset_failed');
    expect((await post('/refresh', { refresh_token: user.refresh_token })).statusCode).toBe(401);
    expect((await post('/login', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post('/login', { email: user.email, password: 'new-secret-456' })).statusCode).toBe(200);
  });

  it('blocks verification from one address after too many wrong codes from it', async () => {
    const address = email();
    // The block is per account and address (decision 012): all tries come from one client.
    const from = clientAddress();
    const post = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/v1/auth${url}`, payload, remoteAddress: from });
    await post('/register', { email: address, password: 'secret-123' });
    const right = await lastCode(t.app, address);
    const wrongs = [
      '000001',
      '000002',
      '000003',
      '000004',
      '000005',
      '000006',
      '000007',
      '000008',
      '000009',
      '000010',
    ].filter((c) => c !== right);
    const codes: string[] = [];
    for (const code of wrongs.slice(0, 10)) {
      const res = await post('/verify-email', { email: address, code });
      codes.push(res.json().code);
    }
    expect(codes).toContain('code_expired');
    expect(codes.at(-1)).toBe('max_verification_attempts');
    expect((await post('/verify-email', { email: address, code: right })).json().code).toBe(
      'max_verification_attempts',
    );
    expect((await post('/login', { email: address, password: 'secret-123' })).json().code).toBe(
      'max_verification_attempts',
    );
    const reg = await post('/register', { email: address, password: 'secret-123' });
    expect(reg.statusCode).toBe(429);
    expect(reg.json()).toMatchObject({
      code: 'email_blocked',
      message: 'This email is blocked due to too many verification attempts. Please contact support',
    });
  });

  it('throttles registration per client address', async () => {
    const from = clientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await post('/register', { email: email(), password: 'secret-123' }, {}, from)).statusCode,
      );
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
