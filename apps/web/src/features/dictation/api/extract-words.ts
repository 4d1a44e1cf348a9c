import { useMutation } from '@tanstack/react-query';
import { extractWordsResponseSchema } from '@kouyu/core';
import type { ExtractWordsResponse } from '@kouyu/core';
import { api } from '@/lib/api';

export type ExtractedWords = ExtractWordsResponse['data'];

/** `POST /dictation/extract-words`: a photo of printed words added to the current list; Plus only. */
export async function extractWords(input: {
  photo: File;
  words: readonly string[];
}): Promise<ExtractedWords> {
  const form = new FormData();
  form.append('words', JSON.stringify(input.words));
  form.append('image', input.photo);
  const res = await api('/dictation/extract-words', {
    method: 'POST',
    body: form,
    schema: extractWordsResponseSchema,
  });
  return res.data;
}

export function useExtractWords() {
  return useMutation({ mutationFn: extractWords });
}
