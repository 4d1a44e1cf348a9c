import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { resultsListSchema } from '@kouyu/core';
import type { Language, RESULT_FILTERS, RESULT_SORTS } from '@kouyu/core';
import { api } from '@/lib/api';

export interface ResultsRequest {
  page: number;
  pageSize: number;
  sort: (typeof RESULT_SORTS)[number];
  filter: (typeof RESULT_FILTERS)[number];
}

/**
 * `GET /user-test-questions`: the signed-in learner's saved runs, a page at a time. Test names come in the
 * page's language (without it the server would name them in the account's saved language).
 */
export function getResults({ page, pageSize, sort, filter }: ResultsRequest, language: Language) {
  return api('/user-test-questions', {
    schema: resultsListSchema,
    query: { page, page_size: pageSize, pagination: 'true', sort, filter, language },
  });
}

export const resultsQuery = (req: ResultsRequest, language: Language) =>
  queryOptions({
    queryKey: ['results', req.page, req.pageSize, req.sort, req.filter, language],
    queryFn: () => getResults(req, language),
    placeholderData: keepPreviousData,
  });

export function useResults(req: ResultsRequest, language: Language) {
  return useQuery(resultsQuery(req, language));
}
