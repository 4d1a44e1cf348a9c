/**
 * The Plus split of feedback (spec 000 §6, decision 010): free learners and guests get the score,
 * the band and the two costliest tips; Plus members get every dimension with its sub-score, the
 * improved answer with pinyin, the character alignment and the model answer. The split is applied
 * when a review is streamed and stored, and again when a stored Plus review is served to a learner
 * whose membership has lapsed.
 */
import { z } from 'zod';
import { LANGUAGES } from '@kouyu/core';
import { gateReport, reportHtml, reportLines } from './html.js';
import type { FeedbackReport } from './html.js';
import { WORDING } from './wording.js';

const markSchema = z.enum(['ok', 'homophone', 'wrong', 'missing', 'none']);
const section = z.object({ heading: z.string(), items: z.array(z.string()) });
/** A stored report, checked before it is rendered again (measures are plain JSON in the database). */
const reportSchema = z.object({
  summary: z.string(),
  dimensions: section.nullish(),
  right: section,
  missed: section,
  correction: z
    .object({
      heading: z.string(),
      chars: z.array(z.object({ char: z.string(), pinyin: z.string(), mark: markSchema })),
      legend: z.string().nullable(),
    })
    .nullable(),
  improved: z.object({ heading: z.string(), text: z.string(), pinyin: z.string() }).nullish(),
  next: z.object({ heading: z.string(), text: z.string() }).nullable(),
  locked: z.string().nullish(),
});
const storedSchema = z.object({ tier: z.literal('plus'), report: reportSchema });

/**
 * The text and HTML a non-Plus learner may see of a stored review: unchanged for a free review (it was
 * stored held back), re-rendered held back for a review written while they were Plus.
 */
export function heldBack(
  language: string,
  measures: Record<string, unknown>,
): { text?: string; html?: string } {
  const stored = storedSchema.safeParse(measures);
  if (!stored.success) return {};
  const lang = z.enum(LANGUAGES).catch('en').parse(language);
  const report: FeedbackReport = gateReport(stored.data.report, 'free', WORDING[lang].locked);
  const lines = reportLines(report);
  return { text: lines.map((l) => `${l}\n`).join(''), html: reportHtml(report) };
}
