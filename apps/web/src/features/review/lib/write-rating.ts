import type { ReviewRating } from '@kouyu/core';

/**
 * The rating of a character written from memory: no mistake is Good, a few (up to one in four strokes)
 * Hard, more is Again. Easy is left to the learner's own rating in the other modes: writing it once
 * cleanly does not show it is easy.
 */
export function writeRating(strokes: number, mistakes: number): ReviewRating {
  if (mistakes === 0) return 3;
  if (mistakes <= Math.max(1, Math.floor(strokes / 4))) return 2;
  return 1;
}
