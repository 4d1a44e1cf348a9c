import { z } from 'zod';
import {
  HSK_LEVELS,
  HSK_PASS_PERCENT,
  hskFeedbackSchema,
  hskItemPoints,
  isFreeTextType,
  isTrueFalseType,
} from '@kouyu/core';
import type { HskAnswerValue, HskFeedback, Language } from '@kouyu/core';
import type { AnswerInput, FeedbackEngine, FeedbackResult } from '../speech/feedback/index.js';
import type { HskSetContent, ItemOf, StoredItem } from './content.js';

/** Server-side scoring of HSK answers: objective items exactly, written tasks through the feedback engine. */

// Punctuation, symbols and spaces do not make a word order right or wrong.
const NOT_WORDS = /[\p{P}\p{S}\p{Z}\s]/gu;

/** A sentence reduced to what reordering is judged on: NFKC, no punctuation, symbols or spaces. */
export function sentenceKey(text: string): string {
  return text.normalize('NFKC').replace(NOT_WORDS, '').toLowerCase();
}

/** A sentence-ordering answer as capital letters only ("c, b, a" → "CBA"). */
export function orderKey(text: string): string {
  return text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}

/** Characters of a written answer, whitespace not counted. */
export function countChars(text: string): number {
  return [...text.replace(/\s/gu, '')].length;
}

/** What one item scored; stored in `hsk_attempts.result`. */
export const itemScoreSchema = z.object({
  id: z.string(),
  correct: z.boolean(),
  points: z.number().int(),
  max_points: z.number().int(),
  given: z.union([z.boolean(), z.string()]).nullable(),
  feedback: hskFeedbackSchema.optional(),
});
export type ItemScore = z.infer<typeof itemScoreSchema>;

/** A wrong kind of answer for an item: the request is refused rather than scored. */
export interface AnswerIssue {
  id: string;
  message: string;
}

/** The given answer in the item's form (boolean or trimmed text), null when there is none. */
export function normaliseGiven(item: StoredItem, value: HskAnswerValue | undefined): HskAnswerValue | null {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value;
  const text = value.trim();
  if (text === '') return null;
  if (isTrueFalseType(item.type) && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** Answers that do not fit their items: unknown ids, a boolean for a text item or the reverse, an unknown option. */
export function answerIssues(set: HskSetContent, answers: Record<string, HskAnswerValue>): AnswerIssue[] {
  const byId = new Map(set.items.map((i) => [i.id, i]));
  const issues: AnswerIssue[] = [];
  for (const [id, value] of Object.entries(answers)) {
    const item = byId.get(id);
    if (!item) {
      issues.push({ id, message: 'not an item of this set' });
      continue;
    }
    const given = normaliseGiven(item, value);
    if (given === null) continue;
    const wantsBoolean = isTrueFalseType(item.type);
    if (wantsBoolean !== (typeof given === 'boolean')) {
      issues.push({ id, message: wantsBoolean ? 'expects true or false' : 'expects text' });
    } else if (
      'options' in item &&
      typeof given === 'string' &&
      !item.options.some((o) => o.key === given.toUpperCase())
    ) {
      issues.push({ id, message: 'not one of the options' });
    }
  }
  return issues;
}

/** Whether an objective answer is right. */
export function isCorrect(item: Exclude<StoredItem, WrittenItem>, given: HskAnswerValue): boolean {
  switch (item.type) {
    case 'picture_true_false':
    case 'statement_true_false':
    case 'true_false':
      return given === item.answer;
    case 'sentence_ordering':
      return typeof given === 'string' && orderKey(given) === item.answer;
    case 'sentence_reorder': {
      if (typeof given !== 'string') return false;
      const key = sentenceKey(given);
      return key !== '' && [item.answer, ...item.accepted].some((s) => sentenceKey(s) === key);
    }
    case 'character_fill':
      return typeof given === 'string' && given.normalize('NFKC') === item.answer.normalize('NFKC');
    default:
      return typeof given === 'string' && given.toUpperCase() === item.answer;
  }
}

type WrittenItem = ItemOf<'picture_word_sentence'> | ItemOf<'short_essay'> | ItemOf<'summary'>;

function isWritten(item: StoredItem): item is WrittenItem {
  return isFreeTextType(item.type);
}

/** The feedback engine's task for a written answer. */
export function writtenTask(item: WrittenItem, level: number, answer: string): AnswerInput {
  const hskLevel = HSK_LEVELS.find((l) => l === level) ?? 6;
  const required = item.type === 'summary' ? [] : item.required_words;
  return {
    question_type: 'free_text',
    level: hskLevel,
    // A summary is judged against the story it retells; the other tasks against their instruction.
    question_text: item.type === 'summary' ? item.text : item.prompt.zh,
    model_answers: [item.model_answer],
    // Only literal words are counted as key points: the descriptive points would never match by characters.
    key_points: required,
    ...(item.type === 'picture_word_sentence' ? { image_texts: [item.picture.alt.zh] } : {}),
    answer_text: answer,
  };
}

async function reviewed(engine: FeedbackEngine, input: AnswerInput, lang: Language): Promise<FeedbackResult> {
  for await (const event of engine.review(input, lang)) if (event.type === 'result') return event;
  throw new Error(`feedback engine ${engine.name} gave no result`);
}

async function scoreWritten(
  engine: FeedbackEngine,
  item: WrittenItem,
  level: number,
  given: string,
  lang: Language,
): Promise<{ points: number; correct: boolean; feedback: HskFeedback }> {
  const max = hskItemPoints(item.type);
  const result = await reviewed(engine, writtenTask(item, level, given), lang);
  const required = item.type === 'summary' ? [] : item.required_words;
  return {
    points: Math.round((max * result.score) / 100),
    correct: result.score >= HSK_PASS_PERCENT,
    feedback: {
      score: result.score,
      band: result.band,
      text: result.feedback_text.trim(),
      engine: result.measures.engine,
      chars: countChars(given),
      min_chars: item.min_chars,
      max_chars: item.max_chars,
      missing_words: required.filter((w) => !given.includes(w)),
    },
  };
}

/** Scores every item of a set (unanswered ones score nothing); written answers are reviewed in parallel. */
export async function scoreAnswers(
  engine: FeedbackEngine,
  set: HskSetContent,
  answers: Record<string, HskAnswerValue>,
  lang: Language,
): Promise<ItemScore[]> {
  return Promise.all(
    set.items.map(async (item): Promise<ItemScore> => {
      const max = hskItemPoints(item.type);
      const given = normaliseGiven(item, answers[item.id]);
      const head = { id: item.id, max_points: max, given };
      if (given === null) return { ...head, correct: false, points: 0 };
      if (isWritten(item)) {
        if (typeof given !== 'string') return { ...head, correct: false, points: 0 };
        return { ...head, ...(await scoreWritten(engine, item, set.level, given, lang)) };
      }
      // Option keys are letters; "b" is taken as "B".
      const value = typeof given === 'string' && 'options' in item ? given.toUpperCase() : given;
      const correct = isCorrect(item, value);
      return { ...head, given: value, correct, points: correct ? max : 0 };
    }),
  );
}
