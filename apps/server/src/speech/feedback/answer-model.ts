/**
 * The listen-and-answer score, learned: the rules' measures of a quick reply (whether it gives what the
 * question asks, whom it is about, its time and action, its echo, grammar, length, words, fluency, and
 * the rules' own score) weighed by a ridge regression onto the bands of graded answers, learned by
 * `npm run train:examiner` (scripts/examiner) from the sets that are read, never from the held-out ones
 * (decision 041). The weights file is its output; this module only reads it.
 */
import type { FeedbackMeasures } from './types.js';
import weightsFile from './answer-model.weights.json' with { type: 'json' };

/** The measures the model weighs, in the weights file's order (a constant term follows them). */
export const ANSWER_FEATURES = [
  'rule_score',
  'rule_score_squared',
  'relevance',
  'coherence',
  'length',
  'vocabulary',
  'fluency',
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

export interface AnswerModelWeights {
  features: readonly string[];
  weights: readonly number[];
}

/**
 * The predicted band (1-3) maps onto the score by a logistic curve: band 1 about 10, band 2 about 75,
 * band 3 about 95, and never quite 0 or 100, so that replies the model tells apart keep apart (a clamp
 * would tie them at the top). Any rising map ranks the same; this one puts 95 % of the read sets'
 * band-3 replies at 70 or more.
 */
const MIDDLE_BAND = 1.85;
const STEEPNESS = 3;

const flag = (b: boolean | undefined | null): number => (b ? 1 : 0);

/** The measures of one reply, as the model reads them (rule score 0-100). */
export function answerFeatures(measures: FeedbackMeasures, ruleScore: number): number[] {
  const c = measures.components;
  const form = measures.relevance?.form;
  const coherence = measures.coherence;
  const chinese = measures.language === 'chinese';
  const s = ruleScore / 100;
  return [
    s,
    s * s,
    chinese ? (c['relevance'] ?? 0) : 0,
    c['coherence'] ?? 0,
    c['length'] ?? 0,
    c['vocabulary'] ?? 0,
    c['fluency'] ?? 0,
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
    flag(!chinese),
    Math.min(measures.length.ratio, 1.5),
  ];
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

/** The shipped weights, checked against the feature list they were learned for. */
export function shippedAnswerModel(): AnswerModelWeights {
  const model = weightsFile as AnswerModelWeights;
  if (model.features.join() !== ANSWER_FEATURES.join() || model.weights.length !== ANSWER_FEATURES.length + 1)
    throw new Error('answer-model.weights.json was learned for other features: run npm run train:examiner');
  return model;
}

/** The learned score of a listen-and-answer reply (0-100, unrounded), from the rules' measures and score. */
export function answerModelScore(
  measures: FeedbackMeasures,
  ruleScore: number,
  model: AnswerModelWeights = shippedAnswerModel(),
): number {
  return bandToScore(predictBand(answerFeatures(measures, ruleScore), model));
}
