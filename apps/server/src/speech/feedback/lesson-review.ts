/**
 * The review as data (decision 010): what the page renders as designed HTML — band, verdict, sections and
 * the aligned characters — built from the same (already gated) report as the text, so both say the same.
 */
import type { AlignedChar, LessonReview, ScoreBand } from '@kouyu/core';
import type { FeedbackReport } from './html.js';

function alignment(report: FeedbackReport): LessonReview['alignment'] {
  const c = report.correction;
  if (!c) return null;
  if (c.aligned) return { heading: c.heading, kind: 'reference', chars: c.aligned };
  // A model answer, or a reference nothing was aligned with: the characters with their pinyin, unmarked.
  const chars: AlignedChar[] = c.chars.map((m) => ({ char: m.char, pinyin: m.pinyin, mark: 'none' }));
  return { heading: c.heading, kind: 'model', chars };
}

/** The structured review of a report the reader may see (gate the report first). */
export function lessonReview(report: FeedbackReport, score: number, band: ScoreBand): LessonReview {
  return {
    score,
    band,
    verdict: report.verdict ?? report.summary,
    dimensions: report.dimensions ?? null,
    right: report.right,
    missed: report.missed,
    alignment: alignment(report),
    improved: report.improved ?? null,
    next: report.next,
    locked: Boolean(report.locked),
  };
}
