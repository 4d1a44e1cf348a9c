import { z } from 'zod';
import { hskItemPoints } from '@kouyu/core';
import type { HskItemType, HskSection, Language, Syllabus } from '@kouyu/core';
import type { hskSets } from '../db/schema.js';

/** The stored HSK items, answers included: one schema per item type, so scoring reads typed fields. */

const localised = z.object({ en: z.string(), zh: z.string(), ru: z.string() });
export type Localised = z.infer<typeof localised>;

const picture = z.object({ icon: z.string(), alt: localised });
const scriptLine = z.object({ speaker: z.string(), text: z.string().min(1), pinyin: z.string().optional() });
const option = z.object({
  key: z.string(),
  text: z.string().optional(),
  pinyin: z.string().optional(),
  picture: picture.optional(),
});
const choiceKey = z.string().regex(/^[A-Z]$/);

const base = {
  id: z.string().min(1),
  group: z.string().optional(),
  explanation: localised,
};
const listening = { script: z.array(scriptLine).min(1) };
const choice = { options: z.array(option).min(2), answer: choiceKey };
const written = {
  prompt: localised,
  min_chars: z.number().int().positive(),
  max_chars: z.number().int().positive(),
  model_answer: z.string().min(1),
  key_points: z.array(z.string()).default([]),
};

export const storedItemSchema = z.discriminatedUnion('type', [
  z.object({ ...base, ...listening, type: z.literal('picture_true_false'), picture, answer: z.boolean() }),
  z.object({
    ...base,
    ...choice,
    type: z.literal('picture_matching'),
    script: listening.script.optional(),
    sentence: z.string().optional(),
    sentence_pinyin: z.string().optional(),
  }),
  z.object({
    ...base,
    ...listening,
    ...choice,
    type: z.literal('dialogue_question'),
    question_audio: z.string().min(1),
    question: z.string(),
    question_pinyin: z.string().optional(),
  }),
  z.object({
    ...base,
    ...listening,
    type: z.literal('statement_true_false'),
    statement: z.string(),
    answer: z.boolean(),
  }),
  z.object({
    ...base,
    ...listening,
    ...choice,
    type: z.literal('passage_question'),
    question_audio: z.string().min(1),
    question: z.string(),
  }),
  z.object({
    ...base,
    ...choice,
    type: z.literal('word_fill'),
    sentence: z.string().optional(),
    sentence_pinyin: z.string().optional(),
    passage: z.string().optional(),
    blank: z.number().int().optional(),
  }),
  z.object({
    ...base,
    ...choice,
    type: z.literal('sentence_matching'),
    question: z.string(),
    question_pinyin: z.string().optional(),
  }),
  z.object({
    ...base,
    type: z.literal('true_false'),
    text: z.string(),
    text_pinyin: z.string().optional(),
    statement: z.string(),
    statement_pinyin: z.string().optional(),
    answer: z.boolean(),
  }),
  z.object({
    ...base,
    type: z.literal('sentence_ordering'),
    sentences: z.array(z.object({ key: choiceKey, text: z.string() })).min(2),
    answer: z.string().regex(/^[A-Z]+$/),
  }),
  z.object({ ...base, ...choice, type: z.literal('comprehension'), text: z.string(), question: z.string() }),
  z.object({ ...base, ...choice, type: z.literal('error_sentence'), question: z.string() }),
  z.object({
    ...base,
    type: z.literal('sentence_reorder'),
    words: z.array(z.string().min(1)).min(2),
    answer: z.string().min(1),
    accepted: z.array(z.string()).default([]),
  }),
  z.object({
    ...base,
    type: z.literal('character_fill'),
    sentence: z.string(),
    pinyin_hint: z.string(),
    answer: z.string().length(1),
  }),
  z.object({
    ...base,
    ...written,
    type: z.literal('picture_word_sentence'),
    picture,
    required_words: z.array(z.string()).default([]),
  }),
  z.object({
    ...base,
    ...written,
    type: z.literal('short_essay'),
    required_words: z.array(z.string()).default([]),
  }),
  z.object({
    ...base,
    ...written,
    type: z.literal('summary'),
    text: z.string(),
    reading_time: z.number().int().positive(),
    model_title: z.string().optional(),
  }),
]);
export type StoredItem = z.infer<typeof storedItemSchema>;
export type ItemOf<T extends HskItemType> = Extract<StoredItem, { type: T }>;

/** A set row with its items parsed. */
export interface HskSetContent {
  id: string;
  syllabus: Syllabus;
  level: number;
  section: HskSection;
  number: number;
  title: Localised;
  instructions: Localised;
  timeLimit: number;
  items: StoredItem[];
}

type SetRow = typeof hskSets.$inferSelect;

/** Parses a stored set; a malformed item is a content bug, so it throws (a plain 500). */
export function parseSet(row: SetRow): HskSetContent {
  return {
    id: row.id,
    syllabus: row.syllabus,
    level: row.level,
    section: row.section,
    number: row.number,
    title: localised.parse(row.title),
    instructions: localised.parse(row.instructions),
    timeLimit: row.timeLimit,
    items: z.array(storedItemSchema).parse(row.items),
  };
}

/** The text in one language. */
export function pick(text: Localised, lang: Language): string {
  return text[lang];
}

/** Points the whole set is worth. */
export function maxScoreOf(items: readonly StoredItem[]): number {
  return items.reduce((sum, item) => sum + hskItemPoints(item.type), 0);
}

/** Every text spoken in a set: script lines and spoken questions, in order, without repeats. */
export function spokenTexts(items: readonly StoredItem[]): string[] {
  const texts = new Set<string>();
  for (const item of items) {
    if ('script' in item && item.script) for (const line of item.script) texts.add(line.text);
    if ('question_audio' in item) texts.add(item.question_audio);
  }
  return [...texts];
}

/** Icon names the items show. */
export function iconsOf(items: readonly StoredItem[]): string[] {
  const icons = new Set<string>();
  for (const item of items) {
    if ('picture' in item) icons.add(item.picture.icon);
    if ('options' in item) for (const o of item.options) if (o.picture) icons.add(o.picture.icon);
  }
  return [...icons];
}
