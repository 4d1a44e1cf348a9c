import { queryOptions, useQuery } from '@tanstack/react-query';
import { hskLevelsSchema } from '@kouyu/core';
import { api } from '@/lib/api';

/** `GET /hsk/levels`: sets per section and word counts of every level. */
export const hskLevelsQuery = () =>
  queryOptions({
    queryKey: ['hsk', 'levels'],
    queryFn: () => api('/hsk/levels', { schema: hskLevelsSchema, auth: false }),
    staleTime: 10 * 60_000,
  });

export function useHskLevels() {
  return useQuery(hskLevelsQuery());
}
