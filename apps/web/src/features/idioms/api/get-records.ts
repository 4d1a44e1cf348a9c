import { queryOptions, useQuery } from '@tanstack/react-query';
import { idiomRecordsSchema } from '@kouyu/core';
import { api } from '@/lib/api';

/** `GET /idiom-records`: the latest answers, newest first. */
export const recordsQuery = (userId: number | null, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['idiom-records', 'list', userId, page, pageSize],
    queryFn: () =>
      api('/idiom-records', { schema: idiomRecordsSchema, query: { page, page_size: pageSize } }),
  });

export function useRecords(userId: number | null, page: number, pageSize: number) {
  return useQuery({ ...recordsQuery(userId, page, pageSize), enabled: userId !== null });
}
