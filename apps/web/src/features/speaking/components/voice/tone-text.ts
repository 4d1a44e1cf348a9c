/** The text whose tones an answer is judged on: what a repeat question says, or the passage read aloud. */
export function toneTextOf(q: {
  question_type: string;
  audio_text: string;
  question_text: string | null;
}): string | null {
  if (q.question_type === 'repeat') return q.audio_text || null;
  if (q.question_type === 'read_aloud') return q.question_text;
  return null;
}
