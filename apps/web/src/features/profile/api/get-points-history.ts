import { queryOptions, useQuery } from '@tanstack/react-query';
import { pointsHistorySchema } from '@kouyu/core';
import { api } from '@/lib/api';

/** `GET /user/points/history`: every change of the balance, newest first. */
export const pointsHistoryQuery = () =>
  queryOptions({
    queryKey: ['points-history'],
    queryFn: () => api('/user/points/history', { schema: pointsHistorySchema }),
  });

export function usePointsHistory() {
  return useQuery(pointsHistoryQuery());
}
