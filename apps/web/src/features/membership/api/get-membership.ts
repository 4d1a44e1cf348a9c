import { queryOptions, useQuery } from '@tanstack/react-query';
import { membershipSchema } from '@kouyu/core';
import { api } from '@/lib/api';

/** `GET /membership`: status, plans and the ways in this server offers. */
export const membershipQuery = () =>
  queryOptions({
    queryKey: ['membership'],
    queryFn: () => api('/membership', { schema: membershipSchema }),
    select: (r) => r.data,
  });

export function useMembership() {
  return useQuery(membershipQuery());
}
