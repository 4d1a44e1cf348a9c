import { useCallback, useEffect, useRef, useState } from 'react';
import { averageScore } from '@kouyu/core';
import type { FeedbackPayload, Language } from '@kouyu/core';
import { ApiError, freshToken, renewedToken } from '@/lib/api';
import { prepareFeedback } from '../api/prepare-feedback';
import {
  FEEDBACK_WS_PATH,
  FeedbackError,
  feedbackQuery,
  needsPreparedSession,
  streamFeedback,
} from '../lib/feedback-stream';
import type { FeedbackFailure, SavedFeedback } from '../lib/feedback-stream';
import type { Answer, RunQuestion } from '../lib/run';
import { browserSocket } from '../lib/socket';
import { wsUrl } from '../lib/ws-url';

/** The text stored for a question left unanswered (spec 001 §5). */
export const NO_ANSWER = '(No answer provided)';

export type FeedbackStatus = 'skipped' | 'waiting' | 'streaming' | 'done' | 'error';

export interface FeedbackItem {
  runNumber: number;
  questionId: number;
  part: number;
  /** The learner's answer, or NO_ANSWER. */
  userAnswer: string;
  /** What the question asked for (its reference or text). */
  origAnswer: string;
  /** The kept recording the server analyses with the answer, when there is one. */
  audioId: string | null;
  status: FeedbackStatus;
  text: string;
  saved: SavedFeedback | null;
  error: FeedbackFailure | null;
}

export interface FeedbackRequest {
  questions: RunQuestion[];
  answers: Record<number, Answer>;
  levelId: number;
  fullTest: boolean;
  completedTime: number;
  language: Language;
  userId: number | null;
}

/** True when the feedback server refused the caller's token (the client refreshes and retries). */
function isAuthRefusal(failure: FeedbackFailure): boolean {
  return (
    failure.kind === 'server' && (failure.code === 'token_expired' || failure.code === 'not_authenticated')
  );
}

/** What a question asked for: the reference where the server gave one, else its text. */
export function originalOf(q: RunQuestion['question']): string {
  return q.reference_text ?? q.question_text ?? q.audio_text;
}

/**
 * AI feedback after the last question (spec 001 §4): each non-empty answer in turn over the feedback
 * socket (the query form when its URL stays under 2000 characters; a prepared session otherwise and
 * always for full tests), chunks streamed into view, then the saved record with its score.
 */
export function useFeedbackRun() {
  const [items, setItems] = useState<FeedbackItem[]>([]);
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const patch = (runNumber: number, change: (item: FeedbackItem) => FeedbackItem) =>
    setItems((all) => all.map((i) => (i.runNumber === runNumber ? change(i) : i)));

  const reset = useCallback(() => {
    abort.current?.abort();
    abort.current = null;
    setItems([]);
    setRunning(false);
  }, []);

  const run = useCallback(async (req: FeedbackRequest): Promise<FeedbackItem[]> => {
    abort.current?.abort();
    const ac = new AbortController();
    abort.current = ac;
    const initial: FeedbackItem[] = req.questions.map(({ question, runNumber, part }) => {
      const text = (req.answers[runNumber]?.text ?? '').trim();
      const audioId = req.answers[runNumber]?.audioId ?? null;
      return {
        runNumber,
        questionId: question.id,
        part,
        userAnswer: text || NO_ANSWER,
        origAnswer: originalOf(question),
        audioId,
        // A recording without a transcript still gets the feedback its audio allows.
        status: text || audioId ? 'waiting' : 'skipped',
        text: '',
        saved: null,
        error: null,
      };
    });
    const signedIn = req.userId !== null;
    const results = new Map(initial.map((i) => [i.runNumber, i]));
    setItems(initial);
    setRunning(true);
    for (const item of initial) {
      if (item.status === 'skipped' || ac.signal.aborted) continue;
      const base: FeedbackPayload = {
        user_id: req.userId,
        question_id: item.questionId,
        level_id: req.levelId,
        part_id: item.part,
        user_answers: item.userAnswer === NO_ANSWER ? '' : item.userAnswer,
        orig_answers: item.origAnswer,
        completed_time: req.completedTime,
        is_full_test: req.fullTest,
        is_guest: req.userId === null,
        language: req.language,
        ...(item.audioId ? { audio_id: item.audioId } : {}),
      };
      patch(item.runNumber, (i) => ({ ...i, status: 'streaming' }));
      let text = '';
      const attempt = async (token: string | null) => {
        text = '';
        patch(item.runNumber, (i) => ({ ...i, text: '' }));
        const payload: FeedbackPayload = token ? { ...base, token } : base;
        let url = wsUrl(FEEDBACK_WS_PATH, feedbackQuery(payload));
        if (needsPreparedSession(url, req.fullTest)) {
          const sessionId = await prepareFeedback(payload).catch((err: unknown) => {
            throw err instanceof ApiError
              ? new FeedbackError({ kind: 'server', message: err.message, code: err.code })
              : new FeedbackError({ kind: 'prepare' });
          });
          url = wsUrl(FEEDBACK_WS_PATH, { session_id: sessionId });
        }
        return streamFeedback({
          url,
          socket: browserSocket,
          signal: ac.signal,
          onChunk: (chunk) => {
            text += chunk;
            patch(item.runNumber, (i) => ({ ...i, text: i.text + chunk }));
          },
        });
      };
      try {
        // Each answer asks for a token of its own: the stream of a long test outlives one.
        const token = signedIn ? await freshToken() : null;
        const saved = await attempt(token).catch(async (err: unknown) => {
          // The server refused the token (expired meanwhile): refresh once and ask again.
          if (!signedIn || !(err instanceof FeedbackError) || !isAuthRefusal(err.failure)) throw err;
          const renewed = await renewedToken();
          if (!renewed) throw err;
          return attempt(renewed);
        });
        const done: FeedbackItem = { ...item, status: 'done', text, saved };
        results.set(item.runNumber, done);
        patch(item.runNumber, (i) => ({ ...i, status: 'done', saved }));
      } catch (err) {
        const error: FeedbackFailure = err instanceof FeedbackError ? err.failure : { kind: 'connection' };
        results.set(item.runNumber, { ...item, status: 'error', text, error });
        patch(item.runNumber, (i) => ({ ...i, status: 'error', error }));
      }
    }
    if (abort.current === ac) setRunning(false);
    return [...results.values()];
  }, []);

  const average = averageScore(items.map((i) => i.saved?.score));
  return { items, running, average, run, reset };
}
