import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEEDBACK_DONE,
  resultCountSchema,
  resultDetailSchema,
  resultsListSchema,
  savedFeedbackSchema,
  submitResultSchema,
} from '@kouyu/core';
import { eq } from 'drizzle-orm';
import { ensureAdmin } from '../../../accounts/admin.js';
import { hskkTests, testResults } from '../../../db/schema.js';
import { answerAudioStore, keepAnswerAudio } from '../../../speech/voice/answer-audio.js';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { clientAddress, email, signUp } from '../../../test/accounts.js';
import { feedbackQuery, feedbackSocket, roles, seedHskk, setPlus } from '../../../test/speaking.js';
import type { Account } from '../../../test/speaking.js';

const TRY = 101;
const OFFICIAL = 104;
// Question ids: test id × 1000 + part × 100 + number.
const q = (test: number, part: number, n: number) => test * 1000 + part * 100 + n;

describe(`test results on ${testDriver}`, () => {
  let t: TestApp;
  let who: { free: Account; lapsed: Account; plus: Account };
  let admin: Record<string, string>;

  /** Real feedback through the socket, as the client gets it. */
  const feedback = async (account: Account, questionId: number, answer: string) => {
    const run = await feedbackSocket(
      t.app,
      `/api/v1/user-test-questions/ws?${feedbackQuery({ question_id: questionId, level_id: 1, part_id: Math.floor(questionId / 100) % 10, user_answers: answer, token: account.token, language: 'en' })}`,
    );
    await run.closed;
    return savedFeedbackSchema.parse(JSON.parse(run.frames[run.frames.indexOf(FEEDBACK_DONE) + 1] ?? 'null'));
  };
  const answer = (questionId: number, extra: Record<string, unknown> = {}) => ({
    question_id: questionId,
    question_number: 1,
    user_answers: 'answer',
    orig_answers: 'answer',
    ...extra,
  });
  const submit = (account: Account | null, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/user-test-questions',
      headers: account?.auth ?? {},
      remoteAddress: clientAddress(),
      payload: { test_id: TRY, level_id: 1, part_id: 1, is_full_test: false, completed_time: 60, ...body },
    });
  const list = async (account: Account, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user-test-questions${query}`,
      headers: account.auth,
    });
    expect(res.statusCode).toBe(200);
    return resultsListSchema.parse(res.json());
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedHskk(t.app);
    who = await roles(t.app);
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

  it('scores a run from the user’s own feedback, never from the client', async () => {
    const user = await signUp(t.app);
    const good = await feedback(user, q(TRY, 1, 1), '我家有四个人');
    const weak = await feedback(user, q(TRY, 1, 2), '我爸爸');
    const foreign = await feedback(who.free, q(TRY, 1, 3), '我妈妈在商店工作');
    const res = await submit(user, {
      answers: [
        answer(q(TRY, 1, 1), { ai_feedback_id: good.id, score: 3 }),
        answer(q(TRY, 1, 2), { ai_feedback_id: weak.id, question_number: 9 }),
        answer(q(TRY, 1, 3), { ai_feedback_id: foreign.id, score: 100 }),
        // Feedback of another question does not count for this one.
        answer(q(TRY, 1, 4), { ai_feedback_id: good.id, score: 100 }),
        answer(q(TRY, 1, 5), { score: 100 }),
      ],
    });
    expect(res.statusCode).toBe(201);
    const { data } = submitResultSchema.parse(res.json());
    expect(data.score).toBe(Math.round((good.score + weak.score) / 2));
    expect(good.score).toBeGreaterThan(weak.score);

    const stored = resultDetailSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/user-test-questions/${data.id}`,
          headers: user.auth,
        })
      ).json(),
    );
    expect(stored.data.answers.map((a) => [a.question_number, a.score, a.ai_feedback_id])).toEqual([
      [1, good.score, good.id],
      [2, weak.score, weak.id],
      [3, null, null],
      [4, null, null],
      [5, null, null],
    ]);
    expect(stored.data.answers[0]).toMatchObject({
      feedback: good.feedback,
      feedback_html: good.feedback_html,
    });
    expect(stored.data).toMatchObject({
      test_id: TRY,
      level_id: 1,
      part_id: 1,
      is_full_test: false,
      completed_time: 60,
      test_name: 'Basic Practice Test 1',
    });
  });

  it('keeps a recorded answer without a transcript with its audio id', async () => {
    const user = await signUp(t.app);
    const res = await submit(user, {
      answers: [
        answer(q(TRY, 1, 1), { user_answers: '(No answer provided)', audio_id: 'rec_0123456789abcdef' }),
        answer(q(TRY, 1, 2), { question_number: 2 }),
      ],
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.database.db
      .select()
      .from(testResults)
      .where(eq(testResults.id, submitResultSchema.parse(res.json()).data.id));
    expect(row?.answers.map((a) => a.audio_id ?? null)).toEqual(['rec_0123456789abcdef', null]);
    // An id that is not one the server could have made is refused.
    const bad = await submit(user, { answers: [answer(q(TRY, 1, 1), { audio_id: '../../etc/passwd' })] });
    expect(bad.statusCode).toBe(400);
  });

  it('stores a run sent again once, caps its duration by the test and refuses another learner’s recording', async () => {
    const user = await signUp(t.app);
    const body = { completed_time: 86_400, answers: [answer(q(TRY, 1, 1), { user_answers: 'once' })] };
    const ids = new Set<number>();
    for (let i = 0; i < 5; i++) {
      const res = await submit(user, body);
      expect(res.statusCode, res.body).toBe(201);
      ids.add(submitResultSchema.parse(res.json()).data.id);
    }
    expect(ids.size).toBe(1);
    const rows = await t.app.database.db
      .select()
      .from(testResults)
      .where(eq(testResults.userId, user.user.id));
    expect(rows).toHaveLength(1);
    // A day of "test time" is the test's own limit at most (minutes, stored as seconds).
    const [test] = await t.app.database.db.select().from(hskkTests).where(eq(hskkTests.id, TRY));
    expect(rows[0]?.completedTime).toBe((test?.timeLimit ?? 0) * 60);
    // Another learner's kept recording cannot be named.
    const stranger = await signUp(t.app);
    const theirs = await keepAnswerAudio(
      t.app.database.db,
      answerAudioStore(t.app.config),
      stranger.user.id,
      new Int16Array(16_000).fill(100),
    );
    const stolen = await submit(user, { answers: [answer(q(TRY, 1, 1), { audio_id: theirs })] });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({
      code: 'validation_failed',
      details: { fields: [{ field: 'answers.0.audio_id' }] },
    });
    const own = await submit(stranger, { answers: [answer(q(TRY, 1, 1), { audio_id: theirs })] });
    expect(own.statusCode).toBe(201);
  });

  it('checks the test, its parts and the caller’s rights', async () => {
    expect((await submit(null, { answers: [answer(q(TRY, 1, 1))] })).statusCode).toBe(401);
    const unknown = await submit(who.free, { test_id: 999, answers: [answer(q(TRY, 1, 1))] });
    expect(unknown.json()).toMatchObject({ code: 'test_not_found' });
    const otherTest = await submit(who.free, { answers: [answer(q(102, 1, 1))] });
    expect(otherTest.statusCode).toBe(400);
    expect(otherTest.json()).toMatchObject({ code: 'question_not_in_test' });
    const otherPart = await submit(who.free, { answers: [answer(q(TRY, 2, 1))] });
    expect(otherPart.json()).toMatchObject({ code: 'question_not_in_test' });
    expect((await submit(who.free, { part_id: null, answers: [answer(q(TRY, 1, 1))] })).statusCode).toBe(400);
    const official = await submit(who.lapsed, { test_id: OFFICIAL, answers: [answer(q(OFFICIAL, 1, 1))] });
    expect(official.statusCode).toBe(403);
    expect(official.json()).toMatchObject({ code: 'official_required' });
    const member = await submit(who.plus, { test_id: OFFICIAL, answers: [answer(q(OFFICIAL, 1, 1))] });
    expect(member.statusCode).toBe(201);
    expect(member.json().data.score).toBeNull();
  });

  it('lists own results sorted, filtered and paged, with feedback joined', async () => {
    const user = await signUp(t.app);
    const scores: number[] = [];
    for (const text of ['我家有四个人', '我家', '我家有四个']) {
      const fb = await feedback(user, q(TRY, 1, 1), text);
      scores.push(fb.score);
      expect(
        (await submit(user, { answers: [answer(q(TRY, 1, 1), { ai_feedback_id: fb.id })] })).statusCode,
      ).toBe(201);
    }
    const full = await submit(user, {
      part_id: null,
      is_full_test: true,
      answers: [answer(q(TRY, 1, 1)), answer(q(TRY, 2, 1)), answer(q(TRY, 3, 1))],
    });
    expect(full.statusCode).toBe(201);

    const latest = await list(user);
    expect(latest.pagination).toMatchObject({
      current_page: 1,
      per_page: 10,
      total_count: 4,
      total_pages: 1,
    });
    expect(latest.data.map((r) => r.is_full_test)).toEqual([true, false, false, false]);
    // Each answer is named by its part and task, which are not held back from a reader without Plus.
    expect(latest.data[0]?.answers.map((a) => [a.part, a.task, a.user_answers])).toEqual([
      [1, 'repeat', null],
      [2, 'answer', null],
      [3, 'open', null],
    ]);
    expect(latest.data.slice(1).map((r) => r.score)).toEqual([...scores].reverse());
    expect(latest.data[1]?.answers[0]?.feedback).toMatch(/\S/);

    const oldest = await list(user, '?sort=oldest');
    expect(oldest.data.map((r) => r.id)).toEqual(latest.data.map((r) => r.id).reverse());
    const sorted = [...scores].sort((a, b) => b - a);
    expect((await list(user, '?sort=highest')).data.map((r) => r.score)).toEqual([...sorted, null]);
    expect((await list(user, '?sort=lowest')).data.map((r) => r.score)).toEqual([...sorted.reverse(), null]);

    expect((await list(user, '?filter=full')).data.map((r) => r.id)).toEqual([latest.data[0]?.id]);
    const parts = await list(user, '?filter=part&page=2&page_size=2&language=zh');
    expect(parts.pagination).toMatchObject({
      current_page: 2,
      per_page: 2,
      total_count: 3,
      total_pages: 2,
      has_previous: true,
      has_next: false,
    });
    expect(parts.data).toHaveLength(1);
    expect(parts.data[0]?.test_name).toBe('初级练习 1');

    // Only one's own: another user sees none of them and cannot open one.
    const other = await signUp(t.app);
    expect((await list(other)).data).toEqual([]);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user-test-questions/${latest.data[0]?.id}`,
      headers: other.auth,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user-test-questions' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/user-test-questions?sort=best',
          headers: user.auth,
        })
      ).statusCode,
    ).toBe(400);

    // The admin's per-user view: the count and the same list.
    const count = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/users/${user.user.id}/test-results/count`,
      headers: admin,
    });
    const expectedAverage = Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);
    expect(resultCountSchema.parse(count.json()).data).toEqual({
      count: 4,
      full_tests: 1,
      part_tests: 3,
      average_score: expectedAverage,
    });
    const adminList = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/users/${user.user.id}/test-results?sort=highest&filter=part&page_size=2`,
      headers: admin,
    });
    const adminBody = resultsListSchema.parse(adminList.json());
    expect(adminBody.data.map((r) => r.score)).toEqual([...scores].sort((a, b) => b - a).slice(0, 2));
    expect(adminBody.pagination).toMatchObject({ total_count: 3, total_pages: 2 });
    expect(adminBody.data[0]?.answers[0]?.feedback).toMatch(/\S/);
  });

  it('serves a kept page only until the learner’s results or rights change, and only to them', async () => {
    const learner = await signUp(t.app);
    const other = await signUp(t.app);
    await setPlus(t.app, learner.user.id, 30);
    const fb = await feedback(learner, q(TRY, 1, 1), '我家有四个人');
    expect(
      (await submit(learner, { answers: [answer(q(TRY, 1, 1), { ai_feedback_id: fb.id })] })).statusCode,
    ).toBe(201);
    const first = await list(learner);
    expect(first.data).toHaveLength(1);
    expect(await list(learner)).toEqual(first);
    expect((await list(learner, '?sort=oldest')).data).toHaveLength(1);
    expect((await list(other)).data).toEqual([]);

    // A new run shows at once, in every order and page asked before.
    expect((await submit(learner, { completed_time: 61, answers: [answer(q(TRY, 1, 2))] })).statusCode).toBe(
      201,
    );
    expect((await list(learner)).data.map((r) => r.completed_time)).toEqual([61, 60]);
    expect((await list(learner, '?sort=oldest')).data.map((r) => r.completed_time)).toEqual([60, 61]);
    expect((await list(other)).data).toEqual([]);

    // Plus lapses: what was kept for a member is not what the learner may see now.
    expect((await list(learner)).data[1]?.answers[0]?.user_answers).toBe('answer');
    await setPlus(t.app, learner.user.id, -3);
    const lapsed = (await list(learner)).data[1]?.answers[0];
    expect(lapsed?.user_answers).toBeNull();
    expect(lapsed?.review_locked).toBe(true);
  });

  it('keeps the admin calls for admins', async () => {
    const learner = await signUp(t.app);
    const url = `/api/v1/admin/users/${learner.user.id}/test-results`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `${url}/count`, headers: learner.auth })).statusCode,
    ).toBe(403);
    const empty = await t.app.inject({ method: 'GET', url: `${url}/count`, headers: admin });
    expect(empty.json().data).toEqual({ count: 0, full_tests: 0, part_tests: 0, average_score: null });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/users/999999/test-results', headers: admin }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/admin/users/999999/test-results/count',
          headers: admin,
        })
      ).statusCode,
    ).toBe(404);
  });
});
