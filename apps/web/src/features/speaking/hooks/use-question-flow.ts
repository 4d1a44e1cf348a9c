import { useCallback, useEffect, useRef, useState } from 'react';
import type { Dispatch } from 'react';
import { AUTO_NEXT_DELAY_MS, CLICK_TO_PLAY_DISMISS_MS, EMPTY_ANSWER_WAIT_MS } from '@kouyu/core';
import type { NetworkQuality } from '@kouyu/core';
import { questionFiles } from '@/lib/audio/file-player';
import { playLimit, recordingLimitS } from '../lib/run';
import type { RunAction, RunQuestion, RunState } from '../lib/run';
import { wait } from '@/lib/audio/socket';
import { hasRecentGesture, trackUserGestures } from '@/lib/audio/user-activation';
import { useAnswerRecorder } from '@/lib/audio/use-answer-recorder';
import { useLatest } from './use-latest';
import type { RecorderFailure, RecordingResult } from '@/lib/audio/use-answer-recorder';
import { useQuestionAudio } from './use-question-audio';
import type { WarningKey } from './use-warning';

/** Why the record button is disabled (spec 001 §2), for its hint; null when it can be pressed. */
export type RecordBlock =
  'audioConnecting' | 'audioPlaying' | 'playFirst' | 'busy' | 'complete' | 'auto' | null;

interface FlowDeps {
  state: RunState;
  dispatch: Dispatch<RunAction>;
  current: RunQuestion;
  quality: NetworkQuality;
  showWarning: (key: WarningKey) => void;
  /** Moves on after an automatic answer: the next question, or completion after the last. */
  advance: () => void;
}

const BUSY = new Set(['autoStarting', 'connecting', 'recording', 'transcribing']);

/**
 * The listen → record → review steps of the current question, manual or automatic: in auto mode the
 * audio plays on arrival (or the click-to-play prompt shows when no gesture happened in the last
 * 5 s), recording starts when it ends and stops at the time limit, and the run moves on 2 s after
 * an answer, or 3 s after "Time's up" when nothing was heard.
 */
export function useQuestionFlow({ state, dispatch, current, quality, showWarning, advance }: FlowDeps) {
  const audio = useQuestionAudio();
  const recorder = useAnswerRecorder();
  const [failure, setFailure] = useState<RecorderFailure | null>(null);
  const [clickToPlay, setClickToPlay] = useState(false);
  // Bumped on every question change: late results of an older question are dropped.
  const token = useRef(0);
  const flow = useRef<AbortController | null>(null);
  const latestRef = useLatest({ state, current, advance, quality });

  useEffect(() => trackUserGestures(), []);

  const runNumber = current.runNumber;
  const plays = state.plays[runNumber] ?? 0;
  const limit = playLimit(current.question, state.auto);
  const allPlayed = limit !== null && plays >= limit;
  const complete = state.phase === 'submitting' || state.phase === 'completed';
  const recording = BUSY.has(recorder.status);
  const answer = state.answers[runNumber] ?? null;

  // A new question (or a restart) stops what the old one was doing.
  const { stop: stopAudio } = audio;
  const { reset: resetRecorder } = recorder;
  useEffect(() => {
    token.current++;
    flow.current?.abort();
    flow.current = new AbortController();
    stopAudio();
    resetRecorder();
    setFailure(null);
    setClickToPlay(false);
  }, [runNumber, state.startedAt, stopAudio, resetRecorder]);

  const apply = useCallback(
    (result: RecordingResult, forRun: number) => {
      const previous = latestRef.current.state.answers[forRun];
      if (result.text || result.recordingUrl) {
        dispatch({
          type: 'answer',
          runNumber: forRun,
          answer: {
            text: result.text,
            recordingUrl: result.recordingUrl ?? previous?.recordingUrl ?? null,
            audioId: result.audioId ?? (result.recordingUrl ? null : (previous?.audioId ?? null)),
            typed: false,
          },
        });
      }
      setFailure(result.failure);
    },
    [latestRef, dispatch],
  );

  const autoRecord = useCallback(async () => {
    const mine = token.current;
    const signal = flow.current?.signal;
    const { current: q, quality: netQuality } = latestRef.current;
    const result = await recorder.start({
      question: q.question,
      realtime: true,
      limitS: recordingLimitS(q.question),
      quality: netQuality,
      auto: true,
    });
    if (mine !== token.current) return;
    apply(result, q.runNumber);
    // A recognition or microphone failure stays on screen: moving on would hide it (and pretend).
    const { failure } = result;
    if (failure && !(failure.kind === 'recognition' && failure.code === 'no_audio_recorded')) {
      // Without recognition nothing automatic is left to do: the learner goes on by hand and types.
      if (failure.kind === 'recognition' && failure.code === 'asr_unavailable')
        dispatch({ type: 'auto', on: false });
      return;
    }
    try {
      if (result.text) await wait(AUTO_NEXT_DELAY_MS, signal);
      else {
        showWarning('timesUp');
        await wait(EMPTY_ANSWER_WAIT_MS, signal);
      }
    } catch {
      return;
    }
    if (mine === token.current && latestRef.current.state.auto) latestRef.current.advance();
  }, [latestRef, apply, recorder, showWarning, dispatch]);

  /**
   * Plays the question. A practice replay (manual mode) may go past the exam's play limit and ask for a
   * slower `rate` (pitch kept); exam mode (auto) stays at one play.
   */
  const play = useCallback(
    async (rate = 1, replay = false) => {
      if (audio.status !== 'idle') return audio.stop();
      const practiceReplay = replay && !latestRef.current.state.auto;
      if ((allPlayed && !practiceReplay) || recording) return;
      setClickToPlay(false);
      const mine = token.current;
      const q = latestRef.current.current.question;
      const outcome = await audio.play({
        text: q.audio_text,
        questionId: q.id,
        files: questionFiles(q.audio_url, q.audio_urls),
        rate,
      });
      if (mine !== token.current) return;
      if (outcome === 'blocked') return setClickToPlay(true);
      if (outcome === 'ended' || outcome === 'stopped')
        dispatch({ type: 'played', runNumber: latestRef.current.current.runNumber });
      const s = latestRef.current.state;
      if (outcome === 'ended' && s.auto && s.phase === 'running') await autoRecord();
    },
    [latestRef, audio, allPlayed, recording, dispatch, autoRecord],
  );

  // Auto mode: play on arrival when the browser will allow it, else offer the click-to-play prompt.
  const auto = state.auto && state.phase === 'running';
  const unanswered = !answer?.text;
  const arrivalPlayRef = useLatest(play);
  useEffect(() => {
    if (!auto || !unanswered || allPlayed) return;
    if (hasRecentGesture()) void arrivalPlayRef.current();
    else setClickToPlay(true);
    // Only arriving at a question (or switching auto on) starts it, not every answer or play.
  }, [auto, runNumber, state.startedAt]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!clickToPlay) return;
    const timer = setTimeout(() => setClickToPlay(false), CLICK_TO_PLAY_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [clickToPlay]);

  const recordBlock: RecordBlock = complete
    ? 'complete'
    : state.auto
      ? 'auto'
      : audio.status === 'connecting'
        ? 'audioConnecting'
        : audio.status === 'playing'
          ? 'audioPlaying'
          : recorder.status === 'transcribing' || recorder.status === 'connecting'
            ? 'busy'
            : plays === 0 && recorder.status !== 'recording'
              ? 'playFirst'
              : null;

  const toggleRecord = useCallback(async () => {
    if (recorder.status === 'recording') return recorder.stop();
    if (recordBlock) return;
    const mine = token.current;
    const q = latestRef.current.current;
    const result = await recorder.start({
      question: q.question,
      realtime: false,
      limitS: recordingLimitS(q.question),
      quality: latestRef.current.quality,
    });
    if (mine === token.current) apply(result, q.runNumber);
  }, [latestRef, recorder, recordBlock, apply]);

  const typeAnswer = useCallback(
    (text: string) => {
      const q = latestRef.current.current;
      const previous = latestRef.current.state.answers[q.runNumber];
      dispatch({
        type: 'answer',
        runNumber: q.runNumber,
        answer: {
          text,
          recordingUrl: previous?.recordingUrl ?? null,
          audioId: previous?.audioId ?? null,
          typed: true,
        },
      });
    },
    [latestRef, dispatch],
  );

  return {
    audio,
    recorder,
    failure,
    clickToPlay,
    dismissClickToPlay: () => setClickToPlay(false),
    plays,
    allPlayed,
    recording,
    recordBlock,
    play,
    toggleRecord,
    typeAnswer,
    answer,
  };
}
