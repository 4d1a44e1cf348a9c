import { queryOptions, useQuery } from '@tanstack/react-query';
import { campusCardSchema } from '@kouyu/core';
import type { Language } from '@kouyu/core';
import { api } from '@/lib/api';

/**
 * `GET /campus-card` with the pass as bearer: the card in `language`. The session's own token is not
 * sent (`auth: false`), so a refused pass never touches the learner's sign-in.
 */
export function getCampusCard(pass: string, language: Language) {
  return api('/campus-card', {
    query: { language },
    auth: false,
    headers: { authorization: `Bearer ${pass}` },
    schema: campusCardSchema,
  });
}

export const campusCardQuery = (pass: string, language: Language) =>
  queryOptions({
    queryKey: ['campus-card', pass, language],
    queryFn: () => getCampusCard(pass, language),
    retry: false,
  });

export function useCampusCard(pass: string, language: Language) {
  return useQuery(campusCardQuery(pass, language));
}
