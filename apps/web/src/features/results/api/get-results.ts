import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { resultsListSchema } from '@kouyu/core';
import type { RESULT_FILTERS, RESULT_SORTS } from '@kouyu/core';
import { api } from '@/lib/api';

export interface ResultsRequest {
  page: number;
  pageSize: number;
  sort: (typeof RESULT_SORTS)[number];
  filter: (typeof RESULT_FILTERS)[number];
}

/** `GET /user-test-questions`: the signed-in learner's saved runs, a page at a time. */
export function getResults({ page, pageSize, sort, filter }: ResultsRequest) {
  return api('/user-test-questions', {
    schema: resultsListSchema,
    query: { page, page_size: pageSize, pagination: 'true', sort, filter },
  });
}

export const resultsQuery = (req: ResultsRequest) =>
  queryOptions({
    queryKey: ['results', req.page, req.pageSize, req.sort, req.filter],
    queryFn: () => getResults(req),
    placeholderData: keepPreviousData,
  });

export function useResults(req: ResultsRequest) {
  return useQuery(resultsQuery(req));
}
