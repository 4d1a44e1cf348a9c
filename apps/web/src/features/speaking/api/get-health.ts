import { queryOptions, useQuery } from '@tanstack/react-query';
import { healthSchema } from '@kouyu/core';
import type { Health } from '@kouyu/core';
import { ApiError, api } from '@/lib/api';

/**
 * `GET /health`: the server and its speech engines. A degraded server answers 503 with the same
 * report, which still says whether recognition is configured.
 */
export async function getHealth(): Promise<Health> {
  try {
    return await api('/health', { schema: healthSchema, auth: false });
  } catch (err) {
    const report = err instanceof ApiError ? healthSchema.safeParse(err.body) : null;
    if (report?.success) return report.data;
    throw err;
  }
}

export const healthQuery = () =>
  queryOptions({ queryKey: ['health'], queryFn: getHealth, staleTime: 30_000, retry: 1 });

export function useHealth() {
  return useQuery(healthQuery());
}
