import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { clientAddress, email, signUp } from '../../../test/accounts.js';
import { ensureAdmin } from '../../../accounts/admin.js';

type Auth = Record<string, string>;

describe(`contact management on ${testDriver}`, () => {
  let t: TestApp;
  let admin: Auth;
  let learner: Awaited<ReturnType<typeof signUp>>;
  const ids: Record<string, number> = {};

  const call = (method: 'GET' | 'PUT', url: string, headers: Auth = {}, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, payload, remoteAddress: clientAddress() });

  beforeAll(async () => {
    // No wait between messages, so one account can write the whole set.
    t = await createTestApp({ CONTACT_COOLDOWN_S: '0' });
    const address = email('admin');
    await ensureAdmin(t.app.database.db, address, 'admin-secret-1');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: address, password: 'admin-secret-1' },
    });
    admin = { authorization: `Bearer ${login.json().token}` };
    learner = await signUp(t.app, email('writer'));
    const messages = [
      ['bug', 'The recorder stops after ten seconds', null],
      ['praise', 'Thank you for the 100% free practice', 5],
      ['ai_feedback', 'The AI feedback was too short', 2],
      ['feature', 'Please add HSK 7-9 vocabulary', null],
    ] as const;
    for (const [type, message, rating] of messages) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/contacts',
        headers: learner.auth,
        payload: { message, feedback_type: type, rating },
        remoteAddress: clientAddress(),
      });
      expect(res.statusCode).toBe(201);
      ids[type] = res.json().data.id;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('is closed to guests (401) and learners (403)', async () => {
    for (const [method, url] of [
      ['GET', '/admin/contacts'],
      ['GET', '/admin/contacts/stats'],
      ['PUT', `/admin/contacts/${ids['bug']}`],
    ] as const) {
      const guest = await call(method, url, {}, { status: 'read' });
      expect(guest.statusCode, url).toBe(401);
      const user = await call(method, url, learner.auth, { status: 'read' });
      expect(user.statusCode, url).toBe(403);
      expect(user.json().code).toBe('forbidden');
    }
    // The refused update changed nothing.
    const list = await call('GET', '/admin/contacts?type=bug', admin);
    expect(list.json().data[0].status).toBe('new');
  });

  it('lists messages newest first with the sender, filtered and paged', async () => {
    const all = await call('GET', '/admin/contacts', admin);
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.data.map((c: { feedback_type: string }) => c.feedback_type)).toEqual([
      'feature',
      'ai_feedback',
      'praise',
      'bug',
    ]);
    expect(body.data[1]).toMatchObject({
      id: ids['ai_feedback'],
      user_id: learner.user.id,
      user_email: learner.email,
      message: 'The AI feedback was too short',
      rating: 2,
      status: 'new',
      admin_note: null,
    });
    expect(body.pagination).toMatchObject({ total_count: 4, current_page: 1, has_next: false });

    const page2 = await call('GET', '/admin/contacts?page=2&page_size=3', admin);
    expect(page2.json().data.map((c: { id: number }) => c.id)).toEqual([ids['bug']]);
    expect(page2.json().pagination).toMatchObject({ total_pages: 2, has_previous: true, has_next: false });

    const praise = await call('GET', '/admin/contacts?type=praise', admin);
    expect(praise.json().data.map((c: { id: number }) => c.id)).toEqual([ids['praise']]);

    // The search is a plain substring of the message or the e-mail: "%" matches only itself.
    const percent = await call('GET', `/admin/contacts?search=${encodeURIComponent('100%')}`, admin);
    expect(percent.json().data.map((c: { id: number }) => c.id)).toEqual([ids['praise']]);
    const byEmail = await call(
      'GET',
      `/admin/contacts?search=${encodeURIComponent(learner.email.toUpperCase())}`,
      admin,
    );
    expect(byEmail.json().pagination.total_count).toBe(4);

    const bad = await call('GET', '/admin/contacts?status=archived', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
  });

  it('changes the status and the note of a message', async () => {
    const url = `/admin/contacts/${ids['bug']}`;
    const read = await call('PUT', url, admin, { status: 'read' });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ id: ids['bug'], status: 'read', admin_note: null });

    const noted = await call('PUT', url, admin, { status: 'resolved', admin_note: '  Fixed in 1.2  ' });
    expect(noted.json().data).toMatchObject({ status: 'resolved', admin_note: 'Fixed in 1.2' });
    expect(Date.parse(noted.json().data.updated_at)).toBeGreaterThanOrEqual(
      Date.parse(noted.json().data.created_at),
    );

    const cleared = await call('PUT', url, admin, { admin_note: null });
    expect(cleared.json().data).toMatchObject({ status: 'resolved', admin_note: null });

    const resolved = await call('GET', '/admin/contacts?status=resolved', admin);
    expect(resolved.json().data.map((c: { id: number }) => c.id)).toEqual([ids['bug']]);

    expect((await call('PUT', url, admin, {})).statusCode).toBe(400);
    expect((await call('PUT', url, admin, { status: 'closed' })).statusCode).toBe(400);
    const missing = await call('PUT', '/admin/contacts/999999', admin, { status: 'read' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });

  it('counts by status and type and averages the ratings given', async () => {
    await call('PUT', `/admin/contacts/${ids['feature']}`, admin, { status: 'read' });
    await call('PUT', `/admin/contacts/${ids['bug']}`, admin, { status: 'resolved' });
    const res = await call('GET', '/admin/contacts/stats', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      total: 4,
      by_status: { new: 2, read: 1, resolved: 1 },
      by_type: {
        general: 0,
        bug: 1,
        feature: 1,
        ai_feedback: 1,
        ui_ux: 0,
        performance: 0,
        payment: 0,
        praise: 1,
      },
      rated_count: 2,
      average_rating: 3.5,
    });
  });
});
