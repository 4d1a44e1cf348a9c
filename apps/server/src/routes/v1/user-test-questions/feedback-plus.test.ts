import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsListSchema } from '@kouyu/core';
import { feedbackRecords } from '../../../db/schema.js';
import { WORDING } from '../../../speech/feedback/wording.js';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { clientAddress } from '../../../test/accounts.js';
import { feedbackQuery, feedbackSocket, finished, roles, seedHskk, setPlus } from '../../../test/speaking.js';
import type { Account } from '../../../test/speaking.js';

// Test 102 part 3 question 1: "你最喜欢吃什么？为什么？" (a plain, non-official test).
const OPEN_Q = 102_301;
const LISTED = '最喜欢，面条，好吃，便宜，因为，所以。';
const en = WORDING.en;

/** The bullet lines of a review (its tips and other list items). */
const bullets = (text: string) => text.split('\n').filter((l) => l.startsWith('• '));

describe(`the Plus split of AI feedback on ${testDriver}`, () => {
  let t: TestApp;
  let who: { free: Account; lapsed: Account; plus: Account };
  const review = async (account: Account | null, lang: 'en' | 'zh' | 'ru' = 'en') =>
    finished(
      await feedbackSocket(
        t.app,
        `/api/v1/user-test-questions/ws?${feedbackQuery({
          question_id: OPEN_Q,
          level_id: 1,
          part_id: 3,
          user_answers: LISTED,
          language: lang,
          ...(account ? { token: account.token } : { is_guest: true }),
        })}`,
      ),
    );
  const stored = async (id: number) =>
    (await t.app.database.db.select().from(feedbackRecords).where(eq(feedbackRecords.id, id)))[0];

  beforeAll(async () => {
    t = await createTestApp();
    await seedHskk(t.app);
    who = await roles(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives a free learner the score, band and two tips, streams and stores nothing more, and says what Plus adds', async () => {
    const run = await review(who.free);
    const saved = run.saved;
    if (!saved) throw new Error('no saved record');
    expect(saved.locked).toBe(true);
    const text = run.chunks.join('');
    expect(text).toBe(saved.feedback);
    expect(text).toContain(en.tips.keywords('').trim().slice(0, 20));
    expect(bullets(text).length).toBeLessThanOrEqual(2);
    for (const plusPart of [
      en.headings.improved,
      en.headings.dimensions,
      en.headings.model,
      en.headings.right,
    ])
      expect(text).not.toContain(plusPart);
    expect(text).toContain(en.locked);
    expect(saved.feedback_html).toContain('fb-locked');
    const row = await stored(saved.id);
    expect(row?.feedback).toBe(text);
    expect(row?.measures).toMatchObject({ tier: 'free' });
    expect(row?.measures).not.toHaveProperty('improved');
    expect(row?.measures).not.toHaveProperty('report');
  });

  it('holds the same back from a lapsed member, in the learner’s language', async () => {
    const run = await review(who.lapsed, 'ru');
    expect(run.saved?.locked).toBe(true);
    expect(run.saved?.feedback).toContain(WORDING.ru.locked);
    expect(run.saved?.feedback).not.toContain(WORDING.ru.headings.improved);
  });

  it('gives a Plus member every dimension, the improved answer with pinyin and the model answer', async () => {
    const run = await review(who.plus);
    const saved = run.saved;
    if (!saved) throw new Error('no saved record');
    expect(saved.locked).toBe(false);
    for (const part of [en.headings.dimensions, en.headings.improved, en.headings.model])
      expect(saved.feedback).toContain(part);
    expect(saved.feedback).toContain(`${en.dimension.coherence}: `);
    expect(saved.feedback).toMatch(/miàn tiáo/);
    expect(saved.feedback).not.toContain(en.locked);
    expect(bullets(saved.feedback).length).toBeGreaterThan(2);
    expect((await stored(saved.id))?.measures).toMatchObject({
      tier: 'plus',
      improved: { text: expect.any(String) },
    });
  });

  it('serves a Plus review held back once the membership has lapsed', async () => {
    const member = await roles(t.app).then((r) => r.plus);
    const run = await review(member);
    const id = run.saved?.id ?? 0;
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-test-questions',
      headers: member.auth,
      remoteAddress: clientAddress(),
      payload: {
        test_id: 102,
        level_id: 1,
        part_id: 3,
        is_full_test: false,
        completed_time: 60,
        answers: [
          {
            question_id: OPEN_Q,
            question_number: 1,
            user_answers: LISTED,
            orig_answers: '',
            ai_feedback_id: id,
          },
        ],
      },
    });
    expect(submit.statusCode).toBe(201);
    const feedbackOf = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user-test-questions',
        headers: member.auth,
      });
      return resultsListSchema.parse(res.json()).data[0]?.answers[0]?.feedback ?? '';
    };
    expect(await feedbackOf()).toContain(en.headings.improved);
    await setPlus(t.app, member.user.id, -1);
    const lapsed = await feedbackOf();
    expect(lapsed).not.toContain(en.headings.improved);
    expect(lapsed).toContain(en.locked);
  });

  it('treats a guest on the try test as free', async () => {
    const run = await finished(
      await feedbackSocket(
        t.app,
        `/api/v1/user-test-questions/ws?${feedbackQuery({ question_id: 101_101, level_id: 1, part_id: 1, user_answers: '我家有人', is_guest: true, language: 'en' })}`,
      ),
    );
    expect(run.saved?.locked).toBe(true);
    expect(run.saved?.feedback).not.toContain(en.headings.reference);
    // No answer: nothing to hold back, so no Get Plus either.
    const empty = await finished(
      await feedbackSocket(
        t.app,
        `/api/v1/user-test-questions/ws?${feedbackQuery({ question_id: 101_101, level_id: 1, part_id: 1, user_answers: '(No answer provided)', is_guest: true, language: 'en' })}`,
      ),
    );
    expect(empty.saved).toMatchObject({ score: 0, locked: false });
  });
});
