import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import {
  CAMPUS_VERIFY_PER_MINUTE,
  campusCardSchema,
  campusPassSchema,
  campusSettingsSchema,
} from '@kouyu/core';
import { ensureAdmin } from '../../../accounts/admin.js';
import { signCampusPass } from '../../../campus-card/pass.js';
import { createTestApp, testConfig, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { clientAddress, email, signUp } from '../../../test/accounts.js';

const PASSWORD = 'tsinghua-2026';

async function adminAuth(t: TestApp): Promise<Record<string, string>> {
  const address = email('admin');
  await ensureAdmin(t.app.database.db, address, 'admin-secret-1');
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: address, password: 'admin-secret-1' },
    remoteAddress: clientAddress(),
  });
  return { authorization: `Bearer ${login.json<{ token: string }>().token}` };
}

describe(`campus card on ${testDriver}`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const verify = (password: string, remoteAddress = clientAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/v1/campus-card/verify', payload: { password }, remoteAddress });
  const card = (pass: string | null, language = 'en') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/campus-card?language=${language}`,
      headers: pass ? { authorization: `Bearer ${pass}` } : {},
    });
  const passOf = async () => campusPassSchema.parse((await verify(PASSWORD)).json()).pass;

  beforeAll(async () => {
    t = await createTestApp({ CAMPUS_CARD_PASSWORD: PASSWORD, PUBLIC_URL: 'https://kouyu.example.org' });
    admin = await adminAuth(t);
  });
  afterAll(() => t.close());

  it('answers a signed, expiring pass for the right password and invalid_password otherwise', async () => {
    const wrong = await verify('guess');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'invalid_password', message: 'Invalid password' });
    const ok = await verify(PASSWORD);
    expect(ok.statusCode).toBe(200);
    const body = campusPassSchema.parse(ok.json());
    const days = (Date.parse(body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    expect(body.pass.split('.')).toHaveLength(3);
  });

  it('limits password attempts per address', async () => {
    const address = clientAddress();
    const codes: number[] = [];
    for (let i = 0; i <= CAMPUS_VERIFY_PER_MINUTE; i += 1)
      codes.push((await verify('guess', address)).statusCode);
    expect(codes.slice(0, CAMPUS_VERIFY_PER_MINUTE).every((c) => c === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // Even the right password waits once the address is over its limit.
    expect((await verify(PASSWORD, address)).statusCode).toBe(429);
  });

  it('opens the card only with a valid pass', async () => {
    expect((await card(null)).statusCode).toBe(401);
    expect((await card(null)).json().code).toBe('campus_pass_required');
    expect((await card('not-a-pass')).statusCode).toBe(401);
    // A login token is not a pass.
    const learner = await signUp(t.app);
    expect((await card(learner.token)).statusCode).toBe(401);
    // An expired pass, and a pass for another password, are refused.
    const secret = t.app.config.jwtSecret;
    const old = await signCampusPass(secret, PASSWORD, new Date(Date.now() - 31 * 86_400_000));
    expect((await card(old.pass)).statusCode).toBe(401);
    const other = await signCampusPass(secret, 'old-password');
    expect((await card(other.pass)).statusCode).toBe(401);
    const res = await card(await passOf());
    expect(res.statusCode).toBe(200);
    expect(campusCardSchema.parse(res.json()).data).toMatchObject({
      code: null,
      register_url: null,
      signups: 0,
    });
  });

  it('lets only admins set the code and texts, and refuses a learner’s share code', async () => {
    const learner = await signUp(t.app);
    const put = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/admin/campus-card', headers, payload });
    expect((await put({}, { code: 'PKU2026', texts: {} })).statusCode).toBe(401);
    expect((await put(learner.auth, { code: 'PKU2026', texts: {} })).statusCode).toBe(403);
    expect((await put(admin, { code: 'no spaces!', texts: {} })).statusCode).toBe(400);
    const taken = await put(admin, { code: learner.user.share_code, texts: {} });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('campus_code_taken');
    const saved = await put(admin, {
      code: 'pku2026',
      texts: { zh: { title: '北大口语卡', offer: '免费练习 HSKK' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(campusSettingsSchema.parse(saved.json()).data).toMatchObject({
      enabled: true,
      code: 'PKU2026',
      signups: 0,
    });
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/admin/campus-card', headers: admin });
    expect(campusSettingsSchema.parse(read.json()).data.texts.zh?.title).toBe('北大口语卡');
  });

  it('shows the card in the viewer’s language with a QR code of the registration link', async () => {
    const pass = await passOf();
    const zh = campusCardSchema.parse((await card(pass, 'zh')).json()).data;
    expect(zh).toMatchObject({
      language: 'zh',
      code: 'PKU2026',
      title: '北大口语卡',
      offer: '免费练习 HSKK',
      bonus_points: 10,
    });
    expect(zh.register_url).toBe('https://kouyu.example.org/zh/auth?mode=register&invite=PKU2026');
    const svg = await QRCode.toString(zh.register_url ?? '', {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
    });
    expect(zh.qr_svg).toBe(`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`);
    const en = campusCardSchema.parse((await card(pass, 'en')).json()).data;
    // No English text set: the web app shows its default wording.
    expect(en).toMatchObject({ title: null, offer: null });
    expect(en.register_url).toContain('/en/auth?mode=register&invite=PKU2026');
  });

  it('gives students who sign up through the code the invitation bonus and counts them', async () => {
    const student = await signUp(t.app, email('student'), 'secret-123', 'pku2026');
    expect(student.user.point).toBe(10);
    const points = await t.app.inject({ method: 'GET', url: '/api/v1/user/points', headers: student.auth });
    expect(points.json().data.points).toBe(10);
    // An unverified registration does not count yet; a wrong code is still refused.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email: email('pending'), password: 'secret-123', invited_code: 'PKU2026' },
      remoteAddress: clientAddress(),
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email: email('bad'), password: 'secret-123', invited_code: 'NOPE2026' },
      remoteAddress: clientAddress(),
    });
    expect(bad.json().code).toBe('invalid_invitation_code');
    const data = campusCardSchema.parse((await card(await passOf())).json()).data;
    expect(data.signups).toBe(1);
  });
});

describe(`campus card switched off on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    expect(testConfig().CAMPUS_CARD_PASSWORD).toBeUndefined();
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says so clearly instead of asking for a password', async () => {
    const v = await t.app.inject({
      method: 'POST',
      url: '/api/v1/campus-card/verify',
      payload: { password: 'anything' },
      remoteAddress: clientAddress(),
    });
    expect(v.statusCode).toBe(503);
    expect(v.json().code).toBe('campus_card_disabled');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/campus-card' })).json().code).toBe(
      'campus_card_disabled',
    );
  });
});
