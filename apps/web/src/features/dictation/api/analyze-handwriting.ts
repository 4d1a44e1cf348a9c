import { useMutation } from '@tanstack/react-query';
import { analyzeResponseSchema } from '@kouyu/core';
import type { AnalyzeResponse } from '@kouyu/core';
import { api } from '@/lib/api';

export type HandwritingResult = AnalyzeResponse['data'];

/** `POST /dictation/analyze`: the handwriting photo and the dictated words; Plus only. */
export async function analyzeHandwriting(input: {
  photo: File;
  words: readonly string[];
}): Promise<HandwritingResult> {
  const form = new FormData();
  form.append('words', JSON.stringify(input.words));
  form.append('image', input.photo);
  const res = await api('/dictation/analyze', { method: 'POST', body: form, schema: analyzeResponseSchema });
  return res.data;
}

export function useAnalyzeHandwriting() {
  return useMutation({ mutationFn: analyzeHandwriting });
}
