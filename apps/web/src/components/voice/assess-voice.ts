import { assessResponseSchema } from '@kouyu/core';
import type { AssessResponse } from '@kouyu/core';
import { api } from '@/lib/api';

/** `POST /audio/assess`: a recording and the text it reads → each syllable's tone and the fluency. */
export async function assessVoice(recording: Blob, referenceText: string): Promise<AssessResponse> {
  const form = new FormData();
  form.append('reference_text', referenceText);
  form.append('audio', recording, recording.type.includes('wav') ? 'drill.wav' : 'drill.webm');
  return api('/audio/assess', { method: 'POST', body: form, schema: assessResponseSchema });
}
