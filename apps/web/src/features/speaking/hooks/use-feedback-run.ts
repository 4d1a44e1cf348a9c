import { useCallback, useEffect, useRef, useState } from 'react';
import { averageScore } from '@kouyu/core';
import type { FeedbackPayload, Language } from '@kouyu/core';
import { FeedbackError } from '../lib/feedback-stream';
import type { FeedbackFailure, SavedFeedback } from '../lib/feedback-stream';
import { requestFeedback } from '../lib/request-feedback';
import { NO_ANSWER } from '../lib/send-pending';
import type { Answer, RunQuestion } from '../lib/run';

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
  /** The learner's recording on this device (object URL), replayed beside the review. */
  recordingUrl?: string | null;
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
  /** Reviews the run already has, reused when the answer is still the one reviewed. */
  known?: KnownFeedback;
}

/** What a question asked for: the reference where the server gave one, else its text. */
export function originalOf(q: RunQuestion['question']): string {
  return q.reference_text ?? q.question_text ?? q.audio_text;
}

/** The feedback socket's payload for one answer of a run (spec 001 §3). */
export function feedbackPayload(
  req: Pick<FeedbackRequest, 'userId' | 'levelId' | 'completedTime' | 'fullTest' | 'language'>,
  item: Pick<FeedbackItem, 'questionId' | 'part' | 'userAnswer' | 'origAnswer' | 'audioId'>,
): FeedbackPayload {
  return {
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
}

/** What identifies an answer's feedback: the same text and recording get the same review. */
export const answerKey = (a: Pick<Answer, 'text' | 'audioId'> | undefined): string =>
  `${(a?.text ?? '').trim()}\u0000${a?.audioId ?? ''}`;

/** Feedback already received for an answer during the run (practice mode scores each answer at once). */
export type KnownFeedback = ReadonlyMap<number, { key: string; saved: SavedFeedback }>;

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
        recordingUrl: req.answers[runNumber]?.recordingUrl ?? null,
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
      const known = req.known?.get(item.runNumber);
      if (known && known.key === answerKey(req.answers[item.runNumber])) {
        const done: FeedbackItem = {
          ...item,
          status: 'done',
          text: known.saved.feedback,
          saved: known.saved,
        };
        results.set(item.runNumber, done);
        patch(item.runNumber, () => done);
        continue;
      }
      const base = feedbackPayload(req, item);
      patch(item.runNumber, (i) => ({ ...i, status: 'streaming' }));
      let text = '';
      try {
        const saved = await requestFeedback({
          payload: base,
          signedIn,
          fullTest: req.fullTest,
          signal: ac.signal,
          onRestart: () => {
            text = '';
            patch(item.runNumber, (i) => ({ ...i, text: '' }));
          },
          onChunk: (chunk) => {
            text += chunk;
            patch(item.runNumber, (i) => ({ ...i, text: i.text + chunk }));
          },
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

  /** Shows feedback that arrived later (a kept run sent when the learner was back online). */
  const settle = useCallback((arrived: ReadonlyMap<number, SavedFeedback>) => {
    setItems((all) =>
      all.map((i) => {
        const saved = arrived.get(i.runNumber);
        return saved ? { ...i, status: 'done', saved, text: saved.feedback, error: null } : i;
      }),
    );
  }, []);

  const average = averageScore(items.map((i) => i.saved?.score));
  return { items, running, average, run, reset, settle };
}
