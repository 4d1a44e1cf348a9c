import type { AlignedChar } from '@kouyu/core';

/** The only tags feedback HTML ever contains; every text node is escaped. */
export const FEEDBACK_HTML_TAGS = ['p', 'strong', 'ul', 'li', 'ruby', 'rt'] as const;

export type Mark = 'ok' | 'homophone' | 'wrong' | 'missing' | 'none';

/** One character of a corrected sentence, with its pinyin and what the learner did with it. */
export interface MarkedChar {
  char: string;
  pinyin: string;
  mark: Mark;
}

/** The feedback in one structure, rendered both as text and as HTML. */
export interface FeedbackReport {
  summary: string;
  /** The band's short verdict, for the structured review (the summary carries it in the text). */
  verdict?: string;
  /** Each rubric dimension with its sub-score (Plus). */
  dimensions?: { heading: string; items: string[] } | null;
  right: { heading: string; items: string[] };
  /** What cost points, the costliest first: the first two are the free tips. */
  missed: { heading: string; items: string[] };
  correction: {
    heading: string;
    chars: MarkedChar[];
    legend: string | null;
    /** The reference aligned with what was said, extra characters included (structured review only). */
    aligned?: AlignedChar[];
  } | null;
  /** The learner's own answer improved, with pinyin (Plus). */
  improved?: { heading: string; text: string; pinyin: string } | null;
  next: { heading: string; text: string } | null;
  /** What a free review holds back and how to get it. */
  locked?: string | null;
}

/** Who reads a review: Plus members get all of it, everyone else the score, band and top two tips. */
export type FeedbackTier = 'free' | 'plus';
export const FREE_TIPS = 2;

/** The part of a report a tier may see (spec 000 §6: advanced AI feedback is Plus). */
export function gateReport(report: FeedbackReport, tier: FeedbackTier, locked: string): FeedbackReport {
  if (tier === 'plus') return { ...report, locked: null };
  return {
    summary: report.summary,
    ...(report.verdict === undefined ? {} : { verdict: report.verdict }),
    dimensions: null,
    right: { ...report.right, items: [] },
    missed: { ...report.missed, items: report.missed.items.slice(0, FREE_TIPS) },
    correction: null,
    improved: null,
    next: null,
    locked,
  };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const FLAGGED: ReadonlySet<Mark> = new Set(['homophone', 'wrong', 'missing']);
const MARK_OPEN = '【';
const MARK_CLOSE = '】';

/** The sentence as text, runs of missed or misheard characters in 【】. */
export function markedText(chars: readonly MarkedChar[]): string {
  let out = '';
  let open = false;
  for (const c of chars) {
    const flagged = FLAGGED.has(c.mark);
    if (flagged !== open) {
      out += flagged ? MARK_OPEN : MARK_CLOSE;
      open = flagged;
    }
    out += c.char;
  }
  return open ? out + MARK_CLOSE : out;
}

/** The pinyin of the sentence's characters, syllables separated by spaces. */
export function pinyinLine(chars: readonly MarkedChar[]): string {
  return chars
    .map((c) => c.pinyin)
    .filter(Boolean)
    .join(' ');
}

// Chinese headings end in a full-width colon, which carries its own space.
function joinHeading(heading: string, text: string): string {
  return heading.endsWith('：') ? `${heading}${text}` : `${heading} ${text}`;
}

/** The report as lines of text; each line is one streamed chunk. */
export function reportLines(report: FeedbackReport): string[] {
  const lines = [report.summary];
  for (const section of [report.dimensions, report.right, report.missed]) {
    if (!section || section.items.length === 0) continue;
    lines.push(section.heading, ...section.items.map((item) => `• ${item}`));
  }
  if (report.correction) {
    lines.push(
      report.correction.heading,
      markedText(report.correction.chars),
      pinyinLine(report.correction.chars),
    );
    if (report.correction.legend) lines.push(report.correction.legend);
  }
  if (report.improved) lines.push(report.improved.heading, report.improved.text, report.improved.pinyin);
  if (report.next) lines.push(joinHeading(report.next.heading, report.next.text));
  if (report.locked) lines.push(report.locked);
  return lines;
}

function rubyChar(c: MarkedChar): string {
  const cls = c.mark === 'ok' || c.mark === 'none' ? '' : ` class="fb-${c.mark}"`;
  if (!c.pinyin) return cls ? `<strong${cls}>${escapeHtml(c.char)}</strong>` : escapeHtml(c.char);
  return `<ruby${cls}>${escapeHtml(c.char)}<rt>${escapeHtml(c.pinyin)}</rt></ruby>`;
}

/** The report as safe HTML from the fixed tag set. */
export function reportHtml(report: FeedbackReport): string {
  const parts = [`<p class="fb-summary">${escapeHtml(report.summary)}</p>`];
  for (const [section, cls] of [
    [report.dimensions ?? null, 'fb-dimensions'],
    [report.right, 'fb-right'],
    [report.missed, 'fb-missed'],
  ] satisfies [FeedbackReport['right'] | null, string][]) {
    if (!section || section.items.length === 0) continue;
    parts.push(`<p class="fb-heading"><strong>${escapeHtml(section.heading)}</strong></p>`);
    parts.push(`<ul class="${cls}">${section.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`);
  }
  if (report.correction) {
    parts.push(`<p class="fb-heading"><strong>${escapeHtml(report.correction.heading)}</strong></p>`);
    parts.push(`<p class="fb-correction">${report.correction.chars.map(rubyChar).join('')}</p>`);
    if (report.correction.legend)
      parts.push(`<p class="fb-legend">${escapeHtml(report.correction.legend)}</p>`);
  }
  if (report.improved) {
    parts.push(`<p class="fb-heading"><strong>${escapeHtml(report.improved.heading)}</strong></p>`);
    parts.push(
      `<p class="fb-improved">${escapeHtml(report.improved.text)}</p><p class="fb-pinyin">${escapeHtml(report.improved.pinyin)}</p>`,
    );
  }
  if (report.next)
    parts.push(
      `<p class="fb-next"><strong>${escapeHtml(report.next.heading)}</strong>${report.next.heading.endsWith('：') ? '' : ' '}${escapeHtml(report.next.text)}</p>`,
    );
  if (report.locked) parts.push(`<p class="fb-locked">${escapeHtml(report.locked)}</p>`);
  return parts.join('');
}
