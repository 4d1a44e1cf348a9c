import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { email, signUp } from '../../../test/accounts.js';
import { ensureAdmin } from '../../../accounts/admin.js';

describe(`admin area on ${testDriver}`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    const address = email('admin');
    expect(await ensureAdmin(t.app.database.db, address, 'admin-secret-1')).toBe('created');
    expect(await ensureAdmin(t.app.database.db, address, 'admin-secret-1')).toBe('unchanged');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: address, password: 'admin-secret-1' },
    });
    expect(login.json().user.user_level).toBe('admin');
    admin = { authorization: `Bearer ${login.json().token}` };
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses guests and learners', async () => {
    const learner = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/outbox' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: learner.auth });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('reads the dev outbox', async () => {
    const learner = await signUp(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/outbox?email=${encodeURIComponent(learner.email)}`,
      headers: admin,
    });
    expect(res.json().data[0]).toMatchObject({ to: learner.email, purpose: 'verify', transport: 'outbox' });
    expect(res.json().data[0].text).toMatch(/\d{6}/);
  });

  it('grants, extends and ends Plus so every membership state can be tried', async () => {
    const learner = await signUp(t.app);
    const url = `/api/v1/admin/users/${learner.user.id}/membership`;
    const in3days = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const granted = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: { expires_at: in3days },
    });
    expect(granted.json()).toMatchObject({
      user: { is_official: true, is_vip: true },
      payment_expiration: in3days,
    });
    const lapsed = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: { expires_at: new Date(Date.now() - 86_400_000).toISOString() },
    });
    expect(lapsed.json().user).toMatchObject({ is_official: true, is_vip: false });
    const ended = await t.app.inject({ method: 'PUT', url, headers: admin, payload: { expires_at: null } });
    expect(ended.json()).toMatchObject({
      user: { is_official: false, is_vip: false },
      payment_expiration: null,
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: learner.auth });
    expect(me.json().user.is_official).toBe(false);
  });

  it('lists users with search and adjusts points through the ledger', async () => {
    const learner = await signUp(t.app);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/users?search=${encodeURIComponent(learner.email)}`,
      headers: admin,
    });
    expect(list.json().data).toHaveLength(1);
    expect(list.json().pagination).toMatchObject({ current_page: 1, total_count: 1 });
    const pts = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${learner.user.id}/points`,
      headers: admin,
      payload: { delta: 25, note: 'contest prize' },
    });
    expect(pts.json().user.point).toBe(25);
  });

  it('reads one user, refuses unreadable expiries and keeps the admin from demoting themselves', async () => {
    const learner = await signUp(t.app);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/users/${learner.user.id}`,
      headers: admin,
    });
    expect(one.json()).toMatchObject({
      success: true,
      user: { email: learner.email },
      payment_expiration: null,
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users/2147483647',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
    const farAhead = new Date(Date.now() + 6 * 366 * 86_400_000).toISOString();
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${learner.user.id}/membership`,
      headers: admin,
      payload: { expires_at: farAhead },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('validation_failed');

    const promoted = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${learner.user.id}/role`,
      headers: admin,
      payload: { admin: true },
    });
    expect(promoted.json().user.user_level).toBe('admin');
    const demoted = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${learner.user.id}/role`,
      headers: admin,
      payload: { admin: false },
    });
    expect(demoted.json().user.user_level).toBe('basic');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: admin });
    const self = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${me.json().user.id}/role`,
      headers: admin,
      payload: { admin: false },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('forbidden');
  });
});
