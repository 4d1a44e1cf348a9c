import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API_BASE, api } from '@/lib/api';

export const wechatSchema = z.object({
  success: z.boolean(),
  data: z.object({ url: z.string() }).nullable(),
});

/**
 * The server answers a site path (`/api/v1/wechat/qr`); the native app talks to its API host, so the
 * path is resolved against that host there. In a browser the path stays same-origin.
 */
export function imageUrl(url: string, apiBase: string = API_BASE): string {
  return /^https?:\/\//.test(apiBase) && url.startsWith('/') ? new URL(url, apiBase).href : url;
}

/** `GET /wechat`: the WeChat QR image, or null when the operator configured none. */
export const wechatQuery = () =>
  queryOptions({
    queryKey: ['wechat'],
    queryFn: async () => {
      const res = await api('/wechat', { schema: wechatSchema, auth: false });
      return res.data ? { ...res, data: { url: imageUrl(res.data.url) } } : res;
    },
    staleTime: 10 * 60_000,
    retry: false,
  });

export function useWechat(enabled: boolean) {
  return useQuery({ ...wechatQuery(), enabled });
}
