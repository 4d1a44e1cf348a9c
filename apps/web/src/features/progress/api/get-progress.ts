import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROGRESS_DAYS_DEFAULT, progressResponseSchema } from '@kouyu/core';
import { api } from '@/lib/api';

/** The browser's time zone, so the learner's days are counted as the learner lives them. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** `GET /progress`: the signed-in learner's series over the last `days` days. */
export function getProgress(days: number) {
  return api('/progress', { schema: progressResponseSchema, query: { days, tz: browserTimeZone() } });
}

export const progressQuery = (days = PROGRESS_DAYS_DEFAULT) =>
  queryOptions({ queryKey: ['progress', days], queryFn: () => getProgress(days) });

export function useProgress(days = PROGRESS_DAYS_DEFAULT) {
  return useQuery(progressQuery(days));
}
