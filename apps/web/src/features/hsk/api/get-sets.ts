import { queryOptions, useQuery } from '@tanstack/react-query';
import { hskSetListSchema } from '@kouyu/core';
import type { HskSection, Language } from '@kouyu/core';
import { api } from '@/lib/api';

export interface HskSetsRequest {
  level: number;
  section: HskSection;
  language: Language;
  /** Part of the key: a signed-in viewer also gets their latest attempt per set. */
  signedIn: boolean;
}

/** `GET /hsk/{level}/{section}`: the practice sets of a section. */
export const hskSetsQuery = ({ level, section, language, signedIn }: HskSetsRequest) =>
  queryOptions({
    queryKey: ['hsk', 'sets', level, section, language, signedIn],
    queryFn: () => api(`/hsk/${level}/${section}`, { schema: hskSetListSchema, query: { language } }),
    staleTime: 60_000,
  });

export function useHskSets(req: HskSetsRequest) {
  return useQuery(hskSetsQuery(req));
}
