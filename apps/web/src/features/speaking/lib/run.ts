import { QUESTION_TIME_LIMIT_DEFAULT_S } from '@kouyu/core';
import type { Question } from '@kouyu/core';

/** A part of a run with its instructions. */
export interface RunPart {
  part: number;
  instructions: string;
  questions: Question[];
}

/** A question in run order: `runNumber` counts from 1 across the parts of a full test. */
export interface RunQuestion {
  question: Question;
  runNumber: number;
  part: number;
}

/** How a part is shown (spec 001 §2). */
export type PartView = 'single' | 'list' | 'readAloud' | 'answerPanel';

/** Level 3 part 2 reads aloud, level 3 part 3 answers in a panel, other part 3s list their questions. */
export function partView(levelId: number, part: number): PartView {
  if (levelId === 3 && part === 2) return 'readAloud';
  if (levelId === 3 && part === 3) return 'answerPanel';
  if (part === 3) return 'list';
  return 'single';
}

/** The questions of the parts, numbered through. */
export function runQuestions(parts: readonly RunPart[]): RunQuestion[] {
  let n = 0;
  return parts.flatMap((p) => p.questions.map((question) => ({ question, part: p.part, runNumber: ++n })));
}

/** The question types answered after listening: the learner hears the question, then speaks. */
const LISTENING_TYPES: ReadonlySet<string> = new Set(['repeat', 'answer', 'retell']);

/**
 * Seconds a recording may last (spec 001 §4): the question's limit, default 10 s; on a listening
 * question its `audio_play_limit`, when set, overrides it.
 */
export function recordingLimitS(
  question: Pick<Question, 'time_limit' | 'audio_play_limit' | 'question_type'>,
): number {
  const override = question.audio_play_limit;
  if (LISTENING_TYPES.has(question.question_type) && override !== null && override > 0) return override;
  return question.time_limit > 0 ? question.time_limit : QUESTION_TIME_LIMIT_DEFAULT_S;
}

/**
 * How many times the audio may be played before "all played" (null: no limit). A listening question
 * is heard once, as in the HSKK, and so is every question in exam mode (auto); practice then offers
 * replays, also slowed down. `audio_play_limit` is a recording time (above), not a count of plays.
 */
export function playLimit(question: Pick<Question, 'question_type'>, exam = false): number | null {
  return exam || LISTENING_TYPES.has(question.question_type) ? 1 : null;
}

/** The slow replay's speed: slow enough to hear each syllable, fast enough to keep the tones natural. */
export const SLOW_REPLAY_RATE = 0.75;

export interface Answer {
  text: string;
  /** The learner's own recording, playable (object URL). */
  recordingUrl: string | null;
  /** Typed by the learner because recognition was not available or failed. */
  typed: boolean;
  /** The server's id of the kept recording (for feedback from the audio), when it kept one. */
  audioId: string | null;
}

export type Phase = 'ready' | 'running' | 'submitting' | 'completed';

export interface RunState {
  phase: Phase;
  index: number;
  answers: Record<number, Answer>;
  /** Plays per question (by run number). */
  plays: Record<number, number>;
  auto: boolean;
  startedAt: number | null;
  finishedAt: number | null;
  showFeedback: boolean;
}

export type RunAction =
  | { type: 'start'; now: number }
  | { type: 'goto'; index: number }
  | { type: 'played'; runNumber: number }
  | { type: 'answer'; runNumber: number; answer: Answer }
  | { type: 'auto'; on: boolean }
  | { type: 'submit'; now: number }
  | { type: 'submitted' }
  | { type: 'submitFailed' }
  | { type: 'showFeedback'; on: boolean }
  | { type: 'restart'; now: number };

export const initialRun = (auto = false): RunState => ({
  phase: 'ready',
  index: 0,
  answers: {},
  plays: {},
  auto,
  startedAt: null,
  finishedAt: null,
  showFeedback: false,
});

/** The run's state changes (spec 001 §4); navigation rules live in `navigationBlock`. */
export function runReducer(state: RunState, action: RunAction): RunState {
  switch (action.type) {
    case 'start':
      return state.phase === 'ready' ? { ...state, phase: 'running', startedAt: action.now } : state;
    case 'goto':
      return { ...state, index: action.index };
    case 'played':
      return {
        ...state,
        plays: { ...state.plays, [action.runNumber]: (state.plays[action.runNumber] ?? 0) + 1 },
      };
    case 'answer':
      return { ...state, answers: { ...state.answers, [action.runNumber]: action.answer } };
    case 'auto':
      return { ...state, auto: action.on };
    case 'submit':
      return { ...state, phase: 'submitting', finishedAt: action.now, showFeedback: true };
    case 'submitted':
      return { ...state, phase: 'completed' };
    case 'submitFailed':
      return { ...state, phase: 'running', finishedAt: null, showFeedback: false };
    case 'showFeedback':
      return { ...state, showFeedback: action.on };
    case 'restart':
      return { ...initialRun(state.auto), phase: 'running', startedAt: action.now };
  }
}

/** True when a question has an answer: text, or a recording (kept even when nothing transcribed it). */
export function isAnswered(a: Answer | undefined): boolean {
  return a !== undefined && (a.text.trim().length > 0 || a.recordingUrl !== null || a.audioId !== null);
}

/** Answered questions: with text or with a recording. */
export function answeredCount(answers: Record<number, Answer>): number {
  return Object.values(answers).filter(isAnswered).length;
}

export interface Busy {
  audioPlaying: boolean;
  recording: boolean;
  submitting: boolean;
}

/** Why moving on is refused right now (spec 001 §4), or null. */
export function navigationBlock(busy: Busy): 'audioPlaying' | 'recording' | 'submitting' | null {
  if (busy.submitting) return 'submitting';
  if (busy.audioPlaying) return 'audioPlaying';
  if (busy.recording) return 'recording';
  return null;
}

/**
 * What completing does: nothing answered → the "no answers provided" modal; some missing → the 3 s
 * warning (spec 001 §4), in auto mode too: a question time ran out on still counts as unanswered.
 */
export function completionCheck(answered: number, total: number): 'noAnswers' | 'answerAll' | 'ok' {
  if (answered === 0) return 'noAnswers';
  if (answered < total) return 'answerAll';
  return 'ok';
}

/** Run numbers of the questions still without an answer, in run order. */
export function unansweredNumbers(
  questions: readonly RunQuestion[],
  answers: Record<number, Answer>,
): number[] {
  return questions.filter((q) => !isAnswered(answers[q.runNumber])).map((q) => q.runNumber);
}

/** Question numbers as short ranges, for a warning that names them: [2, 3, 4, 7] → "2–4, 7". */
export function numberRanges(numbers: readonly number[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < numbers.length) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === (numbers[j] ?? 0) + 1) j++;
    const from = numbers[i];
    const to = numbers[j];
    parts.push(j > i + 1 ? `${from}–${to}` : j === i + 1 ? `${from}, ${to}` : `${from}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/** Elapsed seconds of a run. */
export function elapsedS(startedAt: number | null, until: number): number {
  return startedAt === null ? 0 : Math.max(0, Math.floor((until - startedAt) / 1000));
}

/** `m:ss`, or `h:mm:ss` from an hour on. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
