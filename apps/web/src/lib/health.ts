import { queryOptions, useQuery } from '@tanstack/react-query';
import { healthStatusSchema } from '@kouyu/core';
import type { HealthStatus, RecognitionState } from '@kouyu/core';
import { ApiError, api } from './api';

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

/** The recognition engine as the health report names it. */
export type EngineState = RecognitionState;

/** Reads the recognition state of `GET /health`: "none" when the server has no engine configured. */
export function asrEngineState(health: HealthStatus): EngineState {
  return health.recognition;
}
