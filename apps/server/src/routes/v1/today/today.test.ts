import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { todayResponseSchema } from '@kouyu/core';
import type { TodayResponse } from '@kouyu/core';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { clientAddress, signUp } from '../../../test/accounts.js';
import { seedContent } from '../../../db/seed/index.js';
import { hskkSeed } from '../../../db/seed/hskk.js';
import { hskSeed } from '../../../db/seed/hsk.js';
import { mailOutbox, reviewCards, reviewLog, testResults, todaySettings } from '../../../db/schema.js';
import { setClockOffset } from '../../../lib/clock.js';
import { sendDueReminders } from '../../../today/reminder.js';

/** Moves the server's clock so that now() is `iso`. */
const clockAt = (iso: string) => setClockOffset((Date.parse(iso) - Date.now()) / 1000);

describe(`today's plan on ${testDriver}`, () => {
  let t: TestApp;
  const call = (method: 'GET' | 'PUT', url: string, auth?: Record<string, string>, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...(auth ?? {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      remoteAddress: clientAddress(),
    });
  const today = async (auth: Record<string, string>, query = ''): Promise<TodayResponse> => {
    const res = await call('GET', `/api/v1/today${query}`, auth);
    expect(res.statusCode, res.body).toBe(200);
    return todayResponseSchema.parse(res.json());
  };
  const settings = (over: Record<string, unknown> = {}) => ({
    goal_kind: 'minutes',
    goal_target: 10,
    exam_date: null,
    timezone: 'UTC',
    reminder: 'off',
    ...over,
  });
  /** A saved speaking run of `minutes` at `iso`. */
  const speakingRun = async (userId: number, iso: string, minutes: number) => {
    await t.app.database.db.insert(testResults).values({
      userId,
      testId: 1,
      levelId: 1,
      partId: 1,
      isFullTest: false,
      score: 50,
      completedTime: minutes * 60,
      answers: [
        {
          question_id: 1,
          question_number: 1,
          user_answers: '你好',
          orig_answers: '',
          score: 50,
          ai_feedback_id: null,
        },
      ],
      createdAt: new Date(iso),
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedContent(t.app.database.db, { info() {} }, [hskkSeed(), hskSeed()]);
  }, 120_000);
  afterEach(() => setClockOffset(0));
  afterAll(async () => {
    await t.close();
  });

  it('is for signed-in learners only', async () => {
    expect((await call('GET', '/api/v1/today')).statusCode).toBe(401);
    expect((await call('PUT', '/api/v1/today/settings', undefined, settings())).statusCode).toBe(401);
  });

  it('answers the defaults, the browser zone, and three tasks before any settings', async () => {
    const u = await signUp(t.app);
    clockAt('2026-03-11T03:00:00Z');
    const r = await today(u.auth, '?tz=Asia/Shanghai');
    expect(r.date).toBe('2026-03-11');
    expect(r.settings).toMatchObject({
      saved: false,
      timezone: 'Asia/Shanghai',
      reminder: 'off',
      goal_kind: 'minutes',
    });
    expect(r.goal).toEqual({ kind: 'minutes', target: 10, done: 0 });
    expect(r.streak).toEqual({ days: 0, freeze_available: true, frozen_days: [] });
    expect(r.exam).toBeNull();
    expect(r.tasks.map((x) => x.kind)).toEqual(['review', 'speaking', 'hsk']);
    expect(r.tasks[1]?.href).toMatch(/^\/test\/basic\/\d+\/part-[123]$/);
    expect(r.tasks[2]?.href).toMatch(/^\/hsk\/1\/(reading|listening)\/question\/\d+$/);
    expect(r.tasks.find((x) => x.kind === 'speaking')?.done).toBe(false);
  });

  it('validates the settings', async () => {
    const u = await signUp(t.app);
    clockAt('2026-03-11T03:00:00Z');
    const put = (over: Record<string, unknown>) =>
      call('PUT', '/api/v1/today/settings', u.auth, settings(over));
    expect((await put({ timezone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await put({ goal_target: 0 })).statusCode).toBe(400);
    expect((await put({ goal_target: 241 })).statusCode).toBe(400);
    expect((await put({ goal_kind: 'pages' })).statusCode).toBe(400);
    expect((await put({ exam_date: '2026-02-30' })).statusCode).toBe(400);
    const past = await put({ exam_date: '2026-03-10' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ details: { fields: [{ field: 'exam_date', code: 'in_past' }] } });
    expect((await put({ exam_date: '2036-03-10' })).statusCode).toBe(400);
    expect((await put({ reminder: 'push' })).statusCode).toBe(400);
    expect((await put({ hsk_level: 9 })).statusCode).toBe(400);
    const ok = await put({
      goal_kind: 'items',
      goal_target: 20,
      exam_date: '2026-04-10',
      hskk_level: 'advanced',
      hsk_level: 4,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const r = await today(u.auth);
    expect(r.settings).toMatchObject({
      saved: true,
      goal_kind: 'items',
      goal_target: 20,
      hskk_level: 'advanced',
      hsk_level: 4,
    });
    expect(r.exam).toEqual({ date: '2026-04-10', days_left: 30, syllabus: 'hsk3', level: '4' });
    expect(r.level).toEqual({ hskk: 'advanced', hsk: 4 });
    expect(r.tasks[1]?.href).toMatch(/^\/test\/advanced\//);
    // the learner's own data export carries the settings
    const exported = await call('GET', '/api/v1/user/export', u.auth);
    expect(exported.json()).toMatchObject({
      today_settings: [{ goalKind: 'items', goalTarget: 20, examDate: '2026-04-10' }],
    });
  });

  it('counts activity on the learner’s local day across a time-zone boundary', async () => {
    const u = await signUp(t.app);
    // 22:30 UTC on the 10th is already the 11th in Shanghai.
    await speakingRun(u.user.id, '2026-03-10T22:30:00Z', 12);
    clockAt('2026-03-11T03:00:00Z');
    expect(
      (await call('PUT', '/api/v1/today/settings', u.auth, settings({ timezone: 'Asia/Shanghai' })))
        .statusCode,
    ).toBe(200);
    const east = await today(u.auth);
    expect(east.date).toBe('2026-03-11');
    expect(east.goal.done).toBe(12);
    expect(east.streak.days).toBe(1);
    expect(east.tasks.find((x) => x.kind === 'speaking')?.done).toBe(true);
    expect(
      (await call('PUT', '/api/v1/today/settings', u.auth, settings({ timezone: 'UTC' }))).statusCode,
    ).toBe(200);
    const utc = await today(u.auth);
    expect(utc.date).toBe('2026-03-11');
    expect(utc.goal.done).toBe(0);
    // the 10th (UTC) met the goal, today is not done yet: the streak holds
    expect(utc.streak.days).toBe(1);
    expect(utc.tasks.find((x) => x.kind === 'speaking')?.done).toBe(false);
  });

  it('counts review answers towards an items goal and shows the cards due', async () => {
    const u = await signUp(t.app);
    clockAt('2026-03-11T12:00:00Z');
    expect(
      (await call('PUT', '/api/v1/today/settings', u.auth, settings({ goal_kind: 'items', goal_target: 3 })))
        .statusCode,
    ).toBe(200);
    const db = t.app.database.db;
    const [due, later] = await db
      .insert(reviewCards)
      .values([
        {
          userId: u.user.id,
          kind: 'word',
          source: 'manual',
          hanzi: '你好',
          due: new Date('2026-03-11T08:00:00Z'),
        },
        {
          userId: u.user.id,
          kind: 'word',
          source: 'manual',
          hanzi: '谢谢',
          due: new Date('2026-03-12T08:00:00Z'),
          state: 'review',
        },
      ])
      .returning();
    const before = await today(u.auth);
    expect(before.reviews_due).toBe(1);
    expect(before.tasks[0]).toMatchObject({ kind: 'review', href: '/review', done: false });
    const answer = (cardId: string | undefined, iso: string) => ({
      userId: u.user.id,
      cardId,
      rating: 3,
      answeredAt: new Date(iso),
      stateBefore: 'new',
      applied: true,
    });
    // two answers today, one yesterday
    await db
      .insert(reviewLog)
      .values([
        answer(due?.id, '2026-03-11T09:00:00Z'),
        answer(later?.id, '2026-03-11T09:01:00Z'),
        answer(later?.id, '2026-03-10T09:00:00Z'),
      ]);
    await db.update(reviewCards).set({ due: new Date('2026-03-14T00:00:00Z'), state: 'review' });
    const after = await today(u.auth);
    expect(after.goal).toEqual({ kind: 'items', target: 3, done: 2 });
    expect(after.reviews_due).toBe(0);
    expect(after.tasks[0]?.done).toBe(true);
    expect(after.streak.days).toBe(0);
  });

  it('keeps the streak over one missed day with the week freeze, and breaks it on a second', async () => {
    const u = await signUp(t.app);
    clockAt('2026-11-23T08:00:00Z');
    expect(
      (await call('PUT', '/api/v1/today/settings', u.auth, settings({ goal_target: 5 }))).statusCode,
    ).toBe(200);
    // Mon 23 and Tue 24 met, Wed 25 missed, Thu 26 met.
    for (const day of ['2026-11-23', '2026-11-24', '2026-11-26'])
      await speakingRun(u.user.id, `${day}T09:00:00Z`, 6);
    await speakingRun(u.user.id, '2026-11-25T09:00:00Z', 2); // short of the goal
    clockAt('2026-11-26T20:00:00Z');
    const thu = await today(u.auth);
    expect(thu.streak).toEqual({ days: 3, freeze_available: false, frozen_days: ['2026-11-25'] });
    clockAt('2026-11-27T20:00:00Z'); // Friday, nothing done yet
    expect((await today(u.auth)).streak.days).toBe(3);
    clockAt('2026-11-28T20:00:00Z'); // Saturday: Friday was the week's second miss
    expect((await today(u.auth)).streak).toEqual({ days: 0, freeze_available: false, frozen_days: [] });
    clockAt('2026-11-30T08:00:00Z'); // a new week brings a new freeze
    expect((await today(u.auth)).streak.freeze_available).toBe(true);
  });

  it('mails a reminder once at the chosen hour while the goal is open, with a link that turns it off', async () => {
    const u = await signUp(t.app);
    const done = await signUp(t.app);
    const deps = { db: t.app.database.db, mailer: t.app.mailer, config: t.app.config };
    clockAt('2026-03-11T10:00:00Z');
    const moscow = settings({ timezone: 'Europe/Moscow', reminder: 'email', reminder_hour: 19 });
    expect((await call('PUT', '/api/v1/today/settings', u.auth, moscow)).statusCode).toBe(200);
    expect((await call('PUT', '/api/v1/today/settings', done.auth, moscow)).statusCode).toBe(200);
    await speakingRun(done.user.id, '2026-03-11T09:00:00Z', 15);
    const mails = async (to: string) =>
      t.app.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, to), eq(mailOutbox.purpose, 'today_reminder')))
        .orderBy(desc(mailOutbox.id));
    // 18:59 in Moscow: not yet
    expect(await sendDueReminders(deps, new Date('2026-03-11T15:59:00Z'))).toBe(0);
    // 19:05 in Moscow: one mail, to the learner whose goal is open
    expect(await sendDueReminders(deps, new Date('2026-03-11T16:05:00Z'))).toBe(1);
    expect(await sendDueReminders(deps, new Date('2026-03-11T16:10:00Z'))).toBe(0);
    expect(await mails(done.email)).toEqual([]);
    const [mail] = await mails(u.email);
    expect(mail?.purpose).toBe('today_reminder');
    expect(mail?.text).toContain('0 of 10 minutes');
    const link = /\/api\/v1\/today\/unsubscribe\?token=[\w.-]+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    // the next day both goals are open: both get one
    expect(await sendDueReminders(deps, new Date('2026-03-12T16:05:00Z'))).toBe(2);
    // a forged token changes nothing; the signed one turns reminders off
    const forged = (link ?? '').replace(/token=\d+/, `token=${done.user.id}`);
    expect((await call('GET', forged)).statusCode).toBe(400);
    const off = await call('GET', link ?? '');
    expect(off.statusCode).toBe(200);
    expect(off.headers['content-type']).toContain('text/html');
    const [row] = await t.app.database.db
      .select()
      .from(todaySettings)
      .where(eq(todaySettings.userId, u.user.id));
    expect(row?.reminder).toBe('off');
    expect(await sendDueReminders(deps, new Date('2026-03-13T16:05:00Z'))).toBe(1); // only `done`, whose goal is open now
    expect((await mails(u.email)).length).toBe(2);
  });
});
