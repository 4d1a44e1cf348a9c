import { z } from 'zod';
import { api } from '@/lib/api';

const transcriptionSchema = z.object({ success: z.literal(true), transcription_text: z.string() });

/** `POST /audio/transcribe`: a whole recording (WebM, or WAV where the browser has no WebM) to text. */
export async function transcribe(recording: Blob, context: string): Promise<string> {
  const form = new FormData();
  form.append('record_context', context);
  form.append('recordContext', context);
  const name = recording.type.includes('wav') ? 'answer.wav' : 'answer.webm';
  form.append('audio', recording, name);
  const res = await api('/audio/transcribe', { method: 'POST', body: form, schema: transcriptionSchema });
  return res.transcription_text.trim();
}
