import { queryOptions, useQuery } from '@tanstack/react-query';
import { hskAttemptSchema } from '@kouyu/core';
import type { Language } from '@kouyu/core';
import { api } from '@/lib/api';

/** `GET /hsk/attempts/{id}`: one saved attempt with answers and explanations in the viewer's language. */
export const hskAttemptQuery = (id: number, language: Language) =>
  queryOptions({
    queryKey: ['hsk', 'attempt', id, language],
    queryFn: () => api(`/hsk/attempts/${id}`, { schema: hskAttemptSchema, query: { language } }),
    staleTime: Infinity,
  });

export function useHskAttempt(id: number, language: Language, enabled: boolean) {
  return useQuery({ ...hskAttemptQuery(id, language), enabled });
}
