/**
 * The review a learner reads after a test (decision 010, spec 001 §6): the structured form the server sends
 * beside the feedback text, and the one rule that decides what of it a viewer may see. The test page and
 * the server's results route both use `reviewAccess`/`gateReviewAnswer`, so a free learner never receives
 * on the results page what the test page hides.
 */
import { z } from 'zod';
import type { AlignmentOp } from './scoring.js';
import type { Viewer } from './access.js';

/** What the learner did with one character: said it, said a homophone, said another, left it out, added it. */
export const ALIGN_MARKS = ['ok', 'homophone', 'wrong', 'missing', 'extra', 'none'] as const;
export type AlignMark = (typeof ALIGN_MARKS)[number];

export const alignedCharSchema = z.object({
  char: z.string(),
  /** Tone-marked pinyin of the character (empty for punctuation and non-Chinese). */
  pinyin: z.string(),
  mark: z.enum(ALIGN_MARKS),
  /** What the learner said instead (homophone, wrong). */
  heard: z.string().optional(),
});
export type AlignedChar = z.infer<typeof alignedCharSchema>;

const sectionSchema = z.object({ heading: z.string(), items: z.array(z.string()) });

/** One answer's review as data: the band and its verdict, the sections, the aligned sentence. */
export const lessonReviewSchema = z.object({
  score: z.number().int().min(0).max(100),
  band: z.enum(['high', 'mid', 'low']),
  /** The band's short verdict ("accurate and fluent"). */
  verdict: z.string(),
  /** Each rubric dimension with its sub-score (Plus). */
  dimensions: sectionSchema.nullable(),
  right: sectionSchema,
  /** What cost points, costliest first; a free review keeps the first two. */
  missed: sectionSchema,
  /** The reference aligned with the answer (repeat, read aloud) or the model answer (no marks) — Plus. */
  alignment: z
    .object({ heading: z.string(), kind: z.enum(['reference', 'model']), chars: z.array(alignedCharSchema) })
    .nullable(),
  improved: z.object({ heading: z.string(), text: z.string(), pinyin: z.string() }).nullable(),
  next: z.object({ heading: z.string(), text: z.string() }).nullable(),
  /** True when Plus parts were held back from this reader. */
  locked: z.boolean(),
});
export type LessonReview = z.infer<typeof lessonReviewSchema>;

/** How much of a review a viewer may see (spec 001 §6). */
export type ReviewAccess = 'full' | 'plus_required' | 'sign_in';

/**
 * The one gating rule: Plus members see the original question, their own answer and the whole review;
 * signed-in learners without Plus get the score, band, verdict and two tips with a Plus notice; guests
 * the same with a sign-in notice.
 */
export function reviewAccess(viewer: Viewer): ReviewAccess {
  if (viewer.official) return 'full';
  return viewer.signedIn ? 'plus_required' : 'sign_in';
}

/** Tips a review keeps for a reader without Plus. */
export const FREE_REVIEW_TIPS = 2;

/** The part of a structured review a reader may see. */
export function gateLessonReview(review: LessonReview, access: ReviewAccess): LessonReview {
  if (access === 'full') return review;
  const heldBack =
    review.locked ||
    review.dimensions !== null ||
    review.right.items.length > 0 ||
    review.missed.items.length > FREE_REVIEW_TIPS ||
    review.alignment !== null ||
    review.improved !== null ||
    review.next !== null;
  return {
    ...review,
    dimensions: null,
    right: { ...review.right, items: [] },
    missed: { ...review.missed, items: review.missed.items.slice(0, FREE_REVIEW_TIPS) },
    alignment: null,
    improved: null,
    next: null,
    locked: heldBack,
  };
}

/** A saved answer as the results route sends it. */
export interface ReviewAnswer {
  orig_answers: string | null;
  user_answers: string | null;
  review?: LessonReview | null;
  review_locked?: boolean;
}

/** The answer without what the reader may not see: no original question or own answer text without Plus. */
export function gateReviewAnswer<A extends ReviewAnswer>(answer: A, access: ReviewAccess): A {
  const review = answer.review ? gateLessonReview(answer.review, access) : (answer.review ?? null);
  if (access === 'full') return { ...answer, review, review_locked: false };
  return { ...answer, orig_answers: null, user_answers: null, review, review_locked: true };
}

const TONE_MARKS: Record<string, 1 | 2 | 3 | 4> = {
  ā: 1,
  ē: 1,
  ī: 1,
  ō: 1,
  ū: 1,
  ǖ: 1,
  á: 2,
  é: 2,
  í: 2,
  ó: 2,
  ú: 2,
  ǘ: 2,
  ń: 2,
  ǎ: 3,
  ě: 3,
  ǐ: 3,
  ǒ: 3,
  ǔ: 3,
  ǚ: 3,
  ň: 3,
  à: 4,
  è: 4,
  ì: 4,
  ò: 4,
  ù: 4,
  ǜ: 4,
  ǹ: 4,
};

/** The tone of a tone-marked pinyin syllable (5 = neutral), or null when there is no syllable. */
export function toneOfMarked(syllable: string): 1 | 2 | 3 | 4 | 5 | null {
  if (!/\p{L}/u.test(syllable)) return null;
  for (const ch of syllable.normalize('NFC')) {
    const tone = TONE_MARKS[ch];
    if (tone) return tone;
  }
  return 5;
}

const NOT_SPOKEN = /[\p{P}\p{S}\p{Z}\s]/u;

/**
 * The reference's characters (with their pinyin) aligned with what was said: each spoken character takes
 * the next non-insert step of the alignment; inserted characters come in where they were said.
 */
export function alignedReview(
  reference: readonly { char: string; pinyin: string }[],
  ops: readonly AlignmentOp[],
  pinyinOf: (char: string) => string,
): AlignedChar[] {
  const out: AlignedChar[] = [];
  let k = 0;
  const flushInserts = () => {
    for (let step = ops[k]; step?.op === 'insert'; step = ops[++k])
      out.push({ char: step.hyp, pinyin: pinyinOf(step.hyp), mark: 'extra' });
  };
  for (const c of reference) {
    // Said after the last character: before the punctuation that follows it.
    flushInserts();
    if (NOT_SPOKEN.test(c.char)) {
      out.push({ char: c.char, pinyin: c.pinyin, mark: 'none' });
      continue;
    }
    const step = ops[k++];
    if (!step || step.op === 'match') out.push({ ...c, mark: 'ok' });
    else if (step.op === 'homophone') out.push({ ...c, mark: 'homophone', heard: step.hyp });
    else if (step.op === 'substitute') out.push({ ...c, mark: 'wrong', heard: step.hyp });
    else if (step.op === 'delete') out.push({ ...c, mark: 'missing' });
  }
  flushInserts();
  return out;
}
