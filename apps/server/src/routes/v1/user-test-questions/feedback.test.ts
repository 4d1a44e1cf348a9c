import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareWsSchema } from '@kouyu/core';
import { feedbackRecords } from '../../../db/schema.js';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { clientAddress, signUp } from '../../../test/accounts.js';
import {
  failed,
  feedbackQuery,
  feedbackSocket,
  finished,
  roles,
  seedHskk,
  tryPayload as payload,
} from '../../../test/speaking.js';
import type { Account } from '../../../test/speaking.js';

// Question ids: test id × 1000 + part × 100 + number. Test 101 is the try test, 104 an official one.
const TRY_P1 = 101_101;
const TRY_P2 = 101_201;
const PLAIN_P1 = 102_101;
const OFFICIAL_P1 = 104_101;

describe(`AI feedback socket on ${testDriver}`, () => {
  let t: TestApp;
  let who: { free: Account; lapsed: Account; plus: Account };
  const socket = (fields: Record<string, string | number | boolean> = {}) =>
    feedbackSocket(t.app, `/api/v1/user-test-questions/ws?${feedbackQuery(payload(fields))}`);
  const record = async (id: number) =>
    (await t.app.database.db.select().from(feedbackRecords).where(eq(feedbackRecords.id, id)))[0];

  beforeAll(async () => {
    t = await createTestApp();
    await seedHskk(t.app);
    who = await roles(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('streams a guest’s feedback on the try test, then [[DONE]], then the saved record', async () => {
    const run = await finished(await socket({ user_id: 'null', reference_text: '别的句子' }));
    expect(run.closeCode).toBe(1000);
    expect(run.chunks.length).toBeGreaterThan(1);
    expect(run.after).toEqual([]);
    const saved = run.saved;
    if (!saved) throw new Error('no saved record');
    // The server's own reference scored the answer (the client's reference_text was ignored).
    expect(saved.score).toBeGreaterThanOrEqual(90);
    expect(saved.feedback).toBe(run.chunks.join(''));
    expect(saved.feedback_html).toMatch(/^</);
    expect(await record(saved.id)).toMatchObject({
      userId: null,
      questionId: TRY_P1,
      levelId: 1,
      partId: 1,
      userAnswers: '我家有四个人',
      completedTime: 12,
      engine: 'examiner',
      score: saved.score,
    });
  });

  it('scores an empty answer 0', async () => {
    for (const answer of ['(No answer provided)', ' ']) {
      const run = await finished(await socket({ user_answers: answer }));
      expect(run.saved?.score).toBe(0);
    }
  });

  it('gives guests the try test’s part 1 only', async () => {
    const part2 = await failed(await socket({ question_id: TRY_P2, part_id: 2 }));
    expect(part2).toMatchObject({
      code: 'guest_part_only',
      error: expect.stringContaining('You tried to access Test 1, Part 2'),
    });
    expect(part2.closeCode).toBe(4403);
    const plain = await failed(await socket({ question_id: PLAIN_P1 }));
    expect(plain).toMatchObject({
      code: 'login_required',
      error: 'Error getting AI feedback: Login required',
    });
  });

  it('needs a user for a signed-in request, and saves it with the user', async () => {
    const none = await failed(await socket({ is_guest: false }));
    expect(none).toMatchObject({
      code: 'feedback_user_required',
      error: 'User ID is required for AI feedback.',
    });
    const bad = await failed(
      await socket({ is_guest: false, token: 'not-a-token', user_id: who.free.user.id }),
    );
    // A token that does not hold is refused as such (4401), so the client refreshes and retries.
    expect(bad).toMatchObject({ code: 'token_expired', closeCode: 4401 });

    const run = await finished(
      await socket({
        is_guest: false,
        token: who.free.token,
        question_id: PLAIN_P1,
        user_answers: '我有一个哥哥',
      }),
    );
    expect(run.closeCode).toBe(1000);
    expect((await record(run.saved?.id ?? 0))?.userId).toBe(who.free.user.id);
  });

  it('keeps official questions for members, whatever part or level the client claims', async () => {
    const free = await failed(
      await socket({ is_guest: false, token: who.free.token, question_id: OFFICIAL_P1, level_id: 9 }),
    );
    expect(free).toMatchObject({
      code: 'official_required',
      error: expect.stringContaining('official test requiring official user status'),
    });
    const lapsed = await failed(
      await socket({ is_guest: false, token: who.lapsed.token, question_id: OFFICIAL_P1 }),
    );
    expect(lapsed.code).toBe('official_required');
    const plus = await finished(
      await socket({
        is_guest: false,
        token: who.plus.token,
        question_id: OFFICIAL_P1,
        level_id: 3,
        part_id: 2,
      }),
    );
    const saved = await record(plus.saved?.id ?? 0);
    expect(saved).toMatchObject({ userId: who.plus.user.id, levelId: 1, partId: 1 });
  });

  it('refuses an unknown question and a malformed request', async () => {
    expect((await failed(await socket({ question_id: 999_999 }))).code).toBe('test_not_found');
    const missing = await failed(
      await feedbackSocket(t.app, '/api/v1/user-test-questions/ws?question_id=abc'),
    );
    expect(missing).toMatchObject({ code: 'validation_failed' });
    expect(missing.closeCode).toBe(4400);
  });

  it('hands a prepared payload to the socket once, with the bearer’s user', async () => {
    const prepared = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-test-questions/prepare-ws',
      headers: who.free.auth,
      remoteAddress: clientAddress(),
      payload: {
        ...payload({ is_guest: false, is_full_test: true, question_id: PLAIN_P1 }),
        user_answers: '我家有五个人'.repeat(300),
      },
    });
    expect(prepared.statusCode).toBe(200);
    const { session_id } = prepareWsSchema.parse(prepared.json());
    const run = await finished(
      await feedbackSocket(t.app, `/api/v1/user-test-questions/ws?session_id=${session_id}`),
    );
    expect(run.closeCode).toBe(1000);
    expect(await record(run.saved?.id ?? 0)).toMatchObject({
      userId: who.free.user.id,
      questionId: PLAIN_P1,
      isFullTest: true,
    });

    const again = await failed(
      await feedbackSocket(t.app, `/api/v1/user-test-questions/ws?session_id=${session_id}`),
    );
    expect(again).toMatchObject({
      code: 'feedback_session_expired',
      error: expect.stringMatching(/^Error getting AI feedback: /),
    });
    const unknown = await failed(
      await feedbackSocket(t.app, '/api/v1/user-test-questions/ws?session_id=not-a-session'),
    );
    expect(unknown.code).toBe('feedback_session_expired');
  });

  it('prepares guest sessions too, and still checks access on the socket', async () => {
    const prepare = async (fields: Record<string, string | number | boolean>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user-test-questions/prepare-ws',
        remoteAddress: clientAddress(),
        payload: payload(fields),
      });
      return prepareWsSchema.parse(res.json()).session_id;
    };
    const ok = await finished(
      await feedbackSocket(t.app, `/api/v1/user-test-questions/ws?session_id=${await prepare({})}`),
    );
    expect(ok.saved?.score).toBeGreaterThanOrEqual(90);
    const denied = await failed(
      await feedbackSocket(
        t.app,
        `/api/v1/user-test-questions/ws?session_id=${await prepare({ question_id: TRY_P2, part_id: 2 })}`,
      ),
    );
    expect(denied.code).toBe('guest_part_only');
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-test-questions/prepare-ws',
      remoteAddress: clientAddress(),
      payload: { question_id: TRY_P1 },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('accepts a token from a body field when prepare-ws has no bearer', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-test-questions/prepare-ws',
      remoteAddress: clientAddress(),
      payload: payload({ is_guest: false, token: user.token }),
    });
    const run = await finished(
      await feedbackSocket(
        t.app,
        `/api/v1/user-test-questions/ws?session_id=${prepareWsSchema.parse(res.json()).session_id}`,
      ),
    );
    expect((await record(run.saved?.id ?? 0))?.userId).toBe(user.user.id);
  });
});
