import { queryOptions, useQuery } from '@tanstack/react-query';
import { meSchema, storedUserSchema } from '@kouyu/core';
import { z } from 'zod';
import { api } from '@/lib/api';
import { saveUser } from '@/lib/session';

/** `GET /auth/me` as the profile reads it: the stored user, plus the sign-up date when the server sends it. */
export const accountSchema = meSchema.extend({
  user: storedUserSchema.extend({ created_at: z.string().optional() }),
});

/** The account, fetched once per profile visit; the stored user is brought up to date with it. */
export const accountQuery = () =>
  queryOptions({
    queryKey: ['account'],
    queryFn: async () => {
      const data = await api('/auth/me', { schema: accountSchema });
      saveUser(storedUserSchema.parse(data.user), data.payment_expiration);
      return data;
    },
    staleTime: 5 * 60_000,
    // 429 profile_refresh_rate_limited: the stored user is shown meanwhile, so no retry.
    retry: false,
  });

export function useAccount() {
  return useQuery(accountQuery());
}
