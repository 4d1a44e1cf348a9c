import { z } from 'zod';
import { HSKK_LEVELS, HSK_LEVELS, LANGUAGES } from '@kouyu/core';
import { voiceReportSchema } from '@kouyu/core';
import type { Language, ScoreBand } from '@kouyu/core';

export const QUESTION_TYPES = [
  'repeat',
  'answer',
  'open',
  'picture',
  'retell',
  'read_aloud',
  'free_text',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Question types scored against a reference text by character alignment. */
export const REFERENCE_TYPES: readonly QuestionType[] = ['repeat', 'read_aloud', 'retell'];

const hskLevel = z.literal(HSK_LEVELS);

/** One answer to review, as the feedback socket hands it over. */
export const answerInputSchema = z.object({
  question_type: z.enum(QUESTION_TYPES),
  level: z.union([z.enum(HSKK_LEVELS), hskLevel]),
  question_text: z.string().optional(),
  reference_text: z.string().optional(),
  model_answers: z.array(z.string()).optional(),
  key_points: z.array(z.string()).optional(),
  image_texts: z.array(z.string()).optional(),
  answer_text: z.string(),
  duration_ms: z.number().nonnegative().optional(),
  time_limit_s: z.number().positive().optional(),
  /** What the voice analysis heard in the recording of this answer, when one was kept. */
  voice: voiceReportSchema.optional(),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;

export const feedbackLanguageSchema = z.enum(LANGUAGES);
export type FeedbackLanguage = Language;

/** Character alignment against the reference (repeat, read aloud, retell). */
export interface ReferenceMeasure {
  chars: number;
  correct: number;
  /** Right sound, other character: most often the recogniser's spelling, so it costs little. */
  homophones: number;
  wrong: number;
  missing: number;
  extra: number;
  /** Share of the reference reproduced, homophones included (0-1). */
  reproduced: number;
}

export interface RelevanceMeasure {
  /** Null when the question carries nothing to judge relevance by. */
  score: number | null;
  key_points: number;
  key_points_hit: string[];
  key_points_missed: string[];
  /** Best share of a model answer's character pairs found in the answer (0-1), null without model answers. */
  model_overlap: number | null;
  /** Share of the question's character pairs echoed in the answer (0-1), null without a question text. */
  question_overlap: number | null;
  note?: string;
}

export interface LengthMeasure {
  chars: number;
  expected: number;
  ratio: number;
}

export interface VocabularyMeasure {
  available: boolean;
  /** Why the measure was skipped, when it was. */
  note?: string;
  words: number;
  unique: number;
  known: number;
  /** Known words per HSK level, "1".."6". */
  by_level: Record<string, number>;
  /** Words at or above the lower HSK level the task targets. */
  at_target: number;
  target_levels: [number, number];
  score: number | null;
}

export interface RateMeasure {
  chars_per_minute: number | null;
  target: number;
  score: number | null;
}

/** Everything the examiner measured; the LLM engine is grounded on the same numbers. */
export interface FeedbackMeasures {
  engine: string;
  question_type: QuestionType;
  empty: boolean;
  reference: ReferenceMeasure | null;
  relevance: RelevanceMeasure | null;
  length: LengthMeasure;
  vocabulary: VocabularyMeasure;
  speech_rate: RateMeasure;
  /** Component scores (0-1) that made the final score, by name. */
  components: Record<string, number>;
  examiner_score?: number;
  llm_score?: number;
  /** Why the LLM's feedback was not used, when it was not. */
  llm_error?: string;
}

export type FeedbackEvent =
  | { type: 'chunk'; text: string }
  | {
      type: 'result';
      score: number;
      band: ScoreBand;
      feedback_text: string;
      feedback_html: string;
      measures: FeedbackMeasures;
    }
  | { type: 'notice'; text: string };

export type FeedbackResult = Extract<FeedbackEvent, { type: 'result' }>;

/** One engine that reviews spoken (transcribed) or typed answers. */
export interface FeedbackEngine {
  readonly name: string;
  ready(): Promise<boolean>;
  /** Streams feedback text in chunks, then exactly one result; chunks joined equal the result's text unless a notice intervenes. */
  review(input: AnswerInput, lang: FeedbackLanguage): AsyncIterable<FeedbackEvent>;
}

/** Word → HSK level (1-6), or undefined for words outside the lists. */
export type VocabLookup = ((word: string) => number | undefined) | ReadonlyMap<string, number>;
