import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { vocabularyListSchema } from '@kouyu/core';
import type { Language, Syllabus } from '@kouyu/core';
import { api } from '@/lib/api';

export interface VocabularyRequest {
  level: number | null;
  search: string;
  language: Language;
  page: number;
  syllabus: Syllabus;
}

/** `GET /vocabulary`: a page of a level, or of a search (every level when `level` is null). */
export const vocabularyQuery = (req: VocabularyRequest) =>
  queryOptions({
    queryKey: ['vocabulary', req],
    queryFn: ({ signal }) =>
      api('/vocabulary', {
        schema: vocabularyListSchema,
        auth: false,
        signal,
        query: {
          syllabus: req.syllabus,
          level: req.level ?? undefined,
          search: req.search || undefined,
          language: req.language,
          page: req.page,
        },
      }),
    staleTime: 10 * 60_000,
  });

/** The page asked for; the previous page stays on screen while the next one loads. */
export function useVocabulary(req: VocabularyRequest, enabled = true) {
  return useQuery({ ...vocabularyQuery(req), enabled, placeholderData: keepPreviousData });
}
