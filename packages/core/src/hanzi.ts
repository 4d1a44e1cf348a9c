import { z } from 'zod';

/** Stroke-order characters (decision 029): the rule for which path segment names one character, and the data shape. */

const ONE_HAN = /^\p{Script=Han}$/u;

/** True when `text` is exactly one Chinese character (one code point of the Han script, astral ones included). */
export function isSingleHanzi(text: string): boolean {
  return ONE_HAN.test(text);
}

/** The Han characters of a word in order, one entry each (astral characters stay whole). */
export function hanziOf(word: string): string[] {
  return Array.from(word).filter(isSingleHanzi);
}

/** Most characters the write page steps through for one word (an idiom is four; leave room for longer words). */
export const HANZI_WORD_MAX = 8;

/** `GET /api/v1/hanzi/:char` params. */
export const hanziParams = z.object({
  char: z.string().refine(isSingleHanzi, { message: 'must be exactly one Chinese character' }),
});

/**
 * One character's stroke data as Hanzi Writer reads it: an SVG path per stroke, the median points of
 * each stroke (on a 1024 grid, y up) and, for some characters, which strokes form the radical.
 */
export const hanziDataSchema = z.object({
  strokes: z.array(z.string()),
  medians: z.array(z.array(z.tuple([z.number(), z.number()]))),
  radStrokes: z.array(z.number().int()).optional(),
});
export type HanziData = z.infer<typeof hanziDataSchema>;
