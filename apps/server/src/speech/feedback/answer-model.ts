/**
 * The listen-and-answer and open-question scores, learned: the rules' measures of a reply (whether it
 * gives what the question asks, whom it is about, its time and action, its echo, grammar, length, words,
 * fluency, and the rules' own score) weighed by a ridge regression onto the bands of graded answers, one
 * model per task type, learned by `npm run train:examiner` (scripts/examiner) from the sets that are
 * read, never from the held-out ones (decision 041). The weights file is its output; this module only
 * reads it.
 */
import type { FeedbackMeasures } from './types.js';
import weightsFile from './answer-model.weights.json' with { type: 'json' };

/** The measures both models read first: the rules' score, its square, and the dimensions it was made of. */
const RULE_FEATURES = [
  'rule_score',
  'rule_score_squared',
  'relevance',
  'coherence',
  'length',
  'vocabulary',
  'fluency',
] as const;

/** The measures the listen-and-answer model weighs, in the weights file's order (a constant term follows). */
export const ANSWER_FEATURES = [
  ...RULE_FEATURES,
  'answered',
  'specific',
  'about_other',
  'about_question',
  'other_time',
  'other_action',
  'echo',
  'grammar_errors',
  'repetition',
  'hesitation',
  'characters',
  'elliptical',
  'clauses',
  'topic_words',
  'related_words',
  'not_chinese',
  'length_ratio',
] as const;

/** The measures the open-question model weighs: a long answer's, without the question form's. */
export const OPEN_FEATURES = [
  ...RULE_FEATURES,
  'echo',
  'grammar_errors',
  'repetition',
  'hesitation',
  'characters',
  'clauses',
  'topic_words',
  'related_words',
  'not_chinese',
  'length_ratio',
] as const;

/** The task types scored by a learned model; the others keep the rules' score. */
export const LEARNED_TYPES = ['answer', 'open'] as const;
export type LearnedType = (typeof LEARNED_TYPES)[number];
export const FEATURES: Record<LearnedType, readonly string[]> = {
  answer: ANSWER_FEATURES,
  open: OPEN_FEATURES,
};

export const isLearned = (type: string): type is LearnedType =>
  (LEARNED_TYPES as readonly string[]).includes(type);

export interface AnswerModelWeights {
  features: readonly string[];
  weights: readonly number[];
}
export type AnswerModels = Record<LearnedType, AnswerModelWeights>;

/**
 * The predicted band (1-3) maps onto the score by a logistic curve: band 1 about 10, band 2 about 75,
 * band 3 about 95, and never quite 0 or 100, so that replies the model tells apart keep apart (a clamp
 * would tie them at the top). Any rising map ranks the same; this one puts 95 % of the read sets'
 * band-3 replies at 70 or more.
 */
const MIDDLE_BAND = 1.85;
const STEEPNESS = 3;

const flag = (b: boolean | undefined | null): number => (b ? 1 : 0);

/** The measures both models read first: the rules' score (0-100) and the dimensions it was made of. */
function ruleFeatures(measures: FeedbackMeasures, ruleScore: number): number[] {
  const c = measures.components;
  const s = ruleScore / 100;
  return [
    s,
    s * s,
    measures.language === 'chinese' ? (c['relevance'] ?? 0) : 0,
    c['coherence'] ?? 0,
    c['length'] ?? 0,
    c['vocabulary'] ?? 0,
    c['fluency'] ?? 0,
  ];
}

/** The measures of one reply, as the listen-and-answer model reads them (rule score 0-100). */
export function answerFeatures(measures: FeedbackMeasures, ruleScore: number): number[] {
  const form = measures.relevance?.form;
  const coherence = measures.coherence;
  return [
    ...ruleFeatures(measures, ruleScore),
    flag(form?.answered),
    flag(form?.specific),
    flag(form?.about_answer === 'other'),
    flag(form?.about_answer === 'question'),
    flag(form?.other_time),
    flag(form?.other_action),
    flag(measures.relevance?.echo),
    Math.min(coherence?.grammar_errors?.length ?? 0, 3) / 3,
    coherence?.repetition ?? 0,
    measures.fluency.hesitation,
    Math.min(measures.length.chars, 60) / 60,
    flag(coherence?.pattern === 'short'),
    Math.min(coherence?.clauses ?? 0, 6) / 6,
    Math.min(measures.relevance?.hits.length ?? 0, 5) / 5,
    Math.min(measures.relevance?.related?.length ?? 0, 5) / 5,
    flag(measures.language !== 'chinese'),
    Math.min(measures.length.ratio, 1.5),
  ];
}

/** The measures of one answer to an open question, as its model reads them (rule score 0-100). */
export function openFeatures(measures: FeedbackMeasures, ruleScore: number): number[] {
  const coherence = measures.coherence;
  return [
    ...ruleFeatures(measures, ruleScore),
    flag(measures.relevance?.echo),
    Math.min(coherence?.grammar_errors?.length ?? 0, 5) / 5,
    coherence?.repetition ?? 0,
    measures.fluency.hesitation,
    Math.min(measures.length.chars, 300) / 300,
    Math.min(coherence?.clauses ?? 0, 20) / 20,
    Math.min(measures.relevance?.hits.length ?? 0, 8) / 8,
    Math.min(measures.relevance?.related?.length ?? 0, 8) / 8,
    flag(measures.language !== 'chinese'),
    Math.min(measures.length.ratio, 1.5),
  ];
}

/** The features of an answer of a learned task type. */
export function featuresOf(type: LearnedType, measures: FeedbackMeasures, ruleScore: number): number[] {
  return type === 'answer' ? answerFeatures(measures, ruleScore) : openFeatures(measures, ruleScore);
}

/** The band the weights predict for these features (a constant term after them). */
export function predictBand(features: readonly number[], model: AnswerModelWeights): number {
  let sum = model.weights[features.length] ?? 0;
  for (const [i, f] of features.entries()) sum += f * (model.weights[i] ?? 0);
  return sum;
}

/** The predicted band as a score (unrounded; the caller clamps). */
export function bandToScore(band: number): number {
  return 100 / (1 + Math.exp(-STEEPNESS * (band - MIDDLE_BAND)));
}

/** The shipped weights, checked against the feature lists they were learned for. */
export function shippedAnswerModels(): AnswerModels {
  const models = weightsFile as unknown as AnswerModels;
  for (const type of LEARNED_TYPES) {
    const model = models[type] as AnswerModelWeights | undefined;
    const features = FEATURES[type];
    if (model?.features.join() !== features.join() || model.weights.length !== features.length + 1)
      throw new Error(
        `answer-model.weights.json has no ${type} model for its features: run npm run train:examiner`,
      );
  }
  return models;
}

/** The learned score of an answer of a learned task type (0-100, unrounded), from the rules' measures and score. */
export function learnedScore(
  type: LearnedType,
  measures: FeedbackMeasures,
  ruleScore: number,
  models: AnswerModels = shippedAnswerModels(),
): number {
  return bandToScore(predictBand(featuresOf(type, measures, ruleScore), models[type]));
}
