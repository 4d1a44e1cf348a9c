import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { idiomListSchema } from '@kouyu/core';
import type { Language } from '@kouyu/core';
import { api } from '@/lib/api';

export interface IdiomsRequest {
  page: number;
  category: string | null;
  search: string;
  language: Language;
  /** Part of the key: favourite stars differ per user. */
  userId: number | null;
}

/** `GET /idioms`: curated idioms by category, or a search over every idiom; 20 a page. */
export const idiomsQuery = ({ userId, ...req }: IdiomsRequest) =>
  queryOptions({
    queryKey: ['idioms', userId, req],
    queryFn: ({ signal }) =>
      api('/idioms', {
        schema: idiomListSchema,
        signal,
        query: {
          page: req.page,
          category: req.category ?? undefined,
          search: req.search || undefined,
          language: req.language,
        },
      }),
    staleTime: 5 * 60_000,
  });

export function useIdioms(req: IdiomsRequest) {
  return useQuery({ ...idiomsQuery(req), placeholderData: keepPreviousData });
}
