import { queryOptions, useQuery } from '@tanstack/react-query';
import { resultCountSchema } from '@kouyu/core';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

/** `GET /admin/users/{id}/test-results/count`: how many runs, full and part, and the average score. */
export function getUserResultCount(id: number) {
  return api(`/admin/users/${id}/test-results/count`, { schema: resultCountSchema });
}

export function useUserResultCount(id: number) {
  return useQuery(
    queryOptions({
      queryKey: [...adminKeys.userResults(id), 'count'],
      queryFn: () => getUserResultCount(id),
    }),
  );
}
