import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsListSchema } from '@kouyu/core';
import { answerAudioStore, keepAnswerAudio } from '../../../speech/voice/answer-audio.js';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { clientAddress } from '../../../test/accounts.js';
import { feedbackQuery, feedbackSocket, finished, roles, seedHskk } from '../../../test/speaking.js';
import type { Account } from '../../../test/speaking.js';

// Test 101 part 1 question 1 repeats "我家有四个人。": 家 left out, 四 said as 寺 (same sound), 们 added.
const REPEAT_Q = 101_101;
const ANSWER = '我有寺个人们';

describe(`one review rule for the test page and the results page on ${testDriver}`, () => {
  let t: TestApp;
  let who: { free: Account; lapsed: Account; plus: Account };

  beforeAll(async () => {
    t = await createTestApp();
    await seedHskk(t.app);
    who = await roles(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Reviews the answer, keeps a recording, submits the run; returns the results list as the learner gets it. */
  async function runAndList(account: Account) {
    const run = await finished(
      await feedbackSocket(
        t.app,
        `/api/v1/user-test-questions/ws?${feedbackQuery({
          question_id: REPEAT_Q,
          level_id: 1,
          part_id: 1,
          user_answers: ANSWER,
          orig_answers: '我家有四个人。',
          language: 'en',
          token: account.token,
        })}`,
      ),
    );
    const saved = run.saved;
    if (!saved) throw new Error('no saved feedback');
    const audioId = await keepAnswerAudio(
      t.app.database.db,
      answerAudioStore(t.app.config),
      account.user.id,
      new Int16Array(1600).fill(200),
    );
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-test-questions',
      headers: account.auth,
      remoteAddress: clientAddress(),
      payload: {
        test_id: 101,
        level_id: 1,
        part_id: 1,
        is_full_test: false,
        completed_time: 30,
        answers: [
          {
            question_id: REPEAT_Q,
            question_number: 1,
            user_answers: ANSWER,
            orig_answers: '我家有四个人。',
            ai_feedback_id: saved.id,
            audio_id: audioId,
          },
        ],
      },
    });
    expect(submit.statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user-test-questions',
      headers: account.auth,
    });
    expect(res.statusCode).toBe(200);
    const answer = resultsListSchema.parse(res.json()).data[0]?.answers[0];
    if (!answer) throw new Error('no answer in the results');
    return { saved, answer, raw: res.body, audioId };
  }

  it('sends a Plus member the question, the answer, the aligned characters and the band', async () => {
    const { saved, answer } = await runAndList(who.plus);
    expect(saved.review?.alignment?.kind).toBe('reference');
    expect(saved.review?.locked).toBe(false);
    expect(answer.orig_answers).toBe('我家有四个人。');
    expect(answer.user_answers).toBe(ANSWER);
    expect(answer.review_locked).toBe(false);
    const review = answer.review;
    expect(review?.band).toMatch(/^(high|mid|low)$/);
    expect(review?.verdict.length).toBeGreaterThan(3);
    const marks = review?.alignment?.chars.map((c) => `${c.char}:${c.mark}`) ?? [];
    expect(marks).toEqual(
      expect.arrayContaining(['家:missing', '四:homophone', '们:extra', '我:ok', '。:none']),
    );
    expect(review?.alignment?.chars.find((c) => c.char === '四')).toMatchObject({
      pinyin: 'sì',
      heard: '寺',
    });
  });

  it('keeps from a free learner and a lapsed member what the test page hides: question, answer, alignment', async () => {
    for (const account of [who.free, who.lapsed]) {
      const { saved, answer, raw } = await runAndList(account);
      expect(saved.review?.alignment).toBeNull();
      expect(saved.review?.locked).toBe(true);
      expect(answer.orig_answers).toBeNull();
      expect(answer.user_answers).toBeNull();
      expect(answer.review_locked).toBe(true);
      expect(answer.review?.alignment).toBeNull();
      expect(answer.review?.missed.items.length).toBeLessThanOrEqual(2);
      expect(answer.review?.band).toMatch(/^(high|mid|low)$/);
      // Nowhere in the response, not even in the feedback text.
      expect(raw).not.toContain('我家有四个人');
      expect(raw).not.toContain(ANSWER);
    }
  });

  it('replays a recording to its owner only', async () => {
    const { answer, audioId } = await runAndList(who.free);
    expect(answer.audio_id).toBe(audioId);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/answers/${audioId}`,
      headers: who.free.auth,
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('audio/wav');
    expect(own.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/answers/${audioId}`,
      headers: who.plus.auth,
    });
    expect(other.statusCode).toBe(404);
    const guest = await t.app.inject({ method: 'GET', url: `/api/v1/audio/answers/${audioId}` });
    expect(guest.statusCode).toBe(401);
  });
});
