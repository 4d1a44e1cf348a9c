import { queryOptions, useQuery } from '@tanstack/react-query';
import { vocabularyLevelsSchema } from '@kouyu/core';
import type { Syllabus } from '@kouyu/core';
import { api } from '@/lib/api';

/** `GET /vocabulary/levels`: the number of words of each level (vocabulary and HSK pages). */
export const vocabularyLevelsQuery = (syllabus: Syllabus) =>
  queryOptions({
    queryKey: ['vocabulary-levels', syllabus],
    queryFn: () =>
      api('/vocabulary/levels', { schema: vocabularyLevelsSchema, auth: false, query: { syllabus } }),
    staleTime: Infinity,
  });

export function useVocabularyLevels(syllabus: Syllabus) {
  return useQuery(vocabularyLevelsQuery(syllabus));
}
