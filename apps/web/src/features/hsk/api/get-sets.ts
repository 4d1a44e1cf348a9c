import { queryOptions, useQuery } from '@tanstack/react-query';
import { hskSetListSchema } from '@kouyu/core';
import type { HskSection, Language, Syllabus } from '@kouyu/core';
import { api } from '@/lib/api';

export interface HskSetsRequest {
  level: number;
  section: HskSection;
  language: Language;
  syllabus: Syllabus;
  /** Part of the key: a signed-in viewer also gets their latest attempt per set. */
  signedIn: boolean;
}

/** `GET /hsk/{level}/{section}?syllabus`: the practice sets of a section in a syllabus. */
export const hskSetsQuery = ({ level, section, language, syllabus, signedIn }: HskSetsRequest) =>
  queryOptions({
    queryKey: ['hsk', 'sets', level, section, language, syllabus, signedIn],
    queryFn: () =>
      api(`/hsk/${level}/${section}`, { schema: hskSetListSchema, query: { language, syllabus } }),
    staleTime: 60_000,
  });

export function useHskSets(req: HskSetsRequest) {
  return useQuery(hskSetsQuery(req));
}
