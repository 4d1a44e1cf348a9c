import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';

export const wechatSchema = z.object({
  success: z.boolean(),
  data: z.object({ url: z.string() }).nullable(),
});

/** `GET /wechat`: the WeChat QR image, or null when the operator configured none. */
export const wechatQuery = () =>
  queryOptions({
    queryKey: ['wechat'],
    queryFn: () => api('/wechat', { schema: wechatSchema, auth: false }),
    staleTime: 10 * 60_000,
    retry: false,
  });

export function useWechat(enabled: boolean) {
  return useQuery({ ...wechatQuery(), enabled });
}
