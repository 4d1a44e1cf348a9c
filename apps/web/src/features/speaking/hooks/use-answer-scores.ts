import { useCallback, useEffect, useRef, useState } from 'react';
import type { Language } from '@kouyu/core';
import { FeedbackError } from '../lib/feedback-stream';
import type { FeedbackFailure, SavedFeedback } from '../lib/feedback-stream';
import { requestFeedback } from '../lib/request-feedback';
import type { Answer, RunQuestion } from '../lib/run';
import { NO_ANSWER } from '../lib/send-pending';
import { answerKey, feedbackPayload, originalOf } from './use-feedback-run';
import type { KnownFeedback } from './use-feedback-run';

/** One answer's score in practice mode: asked right after it was recorded or typed. */
export type AnswerScore =
  | { key: string; status: 'scoring' }
  | { key: string; status: 'done'; saved: SavedFeedback }
  | { key: string; status: 'error'; error: FeedbackFailure };

export interface ScoreRequest {
  q: RunQuestion;
  answer: Answer;
  levelId: number;
  fullTest: boolean;
  language: Language;
  userId: number | null;
}

/**
 * Practice mode scores each answer as soon as it is there: the same feedback the end of the run
 * streams, asked once per answer (a new recording or typed text asks again). The end of the run
 * reuses what arrived (`known`), so no answer is reviewed twice.
 */
export function useAnswerScores() {
  const [scores, setScores] = useState<Record<number, AnswerScore>>({});
  const asked = useRef(new Map<number, string>());
  const abort = useRef(new AbortController());
  useEffect(() => {
    const ac = abort.current;
    return () => ac.abort();
  }, []);

  const request = useCallback(async (r: ScoreRequest) => {
    const key = answerKey(r.answer);
    const n = r.q.runNumber;
    if (asked.current.get(n) === key) return;
    asked.current.set(n, key);
    const set = (score: AnswerScore) => {
      // A newer answer to the same question replaced this one: its score is not this one's.
      if (asked.current.get(n) === key) setScores((all) => ({ ...all, [n]: score }));
    };
    set({ key, status: 'scoring' });
    const text = r.answer.text.trim();
    try {
      const saved = await requestFeedback({
        payload: feedbackPayload(
          { ...r, completedTime: 0 },
          {
            questionId: r.q.question.id,
            part: r.q.part,
            userAnswer: text || NO_ANSWER,
            origAnswer: originalOf(r.q.question),
            audioId: r.answer.audioId,
          },
        ),
        signedIn: r.userId !== null,
        fullTest: r.fullTest,
        signal: abort.current.signal,
        onChunk: () => undefined,
      });
      if (saved) set({ key, status: 'done', saved });
      else set({ key, status: 'error', error: { kind: 'parse' } });
    } catch (err) {
      set({
        key,
        status: 'error',
        error: err instanceof FeedbackError ? err.failure : { kind: 'connection' },
      });
    }
  }, []);

  const reset = useCallback(() => {
    asked.current.clear();
    setScores({});
  }, []);

  return { scores, request, reset };
}

/** The reviews that arrived during the run, for its end to reuse. */
export function knownOf(scores: Readonly<Record<number, AnswerScore>>): KnownFeedback {
  const map = new Map<number, { key: string; saved: SavedFeedback }>();
  for (const [n, s] of Object.entries(scores)) if (s.status === 'done') map.set(Number(n), s);
  return map;
}
