import { createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsDay, analyticsReportSchema } from '@kouyu/core';
import { ensureAdmin } from '../../../accounts/admin.js';
import { recordGoal } from '../../../analytics/goals.js';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { clientAddress, email, lastCode, signUp } from '../../../test/accounts.js';
import { seedHskk } from '../../../test/speaking.js';

const today = analyticsDay(new Date());

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

describe(`admin analytics on ${testDriver}`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const report = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/analytics${query}`, headers: admin });
    expect(res.statusCode).toBe(200);
    return analyticsReportSchema.parse(res.json()).data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedHskk(t.app);
    admin = await adminAuth(t);
  });
  afterAll(() => t.close());

  it('is for admins only', async () => {
    const learner = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/analytics' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/analytics', headers: learner.auth });
    expect(res.statusCode).toBe(403);
  });

  it('answers every day of the span, the last 30 days by default', async () => {
    const data = await report();
    expect(data.to).toBe(today);
    expect(data.goals).toHaveLength(30);
    expect(data.goals.at(-1)?.day).toBe(today);
    const span = await report('?from=2026-02-27&to=2026-03-02');
    expect(span.goals.map((g) => g.day)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(span.goals.every((g) => g.register === 0 && g.upgrade === 0 && g.first_test === 0)).toBe(true);
  });

  it('refuses a reversed, too long or malformed span', async () => {
    for (const q of ['?from=2026-03-02&to=2026-03-01', '?from=2020-01-01&to=2026-01-01', '?from=yesterday']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/analytics${q}`, headers: admin });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('counts a registration, an upgrade and only the first saved test of a learner', async () => {
    const before = (await report()).totals;
    const user = await signUp(t.app);
    await recordGoal(t.app.database.db, 'upgrade');
    const submit = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user-test-questions',
        headers: user.auth,
        remoteAddress: clientAddress(),
        payload: {
          test_id: 101,
          level_id: 1,
          part_id: 1,
          is_full_test: false,
          completed_time: 60,
          answers: [{ question_id: 101101, question_number: 1, user_answers: 'a', orig_answers: 'a' }],
        },
      });
    expect((await submit()).statusCode).toBe(201);
    expect((await submit()).statusCode).toBe(201);
    const after = await report();
    expect(after.totals).toEqual({
      register: before.register + 1,
      upgrade: before.upgrade + 1,
      first_test: before.first_test + 1,
    });
    expect(after.goals.at(-1)).toMatchObject({ day: today });
  });

  it('counts failed calls by code, but not 401', async () => {
    const codeTotal = async (code: string) =>
      (await report()).errors.find((e) => e.code === code)?.total ?? 0;
    const missing = await codeTotal('route_not_found');
    const invalid = await codeTotal('validation_failed');
    const unauth = await codeTotal('not_authenticated');
    await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route' });
    await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route' });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: {},
      remoteAddress: clientAddress(),
    });
    await t.app.inject({ method: 'GET', url: '/api/v1/user-test-questions' });
    const after = await report();
    const total = (code: string) => after.errors.find((e) => e.code === code)?.total ?? 0;
    // A 404 route answers route_not_found or not_found depending on the handler; both are counted by code.
    expect(total('route_not_found') + total('not_found')).toBeGreaterThanOrEqual(missing + 2);
    expect(total('validation_failed')).toBe(invalid + 1);
    expect(total('not_authenticated')).toBe(unauth);
    expect(after.errors.find((e) => e.code === 'validation_failed')?.days.at(-1)?.day).toBe(today);
  });
});

/** A stand-in for a self-hosted Plausible or Umami: records what it receives. */
async function standIn() {
  const received: { url: string; body: unknown; headers: IncomingMessage['headers'] }[] = [];
  let onReceive: () => void = () => {};
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      received.push({ url: req.url ?? '', body: JSON.parse(raw), headers: req.headers });
      res.writeHead(202).end('ok');
      onReceive();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    next: () => new Promise<void>((resolve) => (onReceive = resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(['plausible', 'umami'] as const)(`forwarding goals to %s on ${testDriver}`, (kind) => {
  let t: TestApp;
  let stand: Awaited<ReturnType<typeof standIn>>;
  beforeAll(async () => {
    stand = await standIn();
    t = await createTestApp({
      ANALYTICS_FORWARD: kind,
      ANALYTICS_FORWARD_URL: `${stand.url}/`,
      ANALYTICS_SITE: kind === 'plausible' ? 'kouyu.example.org' : '2f6b9c1e-6f0a-4c55-9d1a-3b8e2a7d4c10',
      PUBLIC_URL: 'https://kouyu.example.org',
    });
  });
  afterAll(async () => {
    await t.close();
    await stand.close();
  });

  it('sends the goal name only, and nothing when the browser asks not to be tracked', async () => {
    const arrived = stand.next();
    const user = await signUp(t.app);
    await arrived;
    expect(stand.received).toHaveLength(1);
    const [hit] = stand.received;
    if (kind === 'plausible') {
      expect(hit?.url).toBe('/api/event');
      expect(hit?.body).toEqual({
        name: 'register',
        domain: 'kouyu.example.org',
        url: 'https://kouyu.example.org',
      });
    } else {
      expect(hit?.url).toBe('/api/send');
      expect(hit?.body).toEqual({
        type: 'event',
        payload: {
          website: '2f6b9c1e-6f0a-4c55-9d1a-3b8e2a7d4c10',
          name: 'register',
          url: '/',
          hostname: 'kouyu.example.org',
        },
      });
    }
    expect(JSON.stringify(hit)).not.toContain(user.email);
    expect(hit?.headers['x-forwarded-for']).toBeUndefined();

    // DNT: the goal is still counted (a bare number) but not sent anywhere.
    const address = email('dnt');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email: address, password: 'secret-123' },
      remoteAddress: clientAddress(),
    });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      headers: { 'sec-gpc': '1' },
      remoteAddress: clientAddress(),
      payload: { email: address, code: await lastCode(t.app, address) },
    });
    expect(verified.statusCode).toBe(200);
    // A later forwarded goal proves the DNT one was skipped rather than still on its way.
    const second = stand.next();
    await recordGoal(t.app.database.db, 'upgrade');
    await second;
    expect(stand.received.map((r) => JSON.stringify(r.body).includes('register'))).toEqual([true, false]);
  });
});
