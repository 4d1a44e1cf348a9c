import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, api } from '@/lib/api';

/**
 * Whether the gate is on: asking for the card without a pass answers 401 when it is, and 503
 * `campus_card_disabled` when the server has no CAMPUS_CARD_PASSWORD. No password attempt is used up.
 */
async function getGateOpen(): Promise<boolean> {
  try {
    await api('/campus-card', { auth: false, schema: z.unknown() });
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'campus_card_disabled') return false;
    if (err instanceof ApiError && err.status === 401) return true;
    throw err;
  }
}

export const campusGateQuery = () =>
  queryOptions({ queryKey: ['campus-card', 'gate'], queryFn: getGateOpen, retry: false });

export function useCampusGate() {
  return useQuery(campusGateQuery());
}
