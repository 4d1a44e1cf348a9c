import { queryOptions, useQuery } from '@tanstack/react-query';
import { vocabularyChangesSchema } from '@kouyu/core';
import type { Language } from '@kouyu/core';
import { api } from '@/lib/api';

/** `GET /vocabulary/changes`: HSK 3.0 level 1-6 against HSK 2.0. */
export const vocabularyChangesQuery = (level: number, language: Language) =>
  queryOptions({
    queryKey: ['vocabulary-changes', level, language],
    queryFn: ({ signal }) =>
      api('/vocabulary/changes', {
        schema: vocabularyChangesSchema,
        auth: false,
        signal,
        query: { level, language },
      }),
    staleTime: Infinity,
  });

export function useVocabularyChanges(level: number, language: Language, enabled: boolean) {
  return useQuery({ ...vocabularyChangesQuery(level, language), enabled });
}
