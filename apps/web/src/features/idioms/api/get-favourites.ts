import { queryOptions, useQuery } from '@tanstack/react-query';
import { favouritesSchema } from '@kouyu/core';
import type { Language } from '@kouyu/core';
import { api } from '@/lib/api';

/** `GET /user-idioms`: the signed-in user's favourite idioms, newest first. */
export const favouritesQuery = (language: Language, userId: number | null) =>
  queryOptions({
    queryKey: ['idiom-favourites', userId, language],
    queryFn: () => api('/user-idioms', { schema: favouritesSchema, query: { language } }),
  });

export function useFavourites(language: Language, userId: number | null) {
  return useQuery({ ...favouritesQuery(language, userId), enabled: userId !== null });
}
