import { useCallback, useEffect, useReducer, useState } from 'react';
import { useNavigate } from 'react-router';
import { averageScore, withLanguage } from '@kouyu/core';
import type { HskkLevel, Language, TestListItem } from '@kouyu/core';
import { useSubmitResult } from '../api/submit-result';
import {
  answeredCount,
  completionCheck,
  elapsedS,
  initialRun,
  isAnswered,
  navigationBlock,
  runReducer,
  unansweredNumbers,
} from '../lib/run';
import type { RunPart, RunQuestion } from '../lib/run';
import type { SavedFeedback } from '../lib/feedback-stream';
import { keepGuestTry } from '../lib/guest-try';
import { PENDING_SENT_EVENT, isPendingRun, keepPending } from '../lib/pending-runs';
import type { PendingRun } from '../lib/pending-runs';
import { isRetryable } from '../lib/request-feedback';
import { NO_ANSWER, isRetryableSave, resultBody } from '../lib/send-pending';
import { knownOf, useAnswerScores } from './use-answer-scores';
import { useFeedbackRun } from './use-feedback-run';
import { usePendingRuns } from './use-pending-runs';
import { useLatest } from './use-latest';
import type { FeedbackItem } from './use-feedback-run';
import { useNetworkQuality } from '@/lib/use-network-quality';
import { useQuestionFlow } from './use-question-flow';
import type { SpeakingViewer } from '@/lib/use-viewer';
import { useWarning } from './use-warning';

export interface RunData {
  test: TestListItem;
  level: HskkLevel;
  levelId: number;
  fullTest: boolean;
  parts: RunPart[];
  questions: RunQuestion[];
}

/**
 * A test run (spec 001 §4): question navigation with its blocks and warnings, completion, feedback,
 * saving the result for signed-in learners and the guest limitation afterwards.
 */
export function useTestRun(data: RunData, viewer: SpeakingViewer, lang: Language) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(runReducer, undefined, () => initialRun(false));
  const { warning, show: showWarning } = useWarning();
  const quality = useNetworkQuality();
  const feedback = useFeedbackRun();
  const { run: runFeedback, reset: resetFeedback } = feedback;
  const { mutateAsync: submitResult } = useSubmitResult();
  const [noAnswers, setNoAnswers] = useState(false);
  const [guestLimit, setGuestLimit] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const total = data.questions.length;
  const current = data.questions[Math.min(state.index, total - 1)] ?? data.questions[0];
  if (!current) throw new Error('a run needs questions');
  const latestRef = useLatest(state);
  const scores = useAnswerScores();
  const scoresRef = useLatest(scores.scores);

  // A run whose feedback or saving failed for now is kept on this device and sent later.
  const pending = usePendingRuns(viewer.userId);
  const [kept, setKept] = useState<number | null>(null);
  const [sent, setSent] = useState(false);
  const { settle } = feedback;
  useEffect(() => {
    const onSent = (e: Event) => {
      if (!(e instanceof CustomEvent) || !isPendingRun(e.detail) || e.detail.key !== kept) return;
      const arrived = new Map<number, SavedFeedback>();
      for (const a of e.detail.answers) if (a.saved) arrived.set(a.runNumber, a.saved);
      settle(arrived);
      setKept(null);
      setSent(true);
    };
    window.addEventListener(PENDING_SENT_EVENT, onSent);
    return () => window.removeEventListener(PENDING_SENT_EVENT, onSent);
  }, [kept, settle]);

  const save = useCallback(
    async (items: FeedbackItem[], completedTime: number) => {
      // A guest's try stays on the device (home shows it again); the limitation modal waits until the
      // guest is done reading the feedback (spec 001 §2), not over it.
      if (!viewer.signedIn || viewer.userId === null)
        return keepGuestTry(data.test.test_name, averageScore(items.map((i) => i.saved?.score)), items);
      const run: PendingRun = {
        userId: viewer.userId,
        createdAt: Date.now(),
        testId: data.test.id,
        levelId: data.levelId,
        partId: data.fullTest ? null : (data.parts[0]?.part ?? null),
        fullTest: data.fullTest,
        completedTime,
        language: lang,
        answers: items.map((i) => ({
          runNumber: i.runNumber,
          questionId: i.questionId,
          part: i.part,
          userAnswer: i.userAnswer === NO_ANSWER ? '' : i.userAnswer,
          origAnswer: i.origAnswer,
          audioId: i.audioId,
          needsFeedback: i.status === 'error' && i.error !== null && isRetryable(i.error),
          saved: i.saved,
        })),
      };
      const keep = async () => {
        try {
          setKept(await keepPending(run));
        } catch {
          // No IndexedDB (private mode): the learner is told the result was not saved.
          setSaveFailed(true);
        }
      };
      if (run.answers.some((a) => a.needsFeedback)) return keep();
      try {
        await submitResult(resultBody(run));
      } catch (err) {
        if (isRetryableSave(err)) return keep();
        setSaveFailed(true);
      }
    },
    [data, submitResult, viewer.signedIn, viewer.userId, lang],
  );

  const complete = useCallback(async () => {
    const s = latestRef.current;
    const check = completionCheck(answeredCount(s.answers), total);
    if (check === 'noAnswers') return setNoAnswers(true);
    if (check === 'answerAll') return showWarning('answerAll');
    const now = Date.now();
    dispatch({ type: 'submit', now });
    const completedTime = elapsedS(s.startedAt, now);
    try {
      const items = await runFeedback({
        questions: data.questions,
        answers: s.answers,
        levelId: data.levelId,
        fullTest: data.fullTest,
        completedTime,
        language: lang,
        userId: viewer.userId,
        known: knownOf(scoresRef.current),
      });
      await save(items, completedTime);
      dispatch({ type: 'submitted' });
    } catch {
      // Something unforeseen: the answers stay, and the learner can complete again (spec 001 §8).
      dispatch({ type: 'submitFailed' });
      showWarning('resultsFailed');
    }
  }, [latestRef, scoresRef, data, runFeedback, lang, save, total, viewer.userId, showWarning]);

  const goto = useCallback(
    (index: number) => dispatch({ type: 'goto', index: Math.max(0, Math.min(total - 1, index)) }),
    [total],
  );

  const advance = useCallback(() => {
    const s = latestRef.current;
    if (s.index >= total - 1) void complete();
    else goto(s.index + 1);
  }, [latestRef, complete, goto, total]);

  const flow = useQuestionFlow({ state, dispatch, current, quality, showWarning, advance });

  // Practice mode (manual) scores each answer once it is there; exam mode (auto) keeps the spec's
  // feedback at the end only.
  const currentAnswer = state.answers[current.runNumber];
  const { request: requestScore } = scores;
  const practice = !state.auto && state.phase === 'running' && !flow.recording;
  useEffect(() => {
    if (!practice || !currentAnswer || !isAnswered(currentAnswer)) return;
    if (!currentAnswer.text.trim() && !currentAnswer.audioId) return;
    void requestScore({
      q: current,
      answer: currentAnswer,
      levelId: data.levelId,
      fullTest: data.fullTest,
      language: lang,
      userId: viewer.userId,
    });
  }, [practice, currentAnswer, current, requestScore, data.levelId, data.fullTest, lang, viewer.userId]);

  const finished = state.phase === 'submitting' || state.phase === 'completed';
  const block = () =>
    navigationBlock({
      audioPlaying: flow.audio.status !== 'idle',
      recording: flow.recording,
      submitting: state.phase === 'submitting',
    });

  const previous = () => {
    const why = block();
    if (why) return showWarning(why);
    if (state.index === 0) return void navigate(withLanguage(lang, `/test-selection/${data.level}`));
    goto(state.index - 1);
  };

  const next = () => {
    const why = block();
    if (why) return showWarning(why);
    if (!finished && flow.plays === 0 && !flow.answer?.text) return showWarning('playAllAudio');
    if (state.index < total - 1) return goto(state.index + 1);
    if (!finished) void complete();
  };

  const select = (index: number) => {
    const why = block();
    if (why) return showWarning(why);
    goto(index);
  };

  const start = useCallback(() => dispatch({ type: 'start', now: Date.now() }), []);

  const restart = () => {
    flow.audio.stop();
    resetFeedback();
    scores.reset();
    setSaveFailed(false);
    setKept(null);
    setSent(false);
    setGuestLimit(false);
    dispatch({ type: 'restart', now: Date.now() });
  };

  return {
    state,
    dispatch,
    /** Run numbers still without an answer: the navigator marks them, the completion warning names them. */
    unanswered: unansweredNumbers(data.questions, state.answers),
    /** Practice mode's score of each answer, by run number. */
    scores: state.auto ? {} : scores.scores,
    current,
    total,
    finished,
    quality,
    flow,
    warning,
    feedback,
    saveFailed,
    /** The run waits on this device ('kept') or was sent after waiting ('sent'). */
    keptState: kept !== null ? ('kept' as const) : sent ? ('sent' as const) : null,
    sendKept: pending.flush,
    noAnswers,
    closeNoAnswers: () => setNoAnswers(false),
    guestLimit,
    closeGuestLimit: () => setGuestLimit(false),
    /** The guest is done with the feedback: now the limitation modal. */
    openGuestLimit: () => setGuestLimit(true),
    start,
    setAuto: (on: boolean) => dispatch({ type: 'auto', on: on && viewer.signedIn }),
    previous,
    next,
    select,
    restart,
    showFeedback: (on: boolean) => dispatch({ type: 'showFeedback', on }),
  };
}
