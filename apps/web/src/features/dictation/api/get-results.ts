import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dictationResultsSchema } from '@kouyu/core';
import { api } from '@/lib/api';

export const RESULTS_KEY = 'dictation-results';
export const PAST_PAGE_SIZE = 5;

/** `GET /dictation/results`: own saved sessions, newest first. */
export const dictationResultsQuery = (page: number, userId: number | null) =>
  queryOptions({
    queryKey: [RESULTS_KEY, userId, page],
    queryFn: () =>
      api('/dictation/results', {
        query: { page, page_size: PAST_PAGE_SIZE },
        schema: dictationResultsSchema,
      }),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });

export function useDictationResults(page: number, userId: number | null) {
  return useQuery(dictationResultsQuery(page, userId));
}
