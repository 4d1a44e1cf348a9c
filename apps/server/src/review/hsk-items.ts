/** What of a wrongly answered HSK item is worth reviewing: the Chinese the right answer turns on. */
import { z } from 'zod';
import { REVIEW_CONTEXT_MAX } from '@kouyu/core';

/** An item's Chinese longer than this is a passage, not something to drill on a card. */
export const HSK_CARD_HANZI_MAX = 40;

const HAN = /\p{Script=Han}/u;

// Items differ by type; these are the fields any of them may carry (read loosely, never trusted for shape).
const itemFields = z.object({
  id: z.string(),
  answer: z.union([z.string(), z.boolean()]).optional(),
  options: z.array(z.object({ key: z.string(), text: z.string().optional() })).optional(),
  question: z.string().optional(),
  sentence: z.string().optional(),
  statement: z.string().optional(),
  text: z.string().optional(),
});

export interface HskMistake {
  itemId: string;
  hanzi: string;
  context: string | null;
}

const chinese = (s: string | undefined): s is string => s !== undefined && HAN.test(s);
const short = (s: string) => [...s].length <= HSK_CARD_HANZI_MAX;

/**
 * The card text of an item answered wrong: the right answer when it is Chinese (a character to fill, a
 * sentence to order), else the right option's text, else the item's own sentence; null when none of them
 * is short Chinese (a picture, a passage).
 */
export function hskMistake(item: unknown): HskMistake | null {
  const parsed = itemFields.safeParse(item);
  if (!parsed.success) return null;
  const it = parsed.data;
  const own = [it.sentence, it.statement, it.question, it.text].find(chinese);
  const keyed =
    typeof it.answer === 'string' ? it.options?.find((o) => o.key === it.answer)?.text : undefined;
  const candidates = [typeof it.answer === 'string' ? it.answer : undefined, keyed, own];
  const hanzi = candidates.find((c): c is string => chinese(c) && short(c.trim()))?.trim();
  if (!hanzi) return null;
  const context = own && own !== hanzi ? own.slice(0, REVIEW_CONTEXT_MAX) : null;
  return { itemId: it.id, hanzi, context };
}
