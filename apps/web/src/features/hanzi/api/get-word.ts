import { queryOptions, useQuery } from '@tanstack/react-query';
import { vocabularyListSchema } from '@kouyu/core';
import type { Language, VocabWord } from '@kouyu/core';
import { api } from '@/lib/api';

/** `GET /vocabulary?search=`: the HSK entry whose simplified form is exactly `word`, or null. */
export const wordQuery = (word: string, language: Language) =>
  queryOptions({
    queryKey: ['vocabulary', 'word', word, language],
    queryFn: async ({ signal }): Promise<VocabWord | null> => {
      const res = await api('/vocabulary', {
        schema: vocabularyListSchema,
        auth: false,
        signal,
        query: { search: word, language },
      });
      return res.data.find((w) => w.simplified === word) ?? null;
    },
    staleTime: 60 * 60_000,
  });

/** The vocabulary entry of a word or character (pinyin, meaning), when it is an HSK word. */
export function useWord(word: string, language: Language) {
  return useQuery(wordQuery(word, language));
}
