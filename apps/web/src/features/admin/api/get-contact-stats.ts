import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactStatsSchema } from '@kouyu/core';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

/** `GET /admin/contacts/stats`: counts by status and type and the average rating. */
export function getContactStats() {
  return api('/admin/contacts/stats', { schema: contactStatsSchema });
}

export const contactStatsQuery = () =>
  queryOptions({ queryKey: adminKeys.contactStats, queryFn: getContactStats });

export function useContactStats() {
  return useQuery(contactStatsQuery());
}
