import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { resultsListSchema } from '@kouyu/core';
import type { Language, RESULT_FILTERS, RESULT_SORTS } from '@kouyu/core';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

export interface UserResultsRequest {
  page: number;
  sort: (typeof RESULT_SORTS)[number];
  filter: (typeof RESULT_FILTERS)[number];
  language: Language;
}

/** Results a page at a time for the admin; small pages, since each run carries its answers. */
export const USER_RESULTS_PAGE_SIZE = 10;

/** `GET /admin/users/{id}/test-results`: a user's runs with test names in the admin's language. */
export function getUserResults(id: number, req: UserResultsRequest) {
  return api(`/admin/users/${id}/test-results`, {
    schema: resultsListSchema,
    query: {
      page: req.page,
      page_size: USER_RESULTS_PAGE_SIZE,
      sort: req.sort,
      filter: req.filter,
      language: req.language,
    },
  });
}

export function useUserResults(id: number, req: UserResultsRequest) {
  return useQuery(
    queryOptions({
      queryKey: [...adminKeys.userResults(id), req],
      queryFn: () => getUserResults(id, req),
      placeholderData: keepPreviousData,
    }),
  );
}
