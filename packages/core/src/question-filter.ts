/** The fields the question filter of spec 001 §5 looks at. */
export interface FilterableQuestion {
  question_texts: readonly string[];
  image_urls: readonly string[];
  image_texts: readonly string[];
  image_audio_urls: readonly string[];
  /** The synthesised question text; our API carries a listening question's words here. */
  audio_text?: string | null;
}

export type QuestionFilterResult<Q> =
  { ok: true; questions: Q[] } | { ok: false; reason: 'no_questions' | 'no_valid_questions' };

const filled = (texts: readonly string[]) => texts.some((t) => t.trim().length > 0);

/**
 * Whether a question can be shown (spec 001 §5): it has question text, or pictures with their texts
 * and audio. A listening question whose words are only in `audio_text` counts as having text, since
 * that is where this API puts the words the learner hears.
 */
export function isValidQuestion(q: FilterableQuestion): boolean {
  if (filled(q.question_texts)) return true;
  if ((q.audio_text ?? '').trim().length > 0) return true;
  return q.image_urls.length > 0 && filled(q.image_texts) && q.image_audio_urls.length > 0;
}

/**
 * Keeps the valid questions; an empty list is "No questions found for this test" and a list with
 * none valid is "No valid questions available for this test part."
 */
export function filterQuestions<Q extends FilterableQuestion>(
  questions: readonly Q[],
): QuestionFilterResult<Q> {
  if (questions.length === 0) return { ok: false, reason: 'no_questions' };
  const valid = questions.filter(isValidQuestion);
  return valid.length === 0 ? { ok: false, reason: 'no_valid_questions' } : { ok: true, questions: valid };
}
