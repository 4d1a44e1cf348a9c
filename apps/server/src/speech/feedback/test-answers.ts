import type { AnswerInput } from './types.js';

/** A basic listen-and-answer task (the tests' way of asking the examiner a question): `question`, answered by `answer`. */
export const basicAnswer = (question: string, answer: string): AnswerInput => ({
  question_type: 'answer',
  level: 'basic',
  question_text: question,
  answer_text: answer,
  time_limit_s: 10,
  model_answers: [],
  key_points: [],
  image_texts: [],
});

/** A recording's voice analysis: spoken almost throughout, at a speaker's pace. */
export const FLUENT_VOICE = {
  speech_ms: 9_000,
  duration_ms: 10_000,
  pause_count: 2,
  longest_pause_ms: 400,
  syllables_per_minute: 120,
};
/** The same recording's length spoken a third of the time, with long pauses. */
export const HALTING_VOICE = {
  speech_ms: 3_000,
  duration_ms: 10_000,
  pause_count: 9,
  longest_pause_ms: 3_500,
  syllables_per_minute: 40,
};
