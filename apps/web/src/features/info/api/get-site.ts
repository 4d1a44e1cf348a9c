import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';

export const siteSchema = z.object({
  success: z.literal(true),
  data: z.object({ contact_email: z.string() }),
});

/** `GET /site`: public facts the operator configures (contact e-mail). */
export const siteQuery = () =>
  queryOptions({
    queryKey: ['site'],
    queryFn: () => api('/site', { schema: siteSchema, auth: false }),
    staleTime: Infinity,
  });

export function useSite() {
  return useQuery(siteQuery());
}
