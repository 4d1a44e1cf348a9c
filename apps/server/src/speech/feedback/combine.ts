/** Small pieces of the examiner's verdict: weighted means, the costliest dimensions, the answer's language. */
import { spokenChars } from '@kouyu/core';
import { measureLength } from './fluency.js';
import { scriptOf } from './segment.js';
import type { AnswerInput, AnswerLanguage, Dimension, FeedbackMeasures } from './types.js';
import { measureVocabulary } from './vocabulary.js';

const LATIN_MAJORITY = 0.5;

/** Weighted mean of the components that could be measured (null ones are left out). */
export function weighted(parts: [number, number | null][]): number | null {
  let sum = 0;
  let weight = 0;
  for (const [w, v] of parts) {
    if (v === null) continue;
    sum += w * v;
    weight += w;
  }
  return weight > 0 ? sum / weight : null;
}

/** The dimensions ordered by the points they cost (weight × shortfall), the costly ones only. */
export function weakest(losses: [Dimension, number][]): Dimension[] {
  return losses
    .filter(([, loss]) => loss > 0.04)
    .sort((a, b) => b[1] - a[1])
    .map(([d]) => d);
}

/** Chinese, or pinyin or another language written in Latin letters. */
export function answerLanguage(text: string): AnswerLanguage {
  const script = scriptOf(text);
  if (script.latin <= LATIN_MAJORITY) return 'chinese';
  return script.pinyin ? 'pinyin' : 'other';
}

/** The measures of an answer before anything was measured (an empty answer keeps these). */
export function baseMeasures(input: AnswerInput, segmenter: string): FeedbackMeasures {
  return {
    engine: 'examiner',
    question_type: input.question_type,
    empty: true,
    reference: null,
    relevance: null,
    coherence: null,
    length: measureLength(input, 0, spokenChars(input.reference_text ?? '')),
    vocabulary: measureVocabulary({ ...input, answer_text: '' }, null, 'empty answer'),
    fluency: {
      score: null,
      rate: { chars_per_minute: null, target: 0, score: null },
      hesitation: 0,
      voice: null,
    },
    language: 'chinese',
    segmenter,
    components: {},
    weakest: [],
  };
}

/** The measures a free review may keep: the improved answer is Plus. */
export function withoutPlusParts(measures: FeedbackMeasures): FeedbackMeasures {
  const { improved: _improved, report: _report, ...rest } = measures;
  return rest;
}
