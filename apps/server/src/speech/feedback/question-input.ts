import { z } from 'zod';
import type { HskkLevel } from '@kouyu/core';
import { QUESTION_TYPES } from './types.js';
import type { AnswerInput } from './types.js';

/** The fields of a stored question the examiner needs (a database row or a seed file entry). */
export interface QuestionFacts {
  questionType: string;
  level: HskkLevel;
  questionText: string | null;
  audioText: string;
  referenceText: string | null;
  modelAnswers: string[];
  keyPoints: string[];
  imageTexts: string[];
  timeLimit: number;
}

const questionType = z.enum(QUESTION_TYPES).catch('open');

/**
 * What the examiner knows of a question before the answer: its own words, references and time.
 * A listen-and-answer question is only heard, so its audio text is the question it is judged by.
 */
export function questionInput(q: QuestionFacts): Omit<AnswerInput, 'answer_text'> {
  const type = questionType.parse(q.questionType);
  const heard = type === 'answer' ? q.audioText : undefined;
  return {
    question_type: type,
    level: q.level,
    question_text: q.questionText ?? heard,
    reference_text: q.referenceText ?? undefined,
    model_answers: q.modelAnswers,
    key_points: q.keyPoints,
    image_texts: q.imageTexts,
    time_limit_s: q.timeLimit,
  };
}
