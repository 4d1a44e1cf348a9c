import { queryOptions, useQuery } from '@tanstack/react-query';
import { idiomSummarySchema } from '@kouyu/core';
import { api } from '@/lib/api';

/** `GET /idiom-records/summary`: attempts, accuracy, streak (in the browser's time zone) and mastered idioms. */
export const summaryQuery = (userId: number | null) =>
  queryOptions({
    queryKey: ['idiom-records', 'summary', userId],
    queryFn: () =>
      api('/idiom-records/summary', {
        schema: idiomSummarySchema,
        query: { tz_offset: new Date().getTimezoneOffset() },
      }),
  });

export function useSummary(userId: number | null) {
  return useQuery({ ...summaryQuery(userId), enabled: userId !== null });
}
