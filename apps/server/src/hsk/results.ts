import { z } from 'zod';
import { HSK_PASS_PERCENT, hskPercent } from '@kouyu/core';
import type { HskAttemptResult, HskItemResult, Language } from '@kouyu/core';
import type { HskSetContent, StoredItem } from './content.js';
import { itemScoreSchema } from './scoring.js';
import type { ItemScore } from './scoring.js';

/** What `hsk_attempts.result` holds: the scores per item; explanations are read from the set in the viewer's language. */
export const storedResultSchema = z.object({
  mode: z.enum(['practice', 'test']),
  duration_s: z.number().int().nullable(),
  language: z.string(),
  items: z.array(itemScoreSchema),
});
export type StoredResult = z.infer<typeof storedResultSchema>;

function reveal(
  item: StoredItem,
  lang: Language,
): Pick<HskItemResult, 'answer' | 'accepted' | 'answer_title' | 'explanation' | 'script' | 'question'> {
  const explanation = item.explanation[lang];
  const script =
    'script' in item && item.script
      ? {
          script: item.script.map((l) => ({
            speaker: l.speaker,
            text: l.text,
            ...(l.pinyin !== undefined ? { pinyin: l.pinyin } : {}),
          })),
        }
      : {};
  switch (item.type) {
    case 'picture_word_sentence':
    case 'short_essay':
      return { answer: item.model_answer, explanation };
    case 'summary':
      return {
        answer: item.model_answer,
        ...(item.model_title !== undefined ? { answer_title: item.model_title } : {}),
        explanation,
      };
    case 'sentence_reorder':
      return {
        answer: item.answer,
        ...(item.accepted.length ? { accepted: item.accepted } : {}),
        explanation,
      };
    case 'dialogue_question':
    case 'passage_question':
      return { answer: item.answer, explanation, ...script, question: item.question };
    default:
      return { answer: item.answer, explanation, ...script };
  }
}

/** Every item's result in set order, with the right answer and the explanation in `lang`. */
export function presentItems(
  set: HskSetContent,
  scores: readonly ItemScore[],
  lang: Language,
): HskItemResult[] {
  const byId = new Map(scores.map((s) => [s.id, s]));
  return set.items.map((item, index) => {
    const s = byId.get(item.id);
    return {
      id: item.id,
      type: item.type,
      number: index + 1,
      correct: s?.correct ?? false,
      points: s?.points ?? 0,
      max_points: s?.max_points ?? 0,
      given: s?.given ?? null,
      ...reveal(item, lang),
      ...(s?.feedback ? { feedback: s.feedback } : {}),
    };
  });
}

export interface AttemptMeta {
  id: number | null;
  createdAt: Date | null;
  score: number;
  maxScore: number;
  result: StoredResult;
}

/** The answer of an attempt: totals, pass mark and the items. */
export function attemptResult(set: HskSetContent, meta: AttemptMeta, lang: Language): HskAttemptResult {
  const percent = hskPercent(meta.score, meta.maxScore);
  return {
    id: meta.id,
    set_id: set.id,
    level: set.level,
    section: set.section,
    number: set.number,
    title: set.title[lang],
    mode: meta.result.mode,
    score: meta.score,
    max_score: meta.maxScore,
    percent,
    passed: percent >= HSK_PASS_PERCENT,
    duration_s: meta.result.duration_s,
    created_at: meta.createdAt ? meta.createdAt.toISOString() : null,
    items: presentItems(set, meta.result.items, lang),
  };
}
