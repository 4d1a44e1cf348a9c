import type { GrammarError } from './grammar.js';
import { z } from 'zod';
import { HSKK_LEVELS, HSK_LEVELS, LANGUAGES } from '@kouyu/core';
import { voiceReportSchema } from '@kouyu/core';
import type { Language, LessonReview, ScoreBand } from '@kouyu/core';
import type { FeedbackReport, FeedbackTier } from './html.js';
import type { FormAnswer, QuestionForm } from './question-form.js';

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

/** Relevance to the question: its words, the picture's scene, the stance it asks for. */
export interface RelevanceMeasure {
  /** 0-1; null when the question carries nothing to judge relevance by. */
  score: number | null;
  /** Topic words of the question (and of its examples) the answer used. */
  hits: string[];
  stance_asked: boolean;
  stance_taken: boolean;
  /** Retelling: the passage's key points said and left out. */
  key_points_hit?: string[];
  key_points_missed?: string[];
  note?: string;
  /** Answer words the lexicon relates to the topic (跑步 for 运动, 咖啡 beside 茶). */
  related?: string[];
  /** What the question asks for, what the answer gives of it, and whom the answer is about. */
  form?: QuestionForm & {
    given: FormAnswer['given'];
    answered: boolean;
    specific: boolean;
    about_answer: FormAnswer['about'];
    other_time: boolean;
    /** The time, count or length given belongs to another action than the question's. */
    other_action?: boolean;
  };
  /** The answer said the question back. */
  echo?: boolean;
  /** A picture answer read the picture's lines back as a list (an echo too). */
  lines_read?: boolean;
}

/** Coherence and grammar: sentences rather than listed words, no repeats, linked ideas. */
export interface CoherenceMeasure {
  score: number;
  clauses: number;
  sentences: number;
  /** Share of the answer's characters said in sentences (0-1). */
  sentence_share: number;
  /** Share of words that repeat a word just said, or a whole clause (0-1). */
  repetition: number;
  connectives: string[];
  /** What the answer reads as: sentences, one short elliptical reply, a list of keywords, fragments, or repeats. */
  pattern: 'sentences' | 'short' | 'keywords' | 'fragments' | 'repeated';
  /** Learners' grammar errors found in it (我下班五点, 是很贵), each with the words that show it. */
  grammar_errors?: GrammarError[];
}

/** What the voice analysis heard in the recording. */
export interface VoiceMeasure {
  syllables_per_minute: number;
  pause_share: number;
  longest_pause_ms: number;
  /** Pauses and pace together (0-1). */
  score: number;
  tones: {
    judged: number;
    right: number;
    accuracy: number;
    wrong: { char: string; pinyin: string; heard: number | null }[];
  } | null;
}

export interface FluencyMeasure {
  score: number | null;
  rate: RateMeasure;
  /** Hesitation sounds and marks per spoken word (0-1). */
  hesitation: number;
  voice: VoiceMeasure | null;
}

/** The language an answer is in: Chinese, or pinyin / English instead. */
export type AnswerLanguage = 'chinese' | 'pinyin' | 'other';

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

/** The rubric's dimensions a review can name as costing points. */
export const DIMENSIONS = [
  'task',
  'relevance',
  'coherence',
  'vocabulary',
  'length',
  'fluency',
  'tones',
  'language',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** Everything the examiner measured; the LLM engine is grounded on the same numbers. */
export interface FeedbackMeasures {
  engine: string;
  question_type: QuestionType;
  empty: boolean;
  reference: ReferenceMeasure | null;
  relevance: RelevanceMeasure | null;
  coherence: CoherenceMeasure | null;
  length: LengthMeasure;
  vocabulary: VocabularyMeasure;
  fluency: FluencyMeasure;
  language: AnswerLanguage;
  /** Word segmentation used: jieba, or the runtime's segmenter when jieba could not load. */
  segmenter: string;
  /** Component scores (0-1) that made the final score, by name (the rubric's dimensions). */
  components: Record<string, number>;
  /** The dimensions that cost the most points, most costly first. */
  weakest: Dimension[];
  /** The learner's own answer, improved, with its pinyin (open tasks). */
  improved?: { text: string; pinyin: string };
  examiner_score?: number;
  llm_score?: number;
  /** Why the LLM's feedback was not used, when it was not. */
  llm_error?: string;
  /** Who the review was written for; a free review's Plus parts are neither streamed nor stored. */
  tier?: FeedbackTier;
  /** True when Plus parts of this review were held back from the learner. */
  locked?: boolean;
  /** The full report of a Plus review, kept so it can be shown held back if the membership lapses. */
  report?: FeedbackReport;
}

export type FeedbackEvent =
  | { type: 'chunk'; text: string }
  | {
      type: 'result';
      score: number;
      band: ScoreBand;
      feedback_text: string;
      feedback_html: string;
      /** The review as data for the page to render (band, verdict, aligned characters), gated like the text. */
      review: LessonReview;
      measures: FeedbackMeasures;
    }
  | { type: 'notice'; text: string };

export type FeedbackResult = Extract<FeedbackEvent, { type: 'result' }>;

/** One engine that reviews spoken (transcribed) or typed answers. */
export interface FeedbackEngine {
  readonly name: string;
  ready(): Promise<boolean>;
  /**
   * Streams feedback text in chunks, then exactly one result; chunks joined equal the result's text
   * unless a notice intervenes. A free review holds back what is Plus (spec 000 §6).
   */
  review(input: AnswerInput, lang: FeedbackLanguage, tier?: FeedbackTier): AsyncIterable<FeedbackEvent>;
}

/** Word → HSK level (1-6), or undefined for words outside the lists. */
export type VocabLookup = ((word: string) => number | undefined) | ReadonlyMap<string, number>;
