import { queryOptions, useQuery } from '@tanstack/react-query';
import { vocabularyCharactersSchema } from '@kouyu/core';
import type { Syllabus } from '@kouyu/core';
import { api } from '@/lib/api';

/** `GET /vocabulary/characters`: the characters new at a level of a syllabus. */
export const vocabularyCharactersQuery = (syllabus: Syllabus, level: number) =>
  queryOptions({
    queryKey: ['vocabulary-characters', syllabus, level],
    queryFn: ({ signal }) =>
      api('/vocabulary/characters', {
        schema: vocabularyCharactersSchema,
        auth: false,
        signal,
        query: { syllabus, level },
      }),
    staleTime: Infinity,
  });

export function useVocabularyCharacters(syllabus: Syllabus, level: number) {
  return useQuery(vocabularyCharactersQuery(syllabus, level));
}
