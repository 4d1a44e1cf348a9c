import { queryOptions, useQuery } from '@tanstack/react-query';
import { vocabularyLevelsSchema } from '@kouyu/core';
import { api } from '@/lib/api';

/** `GET /vocabulary/levels`: the number of words of each level. */
export const vocabularyLevelsQuery = () =>
  queryOptions({
    queryKey: ['vocabulary-levels'],
    queryFn: () => api('/vocabulary/levels', { schema: vocabularyLevelsSchema, auth: false }),
    staleTime: Infinity,
  });

export function useVocabularyLevels() {
  return useQuery(vocabularyLevelsQuery());
}
