import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoriesSchema } from '@kouyu/core';
import type { Language } from '@kouyu/core';
import { api } from '@/lib/api';

/** `GET /categories?language=`: localised category names with their idiom counts. */
export const categoriesQuery = (language: Language) =>
  queryOptions({
    queryKey: ['idiom-categories', language],
    queryFn: () => api('/categories', { schema: categoriesSchema, auth: false, query: { language } }),
    staleTime: Infinity,
  });

export function useCategories(language: Language) {
  return useQuery(categoriesQuery(language));
}
