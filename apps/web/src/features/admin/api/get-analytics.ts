import { queryOptions, useQuery } from '@tanstack/react-query';
import { analyticsReportSchema } from '@kouyu/core';
import type { AnalyticsQuery } from '@kouyu/core';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

/** `GET /admin/analytics`: the three goals per day and failed calls by code (the last 30 days by default). */
export function getAnalytics(query: AnalyticsQuery = {}) {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  const qs = params.toString();
  return api(`/admin/analytics${qs ? `?${qs}` : ''}`, { schema: analyticsReportSchema });
}

export const analyticsQueryOptions = (query: AnalyticsQuery = {}) =>
  queryOptions({ queryKey: [...adminKeys.analytics, query], queryFn: () => getAnalytics(query) });

export function useAnalytics(query: AnalyticsQuery = {}) {
  return useQuery(analyticsQueryOptions(query));
}
