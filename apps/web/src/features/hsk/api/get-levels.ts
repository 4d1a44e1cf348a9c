import { queryOptions, useQuery } from '@tanstack/react-query';
import { hskLevelsSchema } from '@kouyu/core';
import type { Syllabus } from '@kouyu/core';
import { api } from '@/lib/api';

/** `GET /hsk/levels?syllabus`: sets per section and word counts of every level of a syllabus. */
export const hskLevelsQuery = (syllabus: Syllabus) =>
  queryOptions({
    queryKey: ['hsk', 'levels', syllabus],
    queryFn: () => api('/hsk/levels', { schema: hskLevelsSchema, auth: false, query: { syllabus } }),
    staleTime: 10 * 60_000,
  });

export function useHskLevels(syllabus: Syllabus) {
  return useQuery(hskLevelsQuery(syllabus));
}
