import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { clientAddress, email, signUp } from '../../../test/accounts.js';
import { membershipOf } from '../../../test/membership.js';
import { ensureAdmin } from '../../../accounts/admin.js';
import { pointsLedger, redeemBatches } from '../../../db/schema.js';

const DAY = 86_400_000;

describe(`redeem codes and points on ${testDriver}`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ PLUS_PLANS: 'week:7:2.99:USD,month:30:9.99:USD', PLUS_POINTS_PER_WEEK: '100' });
    const address = email('admin');
    await ensureAdmin(t.app.database.db, address, 'admin-secret-1');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: address, password: 'admin-secret-1' },
    });
    admin = { authorization: `Bearer ${login.json().token}` };
  });
  afterAll(async () => {
    await t.close();
  });

  async function batch(payload: Record<string, unknown>) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/redeem-codes',
      headers: admin,
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ batch: { id: number }; codes: string[] }>();
  }
  const redeem = (auth: Record<string, string>, code: string, ip = clientAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/membership/redeem',
      headers: auth,
      payload: { code },
      remoteAddress: ip,
    });

  it('admins create code batches; learners cannot', async () => {
    const learner = await signUp(t.app);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/redeem-codes',
      headers: learner.auth,
      payload: { days: 30, count: 1 },
    });
    expect(refused.statusCode).toBe(403);
    const { codes } = await batch({ days: 30, count: 5, note: 'class 3B' });
    expect(codes).toHaveLength(5);
    expect(new Set(codes).size).toBe(5);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/redeem-codes',
      headers: admin,
      payload: { days: 0, count: 5000 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a code works in any case and spacing, once; renewing adds to the expiry', async () => {
    const { codes } = await batch({ days: 30, count: 2 });
    const [a = '', b = ''] = codes;
    const learner = await signUp(t.app);
    const typed = ` ${a.toLowerCase().replace(/-/g, ' ')} `;
    const ok = await redeem(learner.auth, typed);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ days: 30, status: { state: 'active', days_until_expiration: 30 } });
    const first = new Date(ok.json().status.expires_at).getTime();
    const again = await redeem(learner.auth, a);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('redeem_code_used');
    const renewed = await redeem(learner.auth, b);
    expect(new Date(renewed.json().status.expires_at).getTime() - first).toBe(30 * DAY);
  });

  it('says clearly when a code is unknown, expired or revoked', async () => {
    const learner = await signUp(t.app);
    const unknown = await redeem(learner.auth, 'AAAA-BBBB-CCCC');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'redeem_code_unknown']);
    const malformed = await redeem(learner.auth, '!!');
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'validation_failed']);
    const soon = new Date(Date.now() + 60_000).toISOString();
    const expiring = await batch({ days: 7, count: 1, expires_at: soon });
    await t.app.database.db
      .update(redeemBatches)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(redeemBatches.id, expiring.batch.id));
    const expired = await redeem(learner.auth, expiring.codes[0] ?? '');
    expect([expired.statusCode, expired.json().code]).toEqual([410, 'redeem_code_expired']);
    const withdrawn = await batch({ days: 7, count: 3 });
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/redeem-codes/${withdrawn.batch.id}/revoke`,
      headers: admin,
      payload: {},
    });
    expect(revoke.json()).toEqual({ success: true, revoked: 3 });
    const revoked = await redeem(learner.auth, withdrawn.codes[1] ?? '');
    expect([revoked.statusCode, revoked.json().code]).toEqual([410, 'redeem_code_revoked']);
    expect((await membershipOf(t.app, learner.auth)).status.state).toBe('not_official');
  });

  it('refuses a code that would run Plus past the 5-year horizon, and keeps it unused', async () => {
    const learner = await signUp(t.app);
    const long = await batch({ days: 1500, count: 1 });
    expect((await redeem(learner.auth, long.codes[0] ?? '')).statusCode).toBe(200);
    const more = await batch({ days: 1500, count: 1 });
    const refused = await redeem(learner.auth, more.codes[0] ?? '');
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'membership_limit_reached']);
    const other = await signUp(t.app);
    expect((await redeem(other.auth, more.codes[0] ?? '')).statusCode).toBe(200);
  });

  it('of many redeems of one code at once exactly one wins', async () => {
    const { codes } = await batch({ days: 7, count: 1 });
    const learners = await Promise.all([1, 2, 3, 4, 5].map(() => signUp(t.app)));
    const answers = await Promise.all(learners.map((l) => redeem(l.auth, codes[0] ?? '')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const active = await Promise.all(
      learners.map(async (l) => (await membershipOf(t.app, l.auth)).status.has_active_vip),
    );
    expect(active.filter(Boolean)).toHaveLength(1);
  });

  it('limits code attempts per user and per address', async () => {
    const learner = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await redeem(learner.auth, `ZZZZ-ZZZZ-ZZ${i}Z`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    const limited = await redeem(learner.auth, 'ZZZZ-ZZZZ-ZZZZ');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'redeem_rate_limited' });
    expect(limited.json().cooldown).toBeGreaterThan(0);
    const ip = clientAddress();
    const others = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signUp(t.app)));
    const fromOneAddress: number[] = [];
    for (const o of others)
      for (const n of [1, 2]) fromOneAddress.push((await redeem(o.auth, `YYYY-YYYY-YY${n}Y`, ip)).statusCode);
    expect(fromOneAddress.at(-1)).toBe(429);
  });

  it('lists batches, shows who used a code, exports CSV', async () => {
    const created = await batch({ days: 30, count: 2, note: 'fair, "spring"' });
    const learner = await signUp(t.app);
    await redeem(learner.auth, created.codes[0] ?? '');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/redeem-codes', headers: admin });
    expect(list.json().data.find((b: { id: number }) => b.id === created.batch.id)).toMatchObject({
      count: 2,
      used: 1,
      revoked: 0,
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/redeem-codes/${created.batch.id}`,
      headers: admin,
    });
    expect(detail.json().codes[0]).toMatchObject({ code: created.codes[0], used_by: learner.email });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/redeem-codes/${created.batch.id}/csv`,
      headers: admin,
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('code,days,expires_at,status,used_by,used_at');
    expect(lines[1]).toContain(`${created.codes[0]},30,,used,${learner.email},`);
    expect(lines[2]).toBe(`${created.codes[1]},30,,unused,,`);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/users/${learner.user.id}/membership-history`,
      headers: admin,
    });
    expect(history.json().data).toMatchObject([{ kind: 'code', days: 30 }]);
    const in10 = new Date(Date.now() + 10 * DAY + 60_000).toISOString();
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${learner.user.id}/membership`,
      headers: admin,
      payload: { expires_at: in10 },
    });
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/users/${learner.user.id}/membership-history`,
      headers: admin,
    });
    expect(after.json().data[0]).toMatchObject({ kind: 'admin', days: -20, new_expiry: in10 });
  });

  it('spends points on Plus at the configured rate, atomically', async () => {
    const learner = await signUp(t.app);
    const poor = await t.app.inject({
      method: 'POST',
      url: '/api/v1/membership/points',
      headers: learner.auth,
      payload: { plan: 'week' },
    });
    expect(poor.statusCode).toBe(400);
    expect(poor.json()).toMatchObject({ code: 'not_enough_points', cost: 100, balance: 0 });
    await t.app.database.db
      .insert(pointsLedger)
      .values({ userId: learner.user.id, delta: 150, reason: 'admin_adjustment' });
    // Two spends at once with points for one: exactly one goes through.
    const both = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/membership/points',
          headers: learner.auth,
          payload: { plan: 'week' },
        }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const info = await membershipOf(t.app, learner.auth);
    expect(info.points_balance).toBe(50);
    expect(info.status).toMatchObject({ state: 'active', days_until_expiration: 7 });
    const plans = await t.app.inject({ method: 'GET', url: '/api/v1/membership', headers: learner.auth });
    expect(plans.json().data.plans).toMatchObject([
      { id: 'week', points: 100 },
      { id: 'month', points: 429 },
    ]);
    // Right of access: the export carries where the learner's Plus came from.
    const exported = await t.app.inject({ method: 'GET', url: '/api/v1/user/export', headers: learner.auth });
    expect(exported.json().membership_changes).toMatchObject([{ kind: 'points', days: 7 }]);
    expect(exported.json().points_ledger).toContainEqual(
      expect.objectContaining({ delta: -100, reason: 'plus_days' }),
    );
  });
});

describe(`points switched off on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PLUS_POINTS_PER_WEEK: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('hides the points way and says why when called', async () => {
    const learner = await signUp(t.app);
    expect((await membershipOf(t.app, learner.auth)).ways.points).toBe(false);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/membership/points',
      headers: learner.auth,
      payload: { plan: 'month' },
    });
    expect([res.statusCode, res.json().code]).toEqual([503, 'points_unavailable']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/membership' })).statusCode).toBe(401);
  });
});
