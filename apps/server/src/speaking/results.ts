import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  averageScore,
  gateReviewAnswer,
  lessonReviewSchema,
  paginate,
  parseMode,
  reviewAccess,
} from '@kouyu/core';
import type {
  Language,
  Pagination,
  ReviewAccess,
  resultItemSchema,
  resultsQuery,
  submitResultBody,
} from '@kouyu/core';
import type { Db } from '../db/client.js';
import { answerRecordings, feedbackRecords, hskkQuestions, testResults } from '../db/schema.js';
import { errors } from '../lib/errors.js';
import type { UserRow } from '../accounts/users.js';
import { recordGoal } from '../analytics/goals.js';
import { findUserById } from '../accounts/users.js';
import { heldBack } from '../speech/feedback/plus.js';
import { assertCanOpen } from './access.js';
import { cardsFromSpeakingResult } from '../review/from-mistakes.js';
import { findTest, testNames, viewerOf } from './catalogue.js';
import { forgetResults } from './results-cache.js';

export type SubmitResult = z.infer<typeof submitResultBody>;
export type ResultsQuery = z.infer<typeof resultsQuery>;
export type ResultItem = z.infer<typeof resultItemSchema>;
type ResultRow = typeof testResults.$inferSelect;
type StoredAnswer = ResultRow['answers'][number];

/**
 * Refuses an answer naming a kept recording that is not the learner's own: naming another's would keep
 * it from being swept, and tie it to this learner's result. One that is gone (swept) is simply unknown.
 */
async function assertOwnRecordings(db: Db, userId: number, answers: SubmitResult['answers']): Promise<void> {
  const ids = [...new Set(answers.flatMap((a) => (a.audio_id ? [a.audio_id] : [])))];
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: answerRecordings.id, userId: answerRecordings.userId })
    .from(answerRecordings)
    .where(inArray(answerRecordings.id, ids));
  const foreign = new Set(rows.filter((r) => r.userId !== userId).map((r) => r.id));
  const at = answers.findIndex((a) => a.audio_id && foreign.has(a.audio_id));
  if (at >= 0)
    throw errors.badRequest('validation_failed', {
      fields: [{ field: `answers.${at}.audio_id`, code: 'not_own_recording' }],
    });
}

/**
 * Stores a submitted run of the user's. The test and every question are checked to belong together,
 * and each answer's score is taken from the user's own saved feedback, never from the client.
 */
export async function submitResult(
  db: Db,
  user: UserRow,
  body: SubmitResult,
): Promise<{ id: number; score: number | null }> {
  const test = await findTest(db, body.test_id);
  if (!test) throw errors.notFound('test_not_found');
  const part = body.part_id;
  const mode = body.is_full_test ? parseMode('full-test') : parseMode(String(part));
  if (!mode)
    throw errors.badRequest('validation_failed', { fields: [{ field: 'part_id', code: 'required' }] });
  assertCanOpen(test, mode, viewerOf(user));

  const ids = [...new Set(body.answers.map((a) => a.question_id))];
  const questions = await db.select().from(hskkQuestions).where(inArray(hskkQuestions.id, ids));
  const byId = new Map(questions.map((q) => [q.id, q]));
  const feedbackIds = body.answers.flatMap((a) => (a.ai_feedback_id === null ? [] : [a.ai_feedback_id]));
  const feedback =
    feedbackIds.length === 0
      ? []
      : await db
          .select({
            id: feedbackRecords.id,
            questionId: feedbackRecords.questionId,
            score: feedbackRecords.score,
          })
          .from(feedbackRecords)
          .where(and(inArray(feedbackRecords.id, feedbackIds), eq(feedbackRecords.userId, user.id)));
  const feedbackById = new Map(feedback.map((f) => [f.id, f]));
  await assertOwnRecordings(db, user.id, body.answers);

  const answers: StoredAnswer[] = body.answers.map((a) => {
    const q = byId.get(a.question_id);
    if (!q || q.testId !== test.id || (!body.is_full_test && q.part !== part)) {
      throw errors.badRequest('question_not_in_test', { question_id: a.question_id });
    }
    const fb = a.ai_feedback_id === null ? undefined : feedbackById.get(a.ai_feedback_id);
    // Feedback of another question (or of nobody's) does not score this answer.
    const own = fb && fb.questionId === q.id ? fb : undefined;
    return {
      question_id: q.id,
      question_number: q.number,
      user_answers: a.user_answers,
      orig_answers: a.orig_answers,
      score: own?.score ?? null,
      ai_feedback_id: own?.id ?? null,
      // A recorded answer is kept with the run even without a transcript (decision 009).
      ...(a.audio_id ? { audio_id: a.audio_id } : {}),
    };
  });
  const score = averageScore(answers.map((a) => a.score));
  const [row] = await db
    .insert(testResults)
    .values({
      userId: user.id,
      testId: test.id,
      levelId: test.levelId,
      partId: body.is_full_test ? null : part,
      isFullTest: body.is_full_test,
      score,
      // No run lasts longer than its test allows (its time limit is in minutes): more would count as
      // study time never spent.
      completedTime: Math.min(body.completed_time, test.timeLimit * 60),
      answers,
    })
    .returning({ id: testResults.id, score: testResults.score });
  if (!row) throw new Error('test result insert returned nothing');
  // The learner's kept result pages are stale now (see ResultPages).
  forgetResults(user.id);
  // Goal 3 (spec 000 §1): the user's first saved test, counted once (only this insert's row exists).
  const [saved] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(testResults)
    .where(eq(testResults.userId, user.id));
  if (saved?.n === 1) await recordGoal(db, 'first_test');
  // Characters missed or said wrong in repeat and read-aloud answers wait in the learner's review (decision 018).
  await cardsFromSpeakingResult(
    db,
    user.id,
    row.id,
    answers.flatMap((a) => {
      const q = byId.get(a.question_id);
      return q
        ? [
            {
              questionId: q.id,
              questionType: q.questionType,
              referenceText: q.referenceText,
              answerText: a.user_answers,
            },
          ]
        : [];
    }),
  );
  return row;
}

const FILTERS: Record<ResultsQuery['filter'], SQL | undefined> = {
  all: undefined,
  full: eq(testResults.isFullTest, true),
  part: eq(testResults.isFullTest, false),
};

const SORTS: Record<ResultsQuery['sort'], SQL[]> = {
  latest: [desc(testResults.createdAt), desc(testResults.id)],
  oldest: [asc(testResults.createdAt), asc(testResults.id)],
  // Runs without a score (no feedback yet) come last either way.
  highest: [sql`${testResults.score} desc nulls last`, desc(testResults.createdAt), desc(testResults.id)],
  lowest: [sql`${testResults.score} asc nulls last`, desc(testResults.createdAt), desc(testResults.id)],
};

/** Result items with test names in `lang` and each answer's saved feedback (the owner's only). */
async function toItems(
  db: Db,
  userId: number,
  rows: ResultRow[],
  lang: Language,
  /** What the reader may see, when the caller knows it already (one query less); else the owner's. */
  knownAccess?: ReviewAccess,
): Promise<ResultItem[]> {
  if (rows.length === 0) return [];
  const names = await testNames(db);
  const feedbackIds = [
    ...new Set(
      rows.flatMap((r) => r.answers.flatMap((a) => (a.ai_feedback_id === null ? [] : [a.ai_feedback_id]))),
    ),
  ];
  const feedback =
    feedbackIds.length === 0
      ? []
      : await db
          .select({
            id: feedbackRecords.id,
            text: feedbackRecords.feedback,
            html: feedbackRecords.feedbackHtml,
            language: feedbackRecords.language,
            measures: feedbackRecords.measures,
          })
          .from(feedbackRecords)
          .where(and(inArray(feedbackRecords.id, feedbackIds), eq(feedbackRecords.userId, userId)));
  // One rule for the test page and this route (spec 001 §6): without Plus, neither the question nor the
  // answer text nor the Plus parts of a review leave the server; a review written while the user was Plus
  // is shown held back once the membership has lapsed.
  // The part and task of each question name an answer on the results page (not held back: no question text).
  const questionIds = [...new Set(rows.flatMap((r) => r.answers.map((a) => a.question_id)))];
  const tasks = new Map(
    (questionIds.length === 0
      ? []
      : await db
          .select({ id: hskkQuestions.id, part: hskkQuestions.part, task: hskkQuestions.questionType })
          .from(hskkQuestions)
          .where(inArray(hskkQuestions.id, questionIds))
    ).map((q) => [q.id, q]),
  );
  const access = knownAccess ?? reviewAccess(viewerOf((await findUserById(db, userId)) ?? null));
  const plus = access === 'full';
  const byId = new Map(
    feedback.map((f) => {
      const review = lessonReviewSchema.safeParse(f.measures['review']);
      const shown = plus ? f : { ...f, ...heldBack(f.language, f.measures) };
      return [f.id, { ...shown, review: review.success ? review.data : null }];
    }),
  );
  return rows.map((r) => ({
    id: r.id,
    test_id: r.testId,
    // A test removed from the content keeps its results under its id.
    test_name: names.get(r.testId)?.[lang] ?? `Test ${r.testId}`,
    level_id: r.levelId,
    part_id: r.partId,
    is_full_test: r.isFullTest,
    score: r.score,
    completed_time: r.completedTime,
    created_at: r.createdAt.toISOString(),
    answers: r.answers.map((a) => {
      const fb = a.ai_feedback_id === null ? undefined : byId.get(a.ai_feedback_id);
      return gateReviewAnswer(
        {
          ...a,
          feedback: fb?.text ?? null,
          feedback_html: fb?.html ?? null,
          review: fb?.review ?? null,
          audio_id: a.audio_id ?? null,
          part: tasks.get(a.question_id)?.part ?? r.partId,
          task: tasks.get(a.question_id)?.task ?? null,
        },
        access,
      );
    }),
  }));
}

/** A page of a user's results, sorted and filtered as asked. */
export async function listResults(
  db: Db,
  userId: number,
  query: Pick<ResultsQuery, 'page' | 'page_size' | 'sort' | 'filter'>,
  lang: Language,
  /** The signed-in user, when the caller has it: saves looking them up again. */
  user?: UserRow,
  /** What the reader may see when it is not the owner's own rule (an admin reads everything). */
  readerAccess?: ReviewAccess,
): Promise<{ data: ResultItem[]; pagination: Pagination }> {
  const where = and(eq(testResults.userId, userId), FILTERS[query.filter]);
  // The page and the total in one round trip (a window count); a page past the end counts apart.
  const found = await db
    .select({ ...getTableColumns(testResults), total: sql<number>`count(*) over ()::int` })
    .from(testResults)
    .where(where)
    .orderBy(...SORTS[query.sort])
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  let total = Number(found[0]?.total ?? 0);
  if (found.length === 0 && query.page > 1) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(testResults)
      .where(where);
    total = Number(counted?.n ?? 0);
  }
  const rows: ResultRow[] = found.map(({ total: _total, ...row }) => row);
  const access = readerAccess ?? (user && user.id === userId ? reviewAccess(viewerOf(user)) : undefined);
  return {
    data: await toItems(db, userId, rows, lang, access),
    pagination: paginate(query.page, query.page_size, total),
  };
}

/** One of the user's results, or null when it does not exist or is someone else's. */
export async function findResult(
  db: Db,
  userId: number,
  id: number,
  lang: Language,
): Promise<ResultItem | null> {
  const rows = await db
    .select()
    .from(testResults)
    .where(and(eq(testResults.id, id), eq(testResults.userId, userId)));
  const [item] = await toItems(db, userId, rows, lang);
  return item ?? null;
}

/** How many runs a user stored (full tests and single parts) and their average score. */
export async function countResults(
  db: Db,
  userId: number,
): Promise<{ count: number; full_tests: number; part_tests: number; average_score: number | null }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      full: sql<number>`count(*) filter (where ${testResults.isFullTest})::int`,
      average: sql<number | null>`round(avg(${testResults.score}))::int`,
    })
    .from(testResults)
    .where(eq(testResults.userId, userId));
  const count = Number(row?.count ?? 0);
  const full = Number(row?.full ?? 0);
  const average = row?.average;
  return {
    count,
    full_tests: full,
    part_tests: count - full,
    average_score: average === null || average === undefined ? null : Number(average),
  };
}
