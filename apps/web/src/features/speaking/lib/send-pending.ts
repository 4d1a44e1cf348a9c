import { ApiError } from '@/lib/api';
import { logDebug } from '@/lib/debug-log';
import { submitResult } from '../api/submit-result';
import type { SubmitResult } from '../api/submit-result';
import { FeedbackError } from './feedback-stream';
import { keepPending } from './pending-runs';
import type { PendingAnswer, PendingRun } from './pending-runs';
import { isRetryable, requestFeedback } from './request-feedback';

/** The text stored for a question left unanswered (spec 001 §5). */
export const NO_ANSWER = '(No answer provided)';

/** `POST /user-test-questions` body of a run: scores come from the saved feedback records only. */
export function resultBody(run: PendingRun): SubmitResult {
  return {
    test_id: run.testId,
    level_id: run.levelId,
    part_id: run.partId,
    is_full_test: run.fullTest,
    completed_time: run.completedTime,
    answers: run.answers.map((a) => ({
      question_id: a.questionId,
      question_number: a.runNumber,
      user_answers: a.userAnswer || NO_ANSWER,
      orig_answers: a.origAnswer,
      ai_feedback_id: a.saved?.id ?? null,
      score: a.saved?.score ?? null,
      audio_id: a.audioId,
    })),
  };
}

/** True when saving failed for a reason worth another try: offline, server error, session to renew. */
export function isRetryableSave(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.status >= 500 || err.status === 401 || err.status === 429;
}

/** A run could not be sent now; it stays on the device for the next try. */
export class NotSentYet extends Error {}

async function feedbackFor(run: PendingRun, a: PendingAnswer, signal: AbortSignal): Promise<PendingAnswer> {
  try {
    const saved = await requestFeedback({
      payload: {
        user_id: run.userId,
        question_id: a.questionId,
        level_id: run.levelId,
        part_id: a.part,
        user_answers: a.userAnswer,
        orig_answers: a.origAnswer,
        completed_time: run.completedTime,
        is_full_test: run.fullTest,
        is_guest: false,
        language: run.language,
        ...(a.audioId ? { audio_id: a.audioId } : {}),
      },
      signedIn: true,
      fullTest: run.fullTest,
      signal,
      onChunk: () => undefined,
    });
    return { ...a, needsFeedback: false, saved };
  } catch (err) {
    const failure = err instanceof FeedbackError ? err.failure : { kind: 'connection' as const };
    if (isRetryable(failure)) throw new NotSentYet(failure.kind);
    // A refusal that will not change (no access any more): the answer is saved without a score.
    logDebug('feedback', 'warn', `kept answer ${a.runNumber} refused for good: ${failure.kind}`);
    return { ...a, needsFeedback: false, saved: null };
  }
}

/**
 * Sends a kept run: the feedback still missing, answer by answer (progress is kept, so a run that
 * fails half-way does not ask twice), then the result. Throws NotSentYet when it should be tried
 * again later; a result the server refuses for good is given up (logged), not retried forever.
 */
export async function sendPendingRun(run: PendingRun, signal: AbortSignal): Promise<PendingRun> {
  let current = run;
  for (const [i, a] of run.answers.entries()) {
    if (!a.needsFeedback) continue;
    const done = await feedbackFor(current, a, signal);
    current = { ...current, answers: current.answers.map((x, j) => (j === i ? done : x)) };
    await keepPending(current);
  }
  try {
    await submitResult(resultBody(current));
  } catch (err) {
    if (isRetryableSave(err)) throw new NotSentYet('save');
    logDebug('api', 'error', 'a kept run was refused by the server and is given up');
  }
  return current;
}
