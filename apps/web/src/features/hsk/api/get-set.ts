import { queryOptions, useQuery } from '@tanstack/react-query';
import { hskSetSchema } from '@kouyu/core';
import type { Language } from '@kouyu/core';
import { api } from '@/lib/api';

/** `GET /hsk/sets/{id}`: one set without answers, with the audio of every listening line. */
export const hskSetQuery = (id: string, language: Language) =>
  queryOptions({
    queryKey: ['hsk', 'set', id, language],
    queryFn: () => api(`/hsk/sets/${id}`, { schema: hskSetSchema, query: { language }, auth: false }),
    // A set does not change while it is being answered; refetching would reset nothing but cost audio lookups.
    staleTime: Infinity,
  });

export function useHskSet(id: string, language: Language) {
  return useQuery(hskSetQuery(id, language));
}
