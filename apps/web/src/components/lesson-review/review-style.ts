import type { AlignMark, LessonReview } from '@kouyu/core';

/** Pinyin colours by tone (1-4, 5 neutral), at 4.5:1 or more on the light and dark surfaces. */
export const TONE_CLASS: Record<1 | 2 | 3 | 4 | 5, string> = {
  1: 'text-[#b91c1c] dark:text-[#fca5a5]',
  2: 'text-[#92400e] dark:text-[#fcd34d]',
  3: 'text-[#166534] dark:text-[#86efac]',
  4: 'text-[#1e40af] dark:text-[#93c5fd]',
  5: 'text-ink-muted',
};

/**
 * How each alignment mark looks: colour plus a cue that needs no colour (underline styles, strike,
 * dashed box), and screen-reader text beside the character.
 */
export const MARK_CLASS: Record<AlignMark, string> = {
  ok: 'text-success',
  homophone: 'text-warning underline decoration-dotted decoration-2 underline-offset-[6px]',
  wrong: 'text-danger font-semibold underline decoration-wavy decoration-2 underline-offset-[6px]',
  missing: 'text-ink-muted rounded-sm outline-dashed outline-1 outline-offset-2 outline-ink-muted',
  extra: 'text-ink-muted line-through decoration-2',
  none: '',
};

/** The marks a legend explains, in the order it lists them. */
export const LEGEND_MARKS = ['ok', 'homophone', 'wrong', 'missing', 'extra'] as const;

export const BAND_CLASS: Record<LessonReview['band'], string> = {
  high: 'border-success text-success',
  mid: 'border-warning text-warning',
  low: 'border-danger text-danger',
};
