import { queryOptions, useQuery } from '@tanstack/react-query';
import { healthStatusSchema } from '@kouyu/core';
import type { HealthStatus } from '@kouyu/core';
import { ApiError, api } from '@/lib/api';

/**
 * `GET /health` as anyone sees it: up or not, and whether recognition is set up. A degraded server
 * answers 503 with the same status, which still says so.
 */
export async function getHealth(): Promise<HealthStatus> {
  try {
    return await api('/health', { schema: healthStatusSchema, auth: false });
  } catch (err) {
    const report = err instanceof ApiError ? healthStatusSchema.safeParse(err.body) : null;
    if (report?.success) return report.data;
    throw err;
  }
}

export const healthQuery = () =>
  queryOptions({ queryKey: ['health'], queryFn: getHealth, staleTime: 30_000, retry: 1 });

export function useHealth() {
  return useQuery(healthQuery());
}
