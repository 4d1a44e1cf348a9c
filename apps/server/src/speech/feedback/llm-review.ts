/**
 * The structured review an LLM returns: the rubric and band descriptors it is given, the examiner's
 * measures it is grounded on, the JSON shape it must answer in (checked with zod), and the report
 * built from that JSON. Nothing the model writes reaches the learner except through this report,
 * where every string is escaped.
 */
import { pinyin } from 'pinyin-pro';
import { z } from 'zod';
import type { ScoreBand } from '@kouyu/core';
import type { FeedbackReport } from './html.js';
import { HAN } from './segment.js';
import type { AnswerInput, FeedbackLanguage, FeedbackMeasures } from './types.js';
import type { Wording } from './wording.js';

const LANGUAGE_NAMES: Record<FeedbackLanguage, string> = {
  en: 'English',
  zh: 'Simplified Chinese',
  ru: 'Russian',
};

const RUBRIC_DIMENSIONS = ['task', 'relevance', 'coherence', 'vocabulary', 'length', 'fluency'] as const;

/** What the model must return. */
export const llmReviewSchema = z.object({
  score: z.number().min(0).max(100),
  dimensions: z.partialRecord(z.enum(RUBRIC_DIMENSIONS), z.number().min(0).max(100)),
  strengths: z.array(z.string().min(1).max(300)).max(5).default([]),
  /** What cost points, the costliest first. */
  tips: z
    .array(z.object({ dimension: z.enum(RUBRIC_DIMENSIONS), text: z.string().min(1).max(400) }))
    .min(1)
    .max(6),
  /** The learner's own answer improved (their idea and side kept); null for repeat and read-aloud tasks. */
  improved_answer: z.string().max(1500).nullable().default(null),
  next_step: z.string().min(1).max(400),
});
export type LlmReview = z.infer<typeof llmReviewSchema>;

const BAND_DESCRIPTORS = [
  'HSKK bands (official): repeat / read aloud: high = accurate, mid = partly accurate, low = barely related.',
  'Questions, pictures, retelling: high = relevant, fluent, few pauses, enough information;',
  'mid = mostly relevant with pauses, errors, repetition or too little said; low = off the topic, a list of',
  'keywords or fragments, one word said again and again, or not in Chinese (pinyin, English).',
].join('\n');

const RUBRIC = [
  'Judge relevance against the QUESTION (its words, the picture scene, the stance it asks for). Model answers',
  'and key points are only examples: an answer that takes the other side or describes other details is as',
  'good as the model answer. Coherence: complete sentences with subject and predicate, connectives',
  '(因为…所以, 虽然…但是, 首先/其次, 另外, 总之), a beginning and an end; listed keywords are the low band',
  'however on-topic. Vocabulary: range and level for the test. Length and pace against the time limit.',
  'measures.relevance.form is what the question asks for (asks: person, place, time, duration, reason,',
  'choice, evaluation, object …), what the answer gives of it (given), whom the question and the answer are',
  'about (about, about_answer: "other" = the answer is about someone else; owned = a thing of the learner\'s',
  'the question is about, 你的小狗), other_time (set at another',
  'time than asked) and other_action (the time or count given is of another action, or the thing is taken',
  'by another verb: the reply to a neighbouring question); specific = what is asked is given in full (a',
  'person, place, time, number, side, a thing of the kind asked); measures.fluency.hesitation counts fillers',
  'and broken-off words; measures.relevance.related lists answer words that are kinds of the topic (跑步 for',
  '运动); echo = the question said back, the low band on every task but repeat and read aloud. Judge by',
  'meaning, not by shared words. Repeat and read-aloud tips speak of accuracy and tones, never of reasons.',
].join('\n');

/** The system prompt: examiner role, rubric, bands, the answer shape and the learner's language. */
export function systemPrompt(lang: FeedbackLanguage): string {
  return [
    'You are an HSKK speaking examiner reviewing one answer of a learner of Chinese.',
    RUBRIC,
    BAND_DESCRIPTORS,
    'The examiner measures given were computed exactly from the transcript and the audio; ground every',
    'judgement in them and stay close to the examiner score unless they clearly miss something.',
    `Write every text field in ${LANGUAGE_NAMES[lang]} (Chinese words in characters with pinyin in brackets).`,
    "improved_answer: the learner's OWN answer corrected and extended a little, in Chinese characters only,",
    'keeping their idea and side; never the model answer. Use null for repeat and read-aloud tasks.',
    'Answer with ONE JSON object and nothing else, of this shape:',
    '{"score": 0-100, "dimensions": {"relevance": 0-100, "coherence": 0-100, "vocabulary": 0-100,',
    '"length": 0-100, "fluency": 0-100, "task": 0-100}, "strengths": ["…"], "tips": [{"dimension":',
    '"coherence", "text": "…"}], "improved_answer": "…" | null, "next_step": "…"}',
    'List tips costliest first; include only the dimensions that apply to the task.',
  ].join('\n');
}

/** The user prompt: the task, the answer and the examiner's verdict with its measures. */
export function userPrompt(
  input: AnswerInput,
  measures: FeedbackMeasures,
  score: number,
  band: ScoreBand,
): string {
  const { report: _report, improved: _improved, ...grounding } = measures;
  return JSON.stringify({
    task: {
      type: input.question_type,
      level: input.level,
      question: input.question_text,
      reference: input.reference_text,
      model_answers: input.model_answers,
      key_points: input.key_points,
      picture_texts: input.image_texts,
      time_limit_s: input.time_limit_s,
    },
    answer: { transcript: input.answer_text, duration_ms: input.duration_ms },
    examiner: { score, band, measures: grounding },
  });
}

/** The JSON object in a model's reply: bare, or inside a ``` fence, or after a line of preamble. */
export function parseReview(text: string): LlmReview | null {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/u.exec(text)?.[1];
  const start = (fenced ?? text).indexOf('{');
  const end = (fenced ?? text).lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  let json: unknown;
  try {
    json = JSON.parse((fenced ?? text).slice(start, end + 1));
  } catch {
    return null;
  }
  const parsed = llmReviewSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** The report built from the model's review; the examiner's alignment or model answer stays. */
export function reviewReport(
  review: LlmReview,
  examinerReport: FeedbackReport,
  score: number,
  bandText: string,
  w: Wording,
): FeedbackReport {
  const dimensions = RUBRIC_DIMENSIONS.flatMap((name) => {
    const value = review.dimensions[name];
    return value === undefined ? [] : [w.subScore(w.dimension[name], Math.round(value))];
  });
  // An improved answer must be Chinese: anything else is dropped rather than shown.
  const chars = [...(review.improved_answer ?? '')];
  const chinese = chars.length > 0 && chars.filter((c) => HAN.test(c)).length / chars.length > 0.5;
  const improved = review.improved_answer?.trim();
  return {
    summary: w.scoreLine(score, bandText),
    dimensions: dimensions.length ? { heading: w.headings.dimensions, items: dimensions } : null,
    right: { heading: w.headings.right, items: review.strengths },
    missed: { heading: w.headings.missed, items: review.tips.map((t) => t.text) },
    correction: examinerReport.correction,
    improved:
      chinese && improved
        ? { heading: w.headings.improved, text: improved, pinyin: pinyin(improved, { nonZh: 'consecutive' }) }
        : null,
    next: { heading: w.headings.next, text: review.next_step },
  };
}
