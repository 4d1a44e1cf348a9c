import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TEST_LIST_PAGE_SIZE, testListSchema } from '@kouyu/core';
import type { Language } from '@kouyu/core';
import { api } from '@/lib/api';

export interface TestsRequest {
  levelId: number;
  /** Server page for signed-in users; guests get the whole padded list and page it here. */
  page: number | null;
  language: Language;
  signedIn: boolean;
}

/** `GET /tests/level/{levelId}`: a page of 6 for users, the full list for guests. */
export function getTests({ levelId, page, language }: TestsRequest) {
  return api(`/tests/level/${levelId}`, {
    schema: testListSchema,
    query: page === null ? { language } : { page, limit: TEST_LIST_PAGE_SIZE, language },
  });
}

export const testsQuery = (req: TestsRequest) =>
  queryOptions({
    // The viewer is part of the key: locks and the guest list differ by who asks.
    queryKey: ['tests', req.levelId, req.page, req.language, req.signedIn],
    queryFn: () => getTests(req),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: 1,
  });

export function useTests(req: TestsRequest) {
  return useQuery(testsQuery(req));
}
