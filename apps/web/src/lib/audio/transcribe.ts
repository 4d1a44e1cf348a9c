import { z } from 'zod';
import { audioIdSchema } from '@kouyu/core';
import { ApiError, api } from '@/lib/api';

const transcriptionSchema = z.object({
  success: z.literal(true),
  transcription_text: z.string(),
  audio_id: audioIdSchema.optional(),
});

export interface Transcription {
  text: string;
  /** The server's id of the kept recording, when it kept it. */
  audioId: string | null;
}

/** The id of a kept recording in an error answer (the server keeps audio it could not transcribe). */
export function audioIdOf(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const parsed = audioIdSchema.safeParse(err.body['audio_id']);
  return parsed.success ? parsed.data : null;
}

/**
 * `POST /audio/transcribe?question_id=…`: a whole recording (WebM, or WAV where the browser has no
 * WebM) to text. The question id is what lets a guest use it (the try test's part 1 only).
 */
export async function transcribe(
  recording: Blob,
  context: string,
  questionId?: number,
): Promise<Transcription> {
  const form = new FormData();
  form.append('record_context', context);
  form.append('recordContext', context);
  const name = recording.type.includes('wav') ? 'answer.wav' : 'answer.webm';
  form.append('audio', recording, name);
  const res = await api('/audio/transcribe', {
    method: 'POST',
    query: { question_id: questionId },
    body: form,
    schema: transcriptionSchema,
  });
  return { text: res.transcription_text.trim(), audioId: res.audio_id ?? null };
}
