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
