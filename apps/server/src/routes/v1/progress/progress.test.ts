import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { progressResponseSchema } from '@kouyu/core';
import type { ProgressResponse } from '@kouyu/core';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { clientAddress, signUp } from '../../../test/accounts.js';
import { seedContent } from '../../../db/seed/index.js';
import { hskSeed } from '../../../db/seed/hsk.js';
import { hskkSeed } from '../../../db/seed/hskk.js';
import { vocabSeed } from '../../../db/seed/vocab.js';
import {
  feedbackRecords,
  hskAttempts,
  hskSets,
  hskkQuestions,
  reviewCards,
  testResults,
  todaySettings,
  vocabWords,
} from '../../../db/schema.js';
import { now } from '../../../lib/clock.js';

const DAY_MS = 86_400_000;
/** Noon UTC `n` days ago, and that day as `YYYY-MM-DD`. */
const daysAgo = (n: number, hourUtc = 12): Date => {
  const midnight = Date.parse(`${now().toISOString().slice(0, 10)}T00:00:00Z`);
  return new Date(midnight - n * DAY_MS + hourUtc * 3_600_000);
};
const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

describe(`progress over time on ${testDriver}`, () => {
  let t: TestApp;
  let learner: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers, remoteAddress: clientAddress() });
  const progress = async (query = ''): Promise<ProgressResponse> => {
    const res = await get(`/api/v1/progress${query}`, learner.auth);
    expect(res.statusCode, res.body).toBe(200);
    return progressResponseSchema.parse(res.json());
  };

  /** Saves a run of `userId` at `at` whose answers score as given (null: no feedback). */
  const saveRun = async (
    userId: number,
    at: Date,
    answers: { questionId: number; score: number | null }[],
  ) => {
    await t.app.database.db.insert(testResults).values({
      userId,
      testId: 1,
      levelId: 1,
      partId: null,
      isFullTest: true,
      score: null,
      answers: answers.map((a, i) => ({
        question_id: a.questionId,
        question_number: i + 1,
        user_answers: '你好',
        orig_answers: '你好',
        score: a.score,
        ai_feedback_id: null,
      })),
      createdAt: at,
    });
  };
  const saveAttempt = async (userId: number, at: Date, setId: string, score: number, maxScore: number) => {
    await t.app.database.db
      .insert(hskAttempts)
      .values({ userId, setId, answers: {}, score, maxScore, result: {}, createdAt: at });
  };
  const saveFeedback = async (userId: number, at: Date, tones: { judged: number; right: number } | null) => {
    await t.app.database.db.insert(feedbackRecords).values({
      userId,
      questionId: 1,
      levelId: 1,
      partId: 1,
      userAnswers: '你好',
      engine: 'test',
      score: 50,
      feedback: '',
      feedbackHtml: '',
      measures: {
        fluency: { voice: tones ? { score: 0.5, tones: { ...tones, accuracy: 0, wrong: [] } } : null },
      },
      createdAt: at,
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedContent(t.app.database.db, { info() {} }, [vocabSeed(), hskSeed(), hskkSeed()]);
    learner = await signUp(t.app);
    other = await signUp(t.app);
    const db = t.app.database.db;
    const questions = await db.select().from(hskkQuestions).orderBy(asc(hskkQuestions.id));
    const part = (p: number, i = 0): number => {
      const q = questions.filter((x) => x.part === p)[i];
      if (!q) throw new Error(`no question of part ${p}`);
      return q.id;
    };
    const sets = await db.select({ id: hskSets.id, section: hskSets.section }).from(hskSets);
    const setOf = (section: string): string => {
      const s = sets.find((x) => x.section === section);
      if (!s) throw new Error(`no ${section} set`);
      return s.id;
    };
    const id = learner.user.id;
    // Two days ago: a part-1 run; yesterday: a full test (one answer without feedback).
    await saveRun(id, daysAgo(2), [
      { questionId: part(1), score: 60 },
      { questionId: part(1, 1), score: 80 },
    ]);
    await saveRun(id, daysAgo(1), [
      { questionId: part(1), score: 90 },
      { questionId: part(3), score: 50 },
      { questionId: part(3, 1), score: null },
    ]);
    // Older than the window, and another learner's run: neither counts.
    await saveRun(id, daysAgo(200), [{ questionId: part(1), score: 10 }]);
    await saveRun(other.user.id, daysAgo(1), [{ questionId: part(1), score: 5 }]);

    await saveAttempt(id, daysAgo(2), setOf('listening'), 8, 10);
    await saveAttempt(id, daysAgo(1), setOf('listening'), 5, 10);
    await saveAttempt(id, daysAgo(1), setOf('listening'), 10, 10);
    await saveAttempt(id, daysAgo(1), setOf('reading'), 9, 10);
    await saveAttempt(other.user.id, daysAgo(1), setOf('writing'), 0, 10);

    await saveFeedback(id, daysAgo(2), { judged: 10, right: 7 });
    await saveFeedback(id, daysAgo(1), { judged: 4, right: 4 });
    await saveFeedback(id, daysAgo(1), { judged: 6, right: 3 });
    await saveFeedback(id, daysAgo(1), null);
    await saveFeedback(other.user.id, daysAgo(1), { judged: 10, right: 0 });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('is for signed-in learners only', async () => {
    expect((await get('/api/v1/progress')).statusCode).toBe(401);
  });

  it('averages each HSKK part per day over the window, from the learner own runs only', async () => {
    const body = await progress();
    expect(body.to).toBe(dayOf(now()));
    expect(body.hskk.map((s) => s.part)).toEqual([1, 2, 3]);
    expect(body.hskk[0]?.points).toEqual([
      { day: dayOf(daysAgo(2)), score: 70, count: 2 },
      { day: dayOf(daysAgo(1)), score: 90, count: 1 },
    ]);
    expect(body.hskk[1]?.points).toEqual([]);
    expect(body.hskk[2]?.points).toEqual([{ day: dayOf(daysAgo(1)), score: 50, count: 1 }]);
  });

  it('averages the percent of each HSK skill per day', async () => {
    const { hsk } = await progress();
    expect(hsk.map((s) => s.skill)).toEqual(['listening', 'reading', 'writing']);
    expect(hsk[0]?.points).toEqual([
      { day: dayOf(daysAgo(2)), score: 80, count: 1 },
      { day: dayOf(daysAgo(1)), score: 75, count: 2 },
    ]);
    expect(hsk[1]?.points).toEqual([{ day: dayOf(daysAgo(1)), score: 90, count: 1 }]);
    expect(hsk[2]?.points).toEqual([]);
  });

  it('weighs tone accuracy by the syllables judged each day, skipping answers without a voice report', async () => {
    const { tones } = await progress();
    expect(tones).toEqual([
      { day: dayOf(daysAgo(2)), accuracy: 0.7, judged: 10 },
      { day: dayOf(daysAgo(1)), accuracy: 0.7, judged: 10 },
    ]);
  });

  it('counts a word known once a review card for it is in review with a stability of three weeks', async () => {
    const before = await progress();
    expect(before.words_known.map((w) => w.level)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(before.words_known[0]).toEqual({ level: 1, known: 0, total: 150 });
    expect(before.words_known.every((w) => w.total > 0 && w.known === 0)).toBe(true);

    const db = t.app.database.db;
    const words = await db
      .select({ hanzi: vocabWords.simplified })
      .from(vocabWords)
      .where(eq(vocabWords.level, 1))
      .orderBy(asc(vocabWords.position))
      .limit(4);
    const [w0, w1, w2, w3] = words.map((w) => w.hanzi);
    if (!w0 || !w1 || !w2 || !w3) throw new Error('too few HSK 1 words');
    const card = (
      userId: number,
      hanzi: string,
      kind: string,
      state: 'learning' | 'review',
      stability: number,
    ) => ({
      userId,
      kind,
      source: 'manual',
      hanzi,
      due: now(),
      state,
      stability,
    });
    await db.insert(reviewCards).values([
      // Known, through two cards (word and character) that count once.
      card(learner.user.id, w0, 'word', 'review', 30),
      card(learner.user.id, w0, 'char', 'review', 40),
      // Not yet: too little stability, or still being learned.
      card(learner.user.id, w1, 'word', 'review', 5),
      card(learner.user.id, w2, 'word', 'learning', 60),
      // Another learner's word.
      card(other.user.id, w3, 'word', 'review', 90),
    ]);
    const after = await progress();
    expect(after.words_known[0]).toEqual({ level: 1, known: 1, total: 150 });
    expect(after.words_known.slice(1).every((w) => w.known === 0)).toBe(true);
    await db.delete(reviewCards).where(eq(reviewCards.userId, learner.user.id));
  });

  it('counts days in the learner time zone and keeps to the window asked for', async () => {
    // 20:00 UTC two days ago is already the next morning in Shanghai.
    await saveFeedback(learner.user.id, daysAgo(2, 20), { judged: 5, right: 5 });
    const utc = await progress();
    expect(utc.tones.map((p) => p.judged)).toEqual([15, 10]);
    const shanghai = await progress(`?tz=${encodeURIComponent('Asia/Shanghai')}`);
    expect(shanghai.tones).toEqual([
      { day: dayOf(daysAgo(2)), accuracy: 0.7, judged: 10 },
      { day: dayOf(daysAgo(1)), accuracy: 0.8, judged: 15 },
    ]);
    const lastDay = await progress('?days=1');
    expect(lastDay.from).toBe(lastDay.to);
    expect(lastDay.hskk.every((s) => s.points.length === 0)).toBe(true);
    const twoDays = await progress('?days=2');
    expect(twoDays.hskk[0]?.points.map((p) => p.day)).toEqual([dayOf(daysAgo(1))]);
    // A time zone the learner saved for today's plan wins over the browser's.
    await t.app.database.db.insert(todaySettings).values({
      userId: learner.user.id,
      goalKind: 'minutes',
      goalTarget: 10,
      timezone: 'Asia/Shanghai',
      reminderHour: 19,
    });
    expect((await progress('?tz=UTC')).tones).toEqual(shanghai.tones);
    await t.app.database.db.delete(todaySettings).where(eq(todaySettings.userId, learner.user.id));
    await t.app.database.db
      .delete(feedbackRecords)
      .where(and(eq(feedbackRecords.userId, learner.user.id), eq(feedbackRecords.createdAt, daysAgo(2, 20))));
  });

  it('refuses an unknown time zone and a window out of range', async () => {
    for (const query of ['?tz=Mars%2FOlympus', '?days=0', '?days=5000', "?tz=UTC'"]) {
      const res = await get(`/api/v1/progress${query}`, learner.auth);
      expect(res.statusCode, query).toBe(400);
    }
  });
});
