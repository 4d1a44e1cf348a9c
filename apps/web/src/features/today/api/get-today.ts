import { queryOptions, useQuery } from '@tanstack/react-query';
import { todayResponseSchema } from '@kouyu/core';
import { api } from '@/lib/api';

/** This device's time zone: used by the server until the learner saves one. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** `GET /today`: the signed-in learner's plan for their local day. */
export const todayQuery = () =>
  queryOptions({
    queryKey: ['today'],
    queryFn: () => api('/today', { schema: todayResponseSchema, query: { tz: deviceTimeZone() } }),
  });

export function useToday() {
  return useQuery(todayQuery());
}
