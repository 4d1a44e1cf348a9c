import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewStatsResponseSchema } from '@kouyu/core';
import { api } from '@/lib/api';

/** `GET /review/stats`: due today, answered today, the cards by state. */
export const statsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['review-stats', userId],
    queryFn: () => api('/review/stats', { schema: reviewStatsResponseSchema }),
  });

export function useStats(userId: number) {
  return useQuery(statsQuery(userId));
}
