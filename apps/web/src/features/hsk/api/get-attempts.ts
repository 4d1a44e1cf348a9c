import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { HSK_ATTEMPTS_PAGE_SIZE, hskAttemptsSchema } from '@kouyu/core';
import type { Language } from '@kouyu/core';
import { api } from '@/lib/api';

/** `GET /hsk/attempts`: the signed-in user's attempts, newest first. */
export const hskAttemptsQuery = (page: number, language: Language) =>
  queryOptions({
    queryKey: ['hsk', 'attempts', page, language],
    queryFn: () =>
      api('/hsk/attempts', {
        schema: hskAttemptsSchema,
        query: { page, page_size: HSK_ATTEMPTS_PAGE_SIZE, language },
      }),
    placeholderData: keepPreviousData,
  });

export function useHskAttempts(page: number, language: Language) {
  return useQuery(hskAttemptsQuery(page, language));
}
